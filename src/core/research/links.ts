// Research pipeline, stage 7: links. What a run's similarity and scoring rule decide before any score (which
// pseudo-references each review credits, and how strongly), their agreement with the annotators' own links
// (`claims_addressed`), and the oracle: Con, Comp and Rel read off the annotators' links, the ceiling every table
// shows next to the metric. The entry point is "link strengths in, report out", so any linker (hard τ, graded
// credit, an LLM, a learned model) is judged the same way; `crscore eval` and the research view both call it.
import { agreement, type Agreement, type EvalItem, type ItemScore } from '../evaluate.ts';
import { annotatorVector } from '../links/annotator.ts';
import {
  planLinkAgreement,
  worstReviews,
  type LinkAgreementOptions,
  type LinkAgreementReport,
  type LinkRecord,
} from '../links/agreement.ts';
import { metricLinks, oracleScores, reviewLinks, type LinkRule, type LinkScores } from '../links/links.ts';
import { runSpecs, type LinkSpec } from '../resampling.ts';
import type { ScoreColumns } from '../scoreColumns.ts';
import type { SimilarityMatrix } from '../types.ts';
import { correlate, type CorrRow } from './analysis.ts';
import type { Scorer, ScoringRule } from './scoring.ts';

/** The link rule a scoring rule applies at τ: the paper's strict τ, or graded credit on the ramp τ − sd … τ. */
export function linkRuleFor(rule: ScoringRule, tau: number, sd: number): LinkRule {
  return rule === 'hard' ? { rule: 'hard', tau } : { rule: 'graded', ramp: { low: tau - sd, high: tau } };
}

/**
 * The link rule of a run's scorer at τ: the learned linker links where its probability exceeds τ (hard) or gives
 * its probabilities as strengths (graded: the identity ramp from 0 to 1); every other scorer as linkRuleFor.
 */
export function linkRuleOfScorer(s: Scorer, tau: number): LinkRule {
  if (s.rule === 'learned') return s.mode === 'hard' ? { rule: 'hard', tau } : { rule: 'graded', ramp: { low: 0, high: 1 } };
  return linkRuleFor(s.rule, tau, s.rule === 'graded' ? s.sd : 0);
}

/** True when at least one review of the items carries recorded annotator links ('-' counts: it is a decision). */
export function hasAnnotatorLinks(items: readonly EvalItem[]): boolean {
  return items.some((it) => it.annotatorLinks !== undefined && it.annotatorLinks.state !== 'unrecorded');
}

/** Per item: the review-level link strength of each pseudo-reference (strongest sentence), under the rule. */
export function itemLinkStrengths(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  rule: LinkRule,
): Float64Array[] {
  return items.map((it, k) => reviewLinks(metricLinks(matrices[k], rule, it.sentences)));
}

/** One review's links as a result of their own: which pseudo-references each sentence credits and how strongly. */
export interface ReviewLinkResult {
  changeId: string;
  system: string;
  lang: string;
  /** Per review sentence: the pseudo-references it links (0-based), with their strength (1 under hard τ). */
  sentences: { text: string; links: { ref: number; strength: number }[] }[];
  /** Per pseudo-reference: the review-level strength (strongest sentence). */
  review: number[];
  /** The annotators' links (0-based), null where not recorded. */
  annotators: number[] | null;
}

/** Every review's sentence-level and review-level links under the rule (what `crscore eval --links-out` writes). */
export function reviewLinkResults(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[], rule: LinkRule): ReviewLinkResult[] {
  return items.map((it, k) => {
    const l = metricLinks(matrices[k], rule, it.sentences);
    const a = it.annotatorLinks;
    return {
      changeId: it.rowId,
      system: it.system,
      lang: it.lang,
      sentences: it.sentences.map((text, j) => {
        const links: { ref: number; strength: number }[] = [];
        for (let i = 0; i < l.rows; i++) if (l.data[i * l.cols + j] > 0) links.push({ ref: i, strength: l.data[i * l.cols + j] });
        return { text, links };
      }),
      review: Array.from(reviewLinks(l)),
      annotators: a && a.state !== 'unrecorded' ? [...a.indices] : null,
    };
  });
}

/** The annotators' 0/1 links of each item over its pseudo-references; null where not recorded. */
export function goldLinks(items: readonly EvalItem[]): (Float64Array | null)[] {
  return items.map((it) => annotatorVector(it.annotatorLinks ?? null, it.pseudoReferences.length));
}

