import { describe, expect, it } from 'vitest';
import { datasetOverview, normaliseLikert, parseDatasetJsonl, type DatasetRow } from './dataset.ts';
import { collectEvalItems } from './evaluate.ts';

const good = {
  id: 'py-1',
  lang: 'py',
  index: 1,
  diff: '@@ -1 +1 @@\n-a\n+b',
  pseudo_refs: [{ no: 1, type: 'claim', text: 'a became b', necessary: 1 }],
  reviews: [
    {
      system: 'gpt3.5_pred',
      review: 'a is now b.',
      claims_addressed: '1',
      con: 5,
      comp: 5,
      rel: 5,
    },
    { system: 'msg', review: 'ok', claims_addressed: '-', con: 1, comp: 1, rel: 1 },
    { system: 'codellama_13b_pred', review: null, claims_addressed: null, con: 1, comp: 1, rel: 1 },
    { system: 'knn_pred', review: 'hm', claims_addressed: '-', con: null, comp: null, rel: null },
  ],
};

describe('parseDatasetJsonl', () => {
  it('keeps good lines and names bad ones', () => {
    const text = [
      JSON.stringify(good),
      '{not json',
      '',
      '[1,2]',
      JSON.stringify({ reviews: [] }),
      JSON.stringify({ ...good, id: 'py-2', pseudo_refs: null }),
    ].join('\n');
    const { rows, errors } = parseDatasetJsonl(text);
    expect(rows.map((r) => r.id)).toEqual(['py-1', 'py-2']);
    expect(errors.map((e) => e.line)).toEqual([2, 4, 5]);
    expect(errors[0].reason).toMatch(/JSON/);
    expect(errors[2].reason).toMatch(/diff/);
    expect(rows[0].reviews[2]).toMatchObject({ review: null, claimsAddressed: null });
  });

  it('feeds eval: no msg, no diffs without pseudo-references, null reviews as [""], unscored reviews kept without human scores', () => {
    const { rows } = parseDatasetJsonl(
      [JSON.stringify(good), JSON.stringify({ ...good, id: 'py-2', pseudo_refs: null })].join('\n'),
    );
    const { items, skippedDiffs } = collectEvalItems(rows);
    expect(skippedDiffs).toEqual(['py-2']);
    expect(items.map((i) => i.system)).toEqual(['gpt3.5_pred', 'codellama_13b_pred', 'knn_pred']);
    expect(items[1].sentences).toEqual(['']);
    expect(items[0].human).toEqual({ con: 1, comp: 1, rel: 1 });
    expect(items[2].human).toBeNull();
    expect(normaliseLikert(3)).toBe(0.5);
  });
});

describe('datasetOverview', () => {
  it('counts reviews, reviews with a human Rel, changes with pseudo-references and the systems, in one pass', () => {
    const review = (system: string, rel: number | null) => ({ system, review: 'x', rel, con: null, comp: null }) as unknown as DatasetRow['reviews'][number];
    const row = (refs: number, reviews: DatasetRow['reviews']) => ({ pseudoRefs: Array.from({ length: refs }, () => ({ text: 'p' })), reviews }) as unknown as DatasetRow;
    const o = datasetOverview([
      row(2, [review('msg', null), review('b_pred', 0.5), review('a_pred', 0)]),
      row(0, [review('b_pred', null)]),
      row(1, []),
    ]);
    expect(o).toEqual({ reviews: 4, scored: 2, withRefs: 2, systems: ['a_pred', 'b_pred', 'msg'] });
    expect(datasetOverview([])).toEqual({ reviews: 0, scored: 0, withRefs: 0, systems: [] });
  });
});
