// AACR-Bench's evaluator (`evaluator_runner/core`), as shipped and with its three behaviours mended
// (`aacr-fixed`). Location first (same path when both have one, same side when both have one, line ranges
// overlapping or within `line_distance_threshold` = 1), then a semantic yes/no on the pair. As shipped:
//  1. each reference is keyed by its `id`, and the published comments have none, so every reference is the same
//     key `None`: once one reference is matched, no other can be, and a PR earns at most one match (and one line
//     match);
//  2. the LLM's answer is read by keywords, so "No, they are not the same." is read as yes (see `shippedAnswer`);
//  3. a generated comment without `<side>` has side "", which is not None, so it never equals "right" or "left".
// `aacr-fixed` keys each reference by its position, reads an answer by its first word, and treats a side of ""
// as no side, comparing sides case-insensitively. Nothing else changes.
import type { ReviewComment } from '../model.ts';

export type AacrVariant = 'aacr' | 'aacr-fixed';

export interface AacrRow {
  positive_expected_nums: number;
  total_generated_nums: number;
  positive_match_nums: number;
  positive_line_match_nums: number;
  unmatched_nums: number;
  positive_match_rate: number;
  positive_recall_rate: number;
  positive_line_match_rate: number;
  positive_line_recall_rate: number;
  unmatched_rate: number;
  /** Semantic questions whose answer failed (left out, never read as "no"). */
  failed_requests: number;
  /** Per generated comment (1-based, as the harness numbers them): the reference it matched, by index. */
  match_details: { generated_comment_index: number; line_match: boolean; semantic_match: boolean; matched_reference_index: number | null }[];
}

/** A semantic decision: true, false, null when the request failed, undefined when not known yet (a first pass). */
export type SemanticDecision = boolean | null | undefined;
export type SemanticMatch = (generated: string, reference: string) => SemanticDecision;

export interface AacrOptions {
  variant: AacrVariant;
  /** Absent: location only (`enable_semantic_match = False`). */
  semantic?: SemanticMatch;
  lineDistanceThreshold?: number;
}

/** `parse_similarity_response`, as shipped: any of yes/similar/same/identical/equivalent, unless "no" precedes a "yes". */
export function shippedAnswer(response: string): boolean {
  const text = response.trim().toLowerCase();
  const has = ['yes', 'similar', 'same', 'identical', 'equivalent'].some((k) => text.includes(k));
  if (text.includes('yes')) return has && !text.split('yes')[0].includes('no');
  return has;
}

/** The mend: the answer's first word, yes or no; null (a failed answer, left out) when it is neither. */
export function firstWordAnswer(response: string): boolean | null {
  const w = /[a-z]+/.exec(response.trim().toLowerCase());
  return w?.[0] === 'yes' ? true : w?.[0] === 'no' ? false : null;
}

/** AACR-Bench's SEMANTIC_COMPARISON_PROMPT_TEMPLATE, character for character. */
export function aacrPrompt(comment1: string, comment2: string): string {
  const task = `Determine whether the two review comments given above express the same concern or suggestion. Ignore differences in wording, tone, or formatting—focus solely on semantic equivalence of the underlying issue. If the core intent and technical substance are identical, answer "yes"; otherwise, answer "no".`;
  return `
-Role-

You are an expert code reviewer assistant specialized in analyzing and comparing code review comments.

-Task-

${task.replace('the two review comments given above', 'two given review comments')}

-Review Comments-

Review Comment 1:
${comment1}

Review Comment 2:
${comment2}

-Task-

${task}

Your answer:
`;
}

