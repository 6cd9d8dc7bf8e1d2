import { describe, expect, it } from 'vitest';
import { humanPrepared, overReviews } from './bridge';
import { keepsEveryReview, keptReviews, metricCoverage } from './judged';
import type { HumanDataset } from './model';

// Change a has a reference review (its sentences are the pseudo-references), b has none.
const dataset: HumanDataset = {
  source: 't.csv',
  changes: [
    { id: 'a', lang: 'java', code: { kind: 'snippet', code: 'int x;' }, references: ['Rename x. Add a comment.'], line: 2 },
    { id: 'b', lang: 'py', code: { kind: 'diff', diff: '@@ -1 +1 @@\n-a\n+b' }, references: [], line: 4 },
  ],
  reviews: [
    { changeId: 'a', system: 's1', review: 'Rename x.', scores: { rel: [1] }, line: 2 },
    { changeId: 'b', system: 's1', review: 'Why?', scores: { rel: [0] }, line: 4 },
    { changeId: 'b', system: 's1', review: 'Fine.', scores: { rel: [null] }, line: 5 },
  ],
  dimensions: [{ name: 'rel', scale: { kind: 'binary' }, annotators: ['p'] }],
  errors: [],
  notes: [],
};
const d = dataset.dimensions[0];

describe('the reviews a human-scored dataset judges', () => {
  it('keeps every review with made pseudo-references or the reference review, never with the dataset\'s own', () => {
    expect(keepsEveryReview(dataset, { made: false })).toBe(true);
    expect(keepsEveryReview(dataset, { made: true, source: 'dataset' })).toBe(true);
    const own = { ...dataset, changes: dataset.changes.map((c) => ({ ...c, pseudoReferences: [{ no: 1, type: 'claim', text: 'x', necessary: null }] })) };
    expect(keepsEveryReview(own, { made: false })).toBe(false);
  });

  it('the kept reviews follow the items, as lab reviews with why they have no item, numbered among themselves', () => {
    const p = humanPrepared(dataset, d, { everyReview: true });
    expect(p.prepared.items).toHaveLength(1);
    const kept = keptReviews(p.reviews, p.prepared.items.length);
    expect(kept.map((k) => [k.id, k.changeId, k.review, k.human?.rel ?? null, k.unscorable, k.diff])).toEqual([
      ['b::s1', 'b', 'Why?', 0, 'no reference review', '@@ -1 +1 @@\n-a\n+b'],
      ['b::s1#2', 'b', 'Fine.', null, 'no reference review', '@@ -1 +1 @@\n-a\n+b'],
    ]);
    expect(keptReviews(humanPrepared(dataset, d).reviews, 1)).toEqual([]);
  });

  it("a column's coverage: a kept review without a value is unscorable, a gap says why, an unscored review is counted", () => {
    const p = humanPrepared(dataset, d, { everyReview: true });
    const human = (k: number) => p.reviews[k].human;
    const o = { noReference: 0, noPseudoReferences: 0, unscored: 'no rel score' };
    // CRScore over the items, spread over every review: the kept ones have no value.
    const crscore = overReviews({ id: 'crscore.rel', label: 'CRScore relevance', values: [0.5] as (number | null)[] }, p.reviews.length);
    expect(metricCoverage(crscore, p.reviews, human, o)).toEqual({ id: 'crscore.rel', label: 'CRScore relevance', n: 1, leftOut: { 'no reference review': 2 } });
    // A baseline has a value on every review: only the unscored one is left out.
    const length = { id: 'baseline.length', label: 'Length (words)', values: [2, 1, 1] };
    expect(metricCoverage(length, p.reviews, human, o)).toEqual({ id: 'baseline.length', label: 'Length (words)', n: 2, leftOut: { 'no rel score': 1 } });
    // Reviews left out of every metric are counted first; a gap names itself.
    const llm = { id: 'llm', label: 'LLM', values: [null, 1, NaN], gaps: ['failed', null, null] };
    expect(metricCoverage(llm, [{}, {}, {}], human, { ...o, noPseudoReferences: 4 })).toEqual({ id: 'llm', label: 'LLM', n: 1, leftOut: { 'no pseudo-references': 4, failed: 1, 'no value': 1 } });
  });
});
