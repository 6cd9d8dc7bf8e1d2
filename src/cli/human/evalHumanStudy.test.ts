// The human study through `crscore eval --dataset … --human-data` (its Con, Comp and Rel three dimensions of the
// human-data model, src/core/humanData/study.ts) gives the human study's own path's figures: the same rows of the
// meta-evaluation, pooled, by change and by system, for the same metrics, τ and resamples.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetaRow } from '../../core/metaeval/index.ts';
import { studyShapedJsonl } from '../../testing/studyParity.ts';
import type { HumanEvalOutput } from './evalHumanReport.ts';
import { evalLayout } from '../eval/evalRead.ts';
import { crscore, FIXTURES } from '../shared/testing.ts';

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-study-'));
  file = path.join(dir, 'gen.jsonl');
  writeFileSync(file, studyShapedJsonl(30));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => {
  const r = crscore(['eval', '--dataset', file, '--metrics', 'crscore,bleu,chrf', '--tau', '0.2', '--bootstrap', '40', '--json', ...args]);
  expect(r.stderr).not.toMatch(/Error:/);
  expect(r.code).toBe(0);
  return { out: JSON.parse(r.stdout) as Record<string, unknown>, stderr: r.stderr };
};
type Groupings = NonNullable<HumanEvalOutput['metaeval']>['groupings'];
const rowsOf = (g: Groupings[keyof Groupings]) => {
  if (!g || 'undefined' in g) throw new Error('grouping not computed');
  return g.rows;
};

describe('crscore eval --human-data on the human study', () => {
  it("gives the human study's path's meta-evaluation, figure for figure, in every grouping", () => {
    const human = run(['--human-data', '--metaeval']);
    expect(human.stderr).toMatch(/36 of 180 reviews are left out: their change has no pseudo-references/);
    const h = human.out as unknown as HumanEvalOutput;
    expect(h.dataset).toMatchObject({ layout: 'human-study', changes: 30, reviews: 180 });
    expect(h.crscore).toMatchObject({ pseudoRefs: 'dataset', tau: 0.2 });
    expect(h.dimension.matched).toBeDefined();
    const key = { none: 'pooled', item: 'item', system: 'system' } as const;
    for (const g of ['none', 'item', 'system'] as const) {
      // The human study's own path (its rows, collectEvalItems, the lexical similarity at --tau).
      const own = run(['--similarity', 'lexical', '--metaeval', '--grouping', g]).out as { metaeval: { rows: MetaRow[] } };
      const mine = rowsOf(h.metaeval!.groupings[key[g]]);
      expect(own.metaeval.rows.map((r) => r.id).sort()).toEqual(['baseline.constant', 'baseline.length', 'baseline.random', 'bleu', 'chrf', 'crscore.rel']);
      // Rows in the same order with the same n, statistics, intervals, tie calibration, ranks and clusters.
      expect(JSON.stringify(mine)).toBe(JSON.stringify(own.metaeval.rows));
    }
  });

  it('--dim con judges every metric dimension against con; --pseudo-refs reference uses the reference review', () => {
    const con = run(['--human-data', '--metaeval', '--grouping', 'none', '--dim', 'con']).out as unknown as HumanEvalOutput;
    const rows = rowsOf(con.metaeval!.groupings.pooled);
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(['crscore.con', 'crscore.comp', 'crscore.rel', 'bleu']));
    expect(rows.every((r) => r.dim === 'con')).toBe(true);
    expect(con.dimension.matched).toBeUndefined();
    const ref = run(['--human-data', '--pseudo-refs', 'reference']).out as unknown as HumanEvalOutput;
    expect(ref.crscore).toMatchObject({ pseudoRefs: 'reference' });
    // Changes without a msg review are left out; those without pseudo-references of their own are not.
    expect(ref.metrics[0].leftOut['no reference review']).toBeGreaterThan(0);
    expect(ref.metrics[0].leftOut['no pseudo-references']).toBeUndefined();
  });

  it('--human-data insists on the study\'s layout, and says what does not fit', () => {
    // The layout is the file's, with or without --human-data (which asks for this report on it).
    expect(evalLayout(file, { mapping: false, humanData: false, predictions: false })).toBe('human-study');
    expect(evalLayout(file, { mapping: false, humanData: true, predictions: false })).toBe('human-study');
    const other = path.join(dir, 'rated.csv');
    writeFileSync(other, 'code,comment,gold,score\nx = 1,Fix it.,Fix this.,3\n');
    const notStudy = crscore(['eval', '--dataset', other, '--human-data', '--metrics', 'bleu']);
    expect(notStudy.code).not.toBe(0);
    expect(notStudy.stderr).toMatch(/--human-data: .*rated\.csv is not the human study's JSONL or CSV/);
    const mapped = crscore(['eval', '--dataset', path.join(FIXTURES, 'mini.jsonl'), '--human-data', '--map', 'review=review']);
    expect(mapped.stderr).toMatch(/--human-data reads the human study as it is/);
    const noOwn = crscore(['eval', '--dataset', other, '--map', 'diff=code,review=comment,reference=gold', '--human', 'score', '--metrics', 'bleu', '--pseudo-refs', 'dataset']);
    expect(noOwn.stderr).toMatch(/--pseudo-refs dataset: no change of .* has pseudo-references of its own/);
  });
});
