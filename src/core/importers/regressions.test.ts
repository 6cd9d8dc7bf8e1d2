// Bugs the importer fuzz tests (importers.fuzz.test.ts) found, pinned down.
import { describe, expect, it } from 'vitest';
import { importFiles } from './index.ts';

describe('importer regressions', () => {
  it('names the right line in a CSV with lone CR line ends (Excel "CSV (Macintosh)")', () => {
    const text =
      'id,diff,review,system,con\r1,"@@ -1 +1 @@\r-a\r+b",ok,s,3\r2,"@@ -1 +1 @@",bad,s,x\r3,"d",fine,s,2\r';
    const res = importFiles([{ name: 'mac.csv', text }]);
    expect(res.rows.map((r) => r.id)).toEqual(['1', '3']);
    expect(res.errors).toEqual([{ file: 'mac.csv', line: 5, reason: 'con "x" is not a number' }]);
  });

  it('lists bad rows in file order, whichever pass found them', () => {
    const text = [
      '{"id": "a", "diff": "d", "review": "r", "con": 9}',
      '{"id": broken',
      '{"id": "c", "diff": "d", "review": "r"}',
    ].join('\n');
    const res = importFiles([{ name: 'x.jsonl', text }]);
    expect(res.errors.map((e) => e.line)).toEqual([1, 2]);
    expect(res.rows.map((r) => r.id)).toEqual(['c']);
  });

  it('names a row whose fields are objects with "toString" keys instead of crashing the import', () => {
    const text = [
      '{"id": {"toString": 1}, "diff": "d", "review": "r"}',
      '{"id": "b", "diff": "d", "review": "r", "con": {"valueOf": 2}}',
    ].join('\n');
    const res = importFiles([{ name: 'x.jsonl', text }]);
    expect(res.rows.map((r) => r.id)).toEqual(['{"toString":1}']);
    expect(res.errors).toEqual([
      { file: 'x.jsonl', line: 2, reason: 'con "[object Object]" is not a number' },
    ]);
  });
});
