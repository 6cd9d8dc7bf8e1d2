// Agreement with an independent implementation: scripts/metaeval-reference.py computes the correlations with
// scipy and acc_eq, tie calibration, the groupings and PERM-BOTH from their published definitions, on data it
// generates and stores in the fixture with the figures (see the fixture's "how").
import { describe, expect, it } from 'vitest';
import ref from './fixtures/reference.json';
import { groupedStatistic, groupsFor, type Grouping } from './grouped.ts';
import { calibrateTies } from './ties.ts';
import { permBoth } from './significance.ts';

const d = ref.data;

describe('against the scipy / O(n²) reference', () => {
  for (const c of ref.cases) {
    it(`${c.metric}, grouping ${c.grouping}`, () => {
      const x = d[c.metric as 'm1' | 'm2'];
      const groups = groupsFor(c.grouping as Grouping, x, d.human, d.change, d.system);
      for (const s of ['pearson', 'spearman', 'kendall'] as const) expect(groupedStatistic(s, groups)).toBeCloseTo(c[s], 10);
      for (const [eps, v] of Object.entries(c.acc_eq)) expect(groupedStatistic('acc_eq', groups, Number(eps))).toBeCloseTo(v, 12);
      const t = calibrateTies(groups);
      expect(t.acc).toBeCloseTo(c.calibration.acc, 12);
      expect(t.eps).toBeCloseTo(c.calibration.eps, 12);
    });
  }

  const masks = ref.masks.map((m) => Uint8Array.from(m));
  for (const p of ref.perm) {
    it(`PERM-BOTH, ${p.statistic}, grouping ${p.grouping}, the reference's masks`, () => {
      const r = permBoth(
        { a: d.m1, b: d.m2, h: d.human, change: d.change, system: d.system, epsA: p.epsA, epsB: p.epsB },
        p.grouping as Grouping,
        p.statistic as 'pearson',
        { masks },
      );
      expect(r.delta).toBeCloseTo(p.delta, 10);
      expect(r.p).toBeCloseTo(p.p, 12);
    });
  }
});
