import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../dataset.ts';
import type { EvalItem } from '../evaluate.ts';
import type { SimilarityMatrix } from '../types.ts';
import { parseClaimsAddressed } from './annotator.ts';
import {
  bestSentence,
  filterRows,
  lessonItems,
  lexicalLessonCases,
  pickLessonCases,
  reviewLinksFromBest,
  rowBest,
  rowLinks,
  sharedWords,
  stepRow,
} from './disagreements.ts';
import { metricLinks, reviewLinks } from './links.ts';

const mat = (rows: number, cols: number, v: number[]): SimilarityMatrix => ({
  rows,
  cols,
  data: Float32Array.from(v),
});

describe('row links of one review', () => {
  // 4 pseudo-references × 2 sentences; annotators linked P2 and P3.
  const m = mat(4, 2, [0.9, 0.1, 0.2, 0.3, 0.8, 0.6, 0.1, 0.05]);
  const gold = [0, 1, 1, 0];

  it('classifies each pseudo-reference under hard τ', () => {
    const rows = rowLinks(reviewLinks(metricLinks(m, { rule: 'hard', tau: 0.7 })), gold);
    expect(rows.map((r) => r.agreement)).toEqual([
      'metric-only',
      'annotator-only',
      'both',
      'neither',
    ]);
    expect(filterRows(rows, 'disagreements')).toEqual([0, 1]);
    expect(filterRows(rows, 'metric-only')).toEqual([0]);
    expect(filterRows(rows, 'annotator-only')).toEqual([1]);
    expect(filterRows(rows, 'all')).toEqual([0, 1, 2]);
  });

  it('follows τ: raising it past a link turns agreement into an annotator-only link', () => {
    const at = (tau: number) =>
      filterRows(
        rowLinks(reviewLinks(metricLinks(m, { rule: 'hard', tau })), gold),
        'disagreements',
      );
    expect(at(0.7)).toEqual([0, 1]);
    expect(at(0.85)).toEqual([0, 1, 2]);
    expect(at(0.95)).toEqual([1, 2]);
    expect(at(0.25)).toEqual([0]);
  });

  it('counts a graded strength as a link from half credit on', () => {
    const ramp = { low: 0.5, high: 0.9 };
    const rows = rowLinks(reviewLinks(metricLinks(m, { rule: 'graded', ramp })), gold);
    // P3: s = 0.8 → credit 0.75 (linked); P2: s = 0.3 → 0 (annotator-only); P1: 0.9 → 1.
    expect(rows.map((r) => r.metric)).toEqual([true, false, true, false]);
    expect(rows[2].strength).toBeCloseTo(0.75, 6);
    expect(rows.map((r) => r.agreement)).toEqual([
      'metric-only',
      'annotator-only',
      'both',
      'neither',
    ]);
  });

  it('without annotator links shows the metric alone and lists no disagreement', () => {
    const rows = rowLinks(reviewLinks(metricLinks(m, { rule: 'hard', tau: 0.7 })), null);
    expect(rows.every((r) => r.annotator === null)).toBe(true);
    expect(filterRows(rows, 'all')).toEqual([0, 2]);
    expect(filterRows(rows, 'disagreements')).toEqual([]);
    expect(filterRows(rows, 'metric-only')).toEqual([]);
  });

  it('annotators who linked none make every metric link metric-only', () => {
    const rows = rowLinks(reviewLinks(metricLinks(m, { rule: 'hard', tau: 0.7 })), [0, 0, 0, 0]);
    expect(filterRows(rows, 'metric-only')).toEqual([0, 2]);
    expect(filterRows(rows, 'annotator-only')).toEqual([]);
  });
});

describe('stepping through a list', () => {
  it('goes forward and back, wrapping', () => {
    const list = [1, 4, 7];
    expect(stepRow(list, null, 1)).toBe(1);
    expect(stepRow(list, null, -1)).toBe(7);
    expect(stepRow(list, 4, 1)).toBe(7);
    expect(stepRow(list, 7, 1)).toBe(1);
    expect(stepRow(list, 1, -1)).toBe(7);
    expect(stepRow(list, 4, -1)).toBe(1);
  });
  it('from a row that left the list steps to the nearest in that direction', () => {
    expect(stepRow([1, 4, 7], 5, 1)).toBe(7);
    expect(stepRow([1, 4, 7], 5, -1)).toBe(4);
    expect(stepRow([], 2, 1)).toBe(-1);
  });
});

describe('best sentence', () => {
  it('skips blank sentences and NaN cells', () => {
    const m = mat(1, 3, [0.9, NaN, 0.4]);
    expect(bestSentence(m, 0, ['', 'x', 'y'])).toEqual({ col: 2, s: expect.closeTo(0.4, 6) });
    expect(bestSentence(mat(1, 1, [0.3]), 0, [' ']).col).toBe(-1);
  });
});

