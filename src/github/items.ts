// Review comments → items: each comment's diff hunk with a file header is the diff, its body the review.
// Replies hang on the comment that starts their thread. The same items feed the browser (sessions, Research)
// and the CLI (JSONL rows).
import { detectLanguage, type Language } from '../core/diff.ts';
import type { GhFile, GhReviewComment, PullRequestData } from './types.ts';

export interface ReviewItem {
  /** Unique across pull requests: OWNER/REPO#N/COMMENT_ID. */
  id: string;
  commentId: number;
  diff: string;
  review: string;
  author: string;
  file: string;
  language: Language;
  /** Short language code: py, js, java as in the human-study data, else the file extension. */
  lang: string;
  /** The file at the head commit, when it could be read. */
  newCode: string | null;
  url: string;
  /** The id (as in `id`) of the comment this one answers, for replies. */
  inReplyTo: string | null;
  /** The ids of the replies to this comment (thread order). */
  replies: string[];
  line: number | null;
  /** True when GitHub no longer places the comment on the current diff (written on an older commit). */
  outdated: boolean;
}

/** One JSONL row of `crscore github`: what `crscore score`, `crscore eval` and Research read. */
export interface ReviewRow {
  id: string;
  diff: string;
  review: string;
  system: string;
  file: string;
  lang: string;
  new_code: string | null;
  url: string;
  in_reply_to: string | null;
}

const SHORT: Partial<Record<Language, string>> = { python: 'py', javascript: 'js', java: 'java' };

export function langOf(path: string): { language: Language; lang: string } {
  const language = detectLanguage(path);
  return { language, lang: SHORT[language] ?? /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '' };
}

/** A git-style file header, so the hunk parses as a unified diff and names its file. */
export function fileHeader(path: string, file?: GhFile): string {
  const oldPath = file?.previous_filename ?? path;
  const from = file?.status === 'added' ? '/dev/null' : `a/${oldPath}`;
  const to = file?.status === 'removed' ? '/dev/null' : `b/${path}`;
  return `diff --git a/${oldPath} b/${path}\n--- ${from}\n+++ ${to}\n`;
}

export function hunkDiff(c: Pick<GhReviewComment, 'diff_hunk' | 'path'>, file?: GhFile): string {
  const hunk = (c.diff_hunk ?? '').replace(/\r\n?/g, '\n').replace(/\n+$/, '');
  return `${fileHeader(c.path, file)}${hunk}\n`;
}

/** The items of a pull request, in GitHub's order (threads keep their replies in order). */
export function toReviewItems(data: PullRequestData): ReviewItem[] {
  const prefix = `${data.owner}/${data.repo}#${data.pr.number}`;
  const idOf = (commentId: number) => `${prefix}/${commentId}`;
  const files = new Map(data.files.map((f) => [f.filename, f]));
  const root = threadRoots(data.comments);
  const items = data.comments.map((c): ReviewItem => {
    const { language, lang } = langOf(c.path);
    const top = root.get(c.id);
    const inReplyTo = top === undefined ? null : idOf(top);
    return {
      id: idOf(c.id),
      commentId: c.id,
      diff: hunkDiff(c, files.get(c.path)),
      review: c.body ?? '',
      author: c.user?.login ?? 'ghost',
      file: c.path,
      language,
      lang,
      // Own entries only: a file named "constructor" or "__proto__" must not read the object's prototype.
      newCode: Object.hasOwn(data.contents, c.path) ? (data.contents[c.path] ?? null) : null,
      url: c.html_url ?? '',
      inReplyTo,
      replies: [],
      line: c.line ?? c.original_line ?? null,
      outdated: c.line == null && c.subject_type !== 'file',
    };
  });
  const byId = new Map(items.map((it) => [it.id, it]));
  for (const it of items) if (it.inReplyTo) byId.get(it.inReplyTo)?.replies.push(it.id);
  return items;
}

/**
 * The first comment of each reply's thread, by comment id (a comment that starts a thread has none). GitHub points
 * every reply at its thread's first comment; a server may instead point at a reply (followed up to the first), at a
 * deleted comment (the reply stands alone), or round in a cycle: each comment on a cycle starts its own thread, so
 * none is lost (a cycle used to leave every comment a reply, and the list with no item).
 */
function threadRoots(comments: readonly Pick<GhReviewComment, 'id' | 'in_reply_to_id'>[]): Map<number, number> {
  const parent = new Map<number, number | null>(comments.map((c) => [c.id, c.in_reply_to_id ?? null]));
  const onCycle = new Set<number>();
  for (const c of comments) {
    const seen = new Set<number>();
    let at: number | null | undefined = c.id;
    while (at != null && parent.has(at) && !seen.has(at) && !onCycle.has(at)) {
      seen.add(at);
      at = parent.get(at);
    }
    if (at === c.id) for (let k: number | null | undefined = c.id; k != null && !onCycle.has(k); k = parent.get(k)) onCycle.add(k);
  }
  const starts = (id: number) => onCycle.has(id) || !parent.has(parent.get(id) ?? NaN);
  const roots = new Map<number, number>();
  for (const c of comments) {
    if (starts(c.id)) continue;
    let at = parent.get(c.id)!;
    while (!starts(at)) at = parent.get(at)!;
    roots.set(c.id, at);
  }
  return roots;
}

export function toRow(it: ReviewItem): ReviewRow {
  return { id: it.id, diff: it.diff, review: it.review, system: it.author, file: it.file, lang: it.lang, new_code: it.newCode, url: it.url, in_reply_to: it.inReplyTo };
}

/** JSONL with one row per item; `pseudoRefs` adds pseudo_refs (e.g. the analyzers' issues) by item id. */
export function toJsonl(items: readonly ReviewItem[], pseudoRefs?: ReadonlyMap<string, { text: string; type: string }[]>): string {
  return items
    .map((it) => {
      const refs = pseudoRefs?.get(it.id);
      return JSON.stringify(refs ? { ...toRow(it), pseudo_refs: refs } : toRow(it));
    })
    .join('\n')
    .concat(items.length ? '\n' : '');
}
