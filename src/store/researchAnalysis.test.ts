import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../core/dataset';
import { agreement, scoreItems } from '../core/evaluate';
import { lexicalSimilarityMatrix } from '../core/lexical';
import { kendallTauB, spearman } from '../core/stats';
import { tauGrid } from '../core/sweep';
import {
  bestTau,
  correlationCurve,
  correlationTable,
  leaderboard,
  prepare,
  refMetricValues,
  scoresAt,
  sweepIndex,
  textsToEmbed,
} from './researchAnalysis';

const rows = parseDatasetJsonl(fs.readFileSync(path.resolve(__dirname, '../cli/fixtures/mini.jsonl'), 'utf8')).rows;

describe('research analysis', () => {
  const p = prepare(rows, 'reference');
  const matrices = p.items.map((it) => lexicalSimilarityMatrix(it.pseudoReferences, it.sentences));
  const ix = sweepIndex(p.items, matrices);

  it('keeps items and reviews in step with collectEvalItems', () => {
    expect(p.items.length).toBeGreaterThan(2);
    p.items.forEach((it, k) => expect(it.system).toBe(p.reviews[k].review.system));
    expect(textsToEmbed(p, false).every((t) => t.trim() !== '')).toBe(true);
  });

  it('scores from the sorted index equal scoreAt at every τ', () => {
    for (const tau of [0, 0.05, 0.2, 0.33, 0.5, 0.9, 1]) expect(scoresAt(ix, tau)).toEqual(scoreItems(p.items, matrices, tau));
  });

  it('the correlation curve equals agreement() at each τ', () => {
    const taus = tauGrid(0, 1, 11);
    const curve = correlationCurve(p.items, ix, taus);
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
