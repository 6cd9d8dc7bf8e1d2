// CodeFuse-CR-Bench's rule-based evaluator, exactly as SWE-CARE's main codes `RuleBasedEvaluator` (Guo et al.
// 2025): location = 0.7·path + 0.15·line + 0.15·hunk overlap, description = a text similarity (NLTK's BLEU-4 with
// smoothing method 4 on word_tokenize of lower-cased text, by default), each predicted defect greedily matched to
// the unused reference with the highest 0.5·location + 0.5·description (a floor of 0.1), a true positive above
// 0.5 (0.3 before the harness's January 2026 change), and score = (F1 + mean location + mean description) / 3.
// Its edge cases are kept: no prediction and no reference scores 1; predictions without a reference have recall 1.
import type { ReviewComment } from '../model.ts';
import { pyStrip } from '../readers/swecare.ts';

export interface CodefuseMatch {
  predicted_idx: number;
  reference_idx: number;
  location_similarity: number;
  description_similarity: number;
  combined_score: number;
}

export interface CodefuseRow {
  score: number;
  precision: number;
  recall: number;
  f1: number;
  average_match_score: number;
  average_location_similarity: number;
  average_description_similarity: number;
  num_predicted: number;
  num_reference: number;
  num_true_positives: number;
  matches: CodefuseMatch[];
}

export interface CodefuseOptions {
  /** Text similarity of a predicted defect (hypothesis) against a reference (SWE-CARE: NLTK BLEU-4, method 4). */
  description: (predText: string, refText: string) => number;
  /** True-positive threshold on the combined score: 0.5 (SWE-CARE main), 0.3 before January 2026. */
  tpThreshold?: number;
  locationWeight?: number;
  descriptionWeight?: number;
}

/** Where SWE-CARE's evaluator raises instead of scoring (a reference without a hunk divides by zero). */
export class HarnessError extends Error {}

const HEADER = /@@ -(\d+),?(\d+)? \+(\d+),?(\d+)? @@/;

/** `parse_header`: the new-side lines of a hunk header, range(new_start, new_start + new_lines). */
function hunkLines(hunk: string): Set<number> {
  const m = HEADER.exec(hunk);
  if (!m) throw new HarnessError('a diff hunk without a header: SWE-CARE raises AttributeError');
  const start = Number(m[3]);
  const n = m[4] !== undefined ? Number(m[4]) : 1;
  const s = new Set<number>();
  for (let i = start; i < start + n; i++) s.add(i);
  return s;
}

/** `_calculate_location_similarity`. A defect's line is its `to` (SWE-CARE's `line`). */
export function locationSimilarity(pred: ReviewComment, ref: ReviewComment): number {
  const pathScore = (pred.path || '') === (ref.path || '') ? 1.0 : 0.0;
  const pl = pred.to ?? null;
  const rl = ref.to ?? null;
  let lineScore = 0.0;
  if (pl !== null && rl !== null) {
    const d = Math.abs(pl - rl);
    lineScore = d === 0 ? 1.0 : d <= 5 ? 1.0 - d / 10.0 : 0.1;
  } else if (pl === null && rl === null) lineScore = 0.5;
  let predHunk: Set<number>;
  if (pred.hunk) predHunk = hunkLines(pred.hunk);
  else if (pl === null) predHunk = new Set();
  else {
    predHunk = new Set();
    for (let i = Math.max(1, pl - 5); i < pl + 5; i++) predHunk.add(i);
  }
  const refHunk = ref.hunk ? hunkLines(ref.hunk) : new Set<number>();
  if (refHunk.size === 0) throw new HarnessError('a reference without diff-hunk lines: SWE-CARE divides by zero (ZeroDivisionError)');
  let overlap = 0;
  for (const l of refHunk) if (predHunk.has(l)) overlap++;
  const hunkScore = overlap / refHunk.size;
  const loc = pathScore * 0.7 + lineScore * 0.15 + hunkScore * 0.15;
  return Math.min(1.0, Math.max(0.0, loc));
}

/** Python's str.lower().strip() (JavaScript's toLowerCase differs from it only for a few letters such as İ). */
const lowerStrip = (s: string) => pyStrip(s.toLowerCase());

/** `_calculate_description_similarity`: 0 when either text is empty, else the description measure. */
export function descriptionSimilarity(pred: ReviewComment, ref: ReviewComment, measure: CodefuseOptions['description']): number {
  const p = pred.text ? lowerStrip(pred.text) : '';
  const r = ref.text ? lowerStrip(ref.text) : '';
  if (!p || !r) return 0.0;
  return measure(p, r);
}

const EDGE = (o: Partial<CodefuseRow>): CodefuseRow => ({
  score: 0, precision: 0, recall: 0, f1: 0, average_match_score: 0, average_location_similarity: 0,
  average_description_similarity: 0, num_predicted: 0, num_reference: 0, num_true_positives: 0, matches: [], ...o,
});

/** `RuleBasedEvaluator._evaluate` on a PR's predicted defects and reference comments. Throws HarnessError where it raises. */
export function codefuseEvaluate(predicted: readonly ReviewComment[], reference: readonly ReviewComment[], o: CodefuseOptions): CodefuseRow {
  const lw = o.locationWeight ?? 0.5;
  const dw = o.descriptionWeight ?? 0.5;
  const threshold = o.tpThreshold ?? 0.5;
  if (predicted.length === 0 && reference.length === 0)
    return EDGE({ score: 1, precision: 1, recall: 1, f1: 1, average_match_score: 1, average_location_similarity: 1, average_description_similarity: 1 });
  if (predicted.length === 0) return EDGE({ num_reference: reference.length });
  if (reference.length === 0) return EDGE({ recall: 1.0, num_predicted: predicted.length });

  const matches: CodefuseMatch[] = [];
  const used = new Set<number>();
  predicted.forEach((pred, pi) => {
    let best: CodefuseMatch | null = null;
    let bestScore = 0.0;
    reference.forEach((ref, ri) => {
      if (used.has(ri)) return;
      const loc = locationSimilarity(pred, ref);
      const desc = descriptionSimilarity(pred, ref, o.description);
      const combined = lw * loc + dw * desc;
      if (combined > bestScore) {
        bestScore = combined;
        best = { predicted_idx: pi, reference_idx: ri, location_similarity: loc, description_similarity: desc, combined_score: combined };
      }
    });
    if (best !== null && bestScore > 0.1) {
      matches.push(best);
      used.add((best as CodefuseMatch).reference_idx);
    } else matches.push({ predicted_idx: pi, reference_idx: -1, location_similarity: 0.0, description_similarity: 0.0, combined_score: 0.0 });
  });

  const tp = matches.filter((m) => m.combined_score > threshold).length;
  const precision = tp / predicted.length;
  const recall = tp / reference.length;
  const f1 = precision + recall > 0 ? (2 * (precision * recall)) / (precision + recall) : 0.0;
  // Python's sum() adds left to right, as reduce does.
  const avgLoc = matches.reduce((s, m) => s + m.location_similarity, 0) / matches.length;
  const avgDesc = matches.reduce((s, m) => s + m.description_similarity, 0) / matches.length;
  return {
    score: (f1 + avgLoc + avgDesc) / 3,
    precision,
    recall,
    f1,
    average_match_score: lw * avgLoc + dw * avgDesc,
    average_location_similarity: avgLoc,
    average_description_similarity: avgDesc,
    num_predicted: predicted.length,
    num_reference: reference.length,
    num_true_positives: tp,
    matches,
  };
}
