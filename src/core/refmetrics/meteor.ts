// METEOR as NLTK's meteor_score computes it (NLTK 3.10), the setting of GradedReviews' Code/METEOR.py (Jiang et
// al. 2025): both texts lowercased and split by NLTK's word tokenizer; words aligned in three stages (exact, Porter
// stem, WordNet synonym), each stage matching every unmatched hypothesis word from the last to the last unmatched
// equal reference word; F-mean with α = 0.9; a fragmentation penalty γ·(chunks/matches)^β with β = 3, γ = 0.5.
// The tokenizer runs on the whole text, as word_tokenize(text, preserve_line=True) does: NLTK's default first
// splits sentences with Punkt, whose model is a separate download (docs/metaeval.md says what that changes).
import { treebankTokenize, type NltkVersion } from '../nltk/wordTokenize.ts';
import { porterStem } from './porter.ts';
import { wordnetSynonyms, type WordNetData } from './wordnet.ts';

/** NLTK's word_tokenize(text, preserve_line=True) of the given NLTK version's rules (src/core/nltk). */
export function nltkWordTokenize(text: string, version: NltkVersion = '3.10'): string[] {
  return treebankTokenize(text, version);
}

export type MeteorStage = 'exact' | 'stem' | 'synonym';

export interface MeteorOptions {
  /** WordNet for the synonym stage; without it METEOR runs exact and stem only (label it: meteorLabel). */
  wordnet?: WordNetData | null;
  alpha?: number;
  beta?: number;
  gamma?: number;
}

type Enum = [number, string][];

// Each WordNet's synonym sets already looked up (the same word recurs across a data set's reviews; the stage only
// reads them). Kept while that WordNet lives; emptied when full.
const synonymCache = new WeakMap<WordNetData, Map<string, Set<string>>>();

function synonymsOf(wn: WordNetData, word: string): Set<string> {
  let cache = synonymCache.get(wn);
  if (!cache || cache.size >= 200_000) synonymCache.set(wn, (cache = new Map()));
  let s = cache.get(word);
  if (s === undefined) cache.set(word, (s = wordnetSynonyms(wn, word)));
  return s;
}

/** One stage: each unmatched hypothesis word, from the last, takes the last unmatched reference word it accepts. */
function matchStage(hyp: Enum, ref: Enum, accepts: (h: string) => Iterable<string>): { matches: [number, number][]; hyp: Enum; ref: Enum } {
  const positions = new Map<string, number[]>();
  ref.forEach(([, w], j) => {
    const list = positions.get(w);
    if (list) list.push(j);
    else positions.set(w, [j]);
  });
  const matches: [number, number][] = [];
  const usedHyp = new Set<number>();
  const usedRef = new Set<number>();
  for (let i = hyp.length - 1; i >= 0; i--) {
    let bestJ = -1;
    let bestWord: string | null = null;
    for (const w of accepts(hyp[i][1])) {
      const list = positions.get(w);
      if (list && list.length && list[list.length - 1] > bestJ) {
        bestJ = list[list.length - 1];
        bestWord = w;
      }
    }
    if (bestWord === null) continue;
    positions.get(bestWord)!.pop();
    usedHyp.add(i);
    usedRef.add(bestJ);
    matches.push([hyp[i][0], ref[bestJ][0]]);
  }
  return { matches, hyp: hyp.filter((_, i) => !usedHyp.has(i)), ref: ref.filter((_, j) => !usedRef.has(j)) };
}

function chunks(matches: readonly [number, number][]): number {
  let n = 1;
  for (let i = 0; i + 1 < matches.length; i++) if (!(matches[i + 1][0] === matches[i][0] + 1 && matches[i + 1][1] === matches[i][1] + 1)) n++;
  return n;
}

/** NLTK's single_meteor_score on token lists (lowercased here, as its default preprocess does). */
export function meteorTokens(reference: readonly string[], hypothesis: readonly string[], opts: MeteorOptions = {}): number {
  const { wordnet = null, alpha = 0.9, beta = 3, gamma = 0.5 } = opts;
  let hyp: Enum = hypothesis.map((w, i) => [i, w.toLowerCase()]);
  let ref: Enum = reference.map((w, i) => [i, w.toLowerCase()]);
  if (hyp.length === 0 || ref.length === 0) return 0;
  const exact = matchStage(hyp, ref, (h) => [h]);
  // The stem stage hands its stemmed words on: the synonym stage looks up stems, as NLTK's does.
  const stem = (e: Enum): Enum => e.map(([i, w]) => [i, porterStem(w)]);
  const stemmed = matchStage(stem(exact.hyp), stem(exact.ref), (h) => [h]);
  [hyp, ref] = [stemmed.hyp, stemmed.ref];
  const synonym = wordnet ? matchStage(hyp, ref, (h) => synonymsOf(wordnet, h)).matches : [];
  const matches = [...exact.matches, ...stemmed.matches, ...synonym].sort((a, b) => a[0] - b[0]);
  const m = matches.length;
  if (m === 0) return 0;
  const precision = m / hypothesis.length;
  const recall = m / reference.length;
  const fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall);
  const penalty = gamma * (chunks(matches) / m) ** beta;
  return (1 - penalty) * fmean;
}

/** GradedReviews' calculate_meteor_score: both texts lowercased, tokenized, scored against the one reference. */
export function meteor(reference: string, candidate: string, opts: MeteorOptions = {}): number {
  return meteorTokens(nltkWordTokenize((reference ?? '').toLowerCase()), nltkWordTokenize((candidate ?? '').toLowerCase()), opts);
}

/** The stages a run had, for its label: METEOR only with all three (only whether WordNet was there matters). */
export function meteorStages(wordnet: Pick<WordNetData, 'version'> | null | undefined): MeteorStage[] {
  return wordnet ? ['exact', 'stem', 'synonym'] : ['exact', 'stem'];
}

export function meteorLabel(wordnet: Pick<WordNetData, 'version'> | null | undefined): string {
  return wordnet ? 'METEOR' : 'METEOR (exact + stem; no WordNet)';
}
