// CodeFuse-CR-Bench's description similarity: NLTK's sentence_bleu([word_tokenize(ref)], word_tokenize(pred)),
// weights 0.25 × 4, SmoothingFunction().method4, on texts the caller has lower-cased and stripped. NLTK 3.9's
// word tokenizer (the harness's lock file pins 3.9.1), Punkt with NLTK's untrained defaults unless the caller
// passes a `punkt_tab`'s parameters.
import { sentenceBleu, wordTokenize, type NltkVersion, type PunktParameters } from '../nltk/index.ts';

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

/** nltkBleu with each distinct text tokenised once (a batch compares the same texts many times). */
export function cachedNltkBleu(o: NltkBleuOptions = {}): (pred: string, ref: string) => number {
  const tokens = new Map<string, string[]>();
  const tok = (t: string) => {
    let v = tokens.get(t);
    if (!v) tokens.set(t, (v = wordTokenize(t, { version: o.version ?? '3.9', punkt: o.punkt })));
    return v;
  };
  return (pred, ref) => bleuOfTokens(tok(pred), tok(ref));
}
