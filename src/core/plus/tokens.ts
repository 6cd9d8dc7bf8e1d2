import { stemmer } from 'stemmer';
import { lexicalTokens } from '../lexical.ts';

/**
 * The lexical baseline's tokens (identifiers kept whole and split, stopwords dropped), Porter-stemmed so
 * "returns"/"returned"/"return" meet. Stemming was the largest single gain over the baseline on dev.
 */
export function plusTokens(text: string): string[] {
  return stemTokens(lexicalTokens(text));
}

/** plusTokens of a text whose lexicalTokens are known: stemTokens(lexicalTokens(t)) is plusTokens(t). */
export function stemTokens(lexical: readonly string[]): string[] {
  return lexical.map(stem);
}

// Porter stemming is pure and the vocabulary of a dataset is small next to its tokens: stem each word once.
const STEM_CACHE_LIMIT = 100_000;
const stems = new Map<string, string>();

function stem(t: string): string {
  let s = stems.get(t);
  if (s === undefined) {
    s = /^[a-z]+$/.test(t) ? stemmer(t) : t;
    if (stems.size >= STEM_CACHE_LIMIT) stems.clear();
    stems.set(t, s);
  }
  return s;
}
