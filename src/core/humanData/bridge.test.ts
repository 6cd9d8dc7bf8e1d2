import { describe, expect, it } from 'vitest';
import { prepare } from '../research/index';
import { splitReview } from '../sentences';
import { binaryAuc, dimensionScore, groupingUndefined, humanPrepared, humanRows, judgedReviews } from './bridge';
import type { HumanDataset } from './model';

const dataset: HumanDataset = {
  source: 't.csv',
  changes: [
    { id: 'a', lang: 'java', code: { kind: 'snippet', code: 'int x;' }, references: ['Rename x. Add a comment.'], line: 2 },
    { id: 'b', lang: 'py', code: { kind: 'diff', diff: '@@ -1 +1 @@\n-a\n+b' }, references: [], line: 4 },
  ],
  reviews: [
    { changeId: 'a', system: 's1', review: 'Rename x.', scores: { rel: [2, 4] }, line: 2 },
    { changeId: 'a', system: 'msg', review: '', scores: { rel: [null, 5] }, line: 3 },
    { changeId: 'b', system: 's1', review: 'Why?', scores: { rel: [1, 1] }, line: 4 },
  ],
  dimensions: [{ name: 'rel', scale: { kind: 'likert', min: 1, max: 5 }, annotators: ['p', 'q'] }],
  errors: [],
  notes: [],
};

describe('a human dataset as scoring rows', () => {
  it('the mean over annotators who scored, a Likert scale mapped onto [0, 1]; binary and continuous as they are', () => {
    const d = dataset.dimensions[0];
    expect(dataset.reviews.map((r) => dimensionScore(r, d))).toEqual([0.5, 1, 0]);
    expect(dimensionScore({ ...dataset.reviews[0], scores: { rel: [null, null] } }, d)).toBeNull();
    expect(dimensionScore({ ...dataset.reviews[0], scores: { rel: [1, 0] } }, { ...d, scale: { kind: 'binary' } })).toBe(0.5);
  });

  it('the reference\'s sentences are the pseudo-references; a change without a reference is counted out; a system named msg stays a system', () => {
    const r = humanRows(dataset, dataset.dimensions[0]);
    expect(r.noReference).toBe(1);
    expect(r.rows).toHaveLength(1);
    // Split as the reviews are (the paper's reference splitting keeps a sentence's final stop only at the end).
    expect(r.rows[0].pseudoRefs.map((p) => p.text)).toEqual(splitReview('Rename x. Add a comment.', 'reference'));
    expect(r.rows[0].pseudoRefs).toHaveLength(2);
    expect(r.rows[0].newCode).toBe('int x;');
    expect(r.rows[0].codeKind).toBe('snippet');
    expect(r.rows[0].diff).toBe('');
    const p = prepare(r.rows, 'reference');
    // Items line up with the reviews beside them; the empty review is an absent one; both have the reference.
    expect(p.items.map((it) => it.system)).toEqual(['s1', 'msg (system)']);
    expect(r.reviews.map((x) => [x.review.system, x.human])).toEqual([['s1', 0.5], ['msg', 1]]);
    expect(p.reviews.map((x) => [x.review.review, x.reference])).toEqual([['Rename x.', 'Rename x. Add a comment.'], [null, 'Rename x. Add a comment.']]);
  });

  it('humanPrepared judges every item on the dimension, in con, comp and rel alike', () => {
    const p = humanPrepared(dataset, dataset.dimensions[0]);
    expect(p.prepared.items.map((it) => it.human)).toEqual([{ con: 0.5, comp: 0.5, rel: 0.5 }, { con: 1, comp: 1, rel: 1 }]);
    const j = judgedReviews(p);
    expect(groupingUndefined(j, 'none')).toBeNull();
    expect(groupingUndefined(j, 'item')).toBeNull();
    expect(groupingUndefined(j, 'system')).toBeNull();
    expect(groupingUndefined(j.slice(0, 1), 'system')).toMatch(/one system \(s1\)/);
    expect(groupingUndefined([j[0], { ...j[1], changeId: 'z' }], 'item')).toMatch(/every change has one review/);
  });

  it('binaryAuc labels a review by a score of 0 or 1 only', () => {
    const reviews = [0, 1, 1, 0.5, 0].map((human, k) => ({ changeId: `c${k}`, system: 's', human }));
    const a = binaryAuc(reviews, [0.1, 0.9, 0.8, 0.0, 0.2], { resamples: 50, seed: 1 });
    expect([a.auc, a.positives, a.negatives]).toEqual([1, 2, 2]);
  });
});
