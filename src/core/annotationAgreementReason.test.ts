// Agreement on files where no review was rated by both (the published study split its reviews between its two
// annotators) says why α is undefined, in the words `crscore eval --ceiling` uses (one core function).
import { describe, expect, it } from 'vitest';
import { readAnnotationCsv, writeAnnotationCsv, type AnnotationItem } from './annotation.ts';
import { compareAnnotations } from './annotationAgreement.ts';
import { humanCeiling } from './metaeval/ceiling.ts';
import { parseHumanStudyCsv } from './importers/humanStudy.ts';
import fixtureA from '../../e2e/fixtures/annotator-a.csv?raw';
import fixtureB from '../../e2e/fixtures/annotator-b.csv?raw';

const unrate = (items: AnnotationItem[], keep: (k: number) => boolean) =>
  items.map((it) => ({ ...it, reviews: it.reviews.map((r, k) => (keep(k) ? r : { ...r, con: null, comp: null, rel: null })) }));

describe('agreement with no review rated by both', () => {
  const A = readAnnotationCsv({ name: 'py_ada_review_qual_final.csv', text: fixtureA }).items;
  const B = readAnnotationCsv({ name: 'py_bob_review_qual_final.csv', text: fixtureB }).items;

  it('has no reason when some review was rated by both', () => {
    expect(compareAnnotations(A, B, ['ada', 'bob']).noRatingsReason).toBeNull();
  });

  it("gives humanCeiling's reason, the one crscore eval --ceiling prints, when the two split the reviews", () => {
    const a = unrate(A, (k) => k % 2 === 0);
    const b = unrate(B, (k) => k % 2 === 1);
    const r = compareAnnotations(a, b, ['ada', 'bob']);
    expect(r.alpha.rel.units).toBe(0);
    const rated = [...a, ...b].flatMap((it) => it.reviews).filter((x) => x.con !== null && x.comp !== null && x.rel !== null).length;
    expect(r.noRatingsReason).toBe(`single annotator per review: ${rated} reviews, each scored by one of ada, bob, none by two; no human ceiling`);
    // The CLI's path (--ceiling): the exported files through the human-study importer into humanCeiling.
    const rows = (items: AnnotationItem[], name: string) => parseHumanStudyCsv({ name, text: writeAnnotationCsv(items) }).rows.map((x) => x.row);
    expect(humanCeiling([{ annotator: 'ada', rows: rows(a, 'py_ada_review_qual_final.csv') }, { annotator: 'bob', rows: rows(b, 'py_bob_review_qual_final.csv') }]).missing).toBe(r.noRatingsReason);
  });

  it('two files of one name still count as two annotators', () => {
    const r = compareAnnotations(unrate(A, () => false), unrate(B, () => false), ['ada', 'ada']);
    expect(r.noRatingsReason).toMatch(/^single annotator per review: 0 reviews, each scored by one of ada \(A\), ada \(B\)/);
  });
});
