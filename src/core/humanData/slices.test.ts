import { describe, expect, it } from 'vitest';
import type { HumanDataset } from './model.ts';
import { fieldReader, holds, parseWhere, slicesBy, whereDataset, whereSignature } from './slices.ts';

const d: HumanDataset = {
  source: 't.csv',
  changes: [
    { id: 'a', lang: 'go', code: { kind: 'none' }, references: ['r'], line: 2 },
    { id: 'b', lang: 'Java', code: { kind: 'none' }, references: ['r'], line: 3 },
  ],
  reviews: [
    { changeId: 'a', system: 's1', review: 'x', scores: { grade: [2, 4] }, line: 2 },
    { changeId: 'b', system: 's1', review: 'y', scores: { grade: [5] }, line: 3 },
    { changeId: 'b', system: 's2', review: 'z', scores: { grade: [null] }, line: 4 },
  ],
  dimensions: [{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 }, annotators: ['p', 'q'] }],
  errors: [],
  notes: [],
};
const table = { header: ['id', 'team'], rows: [{ line: 2, cells: ['a', 'red'] }, { line: 3, cells: ['b', 'blue'] }, { line: 4, cells: ['b', 'red'] }] };

describe('--where', () => {
  it('parses clauses joined by commas', () => {
    expect(parseWhere('grade<=4, lang = go')).toEqual([{ field: 'grade', op: '<=', value: '4' }, { field: 'lang', op: '=', value: 'go' }]);
    expect(parseWhere('x==1')[0].op).toBe('=');
    expect(() => parseWhere('grade')).toThrow(/FIELD OP VALUE/);
    expect(() => parseWhere('grade<=')).toThrow(/FIELD OP VALUE/);
    expect(whereSignature(parseWhere('grade <= 4,lang=go'))).toBe('grade<=4,lang=go');
  });
  it('compares numbers as numbers, text without case, and a missing value holds nothing', () => {
    expect(holds(3, { field: 'g', op: '<=', value: '4' })).toBe(true);
    expect(holds('10', { field: 'g', op: '>', value: '9' })).toBe(true);
    expect(holds('Go', { field: 'lang', op: '=', value: 'go' })).toBe(true);
    expect(holds('go', { field: 'lang', op: '<', value: 'java' })).toBe(false);
    expect(holds(null, { field: 'g', op: '!=', value: '1' })).toBe(false);
  });
  it('keeps the reviews every clause holds for: a dimension by its mean over annotators, a column by its cell', () => {
    expect(whereDataset(d, parseWhere('grade<=4'), table).reviews.map((r) => r.review)).toEqual(['x']);
    const java = whereDataset(d, parseWhere('lang=java'), table);
    expect(java.reviews.map((r) => r.review)).toEqual(['y', 'z']);
    expect(java.changes.map((c) => c.id)).toEqual(['b']);
    expect(whereDataset(d, parseWhere('team=red,system=s2'), table).reviews.map((r) => r.review)).toEqual(['z']);
    expect(() => whereDataset(d, parseWhere('colour=red'), table)).toThrow(/its fields: grade, lang, system, id, team/);
  });
});

describe('--by', () => {
  it('slices the reviews by a field, numbers first in order, then text, then the missing', () => {
    const reviews = d.reviews.map((review) => ({ review, change: d.changes.find((c) => c.id === review.changeId)! }));
    expect(slicesBy(reviews, fieldReader('grade', { dataset: d }))).toEqual([
      { value: 3, indices: [0] },
      { value: 5, indices: [1] },
      { value: null, indices: [2] },
    ]);
    expect(slicesBy(reviews, fieldReader('system', { dataset: d })).map((s) => [s.value, s.indices])).toEqual([['s1', [0, 1]], ['s2', [2]]]);
  });
});
