// Shared fast-check pieces for the parsers' fuzz tests (test-only; nothing in the app imports this).
// Inputs are small by construction (seeds of a few KB, at most MAX_EDITS edits of bounded size), so every
// parser call has a bounded runtime by design: no timers, no timed assertions.
import fc from 'fast-check';
import { ABBREVIATIONS } from '../core/sentences.ts';

// A fixed seed keeps CI reproducible; FUZZ_SEED=<n> (or 'random') explores other inputs locally.
const envSeed = process.env.FUZZ_SEED;
fc.configureGlobal({ seed: envSeed === 'random' ? Date.now() : Number(envSeed ?? 20261123) });

/** Runs per property: the issue asks for 10,000 generated and mutated inputs per parser. */
export const RUNS = 10_000;
const MAX_EDITS = 6;

/** Tokens that mean something to at least one parser: line breaks, diff and list markers, CSV/JSON syntax, odd Unicode. */
const TOKENS = [
  '\n',
  '\r\n',
  '\r',
  ' ',
  '  ',
  '\t',
  '@@',
  '@@ -1,2 +1,2 @@',
  '@',
  '+',
  '-',
  '--- ',
  '+++ ',
  '\\',
  '"',
  '""',
  "'",
  ',',
  ';',
  '{',
  '}',
  '[',
  ']',
  ':',
  '`',
  '```',
  '~~~',
  '.',
  '. ',
  '? ',
  '! ',
  '#',
  '* ',
  '1. ',
  '2) ',
  '0',
  '9',
  '-1',
  '1e999',
  'NaN',
  'null',
  'true',
  '\u0000',
  '\uFEFF',
  '\u2028',
  '\u00e9',
  '\u{1F600}',
  '\uD800',
  'e.g. ',
  'Implications:',
  '"claims"',
  '__proto__',
  'apiKey',
  '<img src=x>',
];

/** A short piece of text to insert: a meaningful token or any few UTF-16 code units. */
export const fuzzPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
);

type Edit =
  | { op: 'insert'; at: number; text: string }
  | { op: 'delete'; at: number; len: number }
  | { op: 'duplicate'; at: number; len: number }
  | { op: 'truncate'; at: number }
  | { op: 'swapLines'; a: number; b: number }
  | { op: 'dropLine'; a: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fuzzPiece }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('delete' as const),
      at: fc.nat(),
      len: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('duplicate' as const),
      at: fc.nat(),
      len: fc.integer({ min: 1, max: 200 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('swapLines' as const), a: fc.nat(), b: fc.nat() }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('dropLine' as const), a: fc.nat() }) },
);

/** Applies edits in order; positions wrap around the current length, so every edit lands somewhere. */
export function applyEdits(seed: string, edits: readonly Edit[]): string {
  let s = seed;
  for (const e of edits) {
    const n = s.length;
    switch (e.op) {
      case 'insert': {
        const at = e.at % (n + 1);
        s = s.slice(0, at) + e.text + s.slice(at);
        break;
      }
      case 'delete': {
        const at = n ? e.at % n : 0;
        s = s.slice(0, at) + s.slice(at + e.len);
        break;
      }
      case 'duplicate': {
        const at = n ? e.at % n : 0;
        s = s.slice(0, at + e.len) + s.slice(at, at + e.len) + s.slice(at + e.len);
        break;
      }
      case 'truncate':
        s = s.slice(0, e.at % (n + 1));
        break;
      case 'swapLines':
      case 'dropLine': {
        const lines = s.split('\n');
        const a = e.a % lines.length;
        if (e.op === 'dropLine') lines.splice(a, 1);
        else {
          const b = e.b % lines.length;
          [lines[a], lines[b]] = [lines[b], lines[a]];
        }
        s = lines.join('\n');
        break;
      }
    }
  }
  return s;
}

/** One of the seeds with 1 to MAX_EDITS small edits (and, a tenth of the time, the seed untouched). */
export function mutated(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.array(edit, { minLength: 0, maxLength: MAX_EDITS }))
    .map(([seed, edits]) => applyEdits(seed, edits));
}

/** Mutated seeds most of the time, and sometimes text made from scratch (tokens or raw code units). */
export function fuzzText(seeds: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mutated(seeds) },
    { weight: 1, arbitrary: fc.array(fuzzPiece, { maxLength: 60 }).map((p) => p.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  );
}

/** A word of lower-case letters that is not an abbreviation the improved splitter knows. */
export const word = fc
  .stringMatching(/^[a-z]{2,9}$/)
  .filter((w) => ![...ABBREVIATIONS].some((a) => a.replace(/\./g, '') === w));

/** "Word word word." (or ? / !): a sentence that ends where a reader would end it. */
export function sentence(ends: readonly string[] = ['.', '?', '!']): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(word, { minLength: 2, maxLength: 8 }), fc.constantFrom(...ends))
    .map(
      ([ws, end]) => `${ws[0][0].toUpperCase()}${ws[0].slice(1)} ${ws.slice(1).join(' ')}${end}`,
    );
}

/** Each piece occurs in `text` in order, without overlapping (what a splitter that only cuts must give). */
export function inOrder(text: string, pieces: readonly string[]): boolean {
  let pos = 0;
  for (const p of pieces) {
    const at = text.indexOf(p, pos);
    if (at < 0) return false;
    pos = at + p.length;
  }
  return true;
}
