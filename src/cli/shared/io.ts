// Small Node helpers shared by the crscore commands: reading files as people have them (BOM, UTF-16, bad bytes),
// numeric flags in range, output paths checked before the work, and terminal output made inert.
import { randomBytes } from 'node:crypto';
import { constants, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { access, readFile, stat, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeUtf8File, firstInvalidUtf8, type ImportFile } from '../../core/importers/index.ts';
import { parseJsonText, textBytesProblem } from '../../core/inputRules.ts';

export { firstInvalidUtf8 };

/** An error that ends the command with a message (no stack) and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/**
 * Read a file, or stdin when `file` is undefined or "-", as UTF-8 text (decodeText). A missing file is a CliError
 * naming it.
 */
export async function readText(file: string | undefined): Promise<string> {
  return decodeText(await readBytes(file), file === undefined || file === '-' ? 'stdin' : file);
}

/**
 * A dataset file for the importers: refused as readText refuses (UTF-16, binary, empty), but a line with bytes
 * that are not UTF-8 does not refuse the file: the importers name it as a bad row and read the rest (decodeUtf8File,
 * as the page does).
 */
export async function readImportFile(file: string): Promise<ImportFile> {
  const bytes = await readBytes(file);
  const body = checkBytes(bytes, file);
  const f = decodeUtf8File(file, body);
  if (f.text.trim() === '') throw new CliError(`${inert(file)} has no content (only whitespace)`);
  return f;
}

async function readBytes(file: string | undefined): Promise<Uint8Array> {
  if (file === undefined || file === '-') {
    if (process.stdin.isTTY)
      throw new CliError('no input: pass --input FILE or pipe JSONL on stdin');
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new CliError(`cannot read ${inert(file)}: ${why}`);
  }
  return bytes;
}

/**
 * Bytes → text the way people save files: a UTF-8 byte-order mark is dropped (else line 1 would not parse);
 * UTF-16, NUL bytes (a binary file), invalid UTF-8 and an empty file are refused with a message naming the
 * problem, never read as garbage rows.
 */
export function decodeText(bytes: Uint8Array, name: string): string {
  const who = inert(name);
  const resave = 'save it as UTF-8 (e.g. iconv -f WINDOWS-1252 -t UTF-8, or "Save as UTF-8" in the editor) and try again';
  const body = checkBytes(bytes, name);
  const start = bytes.length - body.length;
  const bad = firstInvalidUtf8(body);
  if (bad >= 0) {
    let line = 1;
    for (let i = 0; i < bad; i++) if (body[i] === 0x0a) line++;
    throw new CliError(`${who} is not valid UTF-8: byte 0x${body[bad].toString(16).toUpperCase().padStart(2, '0')} at line ${line} (offset ${bad + start}) is not UTF-8 (Latin-1 or Windows-1252?); ${resave}`);
  }
  const text = new TextDecoder('utf-8').decode(body);
  if (text.trim() === '') throw new CliError(`${who} has no content (only whitespace)`);
  return text;
}

/** The checks every input passes (empty, UTF-16, NUL bytes: of a streamed file, its head); its bytes without a UTF-8 byte-order mark. */
export function checkBytes(bytes: Uint8Array, name: string): Uint8Array {
  const who = inert(name);
  if (bytes.length === 0) throw new CliError(`${who} is empty (0 bytes)`);
  const problem = textBytesProblem(bytes);
  if (problem) throw new CliError(`${who} ${problem}`);
  return bytes.subarray(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0);
}

export interface JsonlLine {
  line: number;
  value: unknown;
}

/** Parse JSONL; bad lines are returned as errors with their 1-based line number, good ones are kept. */
export function parseJsonl(text: string): {
  values: JsonlLine[];
  errors: { line: number; reason: string }[];
} {
  const values: JsonlLine[] = [];
  const errors: { line: number; reason: string }[] = [];
  text.split(/\r?\n/).forEach((raw, k) => jsonlLine(k + 1, raw, values, errors));
  return { values, errors };
}

/** One JSONL line into `values` or `errors` (blank lines skipped): parseJsonl's, and the streamed reader's (datasetFs.ts). */
export function jsonlLine(line: number, raw: string, values: JsonlLine[], errors: { line: number; reason: string }[]): void {
  if (raw.trim() === '') return;
  const parsed = parseJsonText(raw);
  if (parsed.error) errors.push({ line, reason: parsed.error });
  else values.push({ line, value: parsed.value });
}

// Control characters from data (a system named "\u001b[2J", a review with "\r", an LLM answer with bidi overrides)
// would drive the terminal: clear it, move the cursor, hide or reorder text. inert() writes each as a \uNNNN escape;
// guardTerminal() passes everything the commands print through it. The escape is also JSON's: raw C0 characters
// never occur in JSON.stringify output and DEL, C1 and bidi controls sit only inside strings, so JSON and JSONL
// output stay the same data.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Text safe for a terminal: newlines and tabs stay; every other control character is shown as \uNNNN. */
export function inert(text: string): string {
  return String(text).replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

let rawStderr: ((s: string) => boolean) | null = null;

/**
 * Every string written to stdout or stderr from now on passes inert(): the one gate for every printer (tables,
 * JSONL, warnings, errors, progress), including ones added later. Called by the launcher, not by main(), so
 * tests that import main() keep their own streams.
 */
export function guardTerminal(): void {
  if (rawStderr) return;
  const errWrite = process.stderr.write.bind(process.stderr);
  rawStderr = (s) => errWrite(s);
  process.stdout.on('error', stdoutFailed);
  // A stderr that went away cannot be told about it.
  process.stderr.on('error', () => {});
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...a: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? inert(chunk) : chunk, ...rest)) as typeof stream.write;
  }
}

