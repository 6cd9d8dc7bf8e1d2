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
const ABBREVIATIONS = new Set([
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

/** Split a line into sentences, never inside an inline code span. */
function splitLine(line: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let k = 0;
  while (k < line.length) {
    if (line[k] === '`') {
      // Inline code: from a run of backticks to the same run (Markdown rule); unmatched = literal.
      const run = /^`+/.exec(line.slice(k))![0];
      const close = line.indexOf(run, k + run.length);
      if (close >= 0) {
        current += line.slice(k, close + run.length);
        k = close + run.length;
        continue;
      }
      current += run;
      k += run.length;
      continue;
    }
    const ch = line[k];
    current += ch;
    k++;
    if (
      (ch === '.' || ch === '?' || ch === '!') &&
      k < line.length &&
      /\s/.test(line[k]) &&
      !endsWithAbbreviation(current)
    ) {
      pieces.push(current);
      current = '';
    }
  }
  pieces.push(current);
  return pieces.map((p) => p.trim());
}

function endsWithAbbreviation(s: string): boolean {
  if (!s.endsWith('.')) return false;
  const word = /(\S+)\.$/.exec(s)?.[1]?.toLowerCase() ?? '';
  // "e.g.", "etc.", initials ("J. Smith") and a piece that is only a number ("see: 2. foo") do not end a sentence.
  return (
    ABBREVIATIONS.has(word.replace(/^\(/, '')) ||
    /^[a-z]$/i.test(word) ||
    /^\(?\d+\.$/.test(s.trim())
  );
}

function pushIfContent(out: string[], s: string): void {
  const t = s.trim();
  if (/[\p{L}\p{N}]/u.test(t) && !/^\(?\d+[.)]?$/.test(t) && !/^(```|~~~)$/.test(t)) out.push(t);
}
