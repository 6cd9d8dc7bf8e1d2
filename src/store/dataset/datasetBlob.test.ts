// The export and the hand-off to Research write each row's code, also a streamed row's (left in its file): the
// Blob's text is exactly datasetToJsonl of the rows with their code inline.
import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../core/dataset';
import { datasetToJsonl } from '../../core/datasetJsonl';
import { importFiles } from '../../core/importers/index';
import { importStreamed } from '../../core/importers/stream';
import { datasetBlob } from './datasetBlob';
import { isBlobFile, streamSource, type DatasetFile } from './datasetFile';
import { usePseudoRefsBatch } from '../research/pseudoRefsBatch';
import { useResearch } from '../research/research';
import { CodeUnreadableError, registerImportFiles } from './rowCode';

// More rows than one slice (256), with CRLF code, non-ASCII and a row without code.
const text = Array.from({ length: 600 }, (_, k) =>
  JSON.stringify({
    id: `c${k}`,
    lang: 'py',
    diff: `@@ -1 +1 @@\n-a${k}\n+b${k}`,
    ...(k % 7 === 3 ? {} : { old_code: `def f():\r\n    return "é${k}"\n`, new_code: `# 😀\nx = ${k}\n` }),
    pseudo_refs: [{ no: 1, type: 'claim', text: `claim ${k}`, necessary: 1 }],
    reviews: [{ system: 's', review: 'Fine.', claims_addressed: '1', con: 3, comp: 4, rel: 5 }],
  }),
).join('\n');

async function streamedRows(): Promise<DatasetRow[]> {
  const files = [{ name: 'big.jsonl', blob: new Blob([text]) }];
  const rows: DatasetRow[] = [];
  await importStreamed(files.map(streamSource), (rs) => rows.push(...rs), { source: registerImportFiles(files) });
  return rows;
}

describe('datasetBlob', () => {
  it("writes streamed rows with their code read back, as datasetToJsonl writes the rows with code inline", async () => {
    const rows = await streamedRows();
    expect(rows.filter((r) => r.codeAt)).toHaveLength(600 - 86);
    const config = { source: 'generate', generatedAt: '2025-01-01T00:00:00.000Z' };
    const progress: number[] = [];
    const blob = await datasetBlob(rows, config, { onProgress: (done) => progress.push(done) });
    const inline = importFiles([{ name: 'big.jsonl', text }]).rows;
    expect(await blob.text()).toBe(datasetToJsonl(inline, config));
    expect(await blob.text()).toContain('"old_code":"def f():\\r\\n    return \\"é0\\"\\n"');
    expect(progress).toEqual([0, 256, 512, 600]);
  });

  it('stops with why when a row\'s code cannot be read, rather than writing the row without it', async () => {
    const rows = await streamedRows();
    const broken = rows.map((r, k) => (k === 300 ? { ...r, codeAt: { ...r.codeAt!, source: 10_000 } } : r));
    await expect(datasetBlob(broken, undefined)).rejects.toThrow(CodeUnreadableError);
  });

  it("the batch's export is that Blob, and an unreadable row is said, not exported", async () => {
    const rows = await streamedRows();
    const config = { source: 'analyzers' as const, generatedAt: '2025-01-01T00:00:00.000Z' };
    const stats = { changes: rows.length, claims: 0, issues: 0, requests: 0, cached: 0, failed: 0, notScorable: 0 };
    usePseudoRefsBatch.setState({ result: { rows, stats, reports: [], config } as never });
    const blob = await usePseudoRefsBatch.getState().exportJsonl();
    expect(await blob!.text()).toBe(datasetToJsonl(importFiles([{ name: 'big.jsonl', text }]).rows, config));
    expect(usePseudoRefsBatch.getState().writing).toBeNull();

    usePseudoRefsBatch.setState({ result: { rows: [{ ...rows[0], codeAt: { ...rows[0].codeAt!, source: 10_000 } }], stats, reports: [], config } as never });
    expect(await usePseudoRefsBatch.getState().exportJsonl()).toBeNull();
    expect(usePseudoRefsBatch.getState().writing?.error).toMatch(/not written: The code of change c0 is in a file this page no longer has open/);
  });

  it('hands Research the Blob (imported as a large file is, streamed), never one string', async () => {
    const rows = await streamedRows();
    const config = { source: 'analyzers' as const, generatedAt: '2025-01-01T00:00:00.000Z' };
    const stats = { changes: rows.length, claims: 0, issues: 0, requests: 0, cached: 0, failed: 0, notScorable: 0 };
    const handed: DatasetFile[][] = [];
    useResearch.setState({ datasetName: 'big.jsonl', importFiles: async (files) => (handed.push(files), true) });
    usePseudoRefsBatch.setState({ result: { rows, stats, reports: [], config } as never, writing: null, message: null });
    await usePseudoRefsBatch.getState().useInResearch();
    expect(handed).toHaveLength(1);
    const [file] = handed[0];
    expect(file.name).toBe('big.with-pseudo-refs.jsonl');
    expect(isBlobFile(file) && (await file.blob.text())).toBe(datasetToJsonl(importFiles([{ name: 'big.jsonl', text }]).rows, config));
    expect(usePseudoRefsBatch.getState().message).toMatch(/Research now scores this dataset/);
  });
});
