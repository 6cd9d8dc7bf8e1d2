// A large file's rows leave their code in the file; rowCode reads it back from the Blob's bytes, exactly the code
// the whole-text import keeps, for every dialect and any character; and says so when the file is gone.
import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../core/dataset';
import { importFiles } from '../core/importers/index';
import { importStreamed } from '../core/importers/stream';
import { streamSource } from './datasetFile';
import { CodeUnreadableError, KEPT_IMPORTS, registerImportFiles, rowCode, withCode } from './rowCode';

const crscore = [1, 2, 3]
  .map((k) => JSON.stringify({ id: `c${k}`, diff: '@@ -1 +1 @@\n+x', old_code: `def f():\r\n    return "é${k}"`, new_code: `😀\n${k}`, reviews: [{ system: 's', review: 'Fine.' }] }))
  .join('\r\n');
const codeReviewer = [1, 2].map((k) => JSON.stringify({ id: `r${k}`, patch: '@@ -1 +1 @@\n+y', oldf: `class A${k} {}\n`, msg: 'Rename it.', gpt_pred: 'Looks fine.' })).join('\n');

async function streamedRows(files: { name: string; text: string }[]): Promise<DatasetRow[]> {
  const blobs = files.map((f) => ({ name: f.name, blob: new Blob(['\uFEFF', f.text]) }));
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
});
