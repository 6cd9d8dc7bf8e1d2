// Punkt's sentence splitter (Kiss and Strunk 2006) exactly as NLTK's PunktSentenceTokenizer runs it
// (nltk/tokenize/punkt.py: span_tokenize, _match_potential_end_contexts, text_contains_sentbreak, the first and
// second annotation passes, the orthographic heuristic, _realign_boundaries). With no parameters it is NLTK's
// untrained tokenizer: no abbreviations, collocations, sentence starters or orthographic contexts; a user's
// punkt_tab folder (parsePunktTab) gives a trained model's. The '3.10' version adds NLTK 3.10's curly quotes and
// guillemets to the closing punctuation that is realigned onto a sentence and to the characters that end a word.
import { isLowerChar, isUpperChar, NOT_S, PY_WORD_NOT_DIGIT, pyRstrip, re, S } from './pyre.ts';
import type { NltkVersion } from './wordTokenize.ts';

export interface PunktParameters {
  abbrevTypes: ReadonlySet<string>;
  /** Pairs of types, `${first}\t${second}` (the first without its period). */
  collocations: ReadonlySet<string>;
  sentStarters: ReadonlySet<string>;
  orthoContext: ReadonlyMap<string, number>;
}

export interface PunktOptions {
  version?: NltkVersion;
}

export const EMPTY_PUNKT: PunktParameters = { abbrevTypes: new Set(), collocations: new Set(), sentStarters: new Set(), orthoContext: new Map() };

const ORTHO_BEG_UC = 1 << 1;
const ORTHO_MID_UC = 1 << 2;
const ORTHO_UNK_UC = 1 << 3;
const ORTHO_BEG_LC = 1 << 4;
const ORTHO_MID_LC = 1 << 5;
const ORTHO_UNK_LC = 1 << 6;
const ORTHO_UC = ORTHO_BEG_UC | ORTHO_MID_UC | ORTHO_UNK_UC;
const ORTHO_LC = ORTHO_BEG_LC | ORTHO_MID_LC | ORTHO_UNK_LC;
const PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);
const SENT_END = new Set(['.', '?', '!']);
/** Python's string.whitespace (ASCII only), which _get_last_whitespace_index looks for. */
const ASCII_SPACE = new Set([' ', '\t', '\n', '\r', '\x0b', '\x0c']);

interface LangVars {
  periodContext: RegExp;
  wordTokenizer: RegExp;
  boundaryRealignment: RegExp;
}

function langVars(version: NltkVersion): LangVars {
  const curly = version === '3.10' ? '\\u2018\\u2019\\u201c\\u201d\\xab\\xbb' : '';
  const nonWord = `(?:[)";}\\]\\*:@'\\({\\[${curly}?!])`;
  const multiChar = `(?:-{2,}|\\.{2,}|(?:\\.${S}){2,}\\.)`;
  const wordStart = '[^\\("`{\\[:;&#\\*@\\)}\\]\\-,]';
  return {
    periodContext: re(`[.?!](?=(${nonWord}|${S}+(${NOT_S}+)))`),
    wordTokenizer: re(
      `${multiChar}|(?=${wordStart})${NOT_S}+?(?=${S}|$|${nonWord}|${multiChar}|,(?=$|${S}|${nonWord}|${multiChar}))|${NOT_S}`,
    ),
    // re.MULTILINE's `$`: before any newline, or at the end. Matched at the start of the next sentence only.
    boundaryRealignment: new RegExp(`^["')\\]}${curly}]+?(?:${S}+|(?=--)|(?=\\n)|$)`, 'u'),
  };
}
const LANG_VARS: Record<NltkVersion, LangVars> = { '3.9': langVars('3.9'), '3.10': langVars('3.10') };

const RE_NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const RE_ELLIPSIS = /^\.\.+$/u;
const RE_INITIAL = new RegExp(`^[${PY_WORD_NOT_DIGIT}]\\.$`, 'u');

interface Token {
  tok: string;
  type: string;
  periodFinal: boolean;
  sentbreak: boolean;
  abbr: boolean;
  ellipsis: boolean;
}

const firstChar = (s: string): string | undefined => {
  const c = s.codePointAt(0);
  return c === undefined ? undefined : String.fromCodePoint(c);
};

function token(tok: string): Token {
  // PunktToken._get_type: the lowercased token, a number as ##number## (a token never holds a newline).
  const lower = tok.toLowerCase();
  const type = RE_NUMERIC.test(lower) ? '##number##' : lower;
  return { tok, type, periodFinal: tok.endsWith('.'), sentbreak: false, abbr: false, ellipsis: false };
}

const typeNoPeriod = (t: Token) => (t.type.length > 1 && t.type.endsWith('.') ? t.type.slice(0, -1) : t.type);
const typeNoSentPeriod = (t: Token) => (t.sentbreak ? typeNoPeriod(t) : t.type);

/** PunktBaseClass._tokenize_words: each non-blank line's words (the line flags are unused by the tokenizer). */
function tokenizeWords(text: string, lv: LangVars): Token[] {
  const out: Token[] = [];
  for (const line of text.split('\n')) {
    if (pyRstrip(line) === '') continue;
    for (const m of line.matchAll(lv.wordTokenizer)) out.push(token(m[0]));
  }
  return out;
}

function firstPass(t: Token, p: PunktParameters): void {
  const tok = t.tok;
  if (SENT_END.has(tok)) t.sentbreak = true;
  else if (RE_ELLIPSIS.test(tok)) t.ellipsis = true;
  else if (t.periodFinal && !tok.endsWith('..')) {
    const stem = tok.slice(0, -1).toLowerCase();
    if (p.abbrevTypes.has(stem) || p.abbrevTypes.has(stem.split('-').pop()!)) t.abbr = true;
    else t.sentbreak = true;
  }
}

