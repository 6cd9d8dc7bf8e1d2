// Offline matchers: a similarity of a reference issue's text with a comment's, and a threshold that stands where a
// benchmark's LLM judge stands (AACR-Bench's yes/no, Martian's match), so every evaluator runs with no key.
// Each reuses a similarity the metric already has: lexical (Jaccard of content words), plus (TF-IDF cosine on the
// background IDF), use-lite (the bundled encoder's cosine, vectors from the caller), learned (the shipped linker's
// probability that a review addresses a pseudo-reference) and bleu (NLTK's BLEU-4, method 4, as CodeFuse's description).
import { lexicalSimilarityMatrix, lexicalTokenSets } from '../lexical.ts';
import { plusSimilarityMatrix, plusTextCache, type Idf } from '../plus/index.ts';
import { featureCache, reviewFeatures, type LinkerInput } from '../learned/features.ts';
import { reviewProbabilities } from '../learned/linker.ts';
import type { LogisticModel } from '../learned/logistic.ts';
import { splitReview } from '../sentences.ts';
import type { SimilarityMatrix } from '../types.ts';
import { cachedNltkBleu } from './nltkBleu.ts';

export type MatcherName = 'bleu' | 'lexical' | 'plus' | 'use-lite' | 'learned';
export const MATCHERS: readonly MatcherName[] = ['bleu', 'lexical', 'plus', 'use-lite', 'learned'];

/**
 * Default thresholds. lexical and plus: the metric's own τ (LEXICAL_TAU 0.149, the plus calibration 0.3279);
 * use-lite: its τ 0.6447; learned: the linker's link threshold 0.22; bleu: 0.1. They were set for review sentences
 * against pseudo-references, not for whole comments against reference issues: `--threshold` moves them.
 */
export const DEFAULT_THRESHOLD: Record<MatcherName, number> = { bleu: 0.1, lexical: 0.149, plus: 0.3279, 'use-lite': 0.6447, learned: 0.22 };

/** What some matchers need from the caller: the background IDF (plus, learned), vectors (use-lite), the linker. */
export interface MatcherContext {
  idf?: Idf;
  /** The vector of a text (use-lite): the CLI embeds every distinct text once before the evaluators run. */
  vector?: (text: string) => Float32Array;
  linker?: LogisticModel;
}

/** References × comments similarities of one PR; `diff` is the PR's, when known (the learned linker reads it). */
export type PairMatrix = (references: readonly string[], comments: readonly string[], diff?: string) => SimilarityMatrix;

function need<T>(v: T | undefined, what: string, m: MatcherName): T {
  if (v === undefined) throw new Error(`the ${m} matcher needs ${what}`);
  return v;
}

/** A pair's similarity memoised: runs that share a context ask the same (reference, comment) pairs again. */
function pairMemo(f: (ref: string, com: string) => number): (ref: string, com: string) => number {
  const byRef = new Map<string, Map<string, number>>();
  return (ref, com) => {
    let row = byRef.get(ref);
    if (!row) byRef.set(ref, (row = new Map()));
    let v = row.get(com);
    if (v === undefined) row.set(com, (v = f(ref, com)));
    return v;
  };
}

function fromFn(f: (ref: string, com: string) => number): PairMatrix {
  return (refs, coms) => {
    const data = new Float32Array(refs.length * coms.length);
    for (let i = 0; i < refs.length; i++) for (let j = 0; j < coms.length; j++) data[i * coms.length + j] = f(refs[i], coms[j]);
    return { rows: refs.length, cols: coms.length, data };
  };
}

/**
 * Each matcher's work kept with the context it was given: tokens, n-gram counts, TF-IDF vectors and linker
 * features of each distinct text, and the similarity of each pair. Several runs on one dataset with one context
 * (every evaluator in a bench, Research's reruns as a slider moves) compute each text's and each pair's work once;
 * a call without a context gets fresh work, dropped with the run. The figures are those of fresh work: every memo
 * holds a pure function's value.
 */
interface SharedWork {
  bleu?: (pred: string, ref: string) => number;
  matrices: Map<MatcherName, PairMatrix>;
  scorers: Map<MatcherName, (ref: string, com: string) => number>;
}
const SHARED = new WeakMap<MatcherContext, SharedWork>();

