// AACR-Bench's layout: `positive_samples.json` (comments annotators accepted) and optionally
// `negative_samples.json` (rejected), each a list of PRs keyed by `githubPrUrl`. Every comment's `source_model`
// is a system (`""` is a person); accepted comments are the reference issues, each remembering its source so a
// system can be judged against the others' (leave-one-out). Generated comments come in its tagged text format.
import { dataset, HUMAN, type PrDataset, type PullRequest, type ReadProblem, type ReviewComment } from '../model.ts';
import { parseJson } from './jsonl.ts';
import { pyStrip } from './swecare.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Python's `int(s.strip())` for the ASCII forms it accepts; null where it would raise. */
export function pyInt(s: string): number | null {
  const t = pyStrip(s);
  return /^[+-]?\d+(?:_\d+)*$/.test(t) ? Number(t.replace(/_/g, '')) : null;
}

/** `comment.get(k) or originLineRange.get(k)`: 0, "" and null fall through, as Python's `or` does. */
function lineOf(c: Record<string, unknown>, k: 'from_line' | 'to_line'): number | null {
  const range = (c.originLineRange ?? {}) as Record<string, unknown>;
  const v = c[k] || range[k];
  return typeof v === 'number' ? v : null;
}

function commentOf(c: Record<string, unknown>, label: 'accepted' | 'rejected'): ReviewComment & { source: string } {
  const source = str(c.source_model) ?? '';
  return {
    id: str(c.id),
    text: str(c.note) ?? '',
    path: str(c.path),
    side: c.side === undefined || c.side === null ? null : String(c.side),
    from: lineOf(c, 'from_line'),
    to: lineOf(c, 'to_line'),
    category: str(c.category),
    label,
    source: source === '' ? HUMAN : source,
  };
}

function readSamples(text: string, file: string, label: 'accepted' | 'rejected', byUrl: Map<string, PullRequest>, problems: ReadProblem[]) {
  const data = parseJson(text, file, problems);
  if (data === undefined) return;
  if (!Array.isArray(data)) {
    problems.push({ file, where: 'whole file', why: 'not a list of pull requests' });
    return;
  }
  data.forEach((item, i) => {
    const o = item as Record<string, unknown>;
    const url = o && typeof o === 'object' ? str(o.githubPrUrl) : null;
    if (!url) {
      problems.push({ file, where: `[${i}]`, why: 'no githubPrUrl' });
      return;
    }
    if (!Array.isArray(o.comments)) {
      problems.push({ file, where: `[${i}] (${url})`, why: 'no comments list' });
      return;
    }
    let pr = byUrl.get(url);
    if (!pr) {
      const m = /^https:\/\/github\.com\/([^/]+)\/([^/]+)\/pull\/(\d+)/.exec(url);
      const lang = str(o.project_main_language);
      pr = {
        id: url,
        url,
        repository: m ? `${m[1]}/${m[2]}` : undefined,
        languages: lang ? [lang] : [],
        references: [],
        reviews: {},
        meta: { category: str(o.category), project_main_language: lang, source_commit: str(o.source_commit), target_commit: str(o.target_commit) },
      };
      byUrl.set(url, pr);
    }
    o.comments.forEach((c: unknown, k: number) => {
      if (!c || typeof c !== 'object') {
        problems.push({ file, where: `[${i}].comments[${k}] (${url})`, why: 'not a comment object' });
        return;
      }
      const cc = c as Record<string, unknown>;
      for (const key of ['from_line', 'to_line'] as const)
        if (cc[key] != null && typeof cc[key] !== 'number')
          problems.push({ file, where: `[${i}].comments[${k}] (${url})`, why: `${key} is not a number; read as no line` });
      const comment = commentOf(cc, label);
      (pr.reviews[comment.source] ??= []).push(comment);
      if (label === 'accepted') pr.references.push(comment);
    });
  });
}

/** Positive (and negative) samples into one dataset; a PR found only among the negatives has no reference. */
export function readAacr(positives: { file: string; text: string }, negatives?: { file: string; text: string }): PrDataset {
  const problems: ReadProblem[] = [];
  const byUrl = new Map<string, PullRequest>();
  readSamples(positives.text, positives.file, 'accepted', byUrl, problems);
  if (negatives) readSamples(negatives.text, negatives.file, 'rejected', byUrl, problems);
  return dataset('aacr', [...byUrl.values()], problems);
}

/** AACR-Bench's generated-comments text format, exactly as `parse_generated_comments_file`. */
export function parseGeneratedComments(content: string): ReviewComment[] {
  const out: ReviewComment[] = [];
  if (!content || pyStrip(content) === '') return out;
  for (const raw of content.split(/<\/?notesplit\s*\/?>/i)) {
    const block = pyStrip(raw);
    if (!block) continue;
    const tag = (t: string) => new RegExp(`<${t}>([\\s\\S]*?)</${t}>`).exec(block);
    const note = tag('note');
    if (!note || !pyStrip(note[1])) continue;
    const path = tag('path');
    const side = tag('side');
    const from = tag('from');
    const to = tag('to');
    out.push({
      path: path ? pyStrip(path[1]) : '',
      side: side ? pyStrip(side[1]) : '',
      from: from ? pyInt(from[1]) : null,
      to: to ? pyInt(to[1]) : null,
      text: pyStrip(note[1]),
    });
  }
  return out;
}

/**
 * The PR a generated-comments file is for, by its name, as AACR-Bench's `infer_pr_url_from_filename`:
 * `comments_{repo}_{number}.txt`, else any PR whose repository name and number both appear in the name.
 */
export function prForFileName(fileName: string, urls: readonly string[]): string | null {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  if (stem.startsWith('comments_')) {
    const rest = stem.slice(9);
    const cut = rest.lastIndexOf('_');
    if (cut >= 0) {
      const repo = rest.slice(0, cut).toLowerCase();
      const num = rest.slice(cut + 1);
      for (const u of urls) if (u.toLowerCase().includes(repo) && u.includes(`/pull/${num}`)) return u;
    }
  }
  for (const u of urls) {
    const parts = u.split('/');
    if (parts.length >= 7) {
      const repo = parts[parts.length - 3];
      const num = parts[parts.length - 1];
      if (stem.toLowerCase().includes(repo.toLowerCase()) && stem.includes(num)) return u;
    }
  }
  return null;
}

/** Adds a system's generated comments (file name → text) to an AACR-Bench dataset; unplaceable files are named. */
export function addGeneratedComments(ds: PrDataset, system: string, files: readonly { file: string; text: string }[]): void {
  const urls = ds.prs.map((p) => p.id);
  const byId = new Map(ds.prs.map((p) => [p.id, p]));
  for (const f of files) {
    const url = prForFileName(f.file, urls);
    if (!url) {
      ds.problems.push({ file: f.file, where: 'file name', why: 'names no PR of the dataset (expected comments_{repo}_{number}.txt)' });
      continue;
    }
    byId.get(url)!.reviews[system] = parseGeneratedComments(f.text);
  }
  ds.systems = [...new Set([...ds.systems, system])].sort();
}
