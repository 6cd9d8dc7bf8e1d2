// CodeFuse-CR-Bench's description similarity: NLTK's sentence_bleu([word_tokenize(ref)], word_tokenize(pred)),
// weights 0.25 × 4, SmoothingFunction().method4, on texts the caller has lower-cased and stripped. NLTK 3.9's
// word tokenizer (the harness's lock file pins 3.9.1), Punkt with NLTK's untrained defaults unless the caller
// passes a `punkt_tab`'s parameters.
import { bleuSides, sentenceBleu, sentenceBleuOfSides, wordTokenize, type BleuSide, type NltkVersion, type PunktParameters } from '../nltk/index.ts';

export interface NltkBleuOptions {
  version?: NltkVersion;
  punkt?: PunktParameters;
}

export function nltkBleu(pred: string, ref: string, o: NltkBleuOptions = {}): number {
  const tok = (t: string) => wordTokenize(t, { version: o.version ?? '3.9', punkt: o.punkt });
  return bleuOfTokens(tok(pred), tok(ref));
}

export function bleuOfTokens(pred: readonly string[], ref: readonly string[]): number {
  return sentenceBleu([ref], pred, { weights: [0.25, 0.25, 0.25, 0.25], smoothing: 'method4' });
}

const WEIGHTS = [0.25, 0.25, 0.25, 0.25] as const;

/**
 * nltkBleu with each distinct text tokenised and its n-grams counted once (a batch compares the same texts many
 * times): the same figures as nltkBleu, pair for pair (nltkBleu.test.ts).
 */
export function cachedNltkBleu(o: NltkBleuOptions = {}): (pred: string, ref: string) => number {
  const sides = new Map<string, BleuSide>();
  const count = bleuSides();
  const side = (t: string) => {
    let v = sides.get(t);
    if (!v) sides.set(t, (v = count(wordTokenize(t, { version: o.version ?? '3.9', punkt: o.punkt }), WEIGHTS.length)));
    return v;
  };
  return (pred, ref) => sentenceBleuOfSides([side(ref)], side(pred), { weights: WEIGHTS, smoothing: 'method4' });
}
