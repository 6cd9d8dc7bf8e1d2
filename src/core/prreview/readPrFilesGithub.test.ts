// The browser's one reader takes a GitHub pull request's review comments (the rows `crscore github` writes and the
// importer builds) as the CLI's --reference-systems does: each reviewer a system, the named ones the reference.
import { describe, expect, it } from 'vitest';
import { PrFilesError, readPrFiles } from './readers/files.ts';
import { readGithubRows } from './readers/github.ts';

const url = 'https://github.com/octo/shop/pull/42';
const row = (id: number, system: string, review: string, line: number, extra: object = {}) =>
  JSON.stringify({ id: `octo/shop#42/${id}`, diff: `diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,2 +1,${line} @@\n x\n+y\n`, review, system, file: 'a.py', lang: 'py', new_code: null, url: `${url}#discussion_r${id}`, in_reply_to: null, ...extra });
const text = [row(1, 'alice', 'Close the file.', 2), row(2, 'coderabbitai[bot]', 'The file is never closed.', 2), row(3, 'copilot', 'Rename y.', 2), row(4, 'bob', 'Agreed.', 2, { in_reply_to: 'octo/shop#42/1' })].join('\n') + '\n';

describe('readPrFiles on a GitHub pull request', () => {
  it('reads the rows as the CLI does, the named reviewers the reference, bots a system like any other', () => {
    const ds = readPrFiles([{ path: 'octo-shop-pr42.jsonl', text }], { referenceSystems: ['alice'] });
    expect(ds).toEqual(readGithubRows(text, 'octo-shop-pr42.jsonl', { referenceAuthors: ['alice'] }));
    expect(ds.layout).toBe('github');
    expect(ds.systems).toEqual(['coderabbitai[bot]', 'copilot']);
    expect(ds.prs[0].references.map((r) => [r.source, r.text, r.path, r.to])).toEqual([['alice', 'Close the file.', 'a.py', 2]]);
  });

  it('asks whose comments are the reference when none is named', () => {
    expect(() => readPrFiles([{ path: 'pr.jsonl', text }])).toThrow(PrFilesError);
    expect(() => readPrFiles([{ path: 'pr.jsonl', text }])).toThrow(/whose comments are the reference/);
  });
});
