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
