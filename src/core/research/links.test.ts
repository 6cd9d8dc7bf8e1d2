import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../dataset';
import { collectEvalItems } from '../evaluate';
import { formatLinkTable } from '../linkTables';
import type { SimilarityMatrix } from '../types';
import { correlate } from './analysis';
import { hasAnnotatorLinks, itemLinkStrengths, linkRuleFor, linkStage, metricLinkStage, oracle, oracleColumns, oracleItemScores, oracleRows, oracleSummary } from './links';

const mat = (rows: number, cols: number, v: number[]): SimilarityMatrix => ({ rows, cols, data: Float32Array.from(v) });

// A hand-made dataset: two changes, three pseudo-references each (the third an analyzer issue), reviews whose
// claims_addressed take every shape the data README lists.
const refs = [
  { no: 1, type: 'claim', text: 'The loop now counts items.', necessary: 1 },
  { no: 2, type: 'claim', text: 'The counter is never read.', necessary: 1 },
  { no: 3, type: 'issue', text: 'line 4, col 2, Unused variable count.', necessary: 0 },
];
const review = (system: string, text: string | null, addressed: string | null, h: [number, number, number] | null) => ({
  system,
  review: text,
  claims_addressed: addressed,
  con: h?.[0] ?? null,
  comp: h?.[1] ?? null,
  rel: h?.[2] ?? null,
});
const jsonl = [
  {
    id: 'py-1',
    lang: 'py',
    diff: '@@ -1 +1,2 @@\n+count = 0',
    pseudo_refs: refs,
    reviews: [
      review('a_pred', 'The counter is never read. Remove it.', '2,3', [5, 4, 4]),
      review('b_pred', 'Looks good.', '-', [2, 1, 1]),
      review('c_pred', 'Counts items now.', null, [3, 2, 2]),
      review('msg', 'Remove it.', '2', null),
    ],
  },
  {
    id: 'js-2',
    lang: 'js',
    diff: '@@ -1 +1,2 @@\n+let n = 1',
    pseudo_refs: refs,
    reviews: [review('a_pred', 'All three points.', '1, 2, 3', [5, 5, 5]), review('b_pred', 'One point.', '1', [4, 2, 3])],
  },
]
  .map((r) => JSON.stringify(r))
  .join('\n');
const items = collectEvalItems(parseDatasetJsonl(jsonl).rows).items;

describe('the oracle', () => {
  it('equals Con, Comp and Rel computed by hand from claims_addressed', () => {
    const s = oracleItemScores(items);
    // a_pred py: 2 of 3 linked → Con 1, Comp 2/3, Rel 2·(2/3)/(5/3) = 0.8.
    expect(s[0]!.con).toBe(1);
    expect(s[0]!.comp).toBeCloseTo(2 / 3, 12);
    expect(s[0]!.rel).toBeCloseTo(0.8, 12);
    // '-': the annotators linked nothing → all 0. null: not recorded → left out.
    expect(s[1]).toEqual({ con: 0, comp: 0, rel: 0 });
    expect(s[2]).toBeNull();
    // js: all three → 1/1/1; one of three → Con 1, Comp 1/3, Rel 0.5.
    expect(s[3]).toEqual({ con: 1, comp: 1, rel: 1 });
    expect(s[4]!.rel).toBeCloseTo(0.5, 12);
  });
  it('correlates over the reviews with recorded links only, like CRScore', () => {
    const o = oracle(items)!;
    expect(o.reviews).toBe(4);
    expect(o.agreement.n).toBe(4);
    // Oracle Rel [0.8, 0, 1, 0.5] against human Rel [0.75, 0, 1, 0.5]: the same order.
    expect(o.agreement.correlations.rel.spearman.r).toBeCloseTo(1, 12);
    const rows = oracleRows(items);
    expect(rows.map((r) => r.id)).toEqual(['oracle-con', 'oracle-comp', 'oracle-rel']);
    expect(rows[2].n).toBe(4);
    expect(rows[2].byDim.rel.spearman.r).toBeCloseTo(1, 12);
    // The columns a worker receives give the same rows (each the direct correlation) and oracle()'s ranking.
    const sum = oracleSummary(items, oracleColumns(items)!);
    const s = oracleItemScores(items);
    expect(sum.rows.map((r) => r.byDim)).toEqual((['con', 'comp', 'rel'] as const).map((d) => correlate(items, s.map((x) => (x ? x[d] : null))).byDim));
    expect(sum.reviews).toBe(o.reviews);
    expect(sum.ranking).toEqual({ spearman: o.agreement.systemRanking.spearman, kendall: o.agreement.systemRanking.kendall });
    expect(oracleColumns([])).toBeNull();
  });
});

