// Issue 38 ("Trust, second pass"): rows an attacker's file made the import take silently, or lose whole.
import { describe, expect, it } from 'vitest';
import { decodeUtf8File, detectFormat, importFiles } from './index.ts';
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

describe('bytes that are not UTF-8', () => {
  const enc = new TextEncoder();
  const latin1 = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0))); // é → 0xE9, not UTF-8
  const cat = (...parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
    parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
    return out;
  };
  // Line 2 has a Latin-1 byte; line 3 a U+FFFD written in the file (valid UTF-8, EF BF BD): only line 2 is bad.
  const bytes = cat(enc.encode(`${row('a', 3)}\n`), latin1(`${row('café', 3)}\n`), enc.encode(`${row('b\uFFFD', 2)}\n`));
  const reason = 'not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8';

  it('names the line read whole (decodeUtf8File, as the page and the CLI read a file) and keeps the others', () => {
    const res = importFiles([decodeUtf8File('x.jsonl', bytes)]);
    expect(res.rows.map((r) => r.id)).toEqual(['a', 'b\uFFFD']);
    expect(res.errors).toEqual([{ file: 'x.jsonl', line: 2, reason }]);
  });

  it('names the line streamed, whatever the chunks', async () => {
    for (const size of [1, 7, 1 << 20]) {
      const src: StreamSource = {
        name: 'x.jsonl',
        head: async () => new TextDecoder().decode(bytes),
        text: async () => decodeUtf8File('x.jsonl', bytes),
        bytes: async function* () {
          for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
        },
      };
      const rows: DatasetRow[] = [];
      const rest = await importStreamed([src], (rs) => rows.push(...rs));
      expect(rows.map((r) => r.id)).toEqual(['a', 'b\uFFFD']);
      expect(rest.errors).toEqual([{ file: 'x.jsonl', line: 2, reason }]);
    }
  });

  it('names the record of a CSV, even when the bad byte is on a later line of a quoted field', () => {
    const csv = cat(enc.encode('id,diff,review,system,rel\n1,d,ok,s,3\n2,"@@ -1 +1 @@\n'), latin1('+caf\u00e9"'), enc.encode(',r,s,4\n3,d,fine,s,2\n'));
    const res = importFiles([decodeUtf8File('x.csv', csv)]);
    expect(res.rows.map((r) => r.id)).toEqual(['1', '3']);
    expect(res.errors).toEqual([{ file: 'x.csv', line: 3, reason: `CSV: line 4 is ${reason}` }]);
  });

  it('leaves a file that is valid UTF-8 as it is, a U+FFFD of its own included', () => {
    const f = decodeUtf8File('ok.jsonl', enc.encode('\uFEFF{"a": "\uFFFD"}\n'));
    expect(f).toEqual({ name: 'ok.jsonl', text: '{"a": "\uFFFD"}\n' });
  });
});

describe('format sniffing, a head of 2 MB of multi-byte text', () => {
  it('is still known to be cut (fewer characters than bytes)', async () => {
    const long = JSON.stringify({ id: 'a', diff: 'd', reviews: [], old_code: 'é'.repeat(2_000_000) });
    const bytes = new TextEncoder().encode(long);
    const head = new TextDecoder().decode(bytes.subarray(0, 2_000_000));
    expect(head.length).toBeLessThan(1_100_000);
    const src: StreamSource = { name: 'big.jsonl', head: async () => head, text: async () => long, bytes: async function* () { yield bytes; } };
    const rows: DatasetRow[] = [];
    const rest = await importStreamed([src], (rs) => rows.push(...rs));
    expect(rest.errors).toEqual([]);
    expect(rows.map((r) => r.id)).toEqual(['a']);
  });
});

describe('the depth limit', () => {
  it('takes 64 levels of arrays and objects and refuses 65; brackets inside strings do not count', async () => {
    const { parseJsonText, TOO_DEEP } = await import('../jsonDepth.ts');
    const nest = (n: number) => `${'['.repeat(n - 1)}{"a": "${'['.repeat(100)}"}${']'.repeat(n - 1)}`;
    expect(parseJsonText(nest(64)).error).toBeUndefined();
    expect(parseJsonText(nest(65)).error).toBe(TOO_DEEP);
    expect(parseJsonText('{"a": [').error).toMatch(/^not valid JSON/);
  });
});