/**
 * stdout went away or filled up. A reader that closed the pipe (`crscore score … | head`) ends the command quietly,
 * with the code of a process killed by SIGPIPE (128 + 13) as Unix tools end; any other failure (a full disk) is one
 * line and exit 1, never a stack trace.
 */
function stdoutFailed(e: NodeJS.ErrnoException): void {
  if (e.code === 'EPIPE') process.exit(141);
  const why = e.code === 'ENOSPC' ? 'no space left on device' : e.code === 'EDQUOT' ? 'disk quota exceeded' : e.message.replace(/^\w+: /, '').split(',')[0];
  rawStderr?.(`crscore: cannot write to stdout: ${inert(why)}${e.code ? ` (${e.code})` : ''}\n`);
  process.exit(1);
}

/** One line on stderr (progress, summaries), inert. */
export function say(line: string): void {
  process.stderr.write(`${inert(line)}\n`);
}

export function warn(message: string): void {
  say(`warning: ${message}`);
}

/** What a command did (a file written), on stderr as plain information: not a warning. */
export function info(message: string): void {
  say(message);
}

/** Progress on stderr: one rewriting line on a terminal, a line every ~10% otherwise (logs stay short). */
export function progress(label: string): (done: number, total: number) => void {
  let lastDecile = -1;
  return (done, total) => {
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    if (process.stderr.isTTY) {
      // The carriage return that rewrites the line is ours: written past the guard, the label still inert.
      (rawStderr ?? ((t: string) => process.stderr.write(t)))(`\r${inert(label)} ${done}/${total} (${pct}%)${done >= total ? '\n' : ''}`);
    } else if (Math.floor(pct / 10) !== lastDecile || done >= total) {
      lastDecile = Math.floor(pct / 10);
      say(`${label} ${done}/${total} (${pct}%)`);
    }
  };
}

/** Model-file progress as src/embed reports it. */
export interface FileProgress {
  file?: string;
  loaded?: number;
  total?: number;
  status?: string;
}

/**
 * A model's files as they load (encoders, `--pseudo-refs local`): one stderr line per file when it starts and ends
 * loading; downloads show a percentage every ~10%.
 */
export function fileProgress(): (p: FileProgress) => void {
  const perFile = new Map<string, (done: number, total: number) => void>();
  return (p) => {
    const file = p.file ?? 'model';
    if (p.status === 'progress' && p.total) {
      if (!perFile.has(file)) perFile.set(file, progress(`loading ${file}:`));
      perFile.get(file)!(p.loaded ?? 0, p.total);
    } else if (p.status === 'error') process.stderr.write(`loading ${file}: failed\n`);
  };
}

/** Parse a τ option: a number from 0 to 1 (τ is a cosine-similarity threshold; the paper's is 0.7314). */
export function parseTau(v: string | undefined, name = '--tau'): number | undefined {
  if (v === undefined) return undefined;
  const t = Number(v);
  if (v.trim() === '' || !Number.isFinite(t))
    throw new CliError(`${name} must be a number from 0 to 1, got "${inert(v)}"`);
  if (t < 0 || t > 1)
    throw new CliError(`${name} must be from 0 to 1 (a similarity threshold), got ${t}`);
  return t;
}

