import { describe, expect, it } from 'vitest';
import { bootstrap, mulberry32, type ReviewRecord } from '../bootstrap.ts';
import type { DatasetRow } from '../dataset.ts';
import { baselineMetrics, wordCount } from './baselines.ts';
import { humanCeiling } from './ceiling.ts';
import { metaEvaluate, type MetaMetric, type MetaRecord } from './report.ts';
import { metaEvalSignature, type SignatureConfig } from './signature.ts';
import { groupedStatistic, groupsFor } from './grouped.ts';

/** 30 changes × 5 systems; metric 'good' follows the humans, 'noisy' less so. */
function dataset() {
  const r = mulberry32(7);
  const records: MetaRecord[] = [];
  const good: number[] = [], noisy: number[] = [];
  for (let c = 0; c < 30; c++)
    for (let s = 0; s < 5; s++) {
      const q = s / 4 + (r() - 0.5) * 0.6;
      const h = Math.min(1, Math.max(0, Math.round(q * 4) / 4));
      records.push({ changeId: `c${String(c).padStart(2, '0')}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
      good.push(Math.round((q + (r() - 0.5) * 0.3) * 3) / 3);
      noisy.push(q + (r() - 0.5) * 2);
    }
  const metrics: MetaMetric[] = [
    { id: 'good.rel', label: 'Good', values: good },
    { id: 'noisy', label: 'Noisy', values: noisy },
  ];
  return { records, metrics, good, noisy };
}

describe('metaEvaluate', () => {
  const { records, metrics, good } = dataset();

  it('pooled intervals use the same resamples as src/core/bootstrap.ts', () => {
    const rep = metaEvaluate(records, metrics, { resamples: 200, seed: 5 });
    const rows: ReviewRecord[] = records.map((x, i) => ({ ...x, con: good[i], comp: good[i], rel: good[i] }));
    const b = bootstrap(rows, { resamples: 200, seed: 5 });
    const row = rep.rows.find((x) => x.id === 'good.rel')!;
    expect(row.stats.spearman.value).toBeCloseTo(b.correlations.rel.spearman, 12);
    expect(row.stats.spearman.lo).toBeCloseTo(b.correlations.rel.spearmanCi[0], 12);
    expect(row.stats.kendall.hi).toBeCloseTo(b.correlations.rel.kendallCi[1], 12);
  });

  it('ranks by the statistic, clusters by significance, labels in-sample and cross-validated ε', () => {
    const rep = metaEvaluate(records, metrics, { resamples: 200, seed: 5, statistic: 'acc_eq', grouping: 'item' });
    expect(rep.rows.map((x) => x.id)).toEqual(['good.rel', 'noisy']);
    expect(rep.rows[0].rank).toBe(1);
    const cmp = rep.comparisons.find((c) => c.a === 'good.rel' && c.b === 'noisy')!;
    expect(cmp.delta).toBeGreaterThan(0);
    expect(rep.rows[1].cluster).toBe(cmp.pPerm < 0.05 ? 2 : 1);
    const t = rep.rows[0].ties;
    expect(t.accInSample).toBeCloseTo(rep.rows[0].stats.acc_eq.value, 12);
    expect(t.epsCv).toHaveLength(5);
    expect(Number.isFinite(t.accCv)).toBe(true);
    // The point figure is the item-grouped acc_eq at the in-sample ε.
    const idx = records.map((_, i) => i);
    const groups = groupsFor('item', good, idx.map((i) => records[i].human!.rel), idx.map((i) => Number(records[i].changeId.slice(1))), idx.map((i) => Number(records[i].system.slice(1))));
    expect(rep.rows[0].stats.acc_eq.value).toBeCloseTo(groupedStatistic('acc_eq', groups, t.eps), 12);
  });

  it('system level carries pairwise accuracy and SPA; a table is for one human dimension', () => {
    const rep = metaEvaluate(records, [...metrics, { id: 'x.con', label: 'Con only', values: good }], { resamples: 50, grouping: 'system', statistic: 'pairwise' });
    expect(rep.rows.map((x) => x.id).sort()).toEqual(['good.rel', 'noisy']);
    for (const row of rep.rows) {
      expect(row.pairwise!.value).toBeGreaterThanOrEqual(0);
      expect(row.spa!.value).toBeGreaterThan(0);
      expect(row.spa!.value).toBeLessThanOrEqual(1);
    }
  });

  it('ranked by system-level pairwise accuracy, a constant falls into its own cluster (paired bootstrap)', () => {
    const rep = metaEvaluate(records, [metrics[0], { id: 'flat', label: 'Flat', values: good.map(() => 1) }], { resamples: 200, grouping: 'system', statistic: 'pairwise' });
    expect(rep.rows.map((x) => [x.id, x.cluster])).toEqual([['good.rel', 1], ['flat', 2]]);
    expect(rep.comparisons[0].pBoot).toBeLessThan(0.05);
    expect(rep.comparisons[0].pPerm).toBeNaN();
  });

  it('rejects a system-level statistic under another grouping, and misaligned columns', () => {
    expect(() => metaEvaluate(records, metrics, { statistic: 'spa' })).toThrow(/system-level/);
    expect(() => metaEvaluate(records, [{ id: 'bad', label: 'Bad', values: [1] }])).toThrow(/1 values/);
  });
});

describe('baselines', () => {
  const reviews = [
    { changeId: 'b', system: 's', review: 'Please rename  this\nvariable' },
    { changeId: 'a', system: 's', review: null },
  ];
  it('length in words, a constant, and a seeded random score independent of the order', () => {
    const [len, rnd, cst] = baselineMetrics(reviews, 3);
    expect(len.values).toEqual([4, 0]);
    expect(cst.values).toEqual([0.5, 0.5]);
    const [, rnd2] = baselineMetrics([...reviews].reverse(), 3);
    expect(rnd2.values).toEqual([...rnd.values].reverse());
    expect(wordCount('  ')).toBe(0);
  });
});

describe('human ceiling', () => {
  const row = (id: string, scores: [string, number][]): DatasetRow => ({
    id, lang: 'py', index: 0, diff: '', oldFile: null, newFile: null, oldCode: null, newCode: null, pseudoRefs: [], referenceAnalyzerOutput: null,
    reviews: scores.map(([system, v]) => ({ system, review: 'r', claimsAddressed: null, con: v, comp: v, rel: v })),
  });
  it('pairs the reviews both annotators scored: α and the first annotator as the metric', () => {
    const a = { annotator: 'ann', rows: [row('p-1', [['s1', 1], ['s2', 3], ['s3', 5], ['msg', 5]])] };
    const b = { annotator: 'bob', rows: [row('p-1', [['s1', 1], ['s2', 3], ['s3', 5]])] };
    const c = humanCeiling([b, a]);
    expect(c.annotators).toEqual(['ann', 'bob']);
    expect(c.records).toHaveLength(3);
    expect(c.alpha!.rel.alpha).toBe(1);
    expect(c.metrics.find((m) => m.id === 'annotator.rel')!.values).toEqual([0, 0.5, 1]);
    expect(c.missing).toBeNull();
  });
  it('says so when every review has a single annotator', () => {
    const c = humanCeiling([{ annotator: 'ann', rows: [row('p-1', [['s1', 1]])] }, { annotator: 'bob', rows: [row('p-2', [['s1', 2]])] }]);
    expect(c.annotators).toBeNull();
    expect(c.missing).toMatch(/single annotator per review: 2 reviews/);
    expect(humanCeiling([{ annotator: 'ann', rows: [] }]).missing).toMatch(/one annotator/);
  });
});

describe('signature', () => {
  const base: SignatureConfig = {
    preset: 'paper', similarity: 'lexical', scoring: 'hard', split: 'reference', tau: 0.73141, tauSource: 'calibration:gpt3.5_pred',
    pseudoRefs: 'dataset', grouping: 'item', statistic: 'acc_eq', resamples: 1000, seed: 1, ties: 'in-sample+cv5', version: '0.1.0',
  };
  it('records every field, the same for the same configuration', () => {
    const s = metaEvalSignature(base);
    expect(s).toBe('metric:paper|sim:lexical|rule:hard|enc:-|pool:-|split:reference|tau:0.7314(calibration:gpt3.5_pred)|prefs:dataset|claims:-|analyzers:-|linker:-|group:item|stat:acc_eq|dim:rel|boot:1000|seed:1|ties:in-sample+cv5|version:0.1.0|data:-|imports:-');
    expect(metaEvalSignature({ ...base })).toBe(s);
    // The dataset (name, rows, the hash's first 12 hex digits) and the imported files' configurations.
    const named = metaEvalSignature({ ...base, dataset: { name: 'dev set.jsonl', rows: 150, sha256: '82003db8c4a8'.padEnd(64, '0') }, imports: [{ name: 'plus', config: 'crscore-plus' }, { name: 'mine', config: 'unsigned' }] });
    expect(named.endsWith('|data:dev_set.jsonl(150,sha256=82003db8c4a8)|imports:plus=crscore-plus+mine=unsigned')).toBe(true);
    expect(metaEvalSignature({ ...base, encoder: 'use-lite', encoderRevision: 'abcdef0123456789' })).toContain('enc:use-lite@abcdef012345');
    expect(metaEvalSignature({ ...base, seed: 2 })).not.toBe(s);
  });
});