describe('link records under each scoring rule', () => {
  // One matrix per item (3 pseudo-references × its sentences), values chosen by hand.
  const m = items.map((it, k) => {
    const cols = it.sentences.length;
    const v: number[] = [];
    for (let i = 0; i < 3; i++) for (let j = 0; j < cols; j++) v.push([[0.2, 0.9, 0.55], [0.1, 0.3, 0.65], [0.8, 0.2, 0.1], [0.9, 0.9, 0.9], [0.95, 0.1, 0.1]][k][i] - j * 0.01);
    return mat(3, cols, v);
  });
  it('hard τ: 1 when the best sentence is above τ, else 0', () => {
    const s = itemLinkStrengths(items, m, linkRuleFor('hard', 0.6, 0.2));
    expect(s.map((x) => Array.from(x))).toEqual([[0, 1, 0], [0, 0, 1], [1, 0, 0], [1, 1, 1], [1, 0, 0]]);
  });
  it('graded: the ramp credit from τ − sd to τ', () => {
    const s = itemLinkStrengths(items, m, linkRuleFor('graded', 0.6, 0.2));
    expect(s[0][0]).toBe(0); // 0.2 is at the ramp's low end
    expect(s[0][1]).toBe(1);
    expect(s[0][2]).toBeCloseTo(0.75, 6); // (0.55 − 0.4) / 0.2
    expect(s[1][1]).toBe(0);
  });
  it('gives the agreement counts and the worst review with its disagreements as text', () => {
    const st = metricLinkStage(items, m, linkRuleFor('hard', 0.6, 0.2), { resamples: 50, seed: 1 });
    if (!st.available) throw new Error('expected links');
    const r = st.report;
    // Item 0 pred [0,1,0] gold [0,1,1]: tp 1 fn 1; item 1 pred [0,0,1] gold '-': fp 1; item 2 unrecorded;
    // item 3 [1,1,1] vs [1,1,1]: tp 3; item 4 [1,0,0] vs [1,0,0]: tp 1.
    expect(r.overall).toMatchObject({ tp: 5, fp: 1, fn: 1, reviews: 4 });
    expect(r.unrecorded).toBe(1);
    expect(r.byType.find((x) => x.key === 'issue')).toMatchObject({ tp: 1, fp: 1, fn: 1 });
    const worst = st.worst[0];
    expect(worst).toMatchObject({ item: 1, system: 'b_pred', f1: 0 });
    expect(worst.metricOnly.map((d) => [d.text, d.sentence])).toEqual([['line 4, col 2, Unused variable count.', 'Looks good.']]);
    expect(st.worst[1].annotatorOnly.map((d) => [d.text, d.kind])).toEqual([['line 4, col 2, Unused variable count.', 'issue']]);
    const csv = formatLinkTable(r, st.rule, 'csv', { similarity: 'hand-made' });
    expect(csv).toContain('# similarity: hand-made');
    expect(csv.split('\n').find((l) => l.startsWith('all,all,4,'))).toBeTruthy();
  });
  it('any linker: strengths in, report out', () => {
    const st = linkStage(items, items.map((it) => new Float64Array(it.pseudoReferences.length).fill(0.5)), { rule: 'hard', tau: 0 }, { resamples: 0 });
    if (!st.available) throw new Error('expected links');
    expect(st.report.overall.precision).toBeCloseTo(0.5, 12);
    expect(st.report.overall.recall).toBeCloseTo(0.5, 12);
  });
});

describe('datasets without annotator links', () => {
  const none = collectEvalItems(parseDatasetJsonl(jsonl.replace(/"claims_addressed":"[^"]*"/g, '"claims_addressed":null')).rows).items;
  it('give no table and say so, never zeros', () => {
    expect(hasAnnotatorLinks(none)).toBe(false);
    const st = metricLinkStage(none, none.map((it) => mat(3, it.sentences.length, new Array(3 * it.sentences.length).fill(0.9))), { rule: 'hard', tau: 0.5 });
    expect(st.available).toBe(false);
    if (!st.available) expect(st.reason).toMatch(/no annotator links/);
    expect(oracle(none)).toBeNull();
    expect(oracleRows(none)).toEqual([]);
  });
});
