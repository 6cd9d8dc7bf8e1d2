// A GitHub pull request as a whole review: the review comments the existing importer reads (src/github's items, or
// the JSONL rows of `crscore github`), each reviewer a system, bots included; the reviewers the user names are the
// reference. A comment is placed on its file and line (its hunk's last new line when the row has no line).
import { dataset, type PrDataset, type PullRequest, type ReadProblem, type ReferenceIssue, type ReviewComment } from '../model.ts';
import { jsonlRecords } from './jsonl.ts';

/** What the adapter reads of one review comment: the fields src/github's ReviewItem and `crscore github`'s rows share. */
export interface GithubComment {
  id: string;
  review: string;
  author: string;
  file: string;
  diff: string;
  url: string;
  line?: number | null;
  inReplyTo?: string | null;
}

/** The new-side line a hunk ends on (where GitHub anchors a comment on its hunk). */
function lastNewLine(diff: string): number | null {
  let line: number | null = null;
  for (const l of diff.split('\n')) {
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(l);
    if (h) line = Number(h[1]) - 1;
    else if (line !== null && (l.startsWith('+') || l.startsWith(' ')) && !l.startsWith('+++')) line++;
  }
  return line;
}

const prOf = (url: string) => /^(https?:\/\/[^#?]+\/pull\/\d+)/.exec(url)?.[1] ?? url.split('#')[0];

export function prFromGithub(comments: readonly GithubComment[], o: { referenceAuthors: readonly string[]; replies?: boolean }, problems: ReadProblem[] = []): PrDataset {
  const prs = new Map<string, PullRequest>();
  const refs = new Set(o.referenceAuthors);
  for (const c of comments) {
    if (c.inReplyTo && !o.replies) continue;
    const id = prOf(c.url);
    let pr = prs.get(id);
    if (!pr) {
      const m = /github\.com\/([^/]+)\/([^/]+)\/pull\//.exec(id) ?? /^https?:\/\/[^/]+\/([^/]+)\/([^/]+)\/pull\//.exec(id);
      pr = { id, url: id, repository: m ? `${m[1]}/${m[2]}` : undefined, languages: [], references: [], reviews: {} };
      prs.set(id, pr);
    }
    const hunk = c.diff.slice(c.diff.indexOf('@@') >= 0 ? c.diff.indexOf('@@') : 0);
    const comment: ReviewComment = { id: c.id, text: c.review, path: c.file, to: c.line ?? lastNewLine(c.diff), side: 'right', hunk };
    if (refs.has(c.author)) pr.references.push({ ...comment, source: c.author } as ReferenceIssue);
    else (pr.reviews[c.author] ??= []).push(comment);
  }
  // The PR's diff, as far as the rows carry it: each commented hunk once, with its file header (GitHub's review
  // comments hold their hunk, not the whole pull request's files).
  const hunks = new Map<string, Set<string>>();
  for (const c of comments) {
    if (c.inReplyTo && !o.replies) continue;
    const d = c.diff.trim();
    if (d.includes('@@')) (hunks.get(prOf(c.url)) ?? hunks.set(prOf(c.url), new Set()).get(prOf(c.url))!).add(d.startsWith('@@') && c.file ? `--- a/${c.file}\n+++ b/${c.file}\n${d}` : d);
  }
  for (const [id, hs] of hunks) prs.get(id)!.diff = [...hs].join('\n') + '\n';
  for (const a of refs)
    if (![...prs.values()].some((p) => p.references.some((r) => r.source === a))) problems.push({ file: 'the pull request', where: `reviewer ${a}`, why: 'wrote no review comment; no reference from them' });
  return dataset('github', [...prs.values()], problems);
}

/** `crscore github`'s JSONL rows (id, diff, review, system, file, url, in_reply_to). */
export function readGithubRows(text: string, file: string, o: { referenceAuthors: readonly string[]; replies?: boolean }): PrDataset {
  const problems: ReadProblem[] = [];
  const comments: GithubComment[] = [];
  for (const { line, value: r } of jsonlRecords(text, file, problems)) {
    if (typeof r.review !== 'string' || typeof r.system !== 'string' || typeof r.url !== 'string') {
      problems.push({ file, where: `line ${line}`, why: 'not a row of `crscore github` (review, system, url)' });
      continue;
    }
    comments.push({ id: String(r.id ?? line), review: r.review, author: r.system, file: typeof r.file === 'string' ? r.file : '', diff: typeof r.diff === 'string' ? r.diff : '', url: r.url, inReplyTo: typeof r.in_reply_to === 'string' ? r.in_reply_to : null });
  }
  return prFromGithub(comments, o, problems);
}
