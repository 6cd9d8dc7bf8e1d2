import { describe, expect, it } from 'vitest';
import { paperExamples } from '../examples/paper.ts';
import {
  annotationFileName,
  clearAnnotations,
  itemProgress,
  itemsFromRows,
  parseAddressed,
  readAnnotationCsv,
  writeAnnotationCsv,
  type AnnotationItem,
} from './annotation.ts';
import { compareAnnotations } from './annotationAgreement.ts';
import { parseHumanStudyCsv } from './importers/humanStudy.ts';
import type { DatasetRow } from './dataset.ts';

import fixtureA from '../../e2e/fixtures/annotator-a.csv?raw';
import fixtureB from '../../e2e/fixtures/annotator-b.csv?raw';

const FIXTURES: Record<string, string> = { 'annotator-a.csv': fixtureA, 'annotator-b.csv': fixtureB };
const fixture = (name: string) => ({ name, text: FIXTURES[name] });

describe('annotation CSV', () => {
  it('reads a fixture with every stage-1 and stage-2 field', () => {
    const a = readAnnotationCsv(fixture('annotator-a.csv'));
    expect(a.errors).toEqual([]);
    expect(a.annotator).toBe('annotator-a');
    expect(a.items.map((i) => i.key)).toEqual(['py-101', 'js-102', 'java-103']);
    const d1 = a.items[0];
    expect(d1.csvId).toBe('9001');
    expect(d1.pseudoRefs.map((p) => [p.no, p.accuracy, p.necessary, p.added])).toEqual([
      [1, 1, 1, false],
      [2, 1, 1, false],
      [3, 0, 0, false],
      [4, -1, 0, false],
      [5, 1, 1, true],
    ]);
    expect(d1.reviews[0]).toMatchObject({ system: 'gpt3.5_pred', addressed: [1, 2, 5], con: 5, comp: 4, rel: 4 });
    expect(d1.reviews[2].addressed).toEqual([]);
    expect(a.items[1].pseudoRefs[2].type).toBe('issue');
  });

  it('writes what it reads: export → import gives the same items, and the published importer still reads it', () => {
    for (const f of ['annotator-a.csv', 'annotator-b.csv']) {
      const a = readAnnotationCsv(fixture(f));
      const csv = writeAnnotationCsv(a.items);
      const back = readAnnotationCsv({ name: f, text: csv });
      expect(back.items).toEqual(a.items);
      expect(writeAnnotationCsv(back.items)).toBe(csv);
      const plain = parseHumanStudyCsv({ name: f, text: csv });
      expect(plain.errors).toEqual([]);
      expect(plain.rows.map((r) => r.row.reviews.length)).toEqual(a.items.map((i) => i.reviews.length));
    }
  });

  it('round-trips the awkward cases: quotes, commas, newlines, a null review, nothing rated yet', () => {
    const row: DatasetRow = {
      id: 'x',
      lang: 'py',
      index: 7,
      diff: '@@ -1 +1 @@\n-a = "x, y"\n+a = "x,\n y"\n',
      oldFile: null,
      newFile: 'a.py',
      oldCode: null,
      newCode: null,
      pseudoRefs: [{ no: 1, type: 'claim', text: 'The string "x, y" now\nspans two lines.', necessary: null }],
      reviews: [
        { system: 'codellama_13b_pred', review: null, claimsAddressed: null, con: null, comp: null, rel: null },
        { system: 's2', review: 'Why "x,\ny"?', claimsAddressed: null, con: null, comp: null, rel: null },
      ],
      referenceAnalyzerOutput: null,
    };
    const items = itemsFromRows([row]);
    items[0].reviews[1] = { ...items[0].reviews[1], addressed: [1], con: 2, comp: 5, rel: 3 };
    items[0].pseudoRefs.push({ no: 2, type: 'claim', text: 'Added, with a comma.', accuracy: 2, necessary: 0, added: true });
    const back = readAnnotationCsv({ name: 'py_zoe_review_qual_final.csv', text: writeAnnotationCsv(items) });
    expect(back.annotator).toBe('zoe');
    expect(back.items).toEqual(items);
  });

  it('builds items from the paper examples with nothing annotated, and clears annotations', () => {
    const rows: DatasetRow[] = paperExamples.slice(0, 2).map((ex, k) => ({
      id: ex.id,
      lang: 'py',
      index: k + 1,
      diff: ex.diff,
      oldFile: null,
      newFile: ex.fileName,
      oldCode: null,
      newCode: null,
      pseudoRefs: ex.pseudoReferences.map((p, i) => ({ no: i + 1, type: p.kind, text: p.text, necessary: null })),
      reviews: [{ system: ex.system, review: ex.review, claimsAddressed: null, con: null, comp: null, rel: null }],
      referenceAnalyzerOutput: null,
    }));
    const items = itemsFromRows(rows);
    expect(itemProgress(items[0])).toEqual({ stage1: { done: 0, total: 3 }, stage2: { done: 0, total: 1 } });
    const a = readAnnotationCsv(fixture('annotator-a.csv')).items;
    const cleared = clearAnnotations(a);
    expect(cleared[0].pseudoRefs).toHaveLength(4); // the one A added is gone
    expect(cleared.every((i) => itemProgress(i).stage1.done === 0 && itemProgress(i).stage2.done === 0)).toBe(true);
  });

  it('parses "claims addressed" as published, and names files the published way', () => {
    expect(parseAddressed('2,4')).toEqual([2, 4]);
    expect(parseAddressed('1.2')).toEqual([1, 2]);
    expect(parseAddressed(' 3, 1 ')).toEqual([1, 3]);
    expect(parseAddressed('-')).toEqual([]);
    expect(parseAddressed('')).toBeNull();
    const it1 = { lang: 'js' } as AnnotationItem;
    expect(annotationFileName([it1], 'Ada Lovelace')).toBe('js_Ada-Lovelace_review_qual_final.csv');
    expect(annotationFileName([it1, { lang: 'py' } as AnnotationItem], '')).toBe('mixed_annotator_review_qual_final.csv');
  });
});

