// The lab's statistics against the project's existing bootstrap (same seed, same resamples of changes): a metric
// column gives exactly bootstrap()'s correlation intervals and system means, and the paired difference gives
// exactly compareConfigurations()'. Reviews without a value are left out, never counted as 0.
import { describe, expect, it } from 'vitest';
import { bootstrap, compareConfigurations, mulberry32, type ReviewRecord } from '../bootstrap';
import { labAgreement, createLabAgreement } from './agreement';
import { formatLabAgreement, formatLabRanking, formatLabSystems } from './tables';
import type { LabMetric, LabRecord } from './types';

function fixture(seed = 7): { recs: ReviewRecord[]; other: ReviewRecord[] } {
  const rng = mulberry32(seed);
  const recs: ReviewRecord[] = [];
  const other: ReviewRecord[] = [];
  for (let c = 0; c < 40; c++)
    for (const [s, system] of ['a', 'b', 'c', 'd'].entries()) {
      const q = rng();
      const human = rng() < 0.1 ? null : { con: Math.round(q * 4) / 4, comp: Math.round((q * 0.7 + rng() * 0.3) * 4) / 4, rel: Math.round((q + s * 0.1) * 4) / 5 };
      const base = { changeId: `ch${c}`, system, human };
      recs.push({ ...base, con: q + rng() * 0.5, comp: rng(), rel: q * 0.6 + rng() * 0.4 });
      other.push({ ...base, con: rng(), comp: rng(), rel: q * 0.3 + rng() * 0.7 });
    }
  return { recs, other };
}

const col = (id: string, recs: ReviewRecord[], pick: (r: ReviewRecord) => number | null): LabMetric => ({
  id,
  label: id,
  family: 'crscore',
  config: { source: 'test' },
  values: recs.map(pick),
});
const records = (recs: ReviewRecord[]): LabRecord[] => recs.map(({ changeId, system, human }) => ({ changeId, system, human: human ?? null }));

