import { describe, expect, it } from 'vitest';
import { scoreAt } from '../score.ts';
import type { SimilarityMatrix } from '../types.ts';
import { annotatorVector, parseClaimsAddressed } from './annotator.ts';
import { linkAgreement, worstReviews, type LinkRecord } from './agreement.ts';
import { linkCounts, metricLinks, oracleScores, prf, reviewLinks, scoresFromLinks } from './links.ts';

const mat = (rows: number, cols: number, v: number[]): SimilarityMatrix => ({ rows, cols, data: Float32Array.from(v) });

describe('annotator links', () => {
  it('reads the shapes of claims_addressed', () => {
    const nos = [1, 2, 3, 4];
    expect(parseClaimsAddressed('2,4', nos)).toEqual({ state: 'linked', indices: [1, 3], unknown: [] });
    expect(parseClaimsAddressed('1.2', nos).indices).toEqual([0, 1]);
    expect(parseClaimsAddressed(' 3, 1 ', nos).indices).toEqual([0, 2]);
    expect(parseClaimsAddressed('-', nos).state).toBe('none');
    expect(parseClaimsAddressed(null, nos).state).toBe('unrecorded');
    expect(parseClaimsAddressed('', nos).state).toBe('unrecorded');
    expect(parseClaimsAddressed(3, nos).indices).toEqual([2]);
  });
  it('never links a number that names no pseudo-reference, and keeps it for a warning', () => {
    expect(parseClaimsAddressed('2,9', [1, 2, 3])).toEqual({ state: 'linked', indices: [1], unknown: [9] });
    expect(parseClaimsAddressed('9', [1, 2, 3])).toEqual({ state: 'unrecorded', indices: [], unknown: [9] });
  });
  it('maps numbers through the pseudo-references own numbering', () => {
    expect(parseClaimsAddressed('10', [7, 10]).indices).toEqual([1]);
  });
  it('gives a 0/1 vector, null when unrecorded', () => {
    expect(Array.from(annotatorVector(parseClaimsAddressed('1,3', [1, 2, 3]), 3)!)).toEqual([1, 0, 1]);
    expect(annotatorVector(parseClaimsAddressed('-', [1, 2]), 2)!.every((x) => x === 0)).toBe(true);
    expect(annotatorVector(parseClaimsAddressed(null, [1]), 1)).toBeNull();
  });
});

describe('metric links', () => {
  // 2 pseudo-references × 3 sentences.
  const m = mat(2, 3, [0.9, 0.2, 0.75, 0.1, 0.3, 0.5]);
  it('hard τ links cells strictly above τ', () => {
    const l = metricLinks(m, { rule: 'hard', tau: 0.75 });
    expect(Array.from(l.data)).toEqual([1, 0, 0, 0, 0, 0]);
    expect(Array.from(reviewLinks(l))).toEqual([1, 0]);
  });
  it('graded links carry the ramp credit', () => {
    const l = metricLinks(m, { rule: 'graded', ramp: { low: 0.5, high: 0.7 } });
    expect(l.data[0]).toBe(1);
    expect(l.data[2]).toBe(1);
    expect(l.data[4]).toBe(0);
    expect(l.data[5]).toBe(0);
    const l2 = metricLinks(mat(1, 1, [0.6]), { rule: 'graded', ramp: { low: 0.5, high: 0.7 } });
    expect(l2.data[0]).toBeCloseTo(0.5, 6);
  });
  it('blank sentences never link', () => {
    const l = metricLinks(mat(1, 2, [0.99, 0.99]), { rule: 'hard', tau: 0.5 }, ['ok', '  ']);
    expect(Array.from(l.data)).toEqual([1, 0]);
  });
  it('scores from hard links equal the paper scoreAt', () => {
    const seeds = [0.1, 0.35, 0.5, 0.62, 0.7, 0.71, 0.8, 0.95];
    for (let t = 0; t < 40; t++) {
      const rows = 1 + (t % 4);
      const cols = 1 + ((t * 7) % 5);
      const v = Array.from({ length: rows * cols }, (_, k) => seeds[(k * 31 + t * 17) % seeds.length]);
      const sentences = Array.from({ length: cols }, (_, j) => (j === 2 && t % 3 === 0 ? '' : `s${j}`));
      const tau = seeds[t % seeds.length];
      const want = scoreAt(mat(rows, cols, v), tau, { sentences });
      const got = scoresFromLinks(metricLinks(mat(rows, cols, v), { rule: 'hard', tau }, sentences));
      expect(got.con).toBeCloseTo(want.con, 12);
      expect(got.comp).toBeCloseTo(want.comp, 12);
      expect(got.rel).toBeCloseTo(want.rel, 12);
    }
  });
});

