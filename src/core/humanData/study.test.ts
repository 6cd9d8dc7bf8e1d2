// The human study as three dimensions of the human-data model loses nothing: on a generated dataset in the study's
// shape, humanPrepared(studyDataset(rows), dataset pseudo-references, matched) is prepare(rows) item for item,
// human value for value, link for link, and every meta-evaluation figure on the two is the same.
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../dataset.ts';
import { bothPrepared, metaFigures, studyShapedJsonl } from '../../testing/studyParity.ts';
import { distribution } from './model.ts';
import { humanPrepared, humanRows, matchedJudge } from './bridge.ts';
import { studyDataset, studyPrepared } from './study.ts';
import { joinPrepared, prepare } from '../research/prepare.ts';

const { rows, errors } = parseDatasetJsonl(studyShapedJsonl(30));

describe('the human study as a HumanDataset', () => {
  it('has con, comp and rel on Likert 1–5, msg as each change’s reference, every change kept', () => {
    expect(errors).toEqual([]);
    const d = studyDataset(rows, 'gen.jsonl');
    expect(d.dimensions.map((x) => [x.name, x.scale, x.annotators])).toEqual(['con', 'comp', 'rel'].map((n) => [n, { kind: 'likert', min: 1, max: 5 }, ['']]));
    expect(d.changes).toHaveLength(rows.length);
    expect(d.changes.filter((c) => !c.pseudoReferences?.length).length).toBeGreaterThan(0);
    expect(d.reviews.some((r) => r.system === 'msg')).toBe(false);
    expect(d.changes[1].references).toEqual(['Please check handle 1 here.']);
    expect(d.changes[1].code).toEqual({ kind: 'diff', diff: rows[1].diff });
    expect([...distribution(d, 'rel').keys()].every((v) => v >= 1 && v <= 5)).toBe(true);
  });

  it('dataset pseudo-references, matched: prepare(rows) exactly (items, human values, annotator links, rows)', () => {
    const { own, model, skipped } = bothPrepared(rows, { pseudoRefs: 'dataset' });
    expect(own.skippedDiffs.length).toBeGreaterThan(0);
    expect(own.items.some((it) => it.human === null)).toBe(true);
    expect(own.items.some((it) => it.annotatorLinks)).toBe(true);
    expect(model).toEqual(own);
    expect(model.items.map((it) => it.human)).toEqual(own.items.map((it) => it.human));
    expect(model.items.map((it) => it.annotatorLinks)).toEqual(own.items.map((it) => it.annotatorLinks));
    expect(skipped).toBe(rows.filter((r) => r.pseudoRefs.length === 0).reduce((n, r) => n + r.reviews.filter((v) => v.system !== 'msg').length, 0));
    // Own pseudo-references are the default for a dataset that has them.
    expect(bothPrepared(rows).model).toEqual(own);
  });

  it('every meta-evaluation figure (con, comp, rel; pooled, by change, by system) is the same on both', () => {
    const { own, model } = bothPrepared(rows, { pseudoRefs: 'dataset' });
    expect(JSON.stringify(metaFigures(model))).toBe(JSON.stringify(metaFigures(own)));
  });

  it('is not the study with the reference review’s sentences, nor judged on one dimension', () => {
    expect(bothPrepared(rows, { pseudoRefs: 'reference' }).model.items).not.toEqual(bothPrepared(rows).own.items);
    const one = bothPrepared(rows, { judge: (d) => d.dimensions[0] });
    expect(one.model.items.map((it) => it.human)).not.toEqual(one.own.items.map((it) => it.human));
    expect(one.model.items.every((it) => it.human === null || (it.human.con === it.human.rel && it.human.comp === it.human.rel))).toBe(true);
  });

  it('a review any of con, comp, rel lacks is unscored when matched, and counted apart from changes without pseudo-references', () => {
    const d = studyDataset(rows, 'gen.jsonl');
    const b = humanRows(d, matchedJudge(d)!, { pseudoRefs: 'dataset' });
    const lacking = b.reviews.filter(({ review }) => ['con', 'comp', 'rel'].some((k) => review.scores[k][0] === null));
    expect(lacking.length).toBeGreaterThan(0);
    expect(lacking.every((r) => r.human === null && r.slots === null)).toBe(true);
    expect(b.noReference).toBe(0);
    expect(b.rows).toHaveLength(rows.length);
  });

  it('with the reference review’s sentences, a change without msg is left out as any dataset’s is', () => {
    const d = studyDataset(rows, 'gen.jsonl');
    const p = humanPrepared(d, matchedJudge(d)!, { pseudoRefs: 'reference' });
    const noMsg = rows.filter((r) => !r.reviews.some((v) => v.system === 'msg' && v.review)).reduce((n, r) => n + r.reviews.filter((v) => v.system !== 'msg').length, 0);
    expect(noMsg).toBeGreaterThan(0);
    expect(p.noReference).toBe(noMsg);
    // The annotators linked the study's pseudo-references, not the reference review's sentences.
    expect(p.prepared.items.every((it) => it.annotatorLinks?.state === 'unrecorded')).toBe(true);
  });

  it("any dataset's change may carry its own pseudo-references and links; without the study's row it is built from the model", () => {
    const dim = { name: 'grade', scale: { kind: 'likert' as const, min: 1, max: 5 }, annotators: [''] };
    const d = {
      source: 't.csv',
      changes: [
        { id: 'a', lang: 'py', code: { kind: 'diff' as const, diff: '+x = 1' }, references: ['Name x better.'], line: 2, pseudoReferences: [{ no: 1, type: 'claim', text: 'x is set to 1.', necessary: null }] },
        { id: 'b', lang: 'py', code: { kind: 'snippet' as const, code: 'y = 2' }, references: [], line: 3 },
      ],
      reviews: [
        { changeId: 'a', system: 's', review: 'x is set to one.', scores: { grade: [4] }, line: 2, claimsAddressed: '1' },
        { changeId: 'b', system: 's', review: 'Fine.', scores: { grade: [2] }, line: 3 },
      ],
      dimensions: [dim],
      errors: [],
      notes: [],
    };
    const p = humanPrepared(d, dim);
    expect(p.pseudoRefs).toBe('dataset');
    expect(p.noPseudoReferences).toBe(1);
    expect(p.prepared.skippedDiffs).toEqual(['b']);
    expect(p.rows[0].reviews.map((r) => r.system)).toEqual(['msg', 's']);
    expect(p.prepared.items).toHaveLength(1);
    expect(p.prepared.items[0]).toMatchObject({ pseudoReferences: ['x is set to 1.'], human: { con: 0.75, comp: 0.75, rel: 0.75 }, annotatorLinks: { state: 'linked', indices: [0] } });
    expect(p.prepared.reviews[0].reference).toBe('Name x better.');
    expect(p.rows[1]).toMatchObject({ diff: '', newCode: 'y = 2', codeKind: 'snippet', pseudoRefs: [] });
    expect(matchedJudge(d)).toBeNull();
  });

  it('splits the reviews as asked: the model prepared with --split improved is prepare(rows, improved)', () => {
    const d = studyDataset(rows, 'gen.jsonl');
    const improved = prepare(rows, 'improved');
    expect(improved.items.map((it) => it.sentences)).not.toEqual(prepare(rows, 'reference').items.map((it) => it.sentences));
    expect(humanPrepared(d, matchedJudge(d)!, { pseudoRefs: 'dataset', split: 'improved' }).prepared).toEqual(improved);
  });

  it('studyPrepared (Research’s and the CLI’s way in) is prepare(rows, split), whole or a slice at a time', () => {
    for (const split of ['reference', 'improved'] as const) {
      expect(studyPrepared(rows, split)).toEqual(prepare(rows, split));
      expect(joinPrepared([studyPrepared(rows.slice(0, 7), split), studyPrepared(rows.slice(7), split)])).toEqual(prepare(rows, split));
    }
  });
});
