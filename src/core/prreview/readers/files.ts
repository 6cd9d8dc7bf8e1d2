// A pull-request benchmark from a set of files, as a person hands them over (a folder picked in the browser, a
// folder or file given to `crscore pr-eval`): the layout by the files' shapes, each file's role in it, then the
// layout's reader. One dispatch for the browser and the CLI, so both read the same files alike.
import { dataset, type PrDataset } from '../model.ts';
import { detectFileLayout, detectFolderLayout } from './detect.ts';
import { addGeneratedComments, readAacr } from './aacr.ts';
import { readMartian } from './martian.ts';
import { readOurs } from './ours.ts';
import { readSweCare } from './swecare.ts';
import { readGithubRows } from './github.ts';

/** A file by its path relative to what was picked (`/`-separated), and its text. */
export interface PrFile {
  path: string;
  text: string;
  /**
   * What the file is, when the person said so (the CLI's `--negatives`, `--predictions NAME=FILE`) rather than
   * its name or shape: AACR-Bench's negative samples, or SWE-CARE predictions of the system `system`.
   */
  role?: 'negatives' | 'predictions';
  system?: string;
}

/** Why the files are not a benchmark this app reads; the message says what it looked for. */
export class PrFilesError extends Error {}

const base = (p: string) => p.split('/').pop() ?? p;
const stem = (p: string) => base(p).replace(/\.[^.]+$/, '');
/** The folder a file sits in, or null at the top. */
const folder = (p: string) => (p.includes('/') ? p.split('/').slice(-2, -1)[0] : null);

/** SWE-CARE's prediction file: JSONL records with an instance id and a review text. */
function isPredictions(text: string): boolean {
  const line = text.trimStart().split('\n', 1)[0] ?? '';
  try {
    const o = JSON.parse(line) as Record<string, unknown>;
    return !!o && typeof o === 'object' && 'instance_id' in o && 'review_text' in o;
  } catch {
    return false;
  }
}

/** AACR-Bench's generated-comments text format. */
const isGenerated = (text: string) => /<note>[\s\S]*<\/note>/.test(text);

export interface PrFilesOptions {
  /** Martian: whose extracted candidates are the tools' reviews (default: the reader's). */
  candidatesFrom?: string;
  /** `crscore github`'s rows: the reviewers whose comments are the reference (none: every reviewer is a system). */
  referenceSystems?: readonly string[];
}

/**
 * The benchmark the files make up. Martian's offline folder (golden_comments/*.json, results/JUDGE/…); AACR-Bench's
 * positive_samples.json (negative_samples.json beside it; generated-comments files, a system per folder, else per
 * file); SWE-CARE's task instances with prediction files (a system per file, named by its stem); our JSONL;
 * `crscore github`'s rows of a pull request's review comments.
 */
export function readPrFiles(files: readonly PrFile[], o: PrFilesOptions = {}): PrDataset {
  const paths = files.map((f) => f.path);
  const folderLayout = detectFolderLayout(paths);
  if (folderLayout === 'martian') {
    const golden = files.filter((f) => /(^|\/)golden_comments\/[^/]+\.json$/.test(f.path)).map((f) => ({ file: f.path, text: f.text }));
    const byJudge = new Map<string, { name: string; candidates?: { file: string; text: string }; evaluations?: { file: string; text: string } }>();
    for (const f of files) {
      const m = /(?:^|\/)results\/([^/]+)\/(candidates|evaluations)\.json$/.exec(f.path);
      if (!m) continue;
      const j = byJudge.get(m[1]) ?? { name: m[1] };
      j[m[2] as 'candidates' | 'evaluations'] = { file: f.path, text: f.text };
      byJudge.set(m[1], j);
    }
    return readMartian({ golden, judges: [...byJudge.values()] }, o.candidatesFrom);
  }
  const layouts = files.map((f) => ({ f, layout: detectFileLayout(f.text) }));
  const aacr = layouts.filter((x) => x.layout === 'aacr').map((x) => x.f);
  if (folderLayout === 'aacr' || aacr.length) {
    const pos = files.find((f) => base(f.path) === 'positive_samples.json' && !f.role) ?? aacr.find((f) => base(f.path) !== 'negative_samples.json' && !f.role);
    if (!pos) throw new PrFilesError('AACR-Bench: no positive_samples.json among the files');
    const neg = files.find((f) => f.role === 'negatives') ?? files.find((f) => f !== pos && base(f.path) === 'negative_samples.json');
    const ds = readAacr({ file: pos.path, text: pos.text }, neg ? { file: neg.path, text: neg.text } : undefined);
    const bySystem = new Map<string, { file: string; text: string }[]>();
    for (const f of files)
      if (f !== pos && f !== neg && isGenerated(f.text)) {
        const system = folder(f.path) ?? stem(f.path);
        bySystem.set(system, [...(bySystem.get(system) ?? []), { file: base(f.path), text: f.text }]);
      }
    for (const [system, fs] of bySystem) {
      if (ds.systems.includes(system)) throw new PrFilesError(`generated comments of "${system}": the dataset has a source of that name already`);
      addGeneratedComments(ds, system, fs);
    }
    return ds;
  }
  const named = files.some((f) => f.role === 'predictions');
  const instances = layouts.filter((x) => x.layout === 'swe-care' && !x.f.role).map((x) => x.f);
  if (instances.length) {
    if (instances.length > 1) throw new PrFilesError(`SWE-CARE: one task-instance file at a time (got ${instances.map((f) => f.path).join(', ')})`);
    const preds = files.filter((f) => f !== instances[0] && (named ? f.role === 'predictions' : isPredictions(f.text)));
    if (!preds.length) throw new PrFilesError("SWE-CARE task instances need each system's predictions: add one JSONL of {instance_id, review_text} per system (named by its file)");
    return readSweCare({ file: instances[0].path, text: instances[0].text }, preds.map((p) => ({ system: p.system ?? stem(p.path), file: p.path, text: p.text })));
  }
  const github = layouts.filter((x) => x.layout === 'github').map((x) => x.f);
  if (github.length) {
    if (github.length > 1) throw new PrFilesError(`a pull request's review comments: one file of \`crscore github\` rows at a time (got ${github.map((f) => f.path).join(', ')})`);
    if (!o.referenceSystems) throw new PrFilesError("a pull request's review comments (crscore github's rows): say whose comments are the reference");
    return readGithubRows(github[0].text, github[0].path, { referenceAuthors: o.referenceSystems });
  }
  const ours = layouts.filter((x) => x.layout === 'crscore-pr').map((x) => x.f);
  if (ours.length) {
    const parts = ours.map((f) => readOurs(f.text, f.path));
    return parts.length === 1 ? parts[0] : dataset('crscore-pr', parts.flatMap((p) => p.prs), parts.flatMap((p) => p.problems));
  }
  throw new PrFilesError(
    "not a pull-request benchmark this app reads: Martian's offline folder (golden_comments/*.json and results/JUDGE/), AACR-Bench's positive_samples.json, SWE-CARE task instances with prediction files, our pull-request JSONL, or crscore github's rows",
  );
}
