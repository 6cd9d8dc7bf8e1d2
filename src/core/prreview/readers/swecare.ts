// CodeFuse-CR-Bench's layout (Guo et al. 2025; its harness is SWE-CARE): task instances as JSONL, one
// prediction JSONL per system. A prediction's `<defect>` blocks are read as SWE-CARE's
// `extract_defects_from_review` reads them, with the hunk of `patch_to_review` the defect's line falls in.
import { dataset, type PrDataset, type PullRequest, type ReadProblem, type ReferenceIssue, type ReviewComment } from '../model.ts';
import { parseDiffHunks, type DiffHunk } from './unidiff.ts';
import { jsonlRecords } from './jsonl.ts';

// Python's `.` (no DOTALL) stops only at "\n"; JavaScript's also stops at "\r", U+2028 and U+2029.
const DEFECT = /<defect>\s*([\s\S]*?)\s*<\/defect>/g;
const FILE_PATH = /file_path:\s*([^\n]+)/;
const LINE = /line:\s*(\d+)/;
const SUGGESTION = /suggestion:\s*([\s\S]+)/;

/** Python's str.strip() with no argument: Unicode whitespace at both ends. */
// eslint-disable-next-line no-control-regex -- Python's whitespace includes the separators U+001C–U+001F
const PY_SPACE = /^[\s\x1c-\x1f\x85]+|[\s\x1c-\x1f\x85]+$/gu;
export const pyStrip = (s: string) => s.replace(PY_SPACE, '');

/** The defects of a review text, exactly as `extract_defects_from_review(review_text, input)`. */
export function extractDefects(reviewText: string, patch?: string | null): ReviewComment[] {
  const out: ReviewComment[] = [];
  let hunks: DiffHunk[] | null = null;
  for (const m of reviewText.matchAll(DEFECT)) {
    const content = m[1];
    const fp = FILE_PATH.exec(content);
    const ln = LINE.exec(content);
    const sg = SUGGESTION.exec(content);
    if (!fp || !sg) continue;
    const path = pyStrip(fp[1]);
    const line = ln ? Number(ln[1]) : null;
    hunks ??= patch ? parseDiffHunks(patch) : [];
    let hunk: string | null = null;
    for (const h of hunks)
      if (h.file === path && line !== null && h.newStart <= line && line <= h.newStart + h.newLines - 1) {
        hunk = h.hunk;
        break;
      }
    out.push({ text: pyStrip(sg[1]), path, to: line, from: null, hunk });
  }
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function referenceOf(c: Record<string, unknown>): ReferenceIssue {
  return { text: str(c.text) ?? '', path: str(c.path), hunk: str(c.diff_hunk), to: int(c.line), from: int(c.start_line) };
}

/** Task instances: one PR each, its reference review comments as the reference issues. */
export function readSweCareInstances(text: string, file: string, problems: ReadProblem[]): PullRequest[] {
  const prs: PullRequest[] = [];
  const seen = new Set<string>();
  for (const { line, value } of jsonlRecords(text, file, problems)) {
    const o = value as Record<string, unknown>;
    const id = str(o.instance_id);
    const refs = o.reference_review_comments;
    if (!id) {
      problems.push({ file, where: `line ${line}`, why: 'no instance_id' });
      continue;
    }
    if (!Array.isArray(refs)) {
      problems.push({ file, where: `line ${line}`, why: `instance ${id} has no reference_review_comments list` });
      continue;
    }
    if (seen.has(id)) {
      problems.push({ file, where: `line ${line}`, why: `instance ${id} appears twice; the first is kept` });
      continue;
    }
    seen.add(id);
    const references: ReferenceIssue[] = [];
    refs.forEach((c, k) => {
      if (c && typeof c === 'object' && typeof (c as Record<string, unknown>).text === 'string') references.push(referenceOf(c as Record<string, unknown>));
      else problems.push({ file, where: `line ${line}, reference_review_comments[${k}]`, why: 'not a comment with a text' });
    });
    const commit = o.commit_to_review as Record<string, unknown> | undefined;
    const lang = str(o.language);
    prs.push({
      id,
      repository: str(o.repo) ?? undefined,
      title: str(o.title) ?? undefined,
      diff: str(commit?.patch_to_review) ?? undefined,
      languages: lang ? [lang] : [],
      references,
      reviews: {},
      meta: { pull_number: int(o.pull_number) },
    });
  }
  return prs;
}

/** A prediction file: instance id → review text (the first record of an instance wins, as a dict built in order would not; duplicates are named). */
export function readSweCarePredictions(text: string, file: string, problems: ReadProblem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { line, value } of jsonlRecords(text, file, problems)) {
    const o = value as Record<string, unknown>;
    const id = str(o.instance_id);
    const review = str(o.review_text);
    if (!id || review === null) {
      problems.push({ file, where: `line ${line}`, why: !id ? 'no instance_id' : `prediction for ${id} has no review_text` });
      continue;
    }
    if (out.has(id)) {
      problems.push({ file, where: `line ${line}`, why: `a second prediction for ${id}; the first is kept` });
      continue;
    }
    out.set(id, review);
  }
  return out;
}

/** The dataset: instances, and each system's predictions parsed into defects. A PR a system did not predict has no review of it. */
export function readSweCare(
  instances: { file: string; text: string },
  predictions: readonly { system: string; file: string; text: string }[],
): PrDataset {
  const problems: ReadProblem[] = [];
  const prs = readSweCareInstances(instances.text, instances.file, problems);
  const byId = new Map(prs.map((p) => [p.id, p]));
  for (const p of predictions) {
    for (const [id, review] of readSweCarePredictions(p.text, p.file, problems)) {
      const pr = byId.get(id);
      if (!pr) {
        problems.push({ file: p.file, where: `instance ${id}`, why: 'no task instance has this id' });
        continue;
      }
      pr.reviews[p.system] = extractDefects(review, pr.diff);
      (pr.meta ??= {})[`review_text:${p.system}`] = review;
    }
  }
  return dataset('swe-care', prs, problems);
}