describe('labAgreement', () => {
  it('gives bootstrap()\'s correlations, intervals and system means for the same column, seed and resamples', () => {
    const { recs } = fixture();
    const r = labAgreement(records(recs), [col('rel', recs, (x) => x.rel)], { resamples: 200, seed: 5 });
    const b = bootstrap(recs, { resamples: 200, seed: 5 });
    const m = r.metrics[0];
    expect(m.n).toBe(b.correlations.n);
    expect(m.correlations.rel.spearman.r).toBeCloseTo(b.correlations.rel.spearman, 12);
    expect([m.correlations.rel.spearman.lo, m.correlations.rel.spearman.hi]).toEqual(b.correlations.rel.spearmanCi);
    expect([m.correlations.rel.kendall.lo, m.correlations.rel.kendall.hi]).toEqual(b.correlations.rel.kendallCi);
    for (const s of b.systems) {
      const row = m.systems.find((x) => x.system === s.system)!;
      expect(row.mean!.mean).toBeCloseTo(s.rel.mean, 12);
      expect(row.mean!.lo).toBeCloseTo(s.rel.lo, 12);
      expect(row.mean!.hi).toBeCloseTo(s.rel.hi, 12);
    }
    expect(m.systems.map((s) => s.mean!.mean)).toEqual([...m.systems.map((s) => s.mean!.mean)].sort((x, y) => y - x));
    expect(m.pairedVsBaseline).toBeNull();
    expect(r.baseline).toBe('rel');
  });

  it('gives compareConfigurations()\' paired difference against the baseline', () => {
    const { recs, other } = fixture();
    const r = labAgreement(records(recs), [col('base', recs, (x) => x.rel), col('other', other, (x) => x.rel)], { resamples: 150, seed: 9 });
    const c = compareConfigurations(other, recs, { resamples: 150, seed: 9 });
    const p = r.metrics[1].pairedVsBaseline!;
    expect(p.baseline).toBe('base');
    expect(p.n).toBe(c.n);
    expect(p.spearman.rel.diff).toBeCloseTo(c.spearman.rel.diff, 12);
    expect([p.spearman.rel.lo, p.spearman.rel.hi]).toEqual([c.spearman.rel.lo, c.spearman.rel.hi]);
    expect(p.spearman.rel.significant).toBe(c.spearman.rel.significant);
    expect(p.kendall.rel.diff).toBeCloseTo(c.kendall.rel.diff, 12);
  });

  it('leaves reviews without a value out (n, paired n, system n), counts why, and never treats them as 0', () => {
    const { recs } = fixture();
    const holes = recs.map((x, i) => (i % 5 === 0 ? null : x.rel));
    const metric: LabMetric = { ...col('ref', recs, () => null), family: 'reference', values: holes, gaps: holes.map((v) => (v === null ? 'not-applicable' : null)) };
    const zeros = col('zeros', recs, (x) => x.rel);
    zeros.values = holes.map((v) => v ?? 0);
    const r = labAgreement(records(recs), [col('full', recs, (x) => x.rel), metric, zeros], { resamples: 50, seed: 1 });
    const [full, withHoles, withZeros] = r.metrics;
    const scoredWithValue = recs.filter((x, i) => x.human && holes[i] !== null).length;
    expect(withHoles.n).toBe(scoredWithValue);
    expect(withHoles.gaps['not-applicable']).toBe(recs.length / 5);
    expect(withHoles.pairedVsBaseline!.n).toBe(scoredWithValue);
    expect(withZeros.n).toBe(full.n);
    expect(withHoles.correlations.rel.spearman.r).not.toBeCloseTo(withZeros.correlations.rel.spearman.r, 6);
    expect(withHoles.systems.reduce((a, s) => a + s.n, 0)).toBe(recs.length - recs.length / 5);
  });

  it('ranks systems like the humans when the metric is the human score', () => {
    const { recs } = fixture();
    const r = labAgreement(records(recs), [col('h', recs, (x) => x.human?.rel ?? null)], { resamples: 100, seed: 2 });
    expect(r.metrics[0].systemRanking.rel.spearman.r).toBeCloseTo(1, 12);
    expect(r.metrics[0].systemRanking.systems).toBe(4);
  });

  it('runs in steps with the same result, and refuses a baseline that is not a metric', () => {
    const { recs } = fixture();
    const ms = [col('x', recs, (x) => x.rel)];
    const s = createLabAgreement(records(recs), ms, { resamples: 30, seed: 4 });
    while (!s.step(7));
    expect(s.result()).toEqual(labAgreement(records(recs), ms, { resamples: 30, seed: 4 }));
    expect(() => labAgreement(records(recs), ms, { baseline: 'nope' })).toThrow(/baseline nope/);
  });

  it('tables record the settings, each metric\'s configuration and its prompt in every format', () => {
    const { recs, other } = fixture();
    const llm: LabMetric = { ...col('llm-grade', other, (x) => Math.round(x.rel * 4) + 1), family: 'llm-grade', config: { model: 'm1', prompt: 'Grade {{review}}\nagainst {{reference}}' } };
    const r = labAgreement(records(recs), [col('base', recs, (x) => x.rel), llm], { resamples: 20, seed: 3 });
    for (const f of ['csv', 'markdown', 'latex'] as const) {
      const t = formatLabAgreement(r, f, { dataset: 'fixture' });
      expect(t).toContain('fixture');
      expect(t).toContain('m1');
      expect(t).toContain('against {{reference}}');
      expect(formatLabSystems(r, 'llm-grade', f)).toContain('m1');
      expect(formatLabRanking(r, f)).toContain('seed');
    }
    const csv = formatLabAgreement(r, 'csv').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(csv[0].split(',')).toContain('d_spearman_significant');
    expect(csv).toHaveLength(1 + 2 * 3);
    expect(formatLabAgreement(r, 'text')).toMatch(/baseline/);
  });
});
