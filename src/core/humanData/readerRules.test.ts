// The rules every reader shares (src/core/inputRules.ts), tried on the mapped-table reader, GradedReviews' workbook
// and the study's importers alike: large columns, booleans, spreadsheet error cells, deep JSON, dates out of range,
// bytes that are not UTF-8, mapping files of the wrong types, hexadecimal numbers.
import { describe, expect, it } from 'vitest';
import { maxOf, minOf, pushAll } from '../arrays';
import { applyMapping, dimensionsOf, guessScale, importHumanData, parseHumanSpec } from './index';

const enc = (s: string) => new TextEncoder().encode(s).buffer as ArrayBuffer;

describe('a human dimension of any size', () => {
  it('200,000 scores: the scale given is used as given, the one guessed is guessed; no argument-limit overflow', async () => {
    const n = 200_000;
    const csv = `id,review,rel\n${Array.from({ length: n }, (_, k) => `${k},Fine ${k}.,${1 + (k % 5)}`).join('\n')}\n`;
    const given = await importHumanData('big.csv', enc(csv), { fields: { id: 'id', review: 'review' }, human: parseHumanSpec('rel:likert-5') });
    const guessed = { dataset: applyMapping(given.table, { fields: { id: 'id', review: 'review' }, human: [{ column: 'rel', dimension: 'rel' }] }, 'big.csv') };
    expect(given.dataset.errors).toEqual([]);
    expect(given.dataset.reviews).toHaveLength(n);
    expect(given.dataset.dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 5 });
    expect(guessed.dataset.dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 5 });
    expect(guessScale(Array.from({ length: n }, (_, k) => k % 2))).toEqual({ kind: 'binary' });
  });

  it('a scale given is never guessed: its values are not even looked at for it', () => {
    const t = { header: ['review', 'rel'], rows: [{ line: 2, cells: ['Ok.', 3] }], errors: [] };
    expect(dimensionsOf(t, { fields: { review: 'review' }, human: [{ column: 'rel', dimension: 'rel', scale: 'continuous' }] }).get('rel')!.scale).toEqual({ kind: 'continuous' });
    expect(applyMapping(t, { fields: { review: 'review' }, human: [{ column: 'rel', dimension: 'rel', scale: 'likert', max: 7 }] }, 't').dimensions[0].scale).toEqual({ kind: 'likert', min: 1, max: 7 });
  });

  it('maxOf, minOf and pushAll hold for any length, as Math.max, Math.min and push do for short ones', () => {
    const xs = Array.from({ length: 300_000 }, (_, k) => (k * 7919) % 300_001);
    expect(maxOf(xs)).toBe(300_000);
    expect(minOf(xs)).toBe(0);
    expect([maxOf([]), minOf([])]).toEqual([-Infinity, Infinity]);
    expect(maxOf([1, NaN, 2])).toBeNaN();
    const into: number[] = [];
    pushAll(into, xs);
    expect(into).toHaveLength(300_000);
  });
});