/** Link records for the agreement: predicted strengths (any linker's) against the annotators' links. */
export function linkRecords(
  items: readonly EvalItem[],
  strengths: readonly ArrayLike<number>[],
  gold: readonly (ArrayLike<number> | null)[] = goldLinks(items),
): LinkRecord[] {
  return items.map((it, k) => ({
    changeId: it.rowId,
    system: it.system,
    lang: it.lang,
    pred: strengths[k],
    gold: gold[k],
    kinds: it.pseudoReferenceKinds,
  }));
}

/** One pseudo-reference on which the metric and the annotators disagree, with the metric's strength. */
export interface LinkDisagreement {
  index: number;
  text: string;
  kind: string;
  strength: number;
  /** For a metric-only link: the review sentence that makes it (strongest), when the links came from a matrix. */
  sentence?: string;
}

/** A badly agreeing review, ready to show: which links only the metric made and which only the annotators made. */
export interface LinkCase {
  /** Item index (Research opens it in the workbench by this). */
  item: number;
  changeId: string;
  system: string;
  lang: string;
  f1: number | null;
  agreement: number;
  review: string[];
  metricOnly: LinkDisagreement[];
  annotatorOnly: LinkDisagreement[];
}

export type LinkStage =
  | { available: false; reason: string }
  | { available: true; rule: LinkRule; report: LinkAgreementReport; worst: LinkCase[] };

export const NO_ANNOTATOR_LINKS =
  'This dataset records no annotator links (no review has claims_addressed), so there is no link agreement to show.';

/** The disagreements of one review: pseudo-references the metric credits that no annotator linked, and the reverse. */
export function linkCase(items: readonly EvalItem[], k: number, pred: ArrayLike<number>, gold: ArrayLike<number>, f1: number | null, agreementValue: number): LinkCase {
  const it = items[k];
  const at = (i: number): LinkDisagreement => ({
    index: i,
    text: it.pseudoReferences[i],
    kind: it.pseudoReferenceKinds[i] ?? 'claim',
    strength: pred[i],
  });
  const metricOnly: LinkDisagreement[] = [];
  const annotatorOnly: LinkDisagreement[] = [];
  for (let i = 0; i < it.pseudoReferences.length; i++) {
    if (gold[i] > 0 && pred[i] < 1) annotatorOnly.push(at(i));
    else if (!(gold[i] > 0) && pred[i] > 0) metricOnly.push(at(i));
  }
  return { item: k, changeId: it.rowId, system: it.system, lang: it.lang, f1, agreement: agreementValue, review: it.sentences, metricOnly, annotatorOnly };
}

/** A link stage planned: the resampling spec (null when there is nothing to resample) and the stage from its draws. */
export interface LinkStagePlan {
  spec: LinkSpec | null;
  seed: number;
  resamples: number;
  finish(draws: Float64Array | null): LinkStage;
}

const unavailable = (): LinkStagePlan => ({
  spec: null,
  seed: 0,
  resamples: 0,
  finish: () => ({ available: false, reason: NO_ANNOTATOR_LINKS }),
});

const runLocal = <R>(p: { spec: LinkSpec | null; seed: number; resamples: number; finish(d: Float64Array | null): R }): R =>
  p.finish(p.spec ? runSpecs([p.spec], p.seed, p.resamples)[0] : null);

/**
 * Link agreement of any linker's strengths with the annotators, and the worst-agreeing reviews. A dataset without
 * annotator links gives no table (and says so) rather than a table of zeros.
 */
export function linkStage(
  items: readonly EvalItem[],
  strengths: readonly ArrayLike<number>[],
  rule: LinkRule,
  o: LinkAgreementOptions & { worst?: number } = {},
): LinkStage {
  return runLocal(planLinkStage(items, strengths, rule, o));
}

export function planLinkStage(
  items: readonly EvalItem[],
  strengths: readonly ArrayLike<number>[],
  rule: LinkRule,
  o: LinkAgreementOptions & { worst?: number } = {},
): LinkStagePlan {
  if (!hasAnnotatorLinks(items)) return unavailable();
  const gold = goldLinks(items);
  const plan = planLinkAgreement(linkRecords(items, strengths, gold), o);
  return {
    ...plan,
    finish(draws) {
      const report = plan.finish(draws);
      const worst = worstReviews(report, o.worst ?? 20).map((r) => linkCase(items, r.index, strengths[r.index], gold[r.index]!, r.f1, r.agreement));
      return { available: true, rule, report, worst };
    },
  };
}

