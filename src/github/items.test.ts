import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../core/dataset.ts';
import { importFiles } from '../core/importers/index.ts';
import { fileHeader, toJsonl, toReviewItems } from './items.ts';
import type { PullRequestData } from './types.ts';

const data = (): PullRequestData => ({
  owner: 'o',
  repo: 'r',
  apiBase: 'https://api.github.com',
  pr: { number: 5, title: 't', html_url: 'https://github.com/o/r/pull/5', state: 'open', head: { sha: 'abc' } },
  files: [
    { filename: 'new.py', status: 'added' },
    { filename: 'lib/B.java', status: 'renamed', previous_filename: 'lib/A.java' },
  ],
  comments: [
    { id: 1, diff_hunk: '@@ -0,0 +1,2 @@\r\n+a = 1\r\n+b = 2\n', path: 'new.py', body: 'Name these.', user: { login: 'ann' }, html_url: 'u1', line: 2 },
    { id: 2, diff_hunk: '@@ -1 +1 @@\n-class A {}\n+class B {}', path: 'lib/B.java', body: 'Why rename?', user: null, html_url: 'u2', line: null, original_line: 1 },
    { id: 3, diff_hunk: '@@ -0,0 +1,2 @@\n+a = 1', path: 'new.py', body: 'Agreed.', user: { login: 'bo' }, html_url: 'u3', in_reply_to_id: 1, line: 1 },
    { id: 4, diff_hunk: '@@ -0,0 +1,2 @@\n+a = 1', path: 'new.py', body: 'Answering a deleted comment.', user: { login: 'bo' }, html_url: 'u4', in_reply_to_id: 99, line: 1 },
    { id: 5, diff_hunk: '@@ -1 +1 @@\n-x\n+y', path: 'docs/notes.md', body: 'Typo.', user: { login: 'cy' }, html_url: 'u5', line: 1 },
  ],
  reviews: [],
  contents: { 'new.py': 'a = 1\nb = 2\n' },
  notes: [],
});

describe('review items', () => {
  it('turn comments into items: headers per file status, authors, languages, threads', () => {
    const items = toReviewItems(data());
    expect(items[0].diff).toBe('diff --git a/new.py b/new.py\n--- /dev/null\n+++ b/new.py\n@@ -0,0 +1,2 @@\n+a = 1\n+b = 2\n');
    expect(items[0]).toMatchObject({ id: 'o/r#5/1', author: 'ann', language: 'python', lang: 'py', newCode: 'a = 1\nb = 2\n', replies: ['o/r#5/3'], line: 2, outdated: false });
    expect(items[1].diff.startsWith('diff --git a/lib/A.java b/lib/B.java\n--- a/lib/A.java\n+++ b/lib/B.java\n')).toBe(true);
    expect(items[1]).toMatchObject({ author: 'ghost', lang: 'java', newCode: null, line: 1, outdated: true });
    expect(items[2].inReplyTo).toBe('o/r#5/1');
    expect(items[3].inReplyTo).toBeNull();
    expect(items[4]).toMatchObject({ language: 'unknown', lang: 'md' });
    expect(fileHeader('x.js', { filename: 'x.js', status: 'removed' })).toBe('diff --git a/x.js b/x.js\n--- a/x.js\n+++ /dev/null\n');
  });

  it('write rows the importers read: one change per comment, one system per author', () => {
    const items = toReviewItems(data());
    const text = toJsonl(items, new Map([['o/r#5/1', [{ text: 'Unused name a.', type: 'issue' }]]]));
    const res = importFiles([{ name: 'pr.jsonl', text }]);
    expect(res.errors).toEqual([]);
    expect(res.formats).toEqual(['plain-jsonl']);
    expect(res.rows).toHaveLength(5);
    expect(res.rows[0]).toMatchObject({ id: 'o/r#5/1', lang: 'py', newCode: 'a = 1\nb = 2\n', newFile: 'new.py' });
    expect(res.rows[0].pseudoRefs).toEqual([{ no: 1, type: 'issue', text: 'Unused name a.', necessary: null }]);
    expect(res.rows.map((r) => r.reviews[0].system)).toEqual(['ann', 'ghost', 'bo', 'bo', 'cy']);
    // Not the human-study format: its strict reader refuses the rows, which is why eval reads through the importers.
    expect(parseDatasetJsonl(text).rows).toHaveLength(0);
  });
});

describe('review items from a hostile or odd server', () => {
  const comment = (id: number, inReplyTo: number | null, path = 'new.py') => ({ id, diff_hunk: '@@ -0,0 +1 @@\n+a = 1', path, body: `c${id}`, user: { login: 'ann' }, html_url: `u${id}`, line: 1, ...(inReplyTo === null ? {} : { in_reply_to_id: inReplyTo }) });

  it('a reply cycle leaves no comment out: each comment on the cycle starts its own thread, a reply into it hangs on the comment it names', () => {
    // 1 → 2 → 3 → 1 is a cycle; 4 answers 2; 5 answers 4, a reply (GitHub points every reply at its thread's first comment).
    const d = { ...data(), comments: [comment(1, 3), comment(2, 1), comment(3, 2), comment(4, 2), comment(5, 4), comment(6, 6)] };
    const items = toReviewItems(d);
    const roots = items.filter((i) => !i.inReplyTo);
    expect(roots.map((i) => i.commentId)).toEqual([1, 2, 3, 6]);
    expect(items.find((i) => i.commentId === 4)!.inReplyTo).toBe('o/r#5/2');
    expect(items.find((i) => i.commentId === 5)!.inReplyTo).toBe('o/r#5/2');
    expect(items.find((i) => i.commentId === 2)!.replies).toEqual(['o/r#5/4', 'o/r#5/5']);
    // Every comment is reachable from a root: the list shows 6 comments, 2 of them replies.
    expect(roots.flatMap((r) => [r.id, ...r.replies]).sort()).toEqual(items.map((i) => i.id).sort());
  });

  it('a file named __proto__ or constructor reads its own contents, never the object prototype', () => {
    const contents: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
    Object.defineProperty(contents, '__proto__', { value: 'proto file\n', enumerable: true });
    const d = {
      ...data(),
      files: [{ filename: 'constructor', status: 'removed' as const }, { filename: '__proto__', status: 'modified' as const }, { filename: 'toString', status: 'modified' as const }],
      comments: [comment(1, null, 'constructor'), comment(2, null, '__proto__'), comment(3, null, 'toString')],
      contents,
    };
    const items = toReviewItems(d);
    expect(items.map((i) => i.newCode)).toEqual([null, 'proto file\n', null]);
    // The same from a plain object (as JSON.parse gives it back): only its own entries count.
    const plain = JSON.parse('{"__proto__": "proto file\\n"}') as Record<string, string | null>;
    expect(toReviewItems({ ...d, contents: plain }).map((i) => i.newCode)).toEqual([null, 'proto file\n', null]);
  });
});