function orthoHeuristic(t: Token, p: PunktParameters): boolean | 'unknown' {
  if (PUNCTUATION.has(t.tok)) return false;
  const ctx = p.orthoContext.get(typeNoSentPeriod(t)) ?? 0;
  const c = firstChar(t.tok);
  if (isUpperChar(c) && ctx & ORTHO_LC && !(ctx & ORTHO_MID_UC)) return true;
  if (isLowerChar(c) && (ctx & ORTHO_UC || !(ctx & ORTHO_BEG_LC))) return false;
  return 'unknown';
}

function secondPass(t1: Token, t2: Token, p: PunktParameters): void {
  if (!t1.periodFinal) return;
  const typ = typeNoPeriod(t1);
  const nextTyp = typeNoSentPeriod(t2);
  const isInitial = RE_INITIAL.test(t1.tok);
  if (p.collocations.has(`${typ}\t${nextTyp}`)) {
    t1.sentbreak = false;
    t1.abbr = true;
    return;
  }
  if ((t1.abbr || t1.ellipsis) && !isInitial) {
    if (orthoHeuristic(t2, p) === true) {
      t1.sentbreak = true;
      return;
    }
    if (isUpperChar(firstChar(t2.tok)) && p.sentStarters.has(nextTyp)) {
      t1.sentbreak = true;
      return;
    }
  }
  if (isInitial || typ === '##number##') {
    const starter = orthoHeuristic(t2, p);
    if (starter === false) {
      t1.sentbreak = false;
      t1.abbr = true;
      return;
    }
    if (starter === 'unknown' && isInitial && isUpperChar(firstChar(t2.tok)) && !((p.orthoContext.get(nextTyp) ?? 0) & ORTHO_LC)) {
      t1.sentbreak = false;
      t1.abbr = true;
    }
  }
}

/** text_contains_sentbreak: a token after one annotated as a sentence break. */
function containsSentbreak(text: string, p: PunktParameters, lv: LangVars): boolean {
  const toks = tokenizeWords(text, lv);
  toks.forEach((t) => firstPass(t, p));
  for (let i = 0; i < toks.length; i++) {
    if (i + 1 < toks.length) secondPass(toks[i], toks[i + 1], p);
    if (toks[i].sentbreak) return i + 1 < toks.length;
  }
  return false;
}

interface EndContext {
  start: number;
  end: number;
  nextTokStart: number | null;
  context: string;
}

/** _match_potential_end_contexts: each candidate end with the word before it, overlapping ones dropped. */
function potentialEnds(text: string, lv: LangVars): EndContext[] {
  const out: EndContext[] = [];
  let prevSlice: [number, number] = [0, 0];
  let prev: RegExpMatchArray | null = null;
  const emit = (m: RegExpMatchArray, sl: [number, number]) => {
    const after = m[1];
    const nextTokStart = m[2] === undefined ? null : m.index! + 1 + after.length - m[2].length;
    out.push({ start: m.index!, end: m.index! + 1, nextTokStart, context: text.slice(sl[0], sl[1]) + m[0] + after });
  };
  for (const m of text.matchAll(lv.periodContext)) {
    const before = text.slice(prevSlice[1], m.index);
    let idx = 0;
    for (let i = before.length - 1; i >= 0; i--) {
      if (ASCII_SPACE.has(before[i])) {
        idx = i;
        break;
      }
    }
    const wordStart = idx ? idx + prevSlice[1] + 1 : prevSlice[0];
    const wordSlice: [number, number] = [wordStart, m.index!];
    if (prev && prevSlice[1] <= wordSlice[0]) emit(prev, prevSlice);
    prev = m;
    prevSlice = wordSlice;
  }
  if (prev) emit(prev, prevSlice);
  return out;
}

/** PunktSentenceTokenizer.span_tokenize(text) with realign_boundaries. */
export function punktSpans(text: string, params: PunktParameters = EMPTY_PUNKT, opts: PunktOptions = {}): [number, number][] {
  const lv = LANG_VARS[opts.version ?? '3.9'];
  const slices: [number, number][] = [];
  let lastBreak = 0;
  for (const e of potentialEnds(text, lv)) {
    if (!containsSentbreak(e.context, params, lv)) continue;
    slices.push([lastBreak, e.end]);
    lastBreak = e.nextTokStart ?? e.end;
  }
  slices.push([lastBreak, pyRstrip(text).length]);
  // _realign_boundaries
  const out: [number, number][] = [];
  let realign = 0;
  for (let i = 0; i < slices.length; i++) {
    const s1: [number, number] = [slices[i][0] + realign, slices[i][1]];
    const nonEmpty = s1[1] > s1[0];
    const s2 = slices[i + 1];
    if (!s2) {
      if (nonEmpty) out.push(s1);
      continue;
    }
    const m = lv.boundaryRealignment.exec(text.slice(s2[0], s2[1]));
    if (m) {
      out.push([s1[0], s2[0] + pyRstrip(m[0]).length]);
      realign = m[0].length;
    } else {
      realign = 0;
      if (nonEmpty) out.push(s1);
    }
  }
  return out;
}

/** PunktSentenceTokenizer.tokenize(text): the sentences of text. */
export function punktSentences(text: string, params: PunktParameters = EMPTY_PUNKT, opts: PunktOptions = {}): string[] {
  return punktSpans(text, params, opts).map(([s, e]) => text.slice(s, e));
}
