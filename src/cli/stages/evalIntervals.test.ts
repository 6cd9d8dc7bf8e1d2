import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../core/bootstrap.ts';
import { crscore, FIXTURES } from '../shared/testing.ts';

const mini = path.join(FIXTURES, 'mini.jsonl');
type Out = {
  n: number;
  bootstrap: { resamples: number; seed: number; changes: number };
  systems: { system: string; n: number; rel: { mean: number; lo: number; hi: number }; human: { n: number } | null }[];
  correlations: Record<string, { spearman: number; spearmanCi: [number, number] | null; kendallCi: [number, number] | null }>;
  pairwise: { a: string; b: string; significant: boolean }[];
};
const run = (...extra: string[]) => {
  const r = crscore(['eval', '--dataset', mini, '--tau', '0.6', '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Out;
};

describe('crscore eval intervals', () => {
  it('adds per-system means with intervals and Spearman intervals, the same for the same seed', () => {
    const a = run('--bootstrap', '300', '--seed', '5');
    expect(a.bootstrap).toMatchObject({ resamples: 300, seed: 5, changes: 2 });
    // mini.jsonl at τ 0.6 (see eval.test.ts): gpt3.5 scores 1 on both changes, knn 0 on both, lstm 0.5 and 0.
    const bySystem = Object.fromEntries(a.systems.map((s) => [s.system, s]));
    expect(bySystem['gpt3.5_pred'].rel).toEqual({ mean: 1, lo: 1, hi: 1 });
    expect(bySystem['knn_pred'].rel).toEqual({ mean: 0, lo: 0, hi: 0 });
    // Two changes: lstm's resample means are 0.5, 0.25 or 0, so the interval is [0, 0.5].
    expect(bySystem['lstm_pred'].rel).toEqual({ mean: 0.25, lo: 0, hi: 0.5 });
    expect(bySystem['stable_code_pred'].n).toBe(1);
    expect(bySystem['stable_code_pred'].human).toBeNull();
    expect(a.correlations.rel.spearmanCi).toHaveLength(2);
    expect(a.correlations.rel.spearmanCi![0]).toBeLessThanOrEqual(a.correlations.rel.spearman);
    expect(run('--bootstrap', '300', '--seed', '5')).toEqual(a);
  });

  it('default: 1,000 resamples, seed 1; --bootstrap 0 turns intervals off', () => {
    expect(run().bootstrap).toMatchObject({ resamples: 1000, seed: 1 });
    const off = run('--bootstrap', '0');
    expect(off.correlations.rel.spearmanCi).toBeNull();
    expect(off.systems.length).toBe(4);
    expect(Number.isNaN(off.systems[0].rel.lo) || off.systems[0].rel.lo === null).toBe(true);
  });

  it('the intervals are the core bootstrap over the same records', () => {
    const out = run('--bootstrap', '200', '--seed', '3');
    // Rebuild the records from the fixture's hand-checked scores (eval.test.ts) and bootstrap them directly.
    const h = (l: number) => (l - 1) / 4;
    const recs = [
      { changeId: 'py-1', system: 'gpt3.5_pred', con: 1, comp: 1, rel: 1, human: { con: h(5), comp: h(5), rel: h(5) } },
      { changeId: 'py-1', system: 'knn_pred', con: 0, comp: 0, rel: 0, human: { con: h(1), comp: h(1), rel: h(1) } },
      { changeId: 'py-1', system: 'lstm_pred', con: 0.5, comp: 0.5, rel: 0.5, human: { con: h(3), comp: h(3), rel: h(3) } },
      { changeId: 'java-3', system: 'gpt3.5_pred', con: 1, comp: 1, rel: 1, human: { con: h(4), comp: h(4), rel: h(4) } },
      { changeId: 'java-3', system: 'knn_pred', con: 0, comp: 0, rel: 0, human: { con: h(1), comp: h(1), rel: h(1) } },
      { changeId: 'java-3', system: 'lstm_pred', con: 0, comp: 0, rel: 0, human: { con: h(2), comp: h(2), rel: h(2) } },
    ];
    const b = bootstrap(recs, { resamples: 200, seed: 3 });
    expect(out.correlations.rel.spearman).toBeCloseTo(b.correlations.rel.spearman, 10);
    const ci = out.correlations.rel.spearmanCi!;
    expect(ci[0]).toBeCloseTo(b.correlations.rel.spearmanCi[0], 10);
    expect(ci[1]).toBeCloseTo(b.correlations.rel.spearmanCi[1], 10);
  });

  it('the plus preset gets the same intervals', () => {
    const r = crscore(['eval', '--dataset', mini, '--preset', 'plus', '--json', '--bootstrap', '100', '--seed', '4']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as Out & { config: { preset: string } };
    expect(out.config.preset).toBe('plus');
    expect(out.bootstrap).toMatchObject({ resamples: 100, seed: 4, changes: 2 });
    expect(out.systems.map((s) => s.system).sort()).toEqual(['gpt3.5_pred', 'knn_pred', 'lstm_pred', 'stable_code_pred']);
    for (const s of out.systems) {
      expect(s.rel.lo).toBeLessThanOrEqual(s.rel.mean + 1e-12);
      expect(s.rel.hi).toBeGreaterThanOrEqual(s.rel.mean - 1e-12);
    }
    expect(out.correlations.rel.spearmanCi).toHaveLength(2);
  });

  it('prints the tables as text without --json, and rejects a bad --bootstrap', () => {
    const r = crscore(['eval', '--dataset', mini, '--tau', '0.6', '--bootstrap', '100', '--seed', '2']);
    expect(r.stdout).toMatch(/Systems: mean CRScore per system .*100 resamples, seed 2/);
    expect(r.stdout).toMatch(/1\s+gpt3\.5_pred\s+2\s+1\.000 \[1\.000, 1\.000\]/);
    expect(r.stdout).toMatch(/Rel\s+6\s+0\.939 \[/);
    const bad = crscore(['eval', '--dataset', mini, '--bootstrap', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--bootstrap: expected a whole number');
  });
});