function sharedWork(ctx: MatcherContext): SharedWork {
  let w = SHARED.get(ctx);
  if (!w) SHARED.set(ctx, (w = { matrices: new Map(), scorers: new Map() }));
  return w;
}

/** NLTK's BLEU-4 with method 4 (nltkBleu) of a lower-cased prediction and reference, with the context's work. */
export function contextBleu(ctx: MatcherContext = {}): (pred: string, ref: string) => number {
  const w = sharedWork(ctx);
  if (!w.bleu) {
    const bleu = cachedNltkBleu();
    const memo = pairMemo((ref, pred) => bleu(pred, ref));
    w.bleu = (pred, ref) => memo(ref, pred);
  }
  return w.bleu;
}

export function pairMatrix(name: MatcherName, ctx: MatcherContext = {}): PairMatrix {
  const w = sharedWork(ctx);
  let m = w.matrices.get(name);
  if (!m) w.matrices.set(name, (m = freshPairMatrix(name, ctx)));
  return m;
}

function freshPairMatrix(name: MatcherName, ctx: MatcherContext): PairMatrix {
  switch (name) {
    case 'lexical': {
      const sets = lexicalTokenSets();
      return (refs, coms) => lexicalSimilarityMatrix(refs, coms, {}, sets);
    }
    case 'plus': {
      const idf = need(ctx.idf, 'the background IDF', name);
      const texts = plusTextCache(idf);
      return (refs, coms) => plusSimilarityMatrix(refs, coms, idf, texts);
    }
    case 'bleu': {
      // The reference issue is BLEU's reference, the comment its hypothesis, lower-cased as CodeFuse does.
      const bleu = contextBleu(ctx);
      return fromFn((ref, com) => bleu(com.toLowerCase().trim(), ref.toLowerCase().trim()));
    }
    case 'use-lite': {
      const vec = need(ctx.vector, 'vectors from the encoder', name);
      return fromFn(pairMemo((ref, com) => cosine(vec(ref), vec(com))));
    }
    case 'learned': {
      const model = need(ctx.linker, 'the linker weights', name);
      const cache = featureCache(need(ctx.idf, 'the background IDF', name));
      // A comment's probabilities depend on the PR's diff, all of its references and the comment alone.
      const columns = new Map<string, Map<string, Map<string, Float64Array>>>();
      return (refs, coms, diff) => {
        const data = new Float32Array(refs.length * coms.length);
        const pseudoReferences = refs.map((text) => ({ text, kind: 'claim' as const }));
        let byRefs = columns.get(diff ?? '');
        if (!byRefs) columns.set(diff ?? '', (byRefs = new Map()));
        const refsKey = JSON.stringify(refs);
        let byCom = byRefs.get(refsKey);
        if (!byCom) byRefs.set(refsKey, (byCom = new Map()));
        coms.forEach((c, j) => {
          let p = byCom.get(c);
          if (!p) {
            const input: LinkerInput = { diff: diff ?? '', pseudoReferences, sentences: splitReview(c) };
            byCom.set(c, (p = reviewProbabilities(model, reviewFeatures(input, cache))));
          }
          for (let i = 0; i < refs.length; i++) data[i * coms.length + j] = p[i];
        });
        return { rows: refs.length, cols: coms.length, data };
      };
    }
  }
}

/**
 * One pair's similarity, computed only when asked (AACR-Bench asks only pairs at the same location), for the
 * matchers whose pair score does not depend on the other texts of the PR; null for the learned linker (its
 * features read every reference of the PR).
 */
export function pairScorer(name: MatcherName, ctx: MatcherContext = {}): ((ref: string, com: string) => number) | null {
  if (name === 'learned') return null;
  const w = sharedWork(ctx);
  let f = w.scorers.get(name);
  if (!f) {
    const m = pairMatrix(name, ctx);
    w.scorers.set(name, (f = pairMemo((ref, com) => m([ref], [com]).data[0])));
  }
  return f;
}

function cosine(a: Float32Array, b: Float32Array): number {
  let d = 0, na = 0, nb = 0;
  for (let k = 0; k < a.length; k++) {
    d += a[k] * b[k];
    na += a[k] * a[k];
    nb += b[k] * b[k];
  }
  return na > 0 && nb > 0 ? d / Math.sqrt(na * nb) : 0;
}