/** A number in [min, max] (integer when `integer`), or undefined when the flag is absent. */
export function numberIn(v: string | undefined, name: string, min: number, max: number, integer = false): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  const what = integer ? 'a whole number' : 'a number';
  if (v.trim() === '' || !Number.isFinite(x) || (integer && !Number.isInteger(x)) || x < min || x > max)
    throw new CliError(`${name} must be ${what} from ${min} to ${max}, got "${inert(v)}"`);
  return x;
}

/** A number > 0 (e.g. seconds), or undefined when the flag is absent. */
export function positiveNumber(v: string | undefined, name: string, max = 86_400): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  if (v.trim() === '' || !Number.isFinite(x) || x <= 0 || x > max)
    throw new CliError(`${name} must be a number above 0 (at most ${max}), got "${inert(v)}"`);
  return x;
}

/**
 * Checks, before any work, that `file` can be written: its folder exists and is writable, and the file (if it
 * exists) is a writable file. A report must not be computed for minutes and then lost to a typo in --out.
 */
export async function checkWritable(file: string, flag: string): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  const st = await stat(dir).catch(() => null);
  if (!st) throw new CliError(`${flag} ${inert(file)}: the folder ${inert(dir)} does not exist`);
  if (!st.isDirectory()) throw new CliError(`${flag} ${inert(file)}: ${inert(dir)} is not a folder`);
  const existing = await stat(file).catch(() => null);
  if (existing?.isDirectory()) throw new CliError(`${flag} ${inert(file)}: is a folder; give a file name`);
  try {
    await access(existing ? file : dir, constants.W_OK);
  } catch {
    throw new CliError(`${flag} ${inert(file)}: ${existing ? 'the file' : `the folder ${inert(dir)}`} is not writable`);
  }
  // A disk with no block left fails the write after the work; a device (/dev/full) is known only when written.
  const fs = await statfs(dir).catch(() => null);
  const root = process.getuid?.() === 0;
  if (fs && fs.blocks > 0 && (root ? fs.bfree : fs.bavail) === 0 && (!existing || existing.isFile()))
    throw new CliError(`${flag} ${inert(file)}: the disk of ${inert(dir)} is full`);
}

let lateFailures = 0;

/** How many output files could not be written where asked (main() then exits 1 even when the command said 0). */
export function lateFailureCount(): number {
  return lateFailures;
}

/**
 * Writes `text` to a temporary file beside `file`, then renames it over `file`: a write cut short (a full disk, a
 * kill) never leaves a truncated file under the name asked for, only the old one (or none). The temporary file is
 * removed when anything fails.
 */
export function writeWholeSync(file: string, text: string): void {
  const tmp = path.join(path.dirname(path.resolve(file)), `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes an output file while the report is still to be printed: when the write fails late (disk full, folder
 * removed), the text goes to a fallback file in the system's temporary folder, a warning says where, the report
 * still prints, and the command exits 1.
 */
export function writeOutputSync(file: string, text: string, flag: string): string {
  try {
    writeWholeSync(file, text);
    return file;
  } catch (e) {
    const fallback = path.join(mkdtempSync(path.join(tmpdir(), 'crscore-')), path.basename(file) || 'output');
    writeFileSync(fallback, text);
    lateFailures++;
    warn(`${flag} ${inert(file)}: could not write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); saved to ${fallback} instead`);
    return fallback;
  }
}

export function oneOf<T extends string>(
  v: string | undefined,
  allowed: readonly T[],
  name: string,
): T | undefined {
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v))
    throw new CliError(`${name} must be one of ${allowed.join(', ')}; got "${v}"`);
  return v as T;
}

/** Fixed decimals for tables; "n/a" for NaN (e.g. a constant column). */
export function fmt(x: number, digits = 4): string {
  return Number.isFinite(x) ? x.toFixed(digits) : 'n/a';
}

/** p-values: small ones in exponent form so they do not print as 0.0000. `resamples` is given for a resampled
 *  p (extreme draws / draws), whose 0 means only "below 1 / resamples". */
export function fmtP(p: number, resamples?: number): string {
  if (!Number.isFinite(p)) return 'n/a';
  if (p === 0 && resamples) return `< ${Number((1 / resamples).toPrecision(2))}`;
  // Below double precision's resolution an analytic test returns 0: say how small, never 'p 0'.
  if (p === 0) return '< 1e-16';
  return p < 1e-4 ? p.toExponential(1) : p.toFixed(4);
}
