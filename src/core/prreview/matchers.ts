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

function fromFn(f: (ref: string, com: string) => number): PairMatrix {
  return (refs, coms) => {
    const data = new Float32Array(refs.length * coms.length);
    for (let i = 0; i < refs.length; i++) for (let j = 0; j < coms.length; j++) data[i * coms.length + j] = f(refs[i], coms[j]);
    return { rows: refs.length, cols: coms.length, data };
  };
}

export function pairMatrix(name: MatcherName, ctx: MatcherContext = {}): PairMatrix {
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
      const bleu = cachedNltkBleu();
      return fromFn((ref, com) => bleu(com.toLowerCase().trim(), ref.toLowerCase().trim()));
    }
    case 'use-lite': {
      const vec = need(ctx.vector, 'vectors from the encoder', name);
      return fromFn((ref, com) => cosine(vec(ref), vec(com)));
    }
    case 'learned': {
      const model = need(ctx.linker, 'the linker weights', name);
      const cache = featureCache(need(ctx.idf, 'the background IDF', name));
      return (refs, coms, diff) => {
        const data = new Float32Array(refs.length * coms.length);
        const pseudoReferences = refs.map((text) => ({ text, kind: 'claim' as const }));
        coms.forEach((c, j) => {
          const input: LinkerInput = { diff: diff ?? '', pseudoReferences, sentences: splitReview(c) };
          const p = reviewProbabilities(model, reviewFeatures(input, cache));
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
  const m = pairMatrix(name, ctx);
  const seen = new Map<string, number>();
  return (ref, com) => {
    const k = `${ref}\u0000${com}`;
    let v = seen.get(k);
    if (v === undefined) seen.set(k, (v = m([ref], [com]).data[0]));
    return v;
  };
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
