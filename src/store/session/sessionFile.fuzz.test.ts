// Fuzz and property tests for session files: 10,000 mutated exports and generated JSON each. Importing either
// gives a usable session or a SessionFileError that says what is wrong; nothing key-like survives either way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzText, RUNS } from '../../testing/fuzz.ts';
import { exampleSessions, type Session } from './session.ts';
import { exportSession, importSession, SESSION_FORMAT, SessionFileError } from './sessionFile.ts';

const examples = exampleSessions();
const withMatrix: Session = {
  ...examples[0],
  embedding: {
    encoderId: 'use-lite',
    rows: 1,
    cols: 2,
    data: [0.5, -0.25],
    pTexts: ['p'],
    rTexts: ['a', 'b'],
  },
};
// A dataset case with the annotators' links (on its second pseudo-reference).
const withLinks: Session = {
  ...examples[1],
  pseudoReferences: examples[1].pseudoReferences.map((p, k) => (k === 1 ? { ...p, annotatorLinked: true } : p)),
  annotatorLinks: { state: 'linked', review: examples[1].review },
};
const SEEDS = [...examples, withMatrix, withLinks].map(exportSession);

/** A session the app can open: every field of the right type and range. */
function sessionProblem(s: Session): string | null {
  const i = s.input;
  if (typeof s.id !== 'string' || typeof s.name !== 'string' || s.name === '') return 'id or name';
  if (
    !['diff', 'files'].includes(i.mode) ||
    ![i.diff, i.oldCode, i.newCode, i.fileName, i.language].every((v) => typeof v === 'string')
  )
    return 'input';
  if (typeof s.review !== 'string') return 'review';
  if (!(s.tau >= 0 && s.tau <= 1)) return `tau ${s.tau}`;
  if (
    !['lexical', 'embedding', 'tfidf', 'learned'].includes(s.similarity) ||
    (s.scoring !== undefined && !['hard', 'graded'].includes(s.scoring)) ||
    !['reference', 'improved'].includes(s.splitMode)
  )
    return 'modes';
  for (const p of s.pseudoReferences)
    if (
      typeof p.text !== 'string' ||
      typeof p.id !== 'string' ||
      typeof p.enabled !== 'boolean' ||
      !['claim', 'implication', 'issue', 'manual'].includes(p.kind)
    )
      return 'pseudo-reference';
  const m = s.embedding;
  if (m && (m.data.length !== m.rows * m.cols || !m.data.every(Number.isFinite))) return 'matrix';
  if (s.note !== undefined && typeof s.note !== 'string') return 'note';
  if (s.pseudoReferences.some((p) => p.annotatorLinked !== undefined && p.annotatorLinked !== true)) return 'annotatorLinked';
  const a = s.annotatorLinks;
  if (a !== undefined && (!['linked', 'none'].includes(a.state) || typeof a.review !== 'string')) return 'annotatorLinks';
  return null;
}

/** Import must give a usable session or a typed error with a message; nothing else may escape. */
function importProblem(text: string): string | null {
  try {
    return sessionProblem(importSession(text));
  } catch (e) {
    if (!(e instanceof SessionFileError)) return `untyped error ${String(e)}`;
    return e.message.length > 10 ? null : `unclear message ${e.message}`;
  }
}

// Keys a session has, keys that look like secrets, and keys that are traps for naive object code.
const KEY = fc.constantFrom(
  'name',
  'input',
  'mode',
  'diff',
  'review',
  'pseudoReferences',
  'text',
  'kind',
  'enabled',
  'line',
  'tau',
  'similarity',
  'splitMode',
  'embedding',
  'rows',
  'cols',
  'data',
  'pTexts',
  'rTexts',
  'note',
  'annotatorLinked',
  'annotatorLinks',
  'state',
  '__proto__',
  'constructor',
  'toString',
  'apiKey',
  'keys',
  'token',
);
const SECRET_KEYS = [
  'apiKey',
  'api_key',
  'OPENAI_API_KEY',
  'x-api-key',
  'token',
  'accessToken',
  'authorization',
  'password',
  'secret',
  'keys',
  'key',
  'credentials',
];
const sessionish = fc.object({
  key: KEY,
  maxDepth: 4,
  maxKeys: 8,
  values: [
    fc.string({ maxLength: 20 }),
    fc.double(),
    fc.integer({ min: -2, max: 5 }),
    fc.boolean(),
    fc.constant(null),
  ],
});

describe('session files, fuzzed', () => {
  it(`importing ${RUNS} mutated exports gives a usable session or a SessionFileError`, () => {
    fc.assert(
      fc.property(fuzzText(SEEDS), (text) => {
        expect(importProblem(text)).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it(`importing ${RUNS} generated session-shaped JSON gives a usable session or a SessionFileError`, () => {
    fc.assert(
      fc.property(sessionish, fc.constantFrom(SESSION_FORMAT, 'other'), (session, format) => {
        expect(importProblem(JSON.stringify({ format, version: 1, session }))).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it(`key-like fields planted anywhere in ${RUNS / 5} sessions never reach an export or an imported session`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...examples),
        fc.array(fc.tuple(fc.constantFrom(...SECRET_KEYS), fc.nat(), fc.nat()), {
          minLength: 1,
          maxLength: 4,
        }),
        (base, plants) => {
          const s = structuredClone(base) as unknown as Record<string, unknown>;
          plants.forEach(([key, where, which], k) => {
            // Plant at the top, in the input, or in one pseudo-reference; the value is what a provider key looks like.
            const targets: Record<string, unknown>[] = [
              s,
              s.input as Record<string, unknown>,
              ...(s.pseudoReferences as Record<string, unknown>[]),
            ];
            const value = `sk-PLANTED-${k}-${which}`;
            targets[where % targets.length][key] = key === 'keys' ? { openai: value } : value;
          });
          const text = exportSession(s as unknown as Session);
          expect(text).not.toContain('sk-PLANTED');
          // A file someone else made, with the secrets in it: the imported session holds none of them.
          const hostile = JSON.stringify({ format: SESSION_FORMAT, version: 1, session: s });
          expect(JSON.stringify(importSession(hostile))).not.toContain('sk-PLANTED');
          expect(importSession(text).review).toBe(base.review);
        },
      ),
      { numRuns: RUNS / 5 },
    );
  });

  it('a deeply nested file is a typed error or a session, never a stack overflow', () => {
    for (const depth of [10, 1_000, 100_000]) {
      const nested = '['.repeat(depth) + ']'.repeat(depth);
      expect(
        importProblem(
          `{"format":"${SESSION_FORMAT}","session":{"note":${nested},"pseudoReferences":${nested}}}`,
        ),
      ).toBeNull();
    }
  });

  it('a matrix whose "rows" is an object such as {"toString": 0} is dropped, not a TypeError', () => {
    const text = JSON.stringify({
      format: SESSION_FORMAT,
      session: {
        review: 'kept',
        embedding: { rows: { toString: 0 }, cols: 1, data: [], pTexts: [], rTexts: [] },
      },
    });
    const s = importSession(text);
    expect([s.review, s.embedding]).toEqual(['kept', undefined]);
  });

  it('a "__proto__" key is data, never the prototype the importer reads fields from', () => {
    const text = JSON.stringify({ format: SESSION_FORMAT }).replace(
      /}$/,
      ',"session":{"__proto__":{"review":"from the prototype"}}}',
    );
    expect(importSession(text).review).toBe('');
  });
});
