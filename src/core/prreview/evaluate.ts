// `pr-eval`: one evaluator over every PR and system of a dataset, then per-system aggregates. The browser and the
// CLI both call `prEval`; the LLM paths pass their answers in as lookups (see `SemanticMatch`, `MartianJudge`),
// so there is one evaluator per harness whichever judge stands behind it.
import { referencesFor, type PrDataset, type PullRequest, type ReferenceMode, type ReviewComment } from './model.ts';
import { codefuseEvaluate, HarnessError } from './evaluators/codefuse.ts';
import { aacrEvaluate, type AacrVariant, type SemanticMatch } from './evaluators/aacr.ts';
import { martianEvaluate, replayRecord, type JudgeAnswer, type MartianJudge } from './evaluators/martian.ts';
import { crscoreEvaluate } from './evaluators/crscore.ts';
import { contextBleu, DEFAULT_THRESHOLD, pairMatrix, pairScorer, type MatcherContext, type MatcherName, type PairMatrix } from './matchers.ts';
import { aggregate, AACR_AGGREGATE, CODEFUSE_AGGREGATE, CRSCORE_AGGREGATE, MARTIAN_AGGREGATE, type AggregateOptions, type Aggregates, type AggregateSpec } from './aggregate.ts';
import { withCandidatesFrom } from './readers/martian.ts';
import { crscoreP, type PrPseudoReferences } from './pseudoRefs.ts';
import type { SimilarityMatrix } from '../types.ts';

export type EvaluatorName = 'codefuse' | 'aacr' | 'aacr-fixed' | 'martian' | 'crscore';
export const EVALUATORS: readonly EvaluatorName[] = ['codefuse', 'aacr', 'aacr-fixed', 'martian', 'crscore'];

export interface PrEvalOptions extends AggregateOptions {
  evaluator: EvaluatorName;
  reference?: ReferenceMode;
  /** An offline matcher standing where the harness's judge stands (codefuse: its description measure). */
  matcher?: MatcherName;
  threshold?: number;
  ctx?: MatcherContext;
  /** codefuse: the true-positive threshold (0.5; 0.3 before January 2026). */
  tpThreshold?: number;
  /** martian: replay this judge's published decisions (no matcher, no LLM). */
  judge?: string;
  /** martian with a matcher or an LLM: whose extracted candidates are the tools' reviews. */
  candidatesFrom?: string;
  /** aacr / aacr-fixed through an LLM: the answer to each (generated, reference) question. */
  semantic?: SemanticMatch;
  /** martian through an LLM: the judge's answer to each (golden, candidate) question. */
  llmJudge?: MartianJudge;
  /**
   * crscore: τ (default: `threshold` when given, else the chosen similarity's documented τ, DEFAULT_THRESHOLD:
   * lexical 0.149 when no matcher is named), the location weight (0.2) and the line window (3).
   */
  tau?: number;
  locationWeight?: number;
  lineWindow?: number;
  /**
   * crscore, reference-free: the PRs' pseudo-references (`prChanges` → the pipeline → `pseudoIssuesOf`), made by
   * `source`. They are P for a review with no reference issues on a PR in `byPr`, or for every review when `only`
   * (a PR missing from `byPr` then has no diff).
   */
  pseudoRefs?: { byPr: PrPseudoReferences; source: string; only?: boolean };
}

export type PrRow = { pr: string; system: string; error?: string } & Record<string, unknown>;

export interface PrEvalResult {
  evaluator: EvaluatorName;
  signature: string;
  rows: PrRow[];
  aggregates: Aggregates;
}

const SPEC: Record<EvaluatorName, AggregateSpec> = {
  codefuse: CODEFUSE_AGGREGATE,
  aacr: AACR_AGGREGATE,
  'aacr-fixed': AACR_AGGREGATE,
  martian: MARTIAN_AGGREGATE,
  crscore: CRSCORE_AGGREGATE,
};

/** A matcher's matrices per PR memoised by (references, comments), so systems sharing texts share the work. */
function decider(m: PairMatrix) {
  let last: { refs: readonly string[]; coms: readonly string[]; mat: SimilarityMatrix } | null = null;
  return (refs: readonly string[], coms: readonly string[], diff?: string) => {
    if (!last || last.refs !== refs || last.coms !== coms) last = { refs, coms, mat: m(refs, coms, diff) };
    return last.mat;
  };
}

/** A text-pair lookup over one PR's matrix (references as rows). */
function lookup(refs: readonly string[], coms: readonly string[], mat: SimilarityMatrix) {
  const ri = new Map<string, number>();
  refs.forEach((r, i) => (ri.has(r) ? 0 : ri.set(r, i)));
  const ci = new Map<string, number>();
  coms.forEach((c, j) => (ci.has(c) ? 0 : ci.set(c, j)));
  return (ref: string, com: string) => mat.data[ri.get(ref)! * coms.length + ci.get(com)!];
}

