import { describe, expect, it } from 'vitest';
import { interned, packedTriples } from './interned';

describe('interned', () => {
  it('gives first-seen order and the same index to a value that comes back after others', () => {
    const v = ['b', 'b', 'a', 'b', 'c', 'a', 'a'];
    const [table, idx] = interned(v.length, (k) => v[k]);
    expect(table).toEqual(['b', 'a', 'c']);
    expect(Array.from(idx)).toEqual([0, 0, 1, 0, 2, 1, 1]);
    expect(Array.from(idx, (i) => table[i])).toEqual(v);
  });
  it('handles no rows and the empty string', () => {
    expect(interned(0, () => 'x')).toEqual([[], new Int32Array(0)]);
    const [table, idx] = interned(2, () => '');
    expect(table).toEqual(['']);
    expect(Array.from(idx)).toEqual([0, 0]);
  });
});

describe('packedTriples', () => {
  it('packs Con, Comp, Rel per row and leaves NaN where a row has none', () => {
    const rows = [{ con: 1, comp: 0.5, rel: 0.25 }, null, undefined, { con: 0, comp: 0, rel: 0 }];
    expect(Array.from(packedTriples(rows.length, (k) => rows[k]))).toEqual([1, 0.5, 0.25, NaN, NaN, NaN, NaN, NaN, NaN, 0, 0, 0]);
  });
});
