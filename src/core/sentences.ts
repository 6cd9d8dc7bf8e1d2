import type { SplitMode } from './types.ts';

/**
 * Split a review into sentences. Never returns an empty list: an empty review gives [""] (as the
 * reference code does), which scoreAt never counts as matched, so it scores 0/0/0.
 *
 * - 'reference' (default): exactly the CRScore reference code: split on newlines, drop blank lines,
 *   split each line on ". " and "? " (the separators are consumed), trim, drop empty pieces.
 * - 'improved': keeps `inline code` spans and ``` fenced blocks ``` whole, strips list markers
 *   ("1.", "-", "*"), splits after . ? ! followed by whitespace except after common abbreviations,
 *   and never yields a piece without a letter or digit, a bare list number, or a bare fence.
 */
export function splitReview(review: string, mode: SplitMode = 'reference'): string[] {
  const out = mode === 'improved' ? splitImproved(review ?? '') : splitReference(review ?? '');
  return out.length > 0 ? out : [''];
}

function splitReference(review: string): string[] {
  const out: string[] = [];
  for (const line of review.split('\n')) {
    if (line.trim() === '') continue;
    for (const piece of line.split(/\. |\? /)) {
      const t = piece.trim();
      if (t !== '') out.push(t);
    }
  }
  return out;
}

const FENCE = /^\s*(```|~~~)/;
const LIST_MARKER = /^\s*(?:[-*+•]|\(?\d{1,3}[.)]|[a-zA-Z][.)](?=\s))\s+/;
/** Words before a ". " that do not end a sentence in `improved` mode (lower case, without the last dot). */
export const ABBREVIATIONS: ReadonlySet<string> = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'mr',
  'mrs',
  'dr',
  'approx',
  'resp',
  'no',
  'fig',
  'eq',
]);

function splitImproved(review: string): string[] {
  const out: string[] = [];
  const lines = review.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      const rest = line.trim().slice(3);
      // One-line fence: ```code```.
      if (rest.length > 0 && rest.trimEnd().endsWith(fence[1])) {
        pushIfContent(out, line.trim());
        continue;
      }
      // Multi-line block up to the closing fence (or the end of the review when unterminated).
      const block = [line];
      let j = i + 1;
      while (j < lines.length && !lines[j].trim().startsWith(fence[1])) block.push(lines[j++]);
      if (j < lines.length) block.push(lines[j]);
      i = j;
      const text = block.join('\n').trim();
      if (/[\p{L}\p{N}]/u.test(text.replace(/^(```|~~~)\S*/, ''))) out.push(text);
      continue;
    }
    if (line.trim() === '') continue;
    for (const s of splitLine(line.replace(LIST_MARKER, '').replace(/^\s*#{1,6}\s+/, '')))
      pushIfContent(out, s);
  }
  return out;
}

/**
 * Split a line into sentences, never inside an inline code span. Pieces are tracked by start index, not built
 * char by char, and only a piece's tail is read at each period: a long line stays linear.
 */
function splitLine(line: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let k = 0;
  while (k < line.length) {
    if (line[k] === '`') {
      // Inline code: from a run of backticks to the same run (Markdown rule); unmatched = literal.
      let r = k;
      while (line[r] === '`') r++;
      const close = line.indexOf(line.slice(k, r), r);
      k = close >= 0 ? close + (r - k) : r;
      continue;
    }
    const ch = line[k++];
    if (
      (ch === '.' || ch === '?' || ch === '!') &&
      k < line.length &&
      /\s/.test(line[k]) &&
      !endsWithAbbreviation(line, start, k)
    ) {
      pieces.push(line.slice(start, k));
      start = k;
    }
  }
  pieces.push(line.slice(start));
  return pieces.map((p) => p.trim());
}

/** Whether the piece line[start, end) ends in an abbreviation, an initial or is only a list number. */
function endsWithAbbreviation(line: string, start: number, end: number): boolean {
  if (line[end - 1] !== '.') return false;
  // Only the last word matters, and abbreviations are short: the tail is enough.
  const word =
    /(\S+)\.$/.exec(line.slice(Math.max(start, end - 24), end))?.[1]?.toLowerCase() ?? '';
  // "e.g.", "etc.", initials ("J. Smith") and a piece that is only a number ("see: 2. foo") do not end a sentence.
  return (
    ABBREVIATIONS.has(word.replace(/^\(/, '')) ||
    /^[a-z]$/i.test(word) ||
    /^\s*\(?\d+\.$/.test(line.slice(start, end))
  );
}

function pushIfContent(out: string[], s: string): void {
  const t = s.trim();
  if (/[\p{L}\p{N}]/u.test(t) && !/^\(?\d+[.)]?$/.test(t) && !/^(```|~~~)$/.test(t)) out.push(t);
}
