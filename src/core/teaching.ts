// Small pure helpers behind the teaching view's live numbers: what the diff holds, which cell of the
// matrix to explain, how much of a review is stopwords, what masking its code does, and what an edit
// to the review changed in coverage.
import { parseUnifiedDiff } from './diff.ts';
import { lexicalTokens } from './lexical.ts';
import { STOPWORDS } from './stopwords.ts';
import type { Scores, SimilarityMatrix } from './types.ts';

export interface DiffStats {
  files: number;
  hunks: number;
  added: number;
  removed: number;
}

export function diffStats(diff: string): DiffStats {
  const files = parseUnifiedDiff(diff);
  let hunks = 0;
  let added = 0;
  let removed = 0;
  for (const f of files)
    for (const h of f.hunks) {
      hunks++;
      for (const l of h.lines) {
        if (l.type === 'add') added++;
        else if (l.type === 'del') removed++;
      }
    }
  return { files: files.length, hunks, added, removed };
}

/** The cell with the largest similarity (first on ties); null for an empty matrix. */
export function bestCell(m: SimilarityMatrix): { row: number; col: number; value: number } | null {
  let best: { row: number; col: number; value: number } | null = null;
  for (let i = 0; i < m.rows; i++)
    for (let j = 0; j < m.cols; j++) {
      const v = m.data[i * m.cols + j];
      if (!Number.isNaN(v) && (!best || v > best.value)) best = { row: i, col: j, value: v };
    }
  return best;
}

/** Cells strictly above τ. */
export function cellsAbove(m: SimilarityMatrix, tau: number): number {
  let n = 0;
  for (const v of m.data) if (v > tau) n++;
  return n;
}

export interface WordShare {
  words: number;
  stopwords: number;
  /** Tokens the lexical similarity keeps (stopwords out, identifiers split). */
  kept: string[];
}

/** How much of a text is NLTK stopwords: the paper's underestimation cases are brief and mostly stopwords. */
export function stopwordShare(text: string): WordShare {
  const words = (text.match(/[\p{L}\p{N}_]+(?:'[\p{L}]+)?/gu) ?? []).map((w) => w.toLowerCase());
  return { words: words.length, stopwords: words.filter((w) => STOPWORDS.has(w)).length, kept: lexicalTokens(text) };
}

/**
 * The review with its code removed: `inline code`, ```fenced blocks``` and quoted code-like spans
 * ('module_name.encode('ascii')', "x[0]") become "this", so what is left is the prose around the code.
 */
export function maskCode(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, 'this')
    // A code span: a run of backticks up to the next run of the same length (CommonMark), so ``a `b` c`` is one.
    .replace(/(?<!`)(`+)(?!`)([^\n]+?)(?<!`)\1(?!`)/g, 'this')
    .replace(/(['"])(?=[^\s'"]*[._()[\]=])[^\s]+?\1(?=[\s?.!,;:]|$)/g, 'this')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `code` as a Markdown code span: a fence one backtick longer than any run inside, padded where the code starts or ends with one (CommonMark). */
export function inlineCode(code: string): string {
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${code}${pad}${fence}`;
}

export interface PasteCode {
  /** The review with one more sentence, a question quoting the diff's first added line. */
  text: string;
  /** That sentence, and the same with its code masked: what copied code adds to its similarity. */
  sentence: string;
  masked: string;
}

/**
 * "Paste code from the diff": the paper's overestimation case made by hand. The question quotes the first line the
 * diff adds (without a trailing comma or semicolon); null when the diff adds none.
 */
export function pasteCodeExperiment(diff: string, review: string): PasteCode | null {
  let added = '';
  for (const f of parseUnifiedDiff(diff))
    for (const h of f.hunks)
      for (const l of h.lines)
        if (!added && l.type === 'add' && l.text.trim()) added = l.text.trim().replace(/[,;]+$/, '');
  if (!added) return null;
  const sentence = `Shouldn't this be ${inlineCode(added)}?`;
  return { text: `${review}\n${sentence}`, sentence, masked: maskCode(sentence) };
}

export interface FailureCandidate {
  kind: 'metric-only' | 'annotator-only';
  /** The live similarity of its pair; NaN while it is computed. */
  s: number;
}

export interface FailingCases<T> {
  /** Close in words, not addressed, and linked at τ (s > τ): highest similarity first. */
  metricOnly: T[];
  /** Addressed in other words, and missed at τ (s ≤ τ): lowest similarity first. */
  annotatorOnly: T[];
  /** Candidates of each kind this similarity gets right at τ (not shown: they illustrate nothing). */
  right: { metricOnly: number; annotatorOnly: number };
}

/**
 * Of candidate illustrations with their live similarity, those that show the lesson's failure at τ under the
 * similarity in use, at most `limit` of each kind; ties keep the candidates' order.
 */
export function failingCases<T extends FailureCandidate>(cases: readonly T[], tau: number, limit = 2): FailingCases<T> {
  const known = cases.filter((c) => Number.isFinite(c.s));
  const fails = (c: T) => (c.kind === 'metric-only' ? c.s > tau : c.s <= tau);
  const pick = (kind: T['kind'], dir: 1 | -1) =>
    known
      .filter((c) => c.kind === kind && fails(c))
      .sort((a, b) => dir * (a.s - b.s))
      .slice(0, limit);
  const right = (kind: T['kind']) => known.filter((c) => c.kind === kind && !fails(c)).length;
  return {
    metricOnly: pick('metric-only', -1),
    annotatorOnly: pick('annotator-only', 1),
    right: { metricOnly: right('metric-only'), annotatorOnly: right('annotator-only') },
  };
}

export type Coverage = 'gained' | 'lost' | 'kept' | 'none';

/** Per pseudo-reference, covered before and after an edit of the review (both scored at the same τ). */
export function coverageChange(before: Scores, after: Scores): Coverage[] {
  const covered = (s: Scores, i: number) => {
    const b = s.bestForPseudoReference[i];
    return !!b && b.index >= 0 && b.similarity > s.tau;
  };
  return after.bestForPseudoReference.map((_, i) => {
    const a = covered(before, i);
    const b = covered(after, i);
    return a && b ? 'kept' : b ? 'gained' : a ? 'lost' : 'none';
  });
}
