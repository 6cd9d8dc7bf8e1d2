// Issue 38 ("Trust, second pass"): rows an attacker's file made the import take silently, or lose whole.
import { describe, expect, it } from 'vitest';
import { detectFormat, importFiles } from './index.ts';
import { importStreamed, type StreamSource } from './stream.ts';
import type { DatasetRow } from '../dataset.ts';

const row = (id: string, rel: unknown) => JSON.stringify({ id, diff: '@@ -1 +1 @@\n-a\n+b', reviews: [{ system: 's', review: 'r', con: 3, comp: 3, rel }] });

describe('dev.jsonl human scores', () => {
  it('names a row whose score is outside 1–5 or not a number, with its line and why; the others import', () => {
    const text = [row('ok', 4), row('huge', 1e308), row('seven', 7), row('neg', -3), row('word', 'four'), row('bool', true), row('null', null)].join('\n');
    const res = importFiles([{ name: 'dev.jsonl', text }]);
    expect(res.rows.map((r) => r.id)).toEqual(['ok', 'null']);
    expect(res.errors).toEqual([
      { file: 'dev.jsonl', line: 2, reason: 'reviews[0].rel 1e+308 is outside the Likert range 1–5' },
      { file: 'dev.jsonl', line: 3, reason: 'reviews[0].rel 7 is outside the Likert range 1–5' },
      { file: 'dev.jsonl', line: 4, reason: 'reviews[0].rel -3 is outside the Likert range 1–5' },
      { file: 'dev.jsonl', line: 5, reason: 'reviews[0].rel "four" is not a number' },
      { file: 'dev.jsonl', line: 6, reason: 'reviews[0].rel "true" is not a number' },
    ]);
  });

  it('reads a numeric string score as the number, as the CSV readers do', () => {
    const res = importFiles([{ name: 'dev.jsonl', text: [row('a', '4'), row('b', ' 2.5 '), row('c', '')].join('\n') }]);
    expect(res.errors).toEqual([]);
    expect(res.rows.map((r) => r.reviews[0].rel)).toEqual([4, 2.5, null]);
  });
});

describe('a line nested too deep for the parser', () => {
  // 200,000 levels: JSON.parse reads it, but String()/JSON.stringify of it overflow the stack (RangeError), which
  // lost the whole import. Each dialect has a field it turns into text.
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  for (const [name, first, bad] of [
    ['dev.jsonl', row('a', 3), `{"id": "deep", "diff": "d", "reviews": [{"system": "s", "claims_addressed": ${deep}}]}`],
    ['plain.jsonl', JSON.stringify({ id: 'a', diff: 'd', review: 'r', system: 's' }), `{"id": ${deep}, "diff": "d", "review": "r"}`],
    ['cr.jsonl', JSON.stringify({ id: 'a', patch: 'd', msg: 'm' }), `{"id": ${deep}, "patch": "d", "msg": "m"}`],
  ] as const)
    it(`is one bad row in ${name}, named with its line; the rest imports`, () => {
      const res = importFiles([{ name, text: [first, bad, first.replace('"a"', '"b"')].join('\n') }]);
      expect(res.rows.length).toBeGreaterThan(0);
      expect(res.rows.map((r) => r.id)).not.toContain('deep');
      expect(res.errors).toEqual([{ file: name, line: 2, reason: 'nested too deep (more than 64 levels of arrays and objects)' }]);
    });
});

describe('format sniffing', () => {
  it('recognises a JSONL file whose first line is longer than the prefix it reads', () => {
    const long = JSON.stringify({ id: 'a', diff: 'x'.repeat(3_000_000), reviews: [] });
    expect(detectFormat({ name: 'big.jsonl', text: long })).toBe('crscore-jsonl');
    expect(detectFormat({ name: 'big.txt', text: long })).toBe('crscore-jsonl');
    const plain = JSON.stringify({ diff: 'x'.repeat(3_000_000), review: 'r' });
    expect(detectFormat({ name: 'p.jsonl', text: plain })).toBe('plain-jsonl');
    const cr = JSON.stringify({ oldf: 'x'.repeat(3_000_000), patch: 'p', msg: 'm' });
    expect(detectFormat({ name: 'c.jsonl', text: cr })).toBe('codereviewer-jsonl');
  });

  it('imports such a file streamed, from a head of 2 MB (a dev.jsonl row whose old file is 3 MB)', async () => {
    const long = JSON.stringify({ id: 'a', diff: 'd', reviews: [], old_code: 'x'.repeat(3_000_000) });
    const text = `${long}\n${row('b', 2)}\n`;
    const bytes = new TextEncoder().encode(text);
    const src: StreamSource = {
      name: 'big.jsonl',
      head: async () => text.slice(0, 2_000_000),
      text: async () => text,
      bytes: async function* () {
        yield bytes;
      },
    };
    const rows: DatasetRow[] = [];
    const rest = await importStreamed([src], (rs) => rows.push(...rs));
    expect(rest.errors).toEqual([]);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('format sniffing, undecided', () => {
  it('says why when the keys read before the cut do not tell the format', async () => {
    const long = JSON.stringify({ id: 'a', diff: 'x'.repeat(3_000_000), reviews: [] });
    const src: StreamSource = { name: 'big.jsonl', head: async () => long.slice(0, 2_000_000), text: async () => long };
    const rest = await importStreamed([src], () => {});
    expect(rest.errors).toEqual([
      {
        file: 'big.jsonl',
        line: 1,
        reason:
          'the first line is longer than the 2 MB read to tell the format, and its keys there ("id", "diff") do not say which: put "reviews" (dev.jsonl) or "patch" (CodeReviewer) before the long fields, or use a file with shorter lines',
      },
    ]);
  });
});
