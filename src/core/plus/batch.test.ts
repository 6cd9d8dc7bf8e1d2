// Issue 15: batch scoring tokenises each distinct text once (per-batch caches, per-word memos). The scores
// must be exactly those of the straightforward per-review computation, kept here as the reference.
import { stemmer } from 'stemmer';
import { describe, expect, it } from 'vitest';
import type { EvalItem } from '../evaluate.ts';
import { identifierParts, lexicalSimilarityMatrix, lexicalTokens } from '../lexical.ts';
import { lexicalMatrices, tfidfMatrices } from '../research/similarity.ts';
import { STOPWORDS } from '../stopwords.ts';
import type { PseudoReferenceKind, SimilarityMatrix } from '../types.ts';
import { plusInputs, scorePlusItems } from './evaluate.ts';
import { backgroundIdf, corpusIdf, type Idf } from './idf.ts';
import { PLUS_CANDIDATES } from './preset.ts';
import type { PlusInput } from './score.ts';
import { plusSimilarityMatrix } from './similarity.ts';
import { plusTokens } from './tokens.ts';

// ---- Reference: the implementation before the batch caches, every text tokenised on every use. ----
function refLexicalTokens(text: string): string[] {
  const out: string[] = [];
  const add = (t: string) => {
    const w = t.toLowerCase();
    if (w !== '' && !STOPWORDS.has(w)) out.push(w);
  };
  for (const m of (text ?? '').matchAll(/[\p{L}\p{N}_]+(?:'[\p{L}]+)?/gu)) {
    add(m[0]);
    const parts = identifierParts(m[0]);
    if (parts.length > 1) for (const p of parts) add(p);
  }
  return out;
}
const refPlusTokens = (text: string) =>
  refLexicalTokens(text).map((t) => (/^[a-z]+$/.test(t) ? stemmer(t) : t));
function refVector(text: string, idf: Idf): Map<string, number> {
  const v = new Map<string, number>();
  for (const t of refPlusTokens(text)) v.set(t, (v.get(t) ?? 0) + idf.weight(t));
  let n = 0;
  for (const x of v.values()) n += x * x;
  n = Math.sqrt(n);
  if (n > 0) for (const [k, x] of v) v.set(k, x / n);
  return v;
}
function refDot(a: Map<string, number>, b: Map<string, number>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [k, x] of small) s += x * (large.get(k) ?? 0);
  return s;
}
function refMatrix<T>(
  rows: readonly string[],
  cols: readonly string[],
  f: (t: string) => T,
  sim: (a: T, b: T) => number,
): SimilarityMatrix {
  const p = rows.map(f);
  const r = cols.map(f);
  const data = new Float32Array(p.length * r.length);
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < r.length; j++) data[i * r.length + j] = sim(p[i], r[j]);
  return { rows: p.length, cols: r.length, data };
}
const refTfidf = (rows: readonly string[], cols: readonly string[], idf: Idf) =>
  refMatrix(rows, cols, (t) => refVector(t, idf), refDot);
function refJaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let inter = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (large.has(t)) inter++;
  return inter / (a.size + b.size - inter);
}
const refLexical = (rows: readonly string[], cols: readonly string[]) =>
  refMatrix(rows, cols, (t) => new Set(refLexicalTokens(t)), refJaccard);
function refPlusInput(it: EvalItem, idf: Idf): PlusInput {
  const weight = (s: string) => {
    let w = 0;
    for (const t of new Set(refPlusTokens(s))) w += idf.weight(t);
    return w;
  };
  return {
    matrix: refTfidf(it.pseudoReferences, it.sentences, idf),
    selfSimilarity: refTfidf(it.pseudoReferences, it.pseudoReferences, idf),
    sentences: it.sentences,
    sentenceWeights: it.sentences.map(weight),
    kinds: it.pseudoReferences.map((_, i) => it.pseudoReferenceKinds[i] ?? 'claim'),
  };
}

// ---- A generated dataset shaped like the bench's: changes × systems, identifiers, repeats, blanks. ----
const TERMS =
  'parser cache index buffer token request handler session config logger retry timeout queue schema'.split(
    ' ',
  );
