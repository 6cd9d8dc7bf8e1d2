// The lab's statistics spread over workers: resamples cut into parts, each computed on its own (as a worker would,
// starting the seeded stream where its part begins), then merged, give exactly the report of one run: every
// figure, to the last digit, for every way of cutting them.
import { describe, expect, it } from 'vitest';
import { drawWeights, mulberry32, mulberry32At } from '../bootstrap';
import { createLabAgreementPart, labAgreement, labAgreementOfParts, type LabAgreementPart } from './agreement';
import type { LabAgreementOptions, LabMetric, LabRecord } from './types';

function fixture(): { records: LabRecord[]; metrics: LabMetric[] } {
  const rng = mulberry32(11);
  const records: LabRecord[] = [];
  const base: (number | null)[] = [];
  const ref: (number | null)[] = [];
  const grade: (number | null)[] = [];
  for (let c = 0; c < 37; c++)
    for (const system of ['gpt', 'human', 'codereviewer']) {
      const q = rng();
      records.push({ changeId: `c${(c * 7919) % 37}`, system, human: rng() < 0.15 ? null : { con: q, comp: rng(), rel: Math.round(q * 4) / 4 } });
      base.push(q * 0.5 + rng() * 0.5);
      ref.push(c % 6 === 0 ? null : rng());
      grade.push(rng() < 0.1 ? null : 1 + Math.floor(rng() * 5));
    }
  const col = (id: string, family: LabMetric['family'], values: (number | null)[], gaps?: LabMetric['gaps']): LabMetric => ({ id, label: id, family, config: { id }, values, gaps });
  return {
    records,
    metrics: [
      col('crscore.rel', 'crscore', base),
      col('bleu', 'reference', ref, ref.map((v) => (v === null ? 'not-applicable' : null))),
      col('llm-grade', 'llm-grade', grade, grade.map((v) => (v === null ? 'failed' : null))),
    ],
  };
}

function inParts(records: LabRecord[], metrics: LabMetric[], o: LabAgreementOptions, cuts: number[]) {
  const parts: LabAgreementPart[] = [];
  for (let i = 0; i + 1 < cuts.length; i++) {
    const s = createLabAgreementPart(records, metrics, o, cuts[i], cuts[i + 1]);
    while (!s.step(3));
    parts.push(s.result());
  }
  return labAgreementOfParts(records, metrics, o, parts.reverse());
}

describe('the lab agreement in parts', () => {
  it('mulberry32At(seed, n) draws what mulberry32(seed) draws after n draws', () => {
    for (const seed of [0, 1, 12345, 0xffffffff]) {
      const r = mulberry32(seed);
      const seen: number[] = [];
      for (let i = 0; i < 300; i++) seen.push(r());
      for (const n of [0, 1, 17, 299]) expect(mulberry32At(seed, n)()).toBe(seen[n]);
    }
    // Past 2^53 / 0x6d2b79f5 draws the multiplication must still be taken mod 2^32.
    const far = 5_000_000;
    const r = mulberry32(7);
    const w = new Uint32Array(5_000);
    for (let b = 0; b < far / 5_000; b++) drawWeights(5_000, r, w);
    expect(mulberry32At(7, far)()).toBe(r());
  });

  it('merged parts give exactly one run\'s report, however the resamples are cut', () => {
    const { records, metrics } = fixture();
    const o = { resamples: 120, seed: 3, baseline: 'bleu' };
    const whole = labAgreement(records, metrics, o);
    expect(whole.metrics[2].pairedVsBaseline?.n).toBeGreaterThan(0);
    for (const cuts of [[0, 120], [0, 60, 120], [0, 1, 50, 119, 120], [0, 0, 40, 80, 120]])
      expect(inParts(records, metrics, o, cuts)).toEqual(whole);
  });

  it('with no resamples (points only) and with the default options', () => {
    const { records, metrics } = fixture();
    expect(inParts(records, metrics, { resamples: 0 }, [0, 0])).toEqual(labAgreement(records, metrics, { resamples: 0 }));
    expect(inParts(records, metrics.slice(0, 1), { resamples: 30 }, [0, 10, 30])).toEqual(labAgreement(records, metrics.slice(0, 1), { resamples: 30 }));
  });

  it('refuses parts that leave resamples out or fall outside the run', () => {
    const { records, metrics } = fixture();
    const o = { resamples: 20, seed: 1 };
    const part = (a: number, b: number) => {
      const s = createLabAgreementPart(records, metrics, o, a, b);
      s.step(s.total);
      return s.result();
    };
    expect(() => labAgreementOfParts(records, metrics, o, [part(0, 5), part(10, 20)])).toThrow(/leave resamples 5…10 out/);
    expect(() => labAgreementOfParts(records, metrics, o, [part(0, 5)])).toThrow(/cover 5 of 20/);
    expect(() => createLabAgreementPart(records, metrics, o, 10, 21)).toThrow(/not within/);
  });
});
