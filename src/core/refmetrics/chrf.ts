// chrF (Popović 2015) and chrF++ (Popović 2017) as sacreBLEU 2.x computes a sentence score with its defaults:
// character n-grams 1..6 over the text without whitespace, word n-grams 1..2 for chrF++ (after sacreBLEU's
// one-character punctuation split), β = 2, precision and recall averaged over the orders both sides have,
// case kept. Returns a value in [0, 1] (sacreBLEU prints ×100).

const PUNCTS = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const EPS = 1e-16;

export interface ChrfOptions {
  charOrder?: number;
  wordOrder?: number;
  beta?: number;
}

function counts(items: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const it of items) m.set(it, (m.get(it) ?? 0) + 1);
  return m;
}

/** The text without whitespace, and where each code point starts in it (Python slices str by code point). */
function charsOf(text: string): { s: string; at: Int32Array } {
  const s = text.split(/\s+/).join('');
  const at = new Int32Array(s.length + 1);
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    at[k++] = i;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++; // a surrogate pair is one code point, as Array.from takes it
    }
  }
  at[k] = s.length;
  return { s, at: at.subarray(0, k + 1) };
}

/** Character n-grams of order n (code points), counted; `c` from charsOf, shared by every order. */
function charNgrams(text: string, n: number, c = charsOf(text)): Map<string, number> {
  const m = new Map<string, number>();
  const len = c.at.length - 1;
  for (let i = 0; i + n <= len; i++) {
    const g = c.s.slice(c.at[i], c.at[i + n]);
    m.set(g, (m.get(g) ?? 0) + 1);
  }
  return m;
}

/** sacreBLEU's _remove_punctuation: a trailing (else leading) punctuation mark becomes its own token. */
export function chrfWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.split(/\s+/).filter((x) => x !== '')) {
    const cs = Array.from(w);
    if (cs.length === 1) out.push(w);
    else if (PUNCTS.has(cs[cs.length - 1])) out.push(cs.slice(0, -1).join(''), cs[cs.length - 1]);
    else if (PUNCTS.has(cs[0])) out.push(cs[0], cs.slice(1).join(''));
    else out.push(w);
  }
  return out;
}

function wordNgrams(words: readonly string[], n: number): Map<string, number> {
  const out: string[] = [];
  for (let i = 0; i + n <= words.length; i++) out.push(words.slice(i, i + n).join(' '));
  return counts(out);
}

function total(m: Map<string, number>): number {
  let t = 0;
  for (const c of m.values()) t += c;
  return t;
}

function stats(hyp: Map<string, number>, ref: Map<string, number>, refTotal = total(ref)): [number, number, number] {
  let m = 0;
  for (const [g, c] of hyp) m += Math.min(c, ref.get(g) ?? 0);
  return [total(hyp), refTotal, m];
}

/** One side's n-grams: character orders 1…charOrder, word orders 1…wordOrder, with their totals. */
export interface ChrfSide {
  chars: Map<string, number>[];
  charTotals: number[];
  words: Map<string, number>[];
  wordTotals: number[];
}

/** A text's n-grams, built once: a reference is scored against every system's review with it. */
export function chrfSide(text: string, charOrder = 6, wordOrder = 2): ChrfSide {
  const c = charsOf(text ?? '');
  const chars = Array.from({ length: charOrder }, (_, k) => charNgrams(text ?? '', k + 1, c));
  const w = wordOrder > 0 ? chrfWords(text ?? '') : [];
  const words = Array.from({ length: wordOrder }, (_, k) => wordNgrams(w, k + 1));
  return { chars, charTotals: chars.map(total), words, wordTotals: words.map(total) };
}

function fScore(all: readonly [number, number, number][], factor: number): number {
  let effective = 0;
  let prec = 0;
  let rec = 0;
  for (const [h, r, m] of all) {
    prec += h > 0 ? m / h : EPS;
    rec += r > 0 ? m / r : EPS;
    if (h > 0 && r > 0) effective++;
  }
  if (effective === 0) return 0;
  prec /= effective;
  rec /= effective;
  return prec + rec > 0 ? ((1 + factor) * prec * rec) / (factor * prec + rec) : 0;
}

/**
 * chrF and chrF++ of a candidate against a reference side, from one set of character n-grams (chrF++ only adds
 * the word orders): each equals chrf / chrfPlusPlus on the texts, with β = 2.
 */
export function chrfBoth(ref: ChrfSide, candidate: string): { chrf: number; chrfpp: number } {
  const hyp = chrfSide(candidate, ref.chars.length, ref.words.length);
  const chars = hyp.chars.map((h, k): [number, number, number] => stats(h, ref.chars[k], ref.charTotals[k]));
  const words = hyp.words.map((h, k): [number, number, number] => stats(h, ref.words[k], ref.wordTotals[k]));
  return { chrf: fScore(chars, 4), chrfpp: fScore([...chars, ...words], 4) };
}

export function chrf(reference: string, candidate: string, opts: ChrfOptions = {}): number {
  const charOrder = opts.charOrder ?? 6;
  const wordOrder = opts.wordOrder ?? 0;
  const factor = (opts.beta ?? 2) ** 2;
  const all: [number, number, number][] = [];
  for (let n = 1; n <= charOrder; n++)
    all.push(stats(charNgrams(candidate ?? '', n), charNgrams(reference ?? '', n)));
  if (wordOrder > 0) {
    const hw = chrfWords(candidate ?? '');
    const rw = chrfWords(reference ?? '');
    for (let n = 1; n <= wordOrder; n++) all.push(stats(wordNgrams(hw, n), wordNgrams(rw, n)));
  }
  return fScore(all, factor);
}

/** chrF++: chrF with word unigrams and bigrams. */
export function chrfPlusPlus(reference: string, candidate: string): number {
  return chrf(reference, candidate, { wordOrder: 2 });
}