describe('oracle', () => {
  it('is computed from the annotators links as by hand', () => {
    // 4 pseudo-references, 2 linked: Comp 0.5, Con 1, Rel 2·0.5/1.5.
    expect(oracleScores(Float64Array.from([1, 0, 1, 0]))).toEqual({ con: 1, comp: 0.5, rel: 2 / 3 });
    expect(oracleScores(Float64Array.from([0, 0]))).toEqual({ con: 0, comp: 0, rel: 0 });
    expect(oracleScores(null)).toBeNull();
  });
});

describe('precision, recall, F1', () => {
  it('counts hard links as usual', () => {
    const c = linkCounts([1, 1, 0, 0], [1, 0, 1, 0]);
    expect(c).toEqual({ tp: 1, fp: 1, fn: 1 });
    expect(prf(c)).toEqual({ precision: 0.5, recall: 0.5, f1: 0.5 });
  });
  it('counts graded strengths softly', () => {
    const c = linkCounts([0.5, 0.25], [1, 0]);
    expect(c).toEqual({ tp: 0.5, fp: 0.25, fn: 0.5 });
    expect(prf(c).precision).toBeCloseTo(2 / 3, 12);
  });
  it('leaves undefined ratios null, never 0', () => {
    expect(prf({ tp: 0, fp: 0, fn: 2 })).toEqual({ precision: null, recall: 0, f1: 0 });
    expect(prf({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: null, recall: null, f1: null });
  });
});

describe('link agreement', () => {
  const recs: LinkRecord[] = [
    { changeId: 'a', system: 's1', lang: 'py', pred: [1, 0, 0], gold: [1, 0, 1], kinds: ['claim', 'claim', 'issue'] },
    { changeId: 'a', system: 's2', lang: 'py', pred: [0, 1, 0], gold: [0, 0, 0], kinds: ['claim', 'claim', 'issue'] },
    { changeId: 'b', system: 's1', lang: 'js', pred: [1, 1], gold: [1, 1], kinds: ['claim', 'claim'] },
    { changeId: 'b', system: 's2', lang: 'js', pred: [1, 1], gold: null, kinds: ['claim', 'claim'] },
  ];
  const r = linkAgreement(recs, { resamples: 200, seed: 3 });
  it('sums counts over every group', () => {
    expect(r.unrecorded).toBe(1);
    expect(r.overall).toMatchObject({ tp: 3, fp: 1, fn: 1, reviews: 3, pairs: 8 });
    expect(r.overall.f1).toBeCloseTo(0.75, 12);
    expect(r.bySystem.map((x) => [x.key, x.tp, x.fp, x.fn])).toEqual([['s1', 3, 0, 1], ['s2', 0, 1, 0]]);
    expect(r.byLanguage.map((x) => x.key)).toEqual(['js', 'py']);
    const issue = r.byType.find((x) => x.key === 'issue')!;
    expect(issue).toMatchObject({ tp: 0, fp: 0, fn: 1, pairs: 2 });
  });
  it('gives intervals that hold the estimate and repeat with the seed', () => {
    const [lo, hi] = r.overall.f1Ci;
    expect(lo).toBeLessThanOrEqual(r.overall.f1!);
    expect(hi).toBeGreaterThanOrEqual(r.overall.f1!);
    expect(linkAgreement(recs, { resamples: 200, seed: 3 }).overall.f1Ci).toEqual(r.overall.f1Ci);
  });
  it('ranks the worst-agreeing reviews first', () => {
    const w = worstReviews(r, 3);
    expect(w[0].system).toBe('s2');
    expect(w[0].agreement).toBe(0);
    expect(w[w.length - 1].agreement).toBe(1);
  });
});