describe('lesson cases from a dataset', () => {
  const item = (
    rowId: string,
    sentences: string[],
    refs: string[],
    addressed: string | null,
  ): EvalItem => ({
    rowId,
    lang: 'py',
    system: 'sys',
    sentences,
    pseudoReferences: refs,
    pseudoReferenceKinds: refs.map(() => 'claim'),
    human: null,
    annotatorLinks: parseClaimsAddressed(
      addressed,
      refs.map((_, i) => i + 1),
    ),
  });

  it('picks the highest-similarity metric-only and lowest-similarity annotator-only links, one per change', () => {
    const items = [
      item('a', ['s1', 's2'], ['p1', 'p2'], '2'),
      item('b', ['s1'], ['p1', 'p2'], '1'),
      item('a', ['s1'], ['p1', 'p2'], '1'),
      item('c', ['s1'], ['p1'], null),
    ];
    const matrices = [
      mat(2, 2, [0.95, 0.1, 0.2, 0.3]), // a: P1 metric-only (0.95), P2 annotator-only (0.3)
      mat(2, 1, [0.1, 0.85]), // b: P1 annotator-only (0.1), P2 metric-only (0.85)
      mat(2, 1, [0.9, 0.99]), // a again: P2 metric-only 0.99, but change a is taken below by a later pick
      mat(1, 1, [0.99]), // c: unrecorded, never searched
    ];
    const cases = pickLessonCases(items, matrices, 0.7);
    expect(cases.searched).toBe(3);
    expect(cases.metricOnly.map((c) => [c.rowId, c.pseudoReference, c.s.toFixed(2)])).toEqual([
      ['a', 1, '0.99'],
      ['b', 1, '0.85'],
    ]);
    expect(cases.annotatorOnly.map((c) => [c.rowId, c.pseudoReference, c.s.toFixed(2)])).toEqual([
      ['b', 0, '0.10'],
      ['a', 1, '0.30'],
    ]);
    expect(cases.metricOnly[0].annotatorLinked).toEqual([0]);
    expect(cases.annotatorOnly[1].sentenceText).toBe('s2');
  });

  it('finds nothing in a dataset without claims_addressed', () => {
    const items = [item('a', ['s'], ['p'], null)];
    expect(pickLessonCases(items, [mat(1, 1, [0.9])], 0.5)).toEqual({
      metricOnly: [],
      annotatorOnly: [],
      searched: 0,
    });
  });
});

describe('shared words and lexical lesson cases', () => {
  it('names the content words two texts share', () => {
    expect(
      sharedWords('A new test file is added.', 'The new test file should be named better.').sort(),
    ).toEqual(['file', 'new', 'test']);
    expect(sharedWords('Two assertions are added.', "These asserts aren't needed.")).toEqual([]);
  });
  it('scores rows with lexical similarity and picks from them', () => {
    const rows: DatasetRow[] = [
      {
        id: 'r1',
        lang: 'py',
        index: null,
        diff: '',
        oldFile: null,
        newFile: null,
        oldCode: null,
        newCode: null,
        pseudoRefs: [
          { no: 1, type: 'claim', text: 'A new test file is added.', necessary: 1 },
          { no: 2, type: 'claim', text: 'Two assertions are added.', necessary: 1 },
        ],
        reviews: [
          {
            system: 's',
            review: 'The new test file should be named better.',
            claimsAddressed: '2',
            con: 1,
            comp: 1,
            rel: 1,
          },
        ],
        referenceAnalyzerOutput: null,
      },
    ];
    const c = lexicalLessonCases(rows, 0.2);
    expect(c.searched).toBe(1);
    // What an encoder embeds for the lesson: only reviews with recorded links and some text, the same cases.
    const more: DatasetRow[] = [
      {
        ...rows[0],
        id: 'r2',
        reviews: [
          { ...rows[0].reviews[0], claimsAddressed: null },
          { ...rows[0].reviews[0], review: '   ' },
        ],
      },
      ...rows,
    ];
    const items = lessonItems(more);
    expect(items.map((it) => it.rowId)).toEqual(['r1']);
    const picked = pickLessonCases(items, lexicalLessonCases(rows, 0.2).matrices, 0.2);
    expect(picked.metricOnly.map((x) => x.pseudoReference)).toEqual(c.metricOnly.map((x) => x.pseudoReference));
    expect(c.metricOnly.map((x) => x.pseudoReference)).toEqual([0]);
    expect(c.annotatorOnly.map((x) => [x.pseudoReference, x.s])).toEqual([[1, 0]]);
  });
});

describe('review-level links from row bests', () => {
  it('equal reviewLinks(metricLinks(...)) under both rules, with blank sentences and NaN cells', () => {
    let seed = 11;
    const rnd = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    for (let t = 0; t < 200; t++) {
      const rows = 1 + Math.floor(rnd() * 6);
      const cols = 1 + Math.floor(rnd() * 6);
      const m = mat(
        rows,
        cols,
        Array.from({ length: rows * cols }, () => (rnd() < 0.05 ? NaN : rnd())),
      );
      const sentences = Array.from({ length: cols }, () => (rnd() < 0.2 ? ' ' : 'x'));
      const best = rowBest(m, sentences);
      for (const rule of [
        { rule: 'hard' as const, tau: rnd() },
        { rule: 'graded' as const, ramp: { low: rnd() * 0.5, high: 0.5 + rnd() * 0.5 } },
      ]) {
        const want = Array.from(reviewLinks(metricLinks(m, rule, sentences)));
        expect(Array.from(reviewLinksFromBest(best, rule))).toEqual(want);
      }
    }
  });
});
