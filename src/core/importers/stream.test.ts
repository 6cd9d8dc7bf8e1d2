// The streaming import gives importFiles' rows, errors, notes and formats, whatever the chunks, with each row's
// code read back from the bytes it points at (codeOfLine) equal to the code importFiles kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ann1 from './fixtures/synthetic-py-ann1.csv?raw';
import type { DatasetRow } from '../dataset.ts';
import { codeOfLine, importFiles, type ImportFile } from './index.ts';
import { byteLines, importStreamed, type StreamSource } from './stream.ts';

const enc = new TextEncoder();

/** The bytes in chunks of the given sizes (cycled), as a stream reader hands them over. */
async function* chunked(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const n = Math.max(1, sizes[k % sizes.length]);
    yield bytes.slice(at, at + n);
    at += n;
  }
}

function source(f: ImportFile, sizes: number[]): StreamSource & { bytesOf: Uint8Array } {
  const bytesOf = enc.encode(f.text);
  const decoded = asRead(f).text;
  return { name: f.name, bytesOf, head: async () => decoded.slice(0, 2_000_000), text: async () => decoded, bytes: () => chunked(bytesOf, sizes) };
}

/** The file as the page reads it whole (File.text(): a leading byte-order mark dropped). */
const asRead = (f: ImportFile): ImportFile => ({ name: f.name, text: f.text.replace(/^\uFEFF/, '') });

async function streamed(files: ImportFile[], sizes: number[]) {
  const sources = files.map((f) => source(f, sizes));
  const rows: DatasetRow[] = [];
  const rest = await importStreamed(sources, (rs) => rows.push(...rs));
  // Read each row's code back from its bytes, as the page does from the file.
  const restored = rows.map((r) => {
    if (!r.codeAt) return r;
    const { codeAt, ...row } = r;
    const line = new TextDecoder().decode(sources[codeAt.file].bytesOf.subarray(codeAt.start, codeAt.end)).replace(/\r$/, '').replace(/^\uFEFF/, '');
    return { ...row, ...codeOfLine(codeAt.kind, line) };
  });
  return { rows: restored, codeAt: rows.filter((r) => r.codeAt).length, ...rest };
}

const text = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', '\n', '\u00e9', '\u{1F600}', '{', ','), maxLength: 30 });
const crscoreLine = fc.record({ id: fc.constantFrom('a', 'b', 'c', 'd'), diff: text, old_code: fc.option(text), new_code: fc.option(text), review: text }).map((o) =>
  JSON.stringify({ id: o.id, lang: 'py', diff: `@@ -1 +1 @@\n-${o.diff}`, old_code: o.old_code, new_code: o.new_code, pseudo_refs: [{ text: 'A claim.', type: 'claim' }], reviews: [{ system: 's1', review: o.review, rel: 3 }] }),
);
const crLine = fc.record({ id: fc.constantFrom('x', 'y', null), patch: text, oldf: fc.option(text), msg: text, pred: text }).map((o) =>
  JSON.stringify({ ...(o.id ? { id: o.id } : {}), patch: `@@ -1 +1 @@\n+${o.patch}`, oldf: o.oldf, msg: o.msg, gpt_pred: o.pred }),
);
const plainLine = fc.record({ id: fc.constantFrom('p', 'q', null), diff: text, old_code: fc.option(text), new_code: fc.option(text), review: text, system: fc.constantFrom('s1', 's2') }).map((o) =>
  JSON.stringify({ ...(o.id ? { id: o.id } : {}), diff: `@@ -1 +1 @@\n+${o.diff}`, old_code: o.old_code, new_code: o.new_code, review: o.review, system: o.system, rel: 4 }),
);
const broken = fc.constantFrom('{"id": "z", "diff": 1}', 'not json', '[1,2]', '', '   ', '{"reviews": []}', '{"patch": ""}');

function fileOf(name: string, good: fc.Arbitrary<string>) {
  return fc.record({ lines: fc.array(fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: broken }), { minLength: 1, maxLength: 8 }), crlf: fc.boolean(), bom: fc.boolean(), trailing: fc.boolean() }).map(
    (f): ImportFile => {
      // The first line is always good, so the file's format is the one meant.
      const lines = f.lines;
      return { name, text: (f.bom ? '\uFEFF' : '') + lines.join(f.crlf ? '\r\n' : '\n') + (f.trailing ? '\n' : '') };
    },
  );
}

