// A large file's rows leave their code in the file; rowCode reads it back from the Blob's bytes, exactly the code
// the whole-text import keeps, for every dialect and any character; and says so when the file is gone.
import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../core/dataset';
import { importFiles } from '../../core/importers/index';
import { importStreamed } from '../../core/importers/stream';
import { streamSource } from './datasetFile';
import { CodeUnreadableError, KEPT_IMPORTS, MAX_CODE_LINE_BYTES, registerImportFiles, rowCode, withCode } from './rowCode';

const crscore = [1, 2, 3]
  .map((k) => JSON.stringify({ id: `c${k}`, diff: '@@ -1 +1 @@\n+x', old_code: `def f():\r\n    return "é${k}"`, new_code: `😀\n${k}`, reviews: [{ system: 's', review: 'Fine.' }] }))
  .join('\r\n');
const codeReviewer = [1, 2].map((k) => JSON.stringify({ id: `r${k}`, patch: '@@ -1 +1 @@\n+y', oldf: `class A${k} {}\n`, msg: 'Rename it.', gpt_pred: 'Looks fine.' })).join('\n');

async function streamedRows(files: { name: string; text: string }[], kept?: { name: string; blob: Blob }[]): Promise<DatasetRow[]> {
  const blobs = files.map((f) => ({ name: f.name, blob: new Blob(['\uFEFF', f.text]) }));
  kept?.push(...blobs);
  const rows: DatasetRow[] = [];
  await importStreamed(blobs.map(streamSource), (rs) => rows.push(...rs), { source: registerImportFiles(blobs) });
  return rows;
}

describe('rowCode', () => {
  it("reads each row's code back from its file, as the whole-text import has it", async () => {
    const files = [
      { name: 'a.jsonl', text: crscore },
      { name: 'b.jsonl', text: codeReviewer },
    ];
    const rows = await streamedRows(files);
    expect(rows.every((r) => r.codeAt && r.oldCode === null && r.newCode === null)).toBe(true);
    expect(await Promise.all(rows.map(withCode))).toEqual(importFiles(files).rows);
  });

  it('gives a row without codeAt its own code', async () => {
    const [row] = importFiles([{ name: 'a.jsonl', text: crscore }]).rows;
    expect(await rowCode(row)).toEqual({ oldCode: row.oldCode, newCode: row.newCode });
    expect(await withCode(row)).toBe(row);
  });

  it('keeps the files of the last imports only, and says so for an older one', async () => {
    const [old] = await streamedRows([{ name: 'a.jsonl', text: crscore }]);
    for (let k = 0; k < KEPT_IMPORTS - 1; k++) await streamedRows([{ name: 'b.jsonl', text: codeReviewer }]);
    expect((await rowCode(old)).oldCode).toContain('é1');
    await streamedRows([{ name: 'b.jsonl', text: codeReviewer }]);
    await expect(rowCode(old)).rejects.toThrow(CodeUnreadableError);
  });

  it('says which change, when its file is not open on this page', async () => {
    const [row] = await streamedRows([{ name: 'a.jsonl', text: crscore }]);
    await expect(rowCode({ ...row, codeAt: { ...row.codeAt!, source: 10_000 } })).rejects.toThrow(CodeUnreadableError);
    await expect(rowCode({ ...row, codeAt: { ...row.codeAt!, source: 10_000 } })).rejects.toThrow(/change c1/);
  });

  // Issue 38: a file rewritten in place at the same size (and modification time) reads back without an error from
  // the browser. Its bytes are checked against the hash kept at import, so a change never gets another's code.
  it('says the file changed when its bytes differ from those imported, even at the same size', async () => {
    const text = [1, 2].map((k) => JSON.stringify({ id: `p${k}`, diff: '@@ -1 +1 @@\n+x', old_code: '# Public API\n', new_code: 'x = 1\n', reviews: [{ system: 's', review: 'Ok.' }] })).join('\n');
    const kept: { name: string; blob: Blob }[] = [];
    const rows = await streamedRows([{ name: 'api.jsonl', text }], kept);
    expect((await rowCode(rows[0])).oldCode).toBe('# Public API\n');
    // A valid edit of the same size: the old reader showed "HACKED API" as the change's own code.
    kept[0].blob = new Blob(['\uFEFF', text.replace('Public API', 'HACKED API')]);
    await expect(rowCode(rows[0])).rejects.toThrow(CodeUnreadableError);
    await expect(rowCode(rows[0])).rejects.toThrow(/api\.jsonl.*changed/);
    // Bytes that no longer parse: the old reader gave null code and no error.
    kept[0].blob = new Blob(['\uFEFF', 'x'.repeat(text.length)]);
    await expect(rowCode(rows[1])).rejects.toThrow(/api\.jsonl.*changed/);
    await expect(withCode(rows[1])).rejects.toThrow(CodeUnreadableError);
  });

  // Issue 38: a 200 MB line opened in "Old & new files" froze the tab for minutes. What is read back is capped.
  it('reads back no more than MAX_CODE_LINE_BYTES of one line, and says so', async () => {
    const huge = JSON.stringify({ id: 'big', diff: '@@ -1 +1 @@\n+x', old_code: 'a'.repeat(MAX_CODE_LINE_BYTES), new_code: 'b', reviews: [{ system: 's', review: 'Ok.' }] });
    const small = JSON.stringify({ id: 'ok', diff: '@@ -1 +1 @@\n+x', old_code: 'c', new_code: 'd', reviews: [{ system: 's', review: 'Ok.' }] });
    // The small row first: the format is told from the file's first 2 MB.
    const [ok, big] = await streamedRows([{ name: 'huge.jsonl', text: `${small}\n${huge}` }]);
    await expect(rowCode(big)).rejects.toThrow(CodeUnreadableError);
    await expect(rowCode(big)).rejects.toThrow(/change big take 8 MB of huge\.jsonl, more than the 8 MB/);
    expect(await rowCode(ok)).toEqual({ oldCode: 'c', newCode: 'd' });
  });
});