function dataset(changes: number, systems: number): EvalItem[] {
  const items: EvalItem[] = [];
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const w = () => TERMS[Math.floor(rand() * TERMS.length)];
  for (let k = 0; k < changes; k++) {
    const refs = [
      `The call computing ${w()}_10 now passes retries=${k % 5} to compute_${w()}.`,
      `The ${w()}Handler's ${w()} value isn't computed as before; parseHTTPResponse_v2 returns early.`,
      `Callers of f_${k} may see slower ${w()} handling when the ${w()}s are retried.`,
      k % 3 === 0
        ? `Unused variable '${w()}Count' (no-unused-vars)`
        : `Les données ${w()} sont mises en cache.`,
    ];
    const kinds: PseudoReferenceKind[] = refs.map((_, i) =>
      k % 3 === 0 && i === 3 ? 'issue' : 'claim',
    );
    for (let s = 0; s < systems; s++) {
      const review =
        s === systems - 1 && k % 4 === 0
          ? ['']
          : s % 3 === 0 // several systems write the same review: the batch cache must not mix them up
            ? [`Consider whether the ${TERMS[k % TERMS.length]} retries are needed.`, 'Thanks!']
            : [
                `Why does ${w()}Manager.get_${w()}() retry ${w()} calls?`,
                `The ${w()} handling looks fine, but the ${w()}s aren't.`,
              ];
      items.push({
        rowId: `c${k}`,
        lang: ['py', 'java', 'js', 'go'][k % 4],
        system: `system-${s}`,
        sentences: review,
        pseudoReferences: refs,
        pseudoReferenceKinds: kinds,
        human: null,
      });
    }
  }
  return items;
}

const items = dataset(60, 10);
const background = backgroundIdf(
  [
    'the',
    'call',
    'calls',
    'value',
    'handling',
    'retry',
    'retries',
    'slow',
    'cache',
    'index',
    'token',
    'thanks',
    'consider',
    'need',
  ].map((word, i) => ({ word, count: 1000 * (i + 1) })),
);
const corpus = corpusIdf(
  items.flatMap((it) => [...it.pseudoReferences, ...it.sentences].map(plusTokens)),
);

describe('batch scoring gives exactly the per-review scores', () => {
  it('tokens: the memoised tokeniser and stemmer agree with the plain ones', () => {
    for (const it of items)
      for (const t of [...it.pseudoReferences, ...it.sentences]) {
        expect(lexicalTokens(t)).toEqual(refLexicalTokens(t));
        expect(plusTokens(t)).toEqual(refPlusTokens(t));
      }
    // The first call fills the memo, the second reads it: same answer, and callers may not alter the memo.
    const a = lexicalTokens('getUserName returns');
    a.push('x');
    expect(lexicalTokens('getUserName returns')).toEqual([
      'getusername',
      'get',
      'user',
      'name',
      'returns',
    ]);
  });

  for (const [name, idf] of [
    ['background IDF', background],
    ['corpus IDF', corpus],
  ] as const)
    it(`plus inputs and scores, ${name}`, () => {
      const fast = plusInputs(items, idf);
      const ref = items.map((it) => refPlusInput(it, idf));
      expect(fast.length).toBe(ref.length);
      for (let k = 0; k < ref.length; k++) {
        expect(Array.from(fast[k].matrix.data)).toEqual(Array.from(ref[k].matrix.data));
        expect(Array.from(fast[k].selfSimilarity.data)).toEqual(
          Array.from(ref[k].selfSimilarity.data),
        );
        expect([fast[k].matrix.rows, fast[k].matrix.cols]).toEqual([
          ref[k].matrix.rows,
          ref[k].matrix.cols,
        ]);
        expect(fast[k].sentenceWeights).toEqual(ref[k].sentenceWeights);
        expect(fast[k].kinds).toEqual(ref[k].kinds);
      }
      // Not a trivial dataset: most reviews match something.
      expect(ref.filter((r) => r.matrix.data.some((x) => x > 0.1)).length).toBeGreaterThan(
        ref.length / 2,
      );
      for (const opts of PLUS_CANDIDATES)
        expect(scorePlusItems(fast, { tau: 0.33, sd: 0.26 }, opts)).toEqual(
          scorePlusItems(ref, { tau: 0.33, sd: 0.26 }, opts),
        );
    });

  it("Research's TF-IDF and lexical matrices", () => {
    const t = tfidfMatrices(items, background);
    const l = lexicalMatrices(items);
    items.forEach((it, k) => {
      expect(Array.from(t.matrices[k].data)).toEqual(
        Array.from(refTfidf(it.pseudoReferences, it.sentences, background).data),
      );
      expect(Array.from(t.self[k].data)).toEqual(
        Array.from(refTfidf(it.pseudoReferences, it.pseudoReferences, background).data),
      );
      expect(Array.from(l.matrices[k].data)).toEqual(
        Array.from(refLexical(it.pseudoReferences, it.sentences).data),
      );
      expect(Array.from(l.self[k].data)).toEqual(
        Array.from(refLexical(it.pseudoReferences, it.pseudoReferences).data),
      );
    });
    // The one-pair entry points (the workbench's) give the same as the batch.
    const it0 = items[1];
    expect(plusSimilarityMatrix(it0.pseudoReferences, it0.sentences, background)).toEqual(
      t.matrices[1],
    );
    expect(lexicalSimilarityMatrix(it0.pseudoReferences, it0.sentences)).toEqual(l.matrices[1]);
  });
});
