// Graded credit on another similarity: plusInputFrom + scorePlus (the workbench's path) gives what Research's
// indexed path gives for the same texts, and preparePlus is plusInputFrom on TF-IDF.
import { describe, expect, it } from 'vitest';
import { lexicalSimilarityMatrix } from '../lexical.ts';
import type { EvalItem } from '../evaluate.ts';
import { gradedIndex, gradedScoresAt } from '../research/scoring.ts';
import { lexicalMatrices } from '../research/similarity.ts';
import { backgroundIdf } from './idf.ts';
import { PLUS_OPTIONS, plusInputFrom, preparePlus } from './preset.ts';
import { scorePlus } from './score.ts';
import { plusSimilarityMatrix } from './similarity.ts';
import { scoreOf } from '../scoreColumns.ts';

const idf = backgroundIdf([
  { word: 'the', count: 50000 },
  { word: 'null', count: 30 },
  { word: 'check', count: 200 },
  { word: 'parser', count: 10 },
]);
const refs = [
  { text: 'Adds a null check before the parser runs.', kind: 'claim' as const },
  { text: 'Adds a null check in the parser.', kind: 'claim' as const },
  { text: 'Unused variable tmp.', kind: 'issue' as const },
];
const sentences = ['Why the null check in the parser?', 'Thanks!', ''];

describe('plusInputFrom', () => {
  it('graded credit on lexical similarity equals the research index for the same inputs', () => {
    const texts = refs.map((r) => r.text);
    const input = plusInputFrom(lexicalSimilarityMatrix(texts, sentences), lexicalSimilarityMatrix(texts, texts), refs, sentences, idf);
    const item: EvalItem = { rowId: 'r', lang: 'py', system: 's', sentences, pseudoReferences: texts, pseudoReferenceKinds: refs.map((r) => r.kind), human: null };
    const ix = gradedIndex([item], lexicalMatrices([item]), idf);
    for (const tau of [0.2, 0.35, 0.5, 0.7]) {
      const want = scoreOf(gradedScoresAt(ix, tau, 0.2), 0);
      const got = scorePlus(input, { low: tau - 0.2, high: tau }, PLUS_OPTIONS);
      expect(got.con).toBeCloseTo(want.con, 12);
      expect(got.comp).toBeCloseTo(want.comp, 12);
      expect(got.rel).toBeCloseTo(want.rel, 12);
    }
    // The two near-duplicate claims discount each other: their weights fall below the issue-free 1.
    const s = scorePlus(input, { low: 0.1, high: 0.3 }, PLUS_OPTIONS);
    expect(s.pseudoReferenceWeight[0]).toBeLessThan(1);
  });

  it('preparePlus is plusInputFrom on TF-IDF', () => {
    const texts = refs.map((r) => r.text);
    const a = preparePlus(refs, sentences, idf);
    const b = plusInputFrom(plusSimilarityMatrix(texts, sentences, idf), plusSimilarityMatrix(texts, texts, idf), refs, sentences, idf);
    expect(Array.from(a.matrix.data)).toEqual(Array.from(b.matrix.data));
    expect(Array.from(a.selfSimilarity.data)).toEqual(Array.from(b.selfSimilarity.data));
    expect(a.sentenceWeights).toEqual(b.sentenceWeights);
    expect(a.kinds).toEqual(['claim', 'claim', 'issue']);
  });
});
