// Issue 38: meta-evaluations that cannot say anything said something (zero-width intervals and "p_boot < 0.01" with
// one change; acc_eq 1.000 for every metric when the humans tie every review). They now say "undefined", and why.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { metaEvaluate, type MetaMetric, type MetaRecord } from './report.ts';
import { metaEvalTable } from './tables.ts';

function data(changes: number, human: (c: number, s: number) => number) {
  const r = mulberry32(3);
  const records: MetaRecord[] = [];
  const good: number[] = [];
  const random: number[] = [];
  for (let c = 0; c < changes; c++)
    for (let s = 0; s < 6; s++) {
      const h = human(c, s);
      records.push({ changeId: `c${c}`, system: `s${s}`, human: { con: h, comp: h, rel: h } });
      good.push(h + r() * 0.2);
      random.push(r());
    }
  const metrics: MetaMetric[] = [
    { id: 'good', label: 'Good', values: good },
    { id: 'random', label: 'Random', values: random },
  ];
  return { records, metrics };
}

const varied = (c: number, s: number) => ((c * 3 + s * 7) % 5) / 4;

describe('degenerate meta-evaluations', () => {
  it('one change: no interval and no bootstrap or permutation p, with the reason (before: zero-width intervals, p_boot 0 beside p_perm 1)', () => {
    const { records, metrics } = data(1, varied);
    for (const grouping of ['none', 'item', 'system'] as const) {
      const rep = metaEvaluate(records, metrics, { resamples: 200, seed: 1, grouping, statistic: 'kendall' });
      for (const row of rep.rows)
        for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as const) {
          expect(row.stats[s].lo, `${grouping} ${row.id} ${s}`).toBeNaN();
          expect(row.stats[s].hi).toBeNaN();
          expect(row.stats[s].intervalWhy).toMatch(/only 1 change/);
        }
      expect(rep.comparisons.length).toBeGreaterThan(0);
      for (const c of rep.comparisons) {
        expect(c.pPerm).toBeNaN();
        expect(c.pBoot).toBeNaN();
        expect(c.why).toMatch(/only 1 change/);
      }
      expect(new Set(rep.rows.map((r) => r.cluster))).toEqual(new Set([1]));
    }
    const good = metaEvaluate(records, metrics, { resamples: 200, seed: 1 }).rows.find((r) => r.id === 'good')!;
    expect(good.stats.kendall.value).toBeGreaterThan(0.5); // the point itself is still given
  });

  it('every human score tied: acc_eq undefined for every metric, random included (before: 1.000 for all)', () => {
    const { records, metrics } = data(10, () => 0.5);
    for (const grouping of ['none', 'item', 'system'] as const) {
      const rep = metaEvaluate(records, metrics, { resamples: 100, seed: 1, grouping, statistic: 'acc_eq' });
      for (const row of rep.rows) {
        expect(row.stats.acc_eq.value, `${grouping} ${row.id}`).toBeNaN();
        expect(row.stats.acc_eq.lo).toBeNaN();
        expect(row.stats.acc_eq.why).toMatch(/human scores are all tied/);
        expect(row.ties.accCv).toBeNaN();
        expect(row.ties.accInSample).toBeNaN();
        expect(row.stats.kendall.value).toBeNaN();
        expect(row.stats.kendall.why).toMatch(/human scores are all tied/);
      }
    }
  });

  it('the table (CLI text, the page) says "undefined" and why; JSON gives null with the reason', () => {
    const { records, metrics } = data(10, () => 0.5);
    const rep = metaEvaluate(records, metrics, { resamples: 100, seed: 1, statistic: 'acc_eq' });
    const t = metaEvalTable(rep, null);
    const acc = t.header.indexOf('acc_eq');
    expect(t.rows.map((r) => r[acc])).toEqual(['undefined', 'undefined']);
    expect(t.note).toMatch(/undefined: the human scores are all tied/);
    const json = JSON.parse(JSON.stringify(rep, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x)));
    expect(json.rows[0].stats.acc_eq).toMatchObject({ value: null, lo: null, hi: null, why: expect.stringMatching(/all tied/) });
  });

  it('a point estimate outside its percentile interval is marked †, the interval kept as computed', () => {
    // A change drawn twice adds pairs of reviews tied in both scores; Kendall's τ-b leaves them out of its
    // denominator, so resampled τ-b run above the sample's: here every one of the 100 does.
    const { records, metrics } = data(12, varied);
    const rep = metaEvaluate(records, metrics, { resamples: 100, seed: 1 });
    const good = rep.rows.find((r) => r.id === 'good')!;
    expect(good.stats.kendall.value).toBeLessThan(good.stats.kendall.lo);
    const t = metaEvalTable(rep, null);
    const row = t.rows.find((r) => r[1] === 'Good')!;
    expect(row[t.header.indexOf('Kendall τ-b')]).toBe('0.901 [0.902, 0.911] †');
    expect(row[t.header.indexOf('Pearson')]).not.toContain('†');
    expect(t.note).toMatch(/† the point estimate lies outside its percentile interval/);
  });

  it('ordinary data: no reason anywhere, the figures as they were', () => {
    const { records, metrics } = data(12, varied);
    const rep = metaEvaluate(records, metrics, { resamples: 100, seed: 1 });
    for (const row of rep.rows)
      for (const s of ['pearson', 'spearman', 'kendall', 'acc_eq'] as const) {
        expect(row.stats[s].why).toBeUndefined();
        expect(row.stats[s].intervalWhy).toBeUndefined();
        expect(row.stats[s].lo).toBeLessThanOrEqual(row.stats[s].hi);
      }
    for (const c of rep.comparisons) expect(c.why).toBeUndefined();
  });
});