function reviewsOf(pr: PullRequest): [string, ReviewComment[]][] {
  return Object.entries(pr.reviews).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function prEval(ds0: PrDataset, o: PrEvalOptions): PrEvalResult {
  const mode = o.reference ?? 'others';
  const rows: PrRow[] = [];
  const matcher = o.matcher ? decider(pairMatrix(o.matcher, o.ctx)) : null;
  const threshold = o.threshold ?? (o.matcher ? DEFAULT_THRESHOLD[o.matcher] : 0);
  let sig = `evaluator:${o.evaluator}|reference:${mode}`;

  if (o.evaluator === 'codefuse') {
    sig += `|tp>${o.tpThreshold ?? 0.5}|description:${o.matcher ?? 'bleu-nltk3.9-method4-punkt-untrained'}`;
    const bleu = contextBleu(o.ctx);
    for (const pr of ds0.prs)
      for (const [system, preds] of reviewsOf(pr)) {
        const refs = referencesFor(pr, system, mode);
        let description = bleu;
        if (matcher) {
          const mat = matcher(refs.map((r) => r.text.toLowerCase().trim()), preds.map((p) => p.text.toLowerCase().trim()), pr.diff);
          const at = lookup(refs.map((r) => r.text.toLowerCase().trim()), preds.map((p) => p.text.toLowerCase().trim()), mat);
          description = (p, r) => at(r, p);
        }
        try {
          const { matches, ...fields } = codefuseEvaluate(preds, refs, { description, tpThreshold: o.tpThreshold });
          rows.push({ pr: pr.id, system, ...fields, matches });
        } catch (e) {
          if (!(e instanceof HarnessError)) throw e;
          rows.push({ pr: pr.id, system, error: e.message });
        }
      }
  } else if (o.evaluator === 'aacr' || o.evaluator === 'aacr-fixed') {
    const variant: AacrVariant = o.evaluator;
    sig += `|semantic:${o.semantic ? 'llm' : o.matcher ? `${o.matcher}>=${threshold}` : 'none (location only)'}|lines:1`;
    const lazy = o.matcher && !o.semantic ? pairScorer(o.matcher, o.ctx) : null;
    for (const pr of ds0.prs)
      for (const [system, gen] of reviewsOf(pr)) {
        const refs = referencesFor(pr, system, mode);
        let semantic = o.semantic;
        if (!semantic && lazy) semantic = (g, r) => lazy(r, g) >= threshold;
        else if (!semantic && matcher) {
          const rt = refs.map((r) => r.text);
          const gt = gen.map((g) => g.text);
          const at = lookup(rt, gt, matcher(rt, gt, pr.diff));
          semantic = (g, r) => at(r, g) >= threshold;
        }
        const { match_details, ...fields } = aacrEvaluate(gen, refs, { variant, semantic });
        const row: PrRow = { pr: pr.id, system, ...fields, match_details };
        if (fields.failed_requests > 0) row.error = `${fields.failed_requests} questions to the LLM failed; left out`;
        rows.push(row);
      }
  } else if (o.evaluator === 'martian') {
    const replay = !matcher && !o.llmJudge;
    const judge = o.judge ?? ds0.judges[0];
    if (replay) {
      sig += `|judge:${judge} (published decisions)`;
      for (const pr of ds0.prs)
        for (const [system, rec] of Object.entries(pr.judged?.[judge] ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
          const { true_positives, false_positives, false_negatives, ...fields } = replayRecord(rec, pr.references.length);
          rows.push({ pr: pr.id, system, ...fields, true_positives, false_positives, false_negatives });
        }
    } else {
      const from = o.candidatesFrom ?? judge;
      const ds = withCandidatesFrom(ds0, from);
      sig += `|judge:${o.llmJudge ? 'llm' : `${o.matcher}>=${threshold}`}|candidates:${from}`;
      for (const pr of ds.prs)
        for (const [system, cands] of reviewsOf(pr)) {
          const golden = pr.references.map((r) => r.text);
          const texts = cands.map((c) => c.text);
          let j = o.llmJudge;
          if (!j) {
            const at = lookup(golden, texts, matcher!(golden, texts, pr.diff));
            j = (g, c): JudgeAnswer => {
              const s = at(g, c);
              return { match: s >= threshold, confidence: s };
            };
          }
          const { true_positives, false_positives, false_negatives, ...fields } = martianEvaluate(golden, texts, j);
          const row: PrRow = { pr: pr.id, system, ...fields, true_positives, false_positives, false_negatives };
          if (fields.errors_count > 0) row.error = `${fields.errors_count} questions to the LLM failed; left out`;
          rows.push(row);
        }
    }
  } else {
    const similarity = o.matcher ?? 'lexical';
    const m = matcher ?? decider(pairMatrix(similarity, o.ctx));
    // `threshold` above is 0 without a matcher (the other evaluators' "no semantic judge"): τ is the similarity's.
    const tau = o.tau ?? o.threshold ?? DEFAULT_THRESHOLD[similarity];
    const lw = o.locationWeight ?? 0.2;
    const win = o.lineWindow ?? 3;
    const pseudo = o.pseudoRefs;
    sig += `|similarity:${similarity}|tau:${tau}|location-weight:${lw}|line-window:${win}`;
    if (pseudo) sig += `|P:${pseudo.only ? '' : 'reference issues, else '}pseudo-references (${pseudo.source})`;
    for (const pr of ds0.prs)
      for (const [system, coms] of reviewsOf(pr)) {
        const { from, refs, why } = crscoreP(pr, system, mode, pseudo);
        if (why) {
          rows.push({ pr: pr.id, system, p_from: from, error: why });
          continue;
        }
        const mat = m(refs.map((r) => r.text), coms.map((c) => c.text), pr.diff);
        const { cells, ...fields } = crscoreEvaluate(refs, coms, mat, { tau, locationWeight: lw, lineWindow: win });
        rows.push({ pr: pr.id, system, ...fields, p_from: from, cells });
      }
  }
  return { evaluator: o.evaluator, signature: sig, rows, aggregates: aggregate(rows, SPEC[o.evaluator], o) };
}
