// The LLM matcher (`llm-links`): the annotators' question put to a model. For one change and one review, the model
// sees the numbered pseudo-references and the numbered review sentences and says which pseudo-references each
// sentence addresses; its answer becomes the P×R matrix (1 where linked, 0 elsewhere) every scoring rule reads.
// The prompt is a template the user can edit; the parser accepts the shapes models write and never invents a link.
import type { SimilarityMatrix } from '../types.ts';

export const PSEUDO_REFS_SLOT = '{pseudo_references}';
export const SENTENCES_SLOT = '{review_sentences}';
export const LINKS_SLOTS = [PSEUDO_REFS_SLOT, SENTENCES_SLOT] as const;

/**
 * The annotators' linking question (the paper's appendix D.2, in our words): pseudo-references are like the
 * aspects of a product description, a review sentence like a product review that may talk about some aspects.
 */
export const DEFAULT_LINKS_PROMPT = `You are checking which points of a code change a code review comment talks about.

Below are numbered pseudo-references: short statements about one code change (what changed, its likely effects,
and issues a static analyzer found). Below them are the numbered sentences of one review comment on that change.

Think of the pseudo-references as the aspects in a product description ("the battery lasts 50% longer", "the screen
has a higher resolution") and of the review as a product review ("the screen is great but the battery runs out
quickly"): a sentence addresses an aspect when it talks about that aspect, whether it praises it, criticises it,
questions it or asks for a change to it. A sentence addresses a pseudo-reference only when it is about the same
point of the change; sharing a word or naming the same file is not enough. A sentence may address several
pseudo-references, or none.

Pseudo-references:
${PSEUDO_REFS_SLOT}

Review sentences:
${SENTENCES_SLOT}

For each review sentence, list the numbers of the pseudo-references it addresses. Answer with JSON only: an object
whose keys are the sentence numbers and whose values are lists of pseudo-reference numbers, e.g.
{"1": [2, 3], "2": []}`;

/** The placeholders a template lacks (an empty list when it can be used). */
export function missingSlots(template: string): string[] {
  return LINKS_SLOTS.filter((s) => !template.includes(s));
}

/** A numbered list, one line per text (line breaks inside a text become spaces, so numbers stay unambiguous). */
function numbered(texts: readonly string[]): string {
  return texts.map((t, k) => `${k + 1}. ${t.replace(/\s*\n\s*/g, ' ').trim() || '(empty)'}`).join('\n');
}

/** The prompt for one review; throws when the template lacks a placeholder. */
export function buildLinksPrompt(template: string, pseudoReferences: readonly string[], sentences: readonly string[]): string {
  const missing = missingSlots(template);
  if (missing.length) throw new Error(`The links prompt needs the placeholder${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}.`);
  // One pass, so a placeholder written inside a review or pseudo-reference is left as text.
  return template.replace(/\{pseudo_references\}|\{review_sentences\}/g, (slot) =>
    slot === PSEUDO_REFS_SLOT ? numbered(pseudoReferences) : numbered(sentences),
  );
}

export interface ParsedLinks {
  /** Pseudo-references (rows) × review sentences (columns): 1 where the model linked them, 0 elsewhere. */
  matrix: SimilarityMatrix;
  /** What was dropped or doubtful (numbers that do not exist), for the failures list and exports. */
  warnings: string[];
}

/** An answer with no readable structure: the batch runner's parse throws ClaimsError('malformed') on it. */
export class UnreadableLinksError extends Error {
  constructor(message = 'The answer names no sentence and no link: nothing could be read from it.') {
    super(message);
    this.name = 'UnreadableLinksError';
  }
}

type Pairs = Map<number, number[]>;

const NONE_WORDS = /\b(?:none|nothing|no\s+(?:pseudo-?references?|links?|aspects?|points?)|n\/a|empty)\b/i;
const NONE_ANSWER = /^[\s"'`*_.[\]{}()-]*(?:none|nothing|n\/a|no\s+links?|no\s+sentence\s+addresses\s+any[\w\s-]*)[\s"'`*_.!)\]}-]*$/i;

/** Integers in text, in order. */
const ints = (s: string) => [...s.matchAll(/\d+/g)].map((m) => Number(m[0]));

/** The first balanced JSON object or array in text that parses (code fences and prose around it are skipped). */
function findJson(text: string): unknown {
  for (let start = 0; start < text.length; start++) {
    const open = text[start];
    if (open !== '{' && open !== '[') continue;
    let depth = 0;
    let inString = false;
    for (let k = start; k < text.length; k++) {
      const ch = text[k];
      if (inString) {
        if (ch === '\\') k++;
        else if (ch === '"') inString = false;
        continue;
      }
      if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') {
        depth--;
        if (depth === 0) {
          try {
            return JSON.parse(text.slice(start, k + 1));
          } catch {
            break;
          }
        }
      }
    }
  }
  return undefined;
}

/** The pseudo-reference numbers of one JSON value: a list, one number, or a string such as "2, 3" or "none". */
function refsOf(v: unknown): number[] | undefined {
  if (v === null) return [];
  if (typeof v === 'number') return Number.isInteger(v) ? [v] : undefined;
  if (typeof v === 'string') return /\d/.test(v) ? ints(v) : !v.trim() || NONE_WORDS.test(v) ? [] : undefined;
  if (Array.isArray(v)) {
    const out: number[] = [];
    for (const x of v) {
      const r = refsOf(x);
      if (r) out.push(...r);
    }
    return out;
  }
  return undefined;
}

