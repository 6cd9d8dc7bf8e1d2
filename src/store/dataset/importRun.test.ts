import { describe, expect, it } from 'vitest';
import { importFiles } from '../../core/importers/index';
import { sampleJsonl } from '../../core/importers/sample';
import { calibrateRun, lexicalMatrices, prepare } from '../../core/research/index';
import { importDataset, pickedFiles, WORKER_CHARS } from './importRun';
import { calibratePaced, preparePaced } from '../research/researchRun';

describe('Research import and prepare, paced', () => {
  it('parses small files at once, exactly as importFiles', () => {
    const files = [{ name: 'sample.jsonl', text: sampleJsonl() }];
    const out = importDataset(files, () => {
      throw new Error('no progress for a small file');
    });
    expect(out).not.toBeInstanceOf(Promise);
    expect(out).toEqual(importFiles(files));
  });

  it('parses large files as importFiles where there are no workers (Node)', async () => {
    const text = sampleJsonl(Math.ceil(WORKER_CHARS / sampleJsonl(1).length) + 10, 3);
    expect(text.length).toBeGreaterThan(WORKER_CHARS);
    const files = [{ name: 'big.jsonl', text }];
    expect(await importDataset(files, () => undefined)).toEqual(importFiles(files));
  });

  it('keeps large picked files as Files (decoded off the page) and reads small ones; either gives importFiles\' rows', async () => {
    const text = '\uFEFF' + sampleJsonl(Math.ceil(WORKER_CHARS / sampleJsonl(1).length) + 10, 3).replace('a', 'é');
    const big = await pickedFiles([new File([text], 'big.jsonl')]);
    expect(big[0]).toHaveProperty('blob');
    expect(await importDataset(big, () => undefined)).toEqual(importFiles([{ name: 'big.jsonl', text: await new Blob([text]).text() }]));
    const small = await pickedFiles([new File([sampleJsonl()], 'sample.jsonl')]);
    expect(small).toEqual([{ name: 'sample.jsonl', text: sampleJsonl() }]);
  });

  it('prepares a dataset a slice of rows per task, exactly as prepare()', async () => {
    const rows = importFiles([{ name: 'big.jsonl', text: sampleJsonl(1200, 5) }]).rows;
    expect(rows.reduce((a, r) => a + r.reviews.length, 0)).toBeGreaterThan(3000);
    for (const split of ['reference', 'improved'] as const) expect(await preparePaced(rows, split, () => false)).toEqual(prepare(rows, split));
  });

  it('stops between slices when cancelled', async () => {
    const rows = importFiles([{ name: 'big.jsonl', text: sampleJsonl(1200, 5) }]).rows;
    expect(await preparePaced(rows, 'reference', () => true)).toBeNull();
  });

  it('calibrates a slice of items per task, exactly as calibrateRun (τ, sd, every value, the system chosen)', async () => {
    const p = prepare(importFiles([{ name: 'big.jsonl', text: sampleJsonl(3600, 9) }]).rows, 'reference');
    expect(p.items.length).toBeGreaterThan(10_000); // more than one slice
    const { matrices } = lexicalMatrices(p.items);
    for (const system of [p.systems[1], 'no such system']) expect(await calibratePaced(p.items, matrices, system)).toEqual(calibrateRun(p.items, matrices, system));
  });
});