/** Ordinal α for two complete coders, the long way: D_o over the units' pairs, D_e over all pairs of pooled values. */
function alphaBrute(a: number[], b: number[]): number {
  const pooled = [...a, ...b];
  const count = (v: number) => pooled.filter((x) => x === v).length;
  const vals = [...new Set(pooled)].sort((x, y) => x - y);
  const d2 = (x: number, y: number) => {
    const [lo, hi] = x < y ? [x, y] : [y, x];
    const s = vals.filter((v) => v >= lo && v <= hi).reduce((t, v) => t + count(v), 0);
    return (s - (count(lo) + count(hi)) / 2) ** 2;
  };
  const Do = a.reduce((t, x, i) => t + d2(x, b[i]), 0) / a.length;
  let De = 0;
  for (let i = 0; i < pooled.length; i++) for (let j = 0; j < pooled.length; j++) if (i !== j) De += d2(pooled[i], pooled[j]);
  De /= pooled.length * (pooled.length - 1);
  return 1 - Do / De;
}

describe('two annotators', () => {
  const A = readAnnotationCsv(fixture('annotator-a.csv')).items;
  const B = readAnnotationCsv(fixture('annotator-b.csv')).items;
  const r = compareAnnotations(A, B);

  it('pairs diffs, pseudo-references and reviews; lists what only one has', () => {
    expect(r.pairing).toMatchObject({ items: 3, refs: 9, reviews: 7 });
    expect(r.pairing.onlyA.map((x) => x.text)).toEqual(['The return value is now an OrderedDict instead of a dict.']);
    expect(r.pairing.onlyB.map((x) => x.text)).toEqual(['The loop body is unchanged.']);
  });

  it("gives Cohen's κ worked out by hand", () => {
    // Codes: 6 of 9 alike; A uses 1×6, 0×1, −1×2; B uses 1×6, 0×2, 2×1 → pe = 38/81, κ = 16/43.
    expect(r.accuracy.n).toBe(9);
    expect(r.accuracy.kappa).toBeCloseTo(16 / 43, 12);
    // Necessity: 7 of 9 alike, both 1×6, 0×3 → pe = 45/81, κ = 0.5.
    expect(r.necessary.kappa).toBeCloseTo(0.5, 12);
  });

  it('gives ordinal α per dimension over the reviews both rated', () => {
    const both = (d: 'con' | 'comp' | 'rel') => {
      const pairs: [number, number][] = [];
      for (const ia of A)
        for (const ra of ia.reviews) {
          const rb = B.find((x) => x.key === ia.key)!.reviews.find((x) => x.system === ra.system)!;
          if (ra[d] !== null && rb[d] !== null) pairs.push([ra[d]!, rb[d]!]);
        }
      return pairs;
    };
    for (const d of ['con', 'comp', 'rel'] as const) {
      const p = both(d);
      expect(p).toHaveLength(6);
      expect(r.alpha[d].alpha).toBeCloseTo(alphaBrute(p.map((x) => x[0]), p.map((x) => x[1])), 12);
    }
    expect(r.links.n).toBe(6);
    expect(r.links.meanJaccard).toBeCloseTo((2 / 3 + 1 / 2 + 1 + 2 / 3 + 1 + 1 / 2) / 6, 12);
  });

  it('lists every disagreement, largest rating gap first', () => {
    expect(r.refDisagreements.map((d) => `${d.key} P${d.no} ${d.what} ${d.a}/${d.b}`)).toEqual([
      'py-101 P4 accuracy -1/1',
      'py-101 P4 necessary 0/1',
      'js-102 P2 necessary 1/0',
      'js-102 P3 accuracy 1/2',
      'java-103 P2 accuracy -1/0',
    ]);
    const gpt = r.reviewDisagreements.find((d) => d.key === 'py-101' && d.system === 'gpt3.5_pred')!;
    expect(gpt.ratings).toEqual([{ dim: 'con', a: 5, b: 4 }]);
    expect(gpt.links).toEqual({ onlyA: [5], onlyB: [] });
    expect(r.reviewDisagreements.map((d) => d.system)).toContain('lstm_pred');
    expect(r.reviewDisagreements.find((d) => d.key === 'py-101' && d.system === 'knn_pred')).toBeUndefined();
  });
});
