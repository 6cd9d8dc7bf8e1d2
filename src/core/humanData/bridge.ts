// A HumanDataset as the rows the rest of the pipeline scores (DatasetRow: the reference review as system 'msg',
// the systems' reviews beside it), with each change's pseudo-references (its own, as the human study has them, or
// the reference review's sentences), and each review's human scores on the judging dimensions. The reference-based
// metrics, CRScore's stages and the meta-evaluation then run unchanged. Pure.
import { REFERENCE_SYSTEM, type DatasetPseudoReference, type DatasetRow } from '../dataset.ts';
import { splitReview } from '../sentences.ts';
import { prepare, type PreparedDataset } from '../research/prepare.ts';
import { rocAucInterval, type AucEstimate } from '../metaeval/auc.ts';
import type { Grouping } from '../metaeval/grouped.ts';
import { humanCeiling, type HumanCeilingInput } from '../metaeval/ceiling.ts';
import type { SplitMode } from '../types.ts';
import type { Dimension, HumanChange, HumanDataset, HumanReview, Scale } from './model.ts';

/** A score as the statistics read it: a Likert point mapped onto [0, 1], any other scale as it is. */
export function scaleValue(v: number, s: Scale): number {
  if (s.kind !== 'likert') return v;
  const lo = s.min ?? 1;
  const hi = s.max ?? 5;
  return (v - lo) / (hi - lo);
}

/** A review's score on a dimension: the mean over the annotators who scored it, Likert mapped onto [0, 1]. */
export function dimensionScore(r: HumanReview, d: Dimension): number | null {
  const mean = rawScore(r, d);
  return mean === null ? null : scaleValue(mean, d.scale);
}

/** Where CRScore's pseudo-references come from: each change's own (the human study's), or its reference review's sentences. */
export type PseudoRefSource = 'dataset' | 'reference';

/** The human dimensions that judge a metric's Con, Comp and Rel: each its namesake (the human study's way). */
export interface MatchedJudge {
  matched: true;
  con: Dimension;
  comp: Dimension;
  rel: Dimension;
}

/** One human dimension in all three slots, or the matched three. */
export type Judge = Dimension | MatchedJudge;

/** con↔con, comp↔comp, rel↔rel when the dataset has dimensions so named; else null. */
export function matchedJudge(d: HumanDataset): MatchedJudge | null {
  const [con, comp, rel] = (['con', 'comp', 'rel'] as const).map((n) => d.dimensions.find((x) => x.name === n));
  return con && comp && rel ? { matched: true, con, comp, rel } : null;
}

/** True when some change carries pseudo-references of its own (the default source is then 'dataset'). */
export const hasOwnPseudoReferences = (d: HumanDataset): boolean => d.changes.some((c) => (c.pseudoReferences?.length ?? 0) > 0);

export interface BridgeOptions {
  /** Default: 'dataset' when a change has pseudo-references of its own, else 'reference'. */
  pseudoRefs?: PseudoRefSource;
  /**
   * Keep the reviews of changes without pseudo-references (or, with 'reference', without a reference review) in
   * `reviews`, after the scorable ones and each with why (`unscorable`): the metrics that need neither, the
   * baselines, judge them; CRScore and the reference-based metrics have no value there. Default false: such a
   * review is left out of every metric, as the human study's path leaves it (its published figures).
   */
  everyReview?: boolean;
  /** How humanPrepared splits the reviews into sentences (default 'reference'). */
  split?: SplitMode;
}

/** Why a kept review has no item (everyReview): its change has no pseudo-references, or no reference review. */
export type Unscorable = 'no pseudo-references' | 'no reference review';

type Slots = Record<'con' | 'comp' | 'rel', number>;

/** A review's human scores in the three slots (the judge's dimensions, mapped onto [0, 1]); null when any is unscored. */
function judged(r: HumanReview, j: Judge): Slots | null {
  if (!('matched' in j)) {
    const h = dimensionScore(r, j);
    return h === null ? null : { con: h, comp: h, rel: h };
  }
  const con = dimensionScore(r, j.con);
  const comp = dimensionScore(r, j.comp);
  const rel = dimensionScore(r, j.rel);
  return con === null || comp === null || rel === null ? null : { con, comp, rel };
}