/** The whole stage from a run's matrices and scoring rule: the metric's links, then their agreement. */
export function metricLinkStage(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  rule: LinkRule,
  o: LinkAgreementOptions & { worst?: number } = {},
): LinkStage {
  return runLocal(planMetricLinkStage(items, matrices, rule, o));
}

export function planMetricLinkStage(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  rule: LinkRule,
  o: LinkAgreementOptions & { worst?: number } = {},
): LinkStagePlan {
  if (!hasAnnotatorLinks(items)) return unavailable();
  const plan = planLinkStage(items, itemLinkStrengths(items, matrices, rule), rule, o);
  return {
    ...plan,
    finish(draws) {
      const st = plan.finish(draws);
      if (!st.available) return st;
      // Name the sentence behind each metric-only link of the listed reviews (sentence-level links, as the metric made them).
      for (const w of st.worst) {
        if (w.metricOnly.length === 0) continue;
        const l = metricLinks(matrices[w.item], rule, items[w.item].sentences);
        for (const d of w.metricOnly) {
          let best = -1;
          for (let j = 0; j < l.cols; j++) if (best < 0 || l.data[d.index * l.cols + j] > l.data[d.index * l.cols + best]) best = j;
          if (best >= 0 && l.data[d.index * l.cols + best] > 0) d.sentence = items[w.item].sentences[best];
        }
      }
      return st;
    },
  };
}

/** Per item: Con, Comp and Rel from the annotators' links; null where they recorded none. */
export function oracleItemScores(items: readonly EvalItem[]): (LinkScores | null)[] {
  return goldLinks(items).map((g) => oracleScores(g));
}

export interface Oracle {
  /** Reviews with recorded links. */
  reviews: number;
  /** Items with recorded links and their oracle scores, index-aligned (for intervals). */
  items: EvalItem[];
  scores: ItemScore[];
  /** Correlations with the humans and the system ranking, over reviews with links and human scores. */
  agreement: Agreement;
}

/** The oracle's agreement with the humans, exactly as CRScore's (same function); null without annotator links. */
export function oracle(items: readonly EvalItem[]): Oracle | null {
  if (!hasAnnotatorLinks(items)) return null;
  const s = oracleItemScores(items);
  const keep = items.map((_, k) => k).filter((k) => s[k] !== null);
  const its = keep.map((k) => items[k]);
  const scores = keep.map((k) => s[k]!);
  return { reviews: keep.length, items: its, scores, agreement: agreement(its, scores) };
}

/** The oracle's scores as columns, NaN where no links were recorded (what a compute worker receives); null without links. */
export function oracleColumns(items: readonly EvalItem[]): ScoreColumns | null {
  if (!hasAnnotatorLinks(items)) return null;
  const c: ScoreColumns = { con: new Float64Array(items.length).fill(NaN), comp: new Float64Array(items.length).fill(NaN), rel: new Float64Array(items.length).fill(NaN) };
  oracleItemScores(items).forEach((s, k) => {
    if (!s) return;
    c.con[k] = s.con;
    c.comp[k] = s.comp;
    c.rel[k] = s.rel;
  });
  return c;
}

/** What the correlation table shows of the oracle: its rows, and its system ranking over the reviews with links. */
export interface OracleSummary {
  rows: CorrRow[];
  reviews: number;
  ranking: Pick<Agreement['systemRanking'], 'spearman' | 'kendall'>;
}

/** The oracle's table figures from its columns: the rows are oracleRows, the ranking oracle()'s (the same functions). */
export function oracleSummary(items: readonly EvalItem[], c: ScoreColumns): OracleSummary {
  const rows = (['con', 'comp', 'rel'] as const).map((d) => ({
    id: `oracle-${d}`,
    label: `Oracle ${d === 'con' ? 'Con' : d === 'comp' ? 'Comp' : 'Rel'} (annotators' links)`,
    ...correlate(items, Array.from(c[d], (v) => (Number.isNaN(v) ? null : v))),
  }));
  const keep = items.map((_, k) => k).filter((k) => !Number.isNaN(c.con[k]));
  const a = agreement(keep.map((k) => items[k]), keep.map((k) => ({ con: c.con[k], comp: c.comp[k], rel: c.rel[k] })));
  return { rows, reviews: keep.length, ranking: { spearman: a.systemRanking.spearman, kendall: a.systemRanking.kendall } };
}

/** The oracle's rows for the correlation table (Con, Comp, Rel from the annotators' links); none without links. */
export function oracleRows(items: readonly EvalItem[]): CorrRow[] {
  const c = oracleColumns(items);
  return c ? oracleSummary(items, c).rows : [];
}