describe('byteLines', () => {
  it('gives the lines of split(/\\r?\\n/) with their bytes, across any chunks', async () => {
    const t = 'é{"a":1}\r\n\n😀 x\ny\r\nlast';
    const bytes = enc.encode(t);
    for (const sizes of [[1], [2, 3], [bytes.length]]) {
      const got: { text: string; start: number; end: number }[] = [];
      for await (const l of byteLines(chunked(bytes, sizes))) got.push({ text: l.text, start: l.start, end: l.end });
      expect(got.map((l) => l.text)).toEqual(t.split(/\r?\n/));
      for (const l of got) expect(new TextDecoder().decode(bytes.subarray(l.start, l.end)).replace(/\r$/, '')).toBe(l.text);
    }
  });

  it('drops a byte-order mark only at the start, as File.text() does', async () => {
    const bytes = enc.encode('\uFEFFa\n\uFEFFb');
    const got: string[] = [];
    for await (const l of byteLines(chunked(bytes, [1]))) got.push(l.text);
    expect(got).toEqual(['a', '\uFEFFb']);
  });
});

describe('importStreamed', () => {
  it("gives importFiles' result for every JSONL dialect, whatever the chunks", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fileOf('a.jsonl', crscoreLine), fileOf('b.jsonl', crLine), fileOf('c.jsonl', plainLine)),
        fileOf('d.jsonl', crscoreLine),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }),
        async (f1, f2, sizes) => {
          const files = [f1, f2];
          const whole = importFiles(files.map(asRead));
          const got = await streamed(files, sizes);
          expect(got.rows).toEqual(whole.rows);
          expect(got.errors).toEqual(whole.errors);
          expect(got.notes).toEqual(whole.notes);
          expect(got.formats).toEqual(whole.formats);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('leaves the code in the file: rows carry only where it is', async () => {
    const f = { name: 'big.jsonl', text: [1, 2, 3].map((k) => JSON.stringify({ id: `c${k}`, diff: '@@ -1 +1 @@\n+x', old_code: 'old '.repeat(k), new_code: 'new', reviews: [{ system: 's', review: 'Fine.' }] })).join('\n') };
    const rows: DatasetRow[] = [];
    await importStreamed([source(f, [7])], (rs) => rows.push(...rs));
    expect(rows.map((r) => [r.oldCode, r.newCode, r.codeAt?.kind])).toEqual([
      [null, null, 'crscore-jsonl'],
      [null, null, 'crscore-jsonl'],
      [null, null, 'crscore-jsonl'],
    ]);
    expect((await streamed([f], [7])).rows.map((r) => r.oldCode)).toEqual(['old ', 'old old ', 'old old old ']);
  });

  it('reads a CSV whole beside a streamed file, with the annotators merged first as importFiles does', async () => {
    const files = [
      { name: 'x.jsonl', text: JSON.stringify({ id: 'py-1', diff: 'd', reviews: [{ system: 's', review: 'r' }] }) },
      { name: 'py_ann1_review_qual_final.csv', text: ann1 },
    ];
    const whole = importFiles(files);
    const got = await streamed(files, [5]);
    expect(got.rows).toEqual(whole.rows);
    expect(got.notes).toEqual(whole.notes);
    expect(got.formats).toEqual(['crscore-jsonl', 'human-study-csv']);
  });

  it('names a file of no known format, as importFiles does', async () => {
    const files = [{ name: 'x.txt', text: 'hello' }];
    expect((await streamed(files, [3])).errors).toEqual(importFiles(files).errors);
  });
});
