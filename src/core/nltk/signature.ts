// The name of the tokenizer a figure was computed with, for signatures and exports: NLTK's version of the word
// tokenizer's rules, and which Punkt parameters split the sentences (or none, with preserve_line).
import type { NltkVersion } from './wordTokenize.ts';

export interface TokenizerSignatureInput {
  version: NltkVersion;
  /** True: word_tokenize(text, preserve_line=True), no sentence split. */
  preserveLine?: boolean;
  /** The hash of a user's punkt_tab (parsePunktTab); NLTK's untrained Punkt without it. */
  punktTabHash?: string | null;
}

/** e.g. `nltk-3.9/punkt-untrained`, `nltk-3.10/punkt-tab#1a2b3c4d5e6f`, `nltk-3.9/preserve-line`. */
export function nltkTokenizerSignature(s: TokenizerSignatureInput): string {
  const split = s.preserveLine ? 'preserve-line' : s.punktTabHash ? `punkt-tab#${s.punktTabHash}` : 'punkt-untrained';
  return `nltk-${s.version}/${split}`;
}

/** Reads `nltk-3.9` / `nltk-3.10` (the CLI's --tokenizer), or null. */
export function parseNltkVersion(name: string): NltkVersion | null {
  const m = /^(?:nltk-)?(3\.9|3\.10)$/.exec(name.trim());
  return m ? (m[1] as NltkVersion) : null;
}