/** `normalize_path`. */
const normalizePath = (p: string | null | undefined) => (p ? p.replace(/\\\//g, '/').replace(/\\/g, '/') : '');

/** `is_line_range_overlapping`, ranges taken as given (a backwards range stays backwards). */
function rangesNear(a0: number, a1: number, b0: number, b1: number, max: number): boolean {
  if (!(a0 > b1 || a1 < b0)) return true;
  return Math.min(Math.abs(a0 - b1), Math.abs(a1 - b0)) <= max;
}

function sideOf(c: ReviewComment, v: AacrVariant): string | null {
  const s = c.side ?? null;
  if (v === 'aacr') return s;
  return s === null || s === '' ? null : s.toLowerCase();
}

/** `match_location`. */
export function aacrLocationMatch(gen: ReviewComment, ref: ReviewComment, variant: AacrVariant, threshold = 1): boolean {
  const gp = normalizePath(gen.path);
  const rp = normalizePath(ref.path);
  if (gp && rp && gp !== rp) return false;
  const gs = sideOf(gen, variant);
  const rs = sideOf(ref, variant);
  if (gs !== null && rs !== null && gs !== rs) return false;
  const complete = (c: ReviewComment) => c.from != null && c.to != null;
  if (complete(gen) && complete(ref) && !rangesNear(gen.from!, gen.to!, ref.from!, ref.to!, threshold)) return false;
  return true;
}

/** Python's round(x, 3): the nearest 3-decimal value, exact ties to even. */
export function pyRound3(x: number): number {
  const four = x.toFixed(4);
  if (Number(four) === x && four.endsWith('5')) {
    const down = Number(x.toFixed(4).slice(0, -1));
    const lastDigit = Number(four.at(-2));
    return lastDigit % 2 === 0 ? down : Number((down + 0.001).toFixed(3));
  }
  return Number(x.toFixed(3));
}

const rate = (n: number, d: number) => (d > 0 ? n / d : 0.0);
const valid = (cs: readonly ReviewComment[]) => cs.filter((c) => !!c.text).length;

/** `_match_all_comments` then the rates of `get_evaluator_ans_from_json`, for one PR. */
export function aacrEvaluate(generated: readonly ReviewComment[], good: readonly ReviewComment[], o: AacrOptions): AacrRow {
  const threshold = o.lineDistanceThreshold ?? 1;
  let positiveMatches = 0;
  let lineMatches = 0;
  let unmatched = 0;
  let failed = 0;
  const details: AacrRow['match_details'] = [];
  let totalGenerated = 0;
  let totalGood: number;
  if (generated.length === 0) totalGood = good.length;
  else {
    // The shipped key is the comment's id (None for every published comment); the mend keys by position.
    const keyOf = (k: number): unknown => (o.variant === 'aacr' ? (good[k].id ?? null) : k);
    const matchedByLine = new Set<unknown>();
    const matched = new Set<unknown>();
    generated.forEach((gen, idx) => {
      if (!gen.text) return;
      const d = { generated_comment_index: idx + 1, line_match: false, semantic_match: false, matched_reference_index: null as number | null };
      let isMatched = false;
      let lineMatched = false;
      for (let k = 0; k < good.length; k++) {
        const ref = good[k];
        if (!ref.text) continue;
        if (!aacrLocationMatch(gen, ref, o.variant, threshold)) continue;
        const key = keyOf(k);
        let lm = false;
        let sm = false;
        if (!matchedByLine.has(key)) {
          matchedByLine.add(key);
          lm = true;
          d.line_match = true;
          d.matched_reference_index = k;
        }
        if (o.semantic && !matched.has(key)) {
          const answer = o.semantic(gen.text, ref.text);
          if (answer === null) failed++;
          else if (answer === true) {
            matched.add(key);
            sm = true;
            d.semantic_match = true;
            d.matched_reference_index = k;
          }
        }
        if (lm && !lineMatched) {
          lineMatches++;
          lineMatched = true;
        }
        if (sm) {
          positiveMatches++;
          isMatched = true;
          break;
        }
      }
      if (!isMatched && o.semantic) unmatched++;
      details.push(d);
    });
    totalGenerated = valid(generated);
    totalGood = valid(good);
  }
  return {
    positive_expected_nums: totalGood,
    total_generated_nums: totalGenerated,
    positive_match_nums: positiveMatches,
    positive_line_match_nums: lineMatches,
    unmatched_nums: unmatched,
    positive_match_rate: pyRound3(rate(positiveMatches, totalGenerated)),
    positive_recall_rate: pyRound3(rate(positiveMatches, totalGood)),
    positive_line_match_rate: pyRound3(rate(lineMatches, totalGenerated)),
    positive_line_recall_rate: pyRound3(rate(lineMatches, totalGood)),
    unmatched_rate: pyRound3(rate(unmatched, totalGenerated)),
    failed_requests: failed,
    match_details: details,
  };
}