/** A dimension's score on its own scale (the annotators' mean), as the human study's rows hold it. */
function rawScore(r: HumanReview, d: Dimension): number | null {
  const xs = (r.scores[d.name] ?? []).filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

export interface HumanRows {
  rows: DatasetRow[];
  /**
   * Aligned with prepare(rows)'s items: the review, its change, its human score (the rel slot's: the judged
   * dimension's, or Rel when matched) and the three slots (null when any is unscored, as collectEvalItems has it).
   */
  reviews: { review: HumanReview; change: HumanChange; human: number | null; slots?: Slots | null; unscorable?: Unscorable }[];
  /** Reviews whose change has no reference review (no reference metric, no pseudo-reference): left out, or with
   *  everyReview kept after the scorable ones. */
  noReference: number;
  /** Reviews whose change has no pseudo-references (prepare's skippedDiffs): left out, or kept as above. */
  noPseudoReferences: number;
  pseudoRefs: PseudoRefSource;
}

/** The system a review keeps, unless it would be taken for the reference review. */
const systemName = (s: string) => (s === REFERENCE_SYSTEM ? `${s} (system)` : s);

/**
 * The dataset's changes as DatasetRows. With 'reference' pseudo-references (the default for a dataset without its
 * own), the changes that have a reference review, its first one's sentences (split as the reviews are) as the
 * pseudo-references; other changes' reviews are counted in noReference. With 'dataset', every change with its own
 * pseudo-references and its annotators' links; prepare() skips a change without them, as collectEvalItems does.
 * A change from the human study (study.ts) comes back as the very row it was read from.
 */
export function humanRows(d: HumanDataset, judge: Judge, o: BridgeOptions = {}): HumanRows {
  const source = o.pseudoRefs ?? (hasOwnPseudoReferences(d) ? 'dataset' : 'reference');
  const matched = 'matched' in judge;
  const byChange = new Map<string, HumanReview[]>();
  for (const r of d.reviews) byChange.set(r.changeId, [...(byChange.get(r.changeId) ?? []), r]);
  const rows: DatasetRow[] = [];
  const reviews: HumanRows['reviews'] = [];
  let noReference = 0;
  let noPseudoReferences = 0;
  // everyReview: the reviews prepare() makes no item of, kept after the scorable ones (so items stay aligned).
  const kept: HumanRows['reviews'] = [];
  const keep = (own: readonly HumanReview[], change: HumanChange, unscorable: Unscorable) => {
    if (o.everyReview) for (const r of own) kept.push({ ...judgedReview(r, change, judge), unscorable });
  };
  for (const change of d.changes) {
    const own = byChange.get(change.id) ?? [];
    const reference = change.references[0];
    const pseudoRefs =
      source === 'dataset'
        ? (change.pseudoReferences ?? [])
        : (reference === undefined ? [] : splitReview(reference, 'reference')).map((text, k) => ({ no: k + 1, type: 'claim', text, necessary: null }));
    if (source === 'reference' && pseudoRefs.length === 0) {
      noReference += own.length;
      keep(own, change, 'no reference review');
      continue;
    }
    // Matched, the human study's own slots hold its scores (as its rows do); else they stay null and the scores
    // travel beside the rows (reviews[]).
    const slot = (r: HumanReview, k: 'con' | 'comp' | 'rel') => (matched ? rawScore(r, judge[k]) : null);
    const system = own.map((r) => ({
      system: systemName(r.system),
      review: r.review === '' ? null : r.review,
      claimsAddressed: source === 'dataset' ? (r.claimsAddressed ?? null) : null,
      con: slot(r, 'con'),
      comp: slot(r, 'comp'),
      rel: slot(r, 'rel'),
    }));
    rows.push(changeRow(change, pseudoRefs, system, reference));
    if (pseudoRefs.length === 0) {
      noPseudoReferences += own.length;
      keep(own, change, 'no pseudo-references');
      continue;
    }
    for (const r of own) reviews.push(judgedReview(r, change, judge));
  }
  return { rows, reviews: [...reviews, ...kept], noReference, noPseudoReferences, pseudoRefs: source };
}

/** A review with its change and its human scores in the judge's slots. */
function judgedReview(review: HumanReview, change: HumanChange, judge: Judge): HumanRows['reviews'][number] {
  const slots = judged(review, judge);
  return { review, change, human: slots === null ? null : slots.rel, slots };
}

/** A change as a DatasetRow: the human study's row as read, or one built from the model's fields. */
function changeRow(change: HumanChange, pseudoRefs: DatasetRow['pseudoRefs'], system: DatasetRow['reviews'], reference: string | undefined): DatasetRow {
  const code = change.code;
  const st = change.study;
  const reviews = [...system];
  // The reference review at its place among the reviews (the study's), else first.
  if (st) for (const { at, review } of st.referenceReviews) reviews.splice(at, 0, review);
  else if (reference !== undefined) reviews.unshift({ system: REFERENCE_SYSTEM, review: reference, claimsAddressed: null, con: null, comp: null, rel: null });
  return {
    id: change.id,
    lang: change.lang,
    index: st?.index ?? null,
    diff: code.kind === 'diff' ? code.diff : '',
    oldFile: st?.oldFile ?? null,
    newFile: st?.newFile ?? null,
    oldCode: st ? st.oldCode : code.kind === 'files' ? code.oldCode : null,
    newCode: st ? st.newCode : code.kind === 'files' ? code.newCode : code.kind === 'snippet' ? code.code : null,
    pseudoRefs,
    reviews,
    referenceAnalyzerOutput: st?.referenceAnalyzerOutput ?? null,
    ...(st?.codeAt ? { codeAt: st.codeAt } : {}),
    ...(code.kind === 'snippet' ? { codeKind: 'snippet' as const } : {}),
  };
}

/**
 * A dimension's annotators as the human ceiling reads them (src/core/metaeval/ceiling.ts): one file per annotator,
 * each review's score on the dimension in all three of the human study's slots. `reviews` are the judged ones
 * (humanRows'), so the ceiling is measured on the reviews the metrics are.
 */
export function dimensionAnnotators(reviews: HumanRows['reviews'], d: Dimension): { annotator: string; rows: DatasetRow[] }[] {
  return d.annotators.map((annotator, k) => {
    const byChange = new Map<string, DatasetRow>();
    // Every review goes in, unscored ones with null scores, so that a change's k-th review of a system is the same
    // review in every annotator's rows (the ceiling pairs them by that place).
    for (const { review, change } of reviews) {
      const v = review.scores[d.name]?.[k] ?? null;
      let row = byChange.get(change.id);
      if (!row) byChange.set(change.id, (row = { id: change.id, lang: change.lang, index: null, diff: '', oldFile: null, newFile: null, oldCode: null, newCode: null, pseudoRefs: [], reviews: [], referenceAnalyzerOutput: null }));
      row.reviews.push({ system: systemName(review.system), review: review.review, claimsAddressed: null, con: v, comp: v, rel: v });
    }
    return { annotator: annotator || `annotator ${k + 1}`, rows: [...byChange.values()] };
  });
}

/**
 * The human ceiling on dimension d when it has two or more annotators (each score mapped as the gold is); else none,
 * and why: d has one annotator, naming the dataset's dimensions that have two (`pick` says how a caller chooses one:
 * `--dim NAME` in the CLI, the Human dimension selector in Research). `crscore eval --dataset` and Research call this.
 */
export function dimensionCeiling(dataset: HumanDataset, reviews: HumanRows['reviews'], d: Dimension, pick: (name: string) => string): { input: HumanCeilingInput | null; missing: string | null } {
  if (d.annotators.length >= 2) {
    const input = humanCeiling(dimensionAnnotators(reviews, d), (v) => scaleValue(v, d.scale));
    return { input, missing: input.missing };
  }
  const others = dataset.dimensions.filter((x) => x.annotators.length >= 2);
  return {
    input: null,
    missing: others.length
      ? `${d.name} has one annotator; ${others.map((x) => `${x.name} has ${x.annotators.length}`).join(', ')} (${pick(others[0].name)} for its ceiling)`
      : `no dimension has two annotators (${dataset.dimensions.map((x) => `${x.name}: ${x.annotators.length}`).join(', ')}); no human ceiling`,
  };
}

/**
 * Every change as a DatasetRow (its code, language and reviews), whatever pseudo-references it has: what a
 * pseudo-reference source (the analyzers, the LLM's claims) reads to make them.
 */
export function changeRows(d: HumanDataset): DatasetRow[] {
  return d.dimensions.length ? humanRows(d, d.dimensions[0], { pseudoRefs: 'dataset' }).rows : [];
}

/**
 * The dataset with each change's pseudo-references replaced by made ones (`made`, by change id; a change it lacks
 * has none). The annotators' links named the change's own pseudo-references, so they go with them.
 */
export function withPseudoReferences(d: HumanDataset, made: ReadonlyMap<string, DatasetPseudoReference[]>): HumanDataset {
  return {
    ...d,
    changes: d.changes.map((c) => ({ ...c, pseudoReferences: made.get(c.id) ?? [] })),
    reviews: d.reviews.map(({ claimsAddressed: _links, ...r }) => r),
  };
}

export interface HumanPrepared extends HumanRows {
  /** prepare(rows, split) with every item's human set to its review's scores in the judge's slots. */
  prepared: PreparedDataset;
}

/**
 * The dataset bridged and prepared (with everyReview, reviews[k] for k ≥ prepared.items.length are the kept
 * reviews without an item). Judged on one dimension, every item's human is the review's score on it in con,
 * comp and rel alike (the meta-evaluation judges its rel slot; the human study's Con/Comp/Rel stay null in the rows);
 * matched, each slot holds its namesake. `crscore eval --dataset` and Research's import both call this.
 */
export function humanPrepared(d: HumanDataset, judge: Judge, o: BridgeOptions = {}): HumanPrepared {
  const bridged = humanRows(d, judge, o);
  const prepared = prepare(bridged.rows, o.split ?? 'reference');
  prepared.items.forEach((it, k) => {
    it.human = bridged.reviews[k].slots ?? null;
  });
  return { ...bridged, prepared };
}

/**
 * A column over prepare's items (one value a scorable review) spread over every review of `reviews` (the kept ones
 * follow the scorable ones: everyReview), the kept ones without a value. Unchanged when there are none.
 */
export function overReviews<C extends { values: readonly (number | null)[]; gaps?: readonly (unknown | null)[] }>(c: C, reviews: number): C {
  const more = reviews - c.values.length;
  if (more <= 0) return c;
  const none = new Array<null>(more).fill(null);
  return { ...c, values: [...c.values, ...none], ...(c.gaps ? { gaps: [...c.gaps, ...none] } : {}) };
}

/** What a judged review needs here: its change and system (the records of the meta-evaluation). */
export interface JudgedReview {
  changeId: string;
  system: string;
  human: number | null;
}

/** The bridged reviews as JudgedReviews. */
export const judgedReviews = (b: Pick<HumanRows, 'reviews'>): JudgedReview[] => b.reviews.map((r) => ({ changeId: r.change.id, system: r.review.system, human: r.human }));

/** Why a grouping says nothing on these reviews (one system; one review per change), or null. */
export function groupingUndefined(reviews: readonly JudgedReview[], g: Grouping): string | null {
  if (g === 'system') {
    const systems = new Set(reviews.map((r) => r.system));
    return systems.size < 2 ? `one system (${[...systems].join('')}): system-level figures need two or more systems to rank` : null;
  }
  if (g === 'item') {
    const per = new Map<string, number>();
    for (const r of reviews) per.set(r.changeId, (per.get(r.changeId) ?? 0) + 1);
    return [...per.values()].every((k) => k < 2) ? 'every change has one review: there is no pair of reviews within a change to order' : null;
  }
  return null;
}

/**
 * ROC AUC of a metric's values against a binary dimension, its interval resampling changes. A review's label is its
 * score when 0 or 1 (annotators who disagree give neither).
 */
export function binaryAuc(reviews: readonly JudgedReview[], values: ArrayLike<number | null>, opts: { resamples: number; seed: number }): AucEstimate {
  const ids = new Map<string, number>();
  const cluster = reviews.map((r) => ids.get(r.changeId) ?? (ids.set(r.changeId, ids.size), ids.size - 1));
  const labels = reviews.map((r) => (r.human === 0 || r.human === 1 ? r.human : null));
  return rocAucInterval(values, labels, cluster, opts);
}
