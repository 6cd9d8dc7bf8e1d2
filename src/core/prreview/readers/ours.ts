// CRScore Studio's own pull-request JSONL (docs/pull-requests.md): one PR a line,
//   {"pr": "...", "repository"?, "title"?, "url"?, "diff"?, "languages"?: [...],
//    "references": [{"text", "path"?, "from"?, "to"?, "side"?, "severity"?, "category"?, "source"?}],
//    "reviews": {"<system>": [{"text", "path"?, "from"?, "to"?, "side"?, "label"?: "accepted"|"rejected"}]}}
import { dataset, type PrDataset, type PullRequest, type ReadProblem, type ReviewComment } from '../model.ts';
import { jsonlRecords } from './jsonl.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function commentOf(v: unknown, where: string, file: string, problems: ReadProblem[]): ReviewComment | null {
  if (!v || typeof v !== 'object' || typeof (v as Record<string, unknown>).text !== 'string') {
    problems.push({ file, where, why: 'not a comment with a text' });
    return null;
  }
  const c = v as Record<string, unknown>;
  const label = c.label === 'accepted' || c.label === 'rejected' ? c.label : undefined;
  if (c.label !== undefined && !label) problems.push({ file, where, why: 'label is neither "accepted" nor "rejected"; left out' });
  const out: ReviewComment & { source?: string } = {
    text: c.text as string,
    path: str(c.path),
    from: int(c.from),
    to: int(c.to),
    side: str(c.side),
    severity: str(c.severity),
    category: str(c.category),
    id: str(c.id),
  };
  if (label) out.label = label;
  if (str(c.source)) out.source = c.source as string;
  return out;
}

export function readOurs(text: string, file: string): PrDataset {
  const problems: ReadProblem[] = [];
  const prs: PullRequest[] = [];
  const seen = new Set<string>();
  for (const { line, value: o } of jsonlRecords(text, file, problems)) {
    const id = str(o.pr);
    if (!id) {
      problems.push({ file, where: `line ${line}`, why: 'no "pr" id' });
      continue;
    }
    if (seen.has(id)) {
      problems.push({ file, where: `line ${line}`, why: `PR ${id} appears twice; the first is kept` });
      continue;
    }
    seen.add(id);
    const refs = Array.isArray(o.references) ? o.references : [];
    if (o.references !== undefined && !Array.isArray(o.references)) problems.push({ file, where: `line ${line}`, why: '"references" is not a list' });
    const reviews: Record<string, ReviewComment[]> = {};
    if (o.reviews !== undefined && (!o.reviews || typeof o.reviews !== 'object' || Array.isArray(o.reviews)))
      problems.push({ file, where: `line ${line}`, why: '"reviews" is not an object keyed by system' });
    else
      for (const [sys, list] of Object.entries((o.reviews ?? {}) as Record<string, unknown>)) {
        if (!Array.isArray(list)) {
          problems.push({ file, where: `line ${line}, reviews.${sys}`, why: 'not a list of comments' });
          continue;
        }
        reviews[sys] = list.flatMap((c, k) => commentOf(c, `line ${line}, reviews.${sys}[${k}]`, file, problems) ?? []);
      }
    prs.push({
      id,
      repository: str(o.repository) ?? undefined,
      title: str(o.title) ?? undefined,
      url: str(o.url) ?? undefined,
      diff: str(o.diff) ?? undefined,
      languages: Array.isArray(o.languages) ? o.languages.filter((l): l is string => typeof l === 'string') : [],
      references: refs.flatMap((c, k) => commentOf(c, `line ${line}, references[${k}]`, file, problems) ?? []),
      reviews,
    });
  }
  return dataset('crscore-pr', prs, problems);
}
