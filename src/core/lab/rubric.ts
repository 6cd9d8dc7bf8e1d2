// Reading grades out of what models actually write: a bare digit, "Grade: 4", "**4**/5", "I would give it a 3",
// JSON, or "Relevance: 4" lines. A parser returns the number as written (a 7 stays 7, so the caller can ask
// again) and null when there is none or the answer is ambiguous ("3 or 4"); it never guesses.
import type { Dim } from '../bootstrap.ts';

const NUMBER = /(?<![\w.])-?\d+(?:\.\d+)?(?![\w]|\.\d)/g;

/** Markdown emphasis and the scale's own numbers ("/5", "out of 5", "1-5", "1 to 5") out of the way. */
function clean(text: string): string {
  return text
    .replace(/[*_`#]/g, ' ')
    .replace(/\(?\b1\s*(?:-|–|—|to)\s*5\b\)?/gi, ' ')
    .replace(/\s*(?:\/|out of|of)\s*5\b(?![.\d])/gi, ' ');
}

function distinct(values: number[]): number | null {
  const set = [...new Set(values)];
  return set.length === 1 ? set[0] : null;
}

/**
 * The grade in a 1–5 grading answer, as written (may lie outside 1–5), or null when there is no number or more
 * than one distinct one. A labelled number ("Grade: 4", "score = 3", "rating is 2") wins over bare ones.
 */
export function parseGrade(text: string): number | null {
  const t = clean(text);
  const labelled = [...t.matchAll(/\b(?:grade|score|rating)\s*(?:is|=|:|-)?\s*[:=]?\s*(-?\d+(?:\.\d+)?)(?![\w]|\.\d)/gi)].map((m) => Number(m[1]));
  if (labelled.length) return distinct(labelled);
  const bare = [...t.matchAll(NUMBER)].map((m) => Number(m[0]));
  return bare.length ? distinct(bare) : null;
}

/** A judge's three grades; a dimension the answer does not give is null. */
export type JudgeGrades = Record<Dim, number | null>;

const DIM_OF: [RegExp, Dim][] = [
  [/^rel/i, 'rel'],
  [/^con(?:c|$)/i, 'con'],
  [/^(?:comp|complete|coverage)/i, 'comp'],
];

function dimOf(key: string): Dim | null {
  const k = key.trim().replace(/^["'\s]+|["'\s]+$/g, '');
  for (const [re, d] of DIM_OF) if (re.test(k)) return d;
  return null;
}

function numberIn(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') return parseGrade(v);
  if (v && typeof v === 'object') {
    // {"relevance": {"score": 4, "reason": "…"}}
    const o = v as Record<string, unknown>;
    for (const k of ['score', 'grade', 'rating', 'value']) if (k in o) return numberIn(o[k]);
  }
  return null;
}

/** The outermost {...} objects in the text that parse as JSON (models wrap them in prose or code fences). */
function jsonObjects(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      if (text[j] === '{') depth++;
      else if (text[j] === '}' && --depth === 0) {
        try {
          const v = JSON.parse(text.slice(i, j + 1)) as unknown;
          if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>);
          i = j;
        } catch {
          // not JSON: try the next brace
        }
        break;
      }
    }
  }
  return out;
}

/**
 * The judge's relevance, conciseness and comprehensiveness grades: from JSON when the answer holds it, else from
 * "Relevance: 4" / "- **Conciseness** – 3/5" lines. Values are as written (outside 1–5 stays so); a dimension
 * missing or given two different values is null.
 */
export function parseJudge(text: string): JudgeGrades {
  const found: Record<Dim, number[]> = { rel: [], con: [], comp: [] };
  for (const o of jsonObjects(text))
    for (const [k, v] of Object.entries(o)) {
      const d = dimOf(k);
      const x = d ? numberIn(v) : null;
      if (d && x !== null) found[d].push(x);
    }
  if (!found.rel.length && !found.con.length && !found.comp.length)
    for (const line of text.split(/\r?\n/)) {
      // "Relevance: 4", "- **Conciseness** – 3/5", "1. Comprehensiveness (coverage) = 2"
      const m = /^[\s>*_`#\-\d.)]*([A-Za-z][A-Za-z ]*?)[\s*_`"]*(?:\([^)]*\))?[\s*_`"]*(?::|=|-|–|—)\s*(.+)$/.exec(line);
      const d = m ? dimOf(m[1]) : null;
      const x = d ? parseGrade(m![2]) : null;
      if (d && x !== null) found[d].push(x);
    }
  return { rel: distinct(found.rel), con: distinct(found.con), comp: distinct(found.comp) };
}
