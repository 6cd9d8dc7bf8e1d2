// Small Node helpers shared by the crscore commands.
import { readFile } from 'node:fs/promises';

/** An error that ends the command with a message (no stack) and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Read a file, or stdin when `file` is undefined or "-". A missing file is a CliError naming it. */
export async function readText(file: string | undefined): Promise<string> {
  if (file === undefined || file === '-') {
    if (process.stdin.isTTY)
      throw new CliError('no input: pass --input FILE or pipe JSONL on stdin');
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory'
          : (e as Error).message;
    throw new CliError(`cannot read ${file}: ${why}`);
  }
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
  text.split(/\r?\n/).forEach((raw, k) => {
    if (raw.trim() === '') return;
    try {
      values.push({ line: k + 1, value: JSON.parse(raw) });
    } catch (e) {
      errors.push({ line: k + 1, reason: `not valid JSON (${(e as Error).message})` });
    }
  });
  return { values, errors };
}

export function warn(message: string): void {
  process.stderr.write(`warning: ${message}\n`);
}

/** Progress on stderr: one rewriting line on a terminal, a line every ~10% otherwise (logs stay short). */
export function progress(label: string): (done: number, total: number) => void {
  let lastDecile = -1;
  return (done, total) => {
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${label} ${done}/${total} (${pct}%)${done >= total ? '\n' : ''}`);
    } else if (Math.floor(pct / 10) !== lastDecile || done >= total) {
      lastDecile = Math.floor(pct / 10);
      process.stderr.write(`${label} ${done}/${total} (${pct}%)\n`);
    }
  };
}

/** Parse a τ option: a finite number. */
export function parseTau(v: string | undefined, name = '--tau'): number | undefined {
  if (v === undefined) return undefined;
  const t = Number(v);
  if (v.trim() === '' || !Number.isFinite(t))
    throw new CliError(`${name} must be a number, got "${v}"`);
  return t;
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

/** p-values: small ones in exponent form so they do not print as 0.0000. */
export function fmtP(p: number): string {
  if (!Number.isFinite(p)) return 'n/a';
  // Below double precision's resolution the test returns 0: say how small, never 'p 0'.
  if (p === 0) return '< 1e-16';
  return p < 1e-4 ? p.toExponential(1) : p.toFixed(4);
}
