// acc_eq's ε: the default search tries candidates beyond 2,000,000 pairs; 'exhaustive' sweeps every pair.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../bootstrap.ts';
import { metaEvaluate, type MetaMetric, type MetaRecord } from './report.ts';
import { calibrateTies } from './ties.ts';

function pooled(n: number) {
  const r = mulberry32(11);
  const records: MetaRecord[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const h = Math.floor(r() * 5) / 4;
    records.push({ changeId: `c${i}`, system: 's', human: { con: h, comp: h, rel: h } });
    values.push(Math.round((h + (r() - 0.5) * 1.2) * 1e6) / 1e6);
  }
  const metrics: MetaMetric[] = [{ id: 'm.rel', label: 'M', values }];
  return { records, metrics, values };
}

describe("acc_eq's ε search", () => {
  const { records, metrics, values } = pooled(2100); // 2,203,950 pairs: past the exact sweep's default limit
  it("searches candidates by default past 2,000,000 pairs, and sweeps every pair with 'exhaustive'", () => {
    const search = metaEvaluate(records, metrics, { resamples: 0, grouping: 'none', statistic: 'acc_eq' }).rows[0];
    const full = metaEvaluate(records, metrics, { resamples: 0, grouping: 'none', statistic: 'acc_eq', epsSearch: 'exhaustive' }).rows[0];
    expect(search.ties.method).toBe('candidates');
    expect(full.ties.method).toBe('exact');
    const exact = calibrateTies([{ x: values, h: records.map((x) => x.human!.rel) }], { maxExactPairs: Infinity });
    expect(full.ties.eps).toBe(exact.eps);
    expect(full.stats.acc_eq.value).toBeCloseTo(exact.acc, 9);
    expect(full.stats.acc_eq.value).toBeGreaterThanOrEqual(search.stats.acc_eq.value);
  }, 60_000);
});
