// `crscore eval`'s one reader: the file says its layout (the human study's rows, GradedReviews' sheet, or a table
// mapped with --map/--human/--mapping), and is read into the one dataset model (src/core/humanData). The layout is
// decided by the file and its mapping, never by the other options; the report is chosen from both (eval.ts).
import { openSync, readSync, closeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { csvTable, gradedReviewsNearMiss, importHumanData, isGradedReviews, type HumanImport, type Mapping } from '../../core/humanData/index.ts';
import { detectFormat } from '../../core/importers/index.ts';
import { undecidedJsonl } from '../../core/importers/jsonl.ts';
import { readStudy } from '../human/humanStudy.ts';
import { mappingFlags } from '../human/evalHumanOptions.ts';
import { CliError, inert } from '../shared/io.ts';

/** human-study: rows the study's importers read (dev.jsonl, its CSVs, CodeReviewer's test file with --predictions,
 *  any JSONL/CSV Research imports); table: anything else, read by the human-data importer (GradedReviews or mapped). */
export type EvalLayout = 'human-study' | 'table';

/** The file's first 64 KiB up to its last whole line (the CSV reader takes its header from the first record), or
 *  null when it cannot be read. */
function firstLines(file: string): string | null {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buf = Buffer.alloc(65536);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('utf8');
    return n < buf.length ? text : text.slice(0, text.lastIndexOf('\n') + 1);
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** True when the file's head is the human study's own JSONL or CSV. */
function isStudyFile(file: string): boolean {
  const head = firstLines(file);
  const format = head === null ? null : detectFormat({ name: path.basename(file), text: head });
  return format === 'crscore-jsonl' || format === 'human-study-csv';
}

/**
 * The file's layout, from its name, its first lines and its mapping: a mapping makes it a table; an .xlsx, a CSV
 * with GradedReviews' header (no other importer reads that header) or a table no importer of the study reads is a
 * table too (whose reader says its header and a mapping to check); the rest is the study's. --human-data insists on
 * the study's; --predictions pairs CodeReviewer's test file (the study's reader) with a system's predictions.
 */
export function evalLayout(file: string, o: { mapping: boolean; humanData: boolean; predictions: boolean }): EvalLayout {
  if (o.humanData) {
    if (o.mapping) throw new CliError('--human-data reads the human study as it is: give no --map, --human or --mapping');
    if (!isStudyFile(file)) throw new CliError(`--human-data: ${inert(file)} is not the human study's JSONL or CSV (without --human-data, map another file with --map and --human)`);
    return 'human-study';
  }
  if (o.mapping) {
    if (o.predictions) throw new CliError(`--predictions pairs CodeReviewer's test file (--dataset, unmapped) with a system's predictions: a mapped table has its reviews in its own columns (--map review=…,system=…)`);
    return 'table';
  }
  if (o.predictions) return 'human-study';
  if (/\.xlsx$/i.test(file)) return 'table';
  if (!/\.(csv|tsv|jsonl?)$/i.test(file)) return 'human-study';
  const head = firstLines(file);
  // A file that is not plain UTF-8 text (NUL bytes, UTF-16, bytes that are not UTF-8) or has none goes to the
  // study's reader, which names what is wrong with it.
  if (head === null || !head.trim() || /[\0\uFFFD]/.test(head)) return 'human-study';
  if (/\.(csv|tsv)$/i.test(file) && isGradedReviews(csvTable(file, head).header)) return 'table';
  // A table no importer of the human study reads: its reader says its header and a mapping to check, where the
  // study's could only say "not a format this app reads".
  return detectFormat({ name: path.basename(file), text: head }) === null && !undecidedJsonl(head) ? 'table' : 'human-study';
}

/** A table imported; without a mapping, a file that is not GradedReviews' is an error naming its header and a guess. */
export async function readTable(file: string, mapping: Mapping | undefined): Promise<HumanImport> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (e) {
    throw new CliError(`--dataset ${inert(file)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const r = await importHumanData(path.basename(file), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, mapping);
  if (r.table.header.length === 0) throw new CliError(`--dataset ${inert(file)}: ${r.dataset.errors.map((e) => e.reason).join('; ') || 'no header'}`);
  if (!mapping && r.layout !== 'graded-reviews')
    throw new CliError(
      [
        `--dataset ${inert(file)}: not GradedReviews' layout, so say which column holds what with --map and --human (or --mapping FILE.json).`,
        ...[gradedReviewsNearMiss(r.table.header)].filter((x) => x !== null).map((x) => `  ${inert(x)}`),
        `  its header: ${r.table.header.map((h) => inert(h)).join(', ')}`,
        `  a guess to check: ${inert(mappingFlags(r.mapping!))}`,
      ].join('\n'),
    );
  return r;
}

/** The study's rows as the one dataset model, with the lines its importers skipped (humanStudy.ts). */
export async function readStudyFile(file: string, predictions: readonly string[] = []): Promise<{ imported: HumanImport; badLines: number }> {
  let study: Awaited<ReturnType<typeof readStudy>>;
  try {
    study = await readStudy(file, predictions);
  } catch (e) {
    // With --predictions the test file and the predictions are read together: say which pairing failed.
    if (predictions.length && e instanceof CliError) throw new CliError(`${e.message} (with --predictions ${predictions.map(inert).join(', ')}: --dataset must be CodeReviewer's test file, each predictions file one review a line of it)`);
    throw e;
  }
  return { imported: { dataset: study.dataset, table: { header: [], rows: [], errors: [] }, mapping: null, layout: 'human-study' }, badLines: study.badLines };
}

/** The file read in its layout into the one dataset model. */
export async function readEvalFile(file: string, layout: EvalLayout, o: { mapping?: Mapping; predictions?: readonly string[] }): Promise<{ imported: HumanImport; badLines: number }> {
  if (layout === 'human-study') return readStudyFile(file, o.predictions);
  const imported = await readTable(file, o.mapping);
  return { imported, badLines: imported.dataset.errors.length };
}
