import type { PseudoReference, PseudoReferenceKind } from './types.ts';

/**
 * Parse an LLM's answer into pseudo-references. Accepts
 * - JSON `{"claims": [...], "implications": [...]}` (strings or `{text}` objects), also inside a ```json fence
 *   or surrounded by prose;
 * - the paper's numbered format: items numbered "1." (or bulleted "-", "*"), claims first, then an
 *   "Implications:" section; headings such as "Summary of changes:", "1. Summary of changes:", "**Claims**",
 *   "## Implications" switch the kind. Continuation lines are joined to the item above.
 * Items are trimmed, de-duplicated (exact text, first kind wins, as the reference pipeline de-duplicates
 * exact strings) and empty ones dropped.
 */
export function parseClaims(llmOutput: string, source = 'LLM'): PseudoReference[] {
  const text = (llmOutput ?? '').replace(/\r\n?/g, '\n');
  const fromJson = parseJson(text, source);
  return dedupe(fromJson ?? parseNumbered(text, source));
}

function parseJson(text: string, source: string): PseudoReference[] | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let obj: unknown;
  try {
    obj = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const rec = obj as Record<string, unknown>;
  const lists: [string[], PseudoReferenceKind][] = [
    [['claims', 'claim', 'summary', 'changes', 'summary_of_changes'], 'claim'],
    [['implications', 'implication'], 'implication'],
    [['issues', 'issue'], 'issue'],
  ];
  const out: PseudoReference[] = [];
  let recognised = false;
  for (const [keys, kind] of lists) {
    for (const key of keys) {
      const v = Object.entries(rec).find(([k]) => k.toLowerCase() === key)?.[1];
      if (!Array.isArray(v)) continue;
      recognised = true;
      for (const item of v) {
        const t = itemText(item);
        if (typeof t === 'string') out.push({ text: t.trim(), kind, source });
      }
    }
  }
  return recognised ? out : null;
}

const ITEM = /^\s*(?:\(?\d{1,3}[.)]|[-*•+])\s+(.*)$/;

function headingKind(line: string): PseudoReferenceKind | null {
  // A heading is short, possibly numbered/bold/#-prefixed, and names a section; it carries no claim itself.
  const t = line
    .replace(/^\s*(?:#{1,6}\s*|\(?\d{1,3}[.)]\s*)?/, '')
    .replace(/[*_]/g, '')
    .trim();
  if (t.length > 60 || !/:$|^[A-Za-z ]+$/.test(t)) return null;
  const h = t.replace(/:$/, '').trim().toLowerCase();
  if (/^(high[- ]level )?implications?( of (the )?changes?)?$/.test(h)) return 'implication';
  if (
    /^((low[- ]level )?claims?|summary( of( the)? changes?)?|changes?( made)?|(code )?changes? summary)$/.test(
      h,
    )
  )
    return 'claim';
  if (/^(issues?|warnings?|code smells?)$/.test(h)) return 'issue';
  return null;
}

function parseNumbered(text: string, source: string): PseudoReference[] {
  const out: PseudoReference[] = [];
  let kind: PseudoReferenceKind = 'claim';
  let current: PseudoReference | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const h = headingKind(line);
    if (h) {
      kind = h;
      current = null;
      continue;
    }
    const m = ITEM.exec(line);
    if (m) {
      current = { text: m[1].trim(), kind, source };
      out.push(current);
    } else if (current && /^\s+/.test(line)) {
      // Indented continuation of a wrapped item.
      current.text = `${current.text} ${line.trim()}`.trim();
    } else {
      current = null; // prose outside the lists (e.g. "Here are the claims:") is not a pseudo-reference
    }
  }
  return out;
}

function dedupe(items: PseudoReference[]): PseudoReference[] {
  const seen = new Set<string>();
  return items.filter((p) => {
    if (p.text === '' || seen.has(p.text)) return false;
    seen.add(p.text);
    return true;
  });
}

/** A pseudo-reference given as a string or as an object with a `text` field; anything else is undefined. */
export function itemText(x: unknown): unknown {
  return typeof x === 'string'
    ? x
    : x && typeof x === 'object'
      ? (x as { text?: unknown }).text
      : undefined;
}
