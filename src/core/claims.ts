import type { PseudoReference, PseudoReferenceKind } from './types.ts';

/**
 * Parse an LLM's answer into pseudo-references. Accepts
 * - JSON `{"claims": [...], "implications": [...]}` (strings or `{text}` objects), also inside a ```json fence
 *   or surrounded by prose;
 * - the paper's numbered format: items numbered "1." (or bulleted "-", "*"), claims first, then an
 *   "Implications:" section; headings such as "Summary of changes:", "1. Summary of changes:", "**Claims**",
 *   "## Implications" switch the kind. Continuation lines are joined to the item above.
 *   What small models do instead is read too: a preamble and a closing remark outside the sections are
 *   dropped, a section written as prose ("Summary: The method now ...", or paragraphs under a heading
 *   with no list) gives one item per sentence, quoted code blocks are skipped, and **bold** marks dropped.
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
const FENCE = /^\s*(```|~~~)/;

function sectionKind(name: string): PseudoReferenceKind | null {
  const h = name.replace(/:$/, '').trim().toLowerCase();
  if (/^(high[- ]level )?implications?( of (the )?changes?)?$/.test(h)) return 'implication';
  if (
    /^((low[- ]level )?claims?|summary( of( the)? (code )?changes?)?|changes?( made)?|(code )?changes? summary)$/.test(
      h,
    )
  )
    return 'claim';
  if (/^(issues?|warnings?|code smells?)$/.test(h)) return 'issue';
  return null;
}

/**
 * A heading is short, possibly numbered/bold/#-prefixed, and names a section. Unnumbered, it may carry the
 * section's text after its colon ("Summary: The method now ..."), as small models write.
 */
function heading(line: string): { kind: PseudoReferenceKind; rest: string } | null {
  const numbered = /^\s*(?:#{1,6}\s*)?\(?\d{1,3}[.)]\s*/.test(line);
  const t = line
    .replace(/^\s*(?:#{1,6}\s*)?(?:\(?\d{1,3}[.)]\s*)?/, '')
    .replace(/[*_]/g, '')
    .trim();
  if (t.length <= 60 && /:$|^[A-Za-z ]+$/.test(t)) {
    const kind = sectionKind(t);
    return kind ? { kind, rest: '' } : null;
  }
  const colon = t.indexOf(':');
  if (numbered || colon < 0 || colon > 40) return null;
  const kind = sectionKind(t.slice(0, colon));
  const rest = t.slice(colon + 1).trim();
  return kind && rest ? { kind, rest } : null;
}

/** Prose sentences, for a section written as a paragraph instead of a list. */
function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z`"'(])/).map((x) => x.trim());
}

/** Markdown bold is emphasis, not content ("**Lookup**: ..."). */
const plain = (text: string) => text.replace(/\*\*/g, '').trim();

function parseNumbered(text: string, source: string): PseudoReference[] {
  const out: PseudoReference[] = [];
  let kind: PseudoReferenceKind = 'claim';
  let current: PseudoReference | null = null;
  let inFence = false;
  // A named section's list items, and its prose lines (used only when the section has no list at all).
  let section: { open: boolean; items: number; prose: string[] } = {
    open: false,
    items: 0,
    prose: [],
  };
  const closeSection = () => {
    if (section.open && section.items === 0) {
      for (const line of section.prose)
        for (const s of sentencesOf(plain(line))) out.push({ text: s, kind, source });
    }
  };
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) {
      // Code the model quotes (often the diff itself, whose +/- lines look like bullets) is not a claim.
      inFence = !inFence;
      current = null;
      continue;
    }
    if (inFence) continue;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    const h = heading(line);
    if (h) {
      closeSection();
      kind = h.kind;
      section = { open: true, items: 0, prose: h.rest ? [h.rest] : [] };
      current = null;
      continue;
    }
    const m = ITEM.exec(line);
    if (m) {
      current = { text: plain(m[1]), kind, source };
      out.push(current);
      section.items++;
    } else if (current && /^\s+/.test(line)) {
      // Indented continuation of a wrapped item.
      current.text = `${current.text} ${plain(line)}`.trim();
    } else {
      current = null; // prose outside the lists (e.g. "Here are the claims:") is not a pseudo-reference
      if (section.open) section.prose.push(line.trim());
    }
  }
  closeSection();
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
