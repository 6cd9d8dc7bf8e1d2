// Martian's step 3 (`evaluate_review` in step3_judge_comments.py): every golden comment against every candidate;
// a golden comment is found by the candidate with the highest confidence among those judged a match (a match
// needs a confidence above 0); precision = tp / candidates, recall = tp / golden comments. Golden comments and
// candidates are keyed by their text, as its dicts are, so a repeated text counts once in tp, fp and fn but every
// time in the totals. The aggregate table (step 3's summary and the dashboard) micro-sums tp, fp and fn over PRs.
import type { JudgeRecord } from '../model.ts';

/** One judge answer: match and confidence, or an error (left out and counted, as step 3 does). */
export type JudgeAnswer = { match: unknown; confidence?: unknown; reasoning?: unknown } | { error: string };
export type MartianJudge = (golden: string, candidate: string) => JudgeAnswer | undefined;

export interface MartianRow {
  skipped: boolean;
  total_candidates: number;
  total_golden: number;
  tp: number;
  fp: number;
  fn: number;
  errors_count: number;
  precision: number;
  recall: number;
  /** Found golden comments with the candidate that found each; unmatched candidates; missed golden comments. */
  true_positives: { golden_comment: string; matched_candidate: string; confidence: number }[];
  false_positives: string[];
  false_negatives: string[];
}

export function martianEvaluate(golden: readonly string[], candidates: readonly string[], judge: MartianJudge): MartianRow {
  const empty = { true_positives: [], false_positives: [], errors_count: 0, precision: 0, recall: 0 };
  if (golden.length === 0) return { ...empty, skipped: true, total_candidates: candidates.length, total_golden: 0, tp: 0, fp: 0, fn: 0, false_negatives: [] };
  if (candidates.length === 0)
    return { ...empty, skipped: false, total_candidates: 0, total_golden: golden.length, tp: 0, fp: 0, fn: golden.length, false_negatives: [...golden] };
  const found = new Map<string, { matched: boolean; best: number; candidate: string | null }>();
  for (const g of golden) found.set(g, { matched: false, best: 0.0, candidate: null });
  const candMatched = new Map<string, boolean>();
  for (const c of candidates) candMatched.set(c, false);
  let errors = 0;
  for (const g of golden)
    for (const c of candidates) {
      const r = judge(g, c);
      if (r === undefined) continue; // not asked yet (a first pass of the LLM driver)
      if ('error' in r) {
        errors++;
        continue;
      }
      const conf = r.confidence === undefined ? 0 : r.confidence;
      const info = found.get(g)!;
      if (r.match && typeof conf === 'number' && conf > info.best) {
        info.matched = true;
        info.best = conf;
        info.candidate = c;
        candMatched.set(c, true);
      }
    }
  const tps: MartianRow['true_positives'] = [];
  const fns: string[] = [];
  for (const [g, info] of found) {
    if (info.matched) tps.push({ golden_comment: g, matched_candidate: info.candidate!, confidence: info.best });
    else fns.push(g);
  }
  const fps = [...candMatched].filter(([, m]) => !m).map(([c]) => c);
  return {
    skipped: false,
    total_candidates: candidates.length,
    total_golden: golden.length,
    tp: tps.length,
    fp: fps.length,
    fn: fns.length,
    errors_count: errors,
    precision: tps.length / candidates.length,
    recall: tps.length / golden.length,
    true_positives: tps,
    false_positives: fps,
    false_negatives: fns,
  };
}

/** A judge's published record recounted from its own lists (`--judge NAME` replays it). */
export function replayRecord(r: JudgeRecord, goldenCount: number): MartianRow {
  const tp = r.matched.length;
  return {
    skipped: r.skipped,
    total_candidates: r.totalCandidates,
    total_golden: goldenCount,
    tp,
    fp: r.unmatched.length,
    fn: r.missed.length,
    errors_count: r.errors,
    precision: r.totalCandidates > 0 ? tp / r.totalCandidates : 0,
    recall: goldenCount > 0 ? tp / goldenCount : 0,
    true_positives: r.matched.map((m) => ({ golden_comment: m.golden, matched_candidate: m.candidate ?? '', confidence: m.confidence ?? 0 })),
    false_positives: r.unmatched,
    false_negatives: r.missed,
  };
}

/** Step 3's aggregate over PRs: micro-summed tp, fp, fn; skipped reviews left out. */
export function martianTotals(rows: readonly MartianRow[]) {
  let tp = 0, fp = 0, fn = 0, candidates = 0, reviews = 0, errors = 0;
  for (const r of rows) {
    if (r.skipped) continue;
    tp += r.tp;
    fp += r.fp;
    fn += r.fn;
    candidates += r.total_candidates;
    errors += r.errors_count;
    reviews++;
  }
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, candidates, reviews, errors, precision, recall, f1, precision_per_candidate: candidates > 0 ? tp / candidates : 0 };
}

/**
 * Step 3's parse of a judge's reply (`call_llm`): strip; a fenced reply keeps what follows the first fence, less a
 * leading "json"; then JSON. A reply that is not a JSON object is an error (step 3 retries, then records it).
 */
export function parseJudgeReply(content: string): JudgeAnswer {
  let c = content.trim();
  if (c.startsWith('```')) {
    c = c.split('```')[1];
    if (c.startsWith('json')) c = c.slice(4);
    c = c.trim();
  }
  try {
    const v = JSON.parse(c) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as JudgeAnswer;
    return { error: 'JSON parse failed' };
  } catch {
    return { error: 'JSON parse failed' };
  }
}

/** Step 3's judge prompt, character for character (the system message is `MARTIAN_SYSTEM`). */
export function martianPrompt(golden: string, candidate: string): string {
  return `You are evaluating AI code review tools.
Determine if the candidate issue matches the golden (expected) comment.

Golden Comment (the issue we're looking for):
${golden}

Candidate Issue (from the tool's review):
${candidate}

Instructions:
- Determine if the candidate identifies the SAME underlying issue as the golden comment
- Accept semantic matches - different wording is fine if it's the same problem
- Focus on whether they point to the same bug, concern, or code issue

Respond with ONLY a JSON object:
{"reasoning": "brief explanation", "match": true/false, "confidence": 0.0-1.0}`;
}

export const MARTIAN_SYSTEM = 'You are a precise code review evaluator. Always respond with valid JSON.';
