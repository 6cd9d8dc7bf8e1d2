// Records packed for the bootstrap worker come back as the same records, and give the same intervals.
import { describe, expect, it } from 'vitest';
import { createBootstrap, type ReviewRecord } from '../../core/bootstrap';
import type { EvalItem } from '../../core/evaluate';
import { reviewRecords } from '../../core/evalRecords';
import { columnsOf } from '../../core/scoreColumns';
import { packRecords, packScores, recordsBase, unpackRecords } from './recordsPack';

const records: ReviewRecord[] = Array.from({ length: 60 }, (_, k) => ({
  changeId: `c${k % 17}`,
  system: ['a', 'b', 'c'][k % 3],
  con: (k * 7) % 11 / 10,
  comp: (k * 5) % 13 / 12,
  rel: (k * 3) % 7 / 6,
  human: k % 5 === 0 ? null : { con: (k % 4) / 4, comp: (k % 3) / 3, rel: (k % 5) / 5 },
}));

describe('packRecords', () => {
  it('round-trips every field (an unscored review stays unscored)', () => {
    expect(unpackRecords(packRecords(records))).toEqual(records);
  });
  it('gives the same bootstrap report, to the last digit', () => {
    const run = (rs: ReviewRecord[]) => {
      const b = createBootstrap(rs, { resamples: 50, seed: 3 });
      while (!b.step(10));
      return b.result();
    };
    expect(run(unpackRecords(packRecords(records)))).toEqual(run(records));
  });
});

describe('packScores', () => {
  it('is packRecords(reviewRecords(items, scores)) from the run base and the score columns', () => {
    const items: EvalItem[] = records.map((r) => ({ rowId: r.changeId, system: r.system, lang: 'py', sentences: [], pseudoReferences: [], pseudoReferenceKinds: [], human: r.human ?? null }));
    const cols = columnsOf(records);
    const base = recordsBase(items);
    const packed = packScores(base, cols);
    expect(packed).toEqual(packRecords(reviewRecords(items, cols)));
    // The base stays whole for the next τ (the packed arrays are transferred away).
    expect(packScores(base, cols)).toEqual(packed);
    expect(packed.change).not.toBe(base.change);
    // A change's reviews one after another (as prepare() lists them): the same tables and indexes.
    const grouped = [...items].sort((x, y) => (x.rowId < y.rowId ? -1 : x.rowId > y.rowId ? 1 : 0));
    expect(packScores(recordsBase(grouped), cols)).toEqual(packRecords(reviewRecords(grouped, cols)));
  });
});