const LIST_KEYS = /^(?:pseudo_?references?|pseudo-?refs?|refs?|references|addresses|addressed|links?|linked|claims?|aspects?)$/i;
const SENTENCE_KEYS = /^(?:sentence(?:_?(?:id|no|number|index))?|s|id|review_sentence)$/i;

/** JSON shapes: {"1": [2, 3]}, {"sentence 1": "2, 3"}, {"links": {...}}, [{"sentence": 1, "pseudo_references": [2]}]. */
function pairsFromJson(v: unknown): Pairs | undefined {
  if (Array.isArray(v)) {
    const pairs: Pairs = new Map();
    for (const [k, el] of v.entries()) {
      if (el && typeof el === 'object' && !Array.isArray(el)) {
        const o = el as Record<string, unknown>;
        const sKey = Object.keys(o).find((key) => SENTENCE_KEYS.test(key.trim()));
        const lKey = Object.keys(o).find((key) => LIST_KEYS.test(key.trim()));
        const s = sKey === undefined ? undefined : ints(String(o[sKey]))[0];
        const refs = lKey === undefined ? undefined : refsOf(o[lKey]);
        if (s === undefined || !refs) return undefined;
        pairs.set(s, [...(pairs.get(s) ?? []), ...refs]);
      } else {
        // A bare list of lists: the k-th list is sentence k + 1's.
        const refs = refsOf(el);
        if (!refs) return undefined;
        pairs.set(k + 1, refs);
      }
    }
    return pairs;
  }
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  // A wrapper such as {"links": {...}} or {"answer": [...]}.
  if (keys.length === 1 && !/\d/.test(keys[0]) && o[keys[0]] && typeof o[keys[0]] === 'object') return pairsFromJson(o[keys[0]]);
  const pairs: Pairs = new Map();
  for (const key of keys) {
    const s = ints(key);
    if (s.length !== 1) return undefined;
    const refs = refsOf(o[key]);
    if (!refs) return undefined;
    pairs.set(s[0], [...(pairs.get(s[0]) ?? []), ...refs]);
  }
  return pairs;
}

// "1: 2, 3", "- Sentence 1 -> 2 and 3", "**Sentence 2**: none", "S3 addresses pseudo-references 1 and 4". A
// numbered list item ("1. The logging level…") is not a link line: a dot is never read as the separator.
const LINE = /^\s*(?:[-*•>]\s*)?(?:\*\*|__)?\s*(?:review\s+)?(?:sentence|s)?\s*#?(\d+)\s*(?:\*\*|__)?\s*(?::|->|→|=>|=|\s(?:addresses|address|links?\s+to|links?|covers|mentions|refers\s+to|is\s+about|talks\s+about)\b)(.*)$/i;

function pairsFromLines(text: string): Pairs | undefined {
  const pairs: Pairs = new Map();
  for (const line of text.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const s = Number(m[1]);
    // Words after the first stop (an explanation in parentheses or after a dash) name no links.
    const rest = m[2].replace(/\(.*?\)/g, ' ').split(/\s+(?:because|since|as|—|–)\s+|[.;](?:\s|$)/i)[0];
    const refs = ints(rest);
    if (refs.length === 0 && !NONE_WORDS.test(rest) && rest.replace(/[\s*_`"'[\]{}]/g, '') !== '') continue;
    pairs.set(s, [...(pairs.get(s) ?? []), ...refs]);
  }
  return pairs.size ? pairs : undefined;
}

/**
 * The model's answer → the P×R link matrix. Reads JSON first (anywhere in the answer, code fences included), then
 * one line per sentence, then a bare "none"; throws UnreadableLinksError when none of these is there. Sentence and
 * pseudo-reference numbers outside 1…R and 1…P are dropped with a warning; nothing is linked that was not named.
 */
export function parseLinksAnswer(answer: string, pseudoReferences: number, sentences: number): ParsedLinks {
  const text = answer.replace(/<think>[\s\S]*?<\/think>/gi, '').trim();
  const json = findJson(text);
  const pairs = (json !== undefined ? pairsFromJson(json) : undefined) ?? pairsFromLines(text) ?? (NONE_ANSWER.test(text) ? new Map<number, number[]>() : undefined);
  if (!pairs) throw new UnreadableLinksError();
  const data = new Float32Array(pseudoReferences * sentences);
  const warnings: string[] = [];
  for (const [s, refs] of [...pairs].sort((a, b) => a[0] - b[0])) {
    if (!(s >= 1 && s <= sentences)) {
      warnings.push(`The answer names sentence ${s}, but the review has ${sentences}: its links (${refs.join(', ') || 'none'}) were dropped.`);
      continue;
    }
    for (const r of new Set(refs)) {
      if (r >= 1 && r <= pseudoReferences) data[(r - 1) * sentences + (s - 1)] = 1;
      else warnings.push(`Sentence ${s}: pseudo-reference ${r} does not exist (there are ${pseudoReferences}); dropped.`);
    }
  }
  return { matrix: { rows: pseudoReferences, cols: sentences, data }, warnings };
}

/** Pseudo-references × pseudo-references for llm-links: each is itself only (graded credit's redundancy discount). */
export function identityMatrix(n: number): SimilarityMatrix {
  const data = new Float32Array(n * n);
  for (let i = 0; i < n; i++) data[i * n + i] = 1;
  return { rows: n, cols: n, data };
}
