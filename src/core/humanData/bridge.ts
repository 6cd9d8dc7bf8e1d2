// A HumanDataset as the rows the rest of the pipeline scores (DatasetRow: the reference review as system 'msg',
// the systems' reviews beside it), with the reference review's sentences as the change's pseudo-references, and one
// human score per review on the chosen dimension. The reference-based metrics, CRScore's stages and the
// meta-evaluation then run unchanged. Pure.
import { REFERENCE_SYSTEM, type DatasetRow } from '../dataset.ts';
import { splitReview } from '../sentences.ts';
import { prepare, type PreparedDataset } from '../research/prepare.ts';
import { rocAucInterval, type AucEstimate } from '../metaeval/auc.ts';
import type { Grouping } from '../metaeval/grouped.ts';
import { humanCeiling, type HumanCeilingInput } from '../metaeval/ceiling.ts';
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
  const xs = (r.scores[d.name] ?? []).filter((v): v is number => v !== null);
  if (xs.length === 0) return null;
  return scaleValue(xs.reduce((a, b) => a + b, 0) / xs.length, d.scale);
}

export interface HumanRows {
  rows: DatasetRow[];
  /** Aligned with prepare(rows)'s items: the review, its change and its human score on the dimension. */
  reviews: { review: HumanReview; change: HumanChange; human: number | null }[];
  /** Reviews left out because their change has no reference review (no reference metric, no pseudo-reference). */
  noReference: number;
}

/** The system a review keeps, unless it would be taken for the reference review. */
const systemName = (s: string) => (s === REFERENCE_SYSTEM ? `${s} (system)` : s);

/**
 * The dataset's changes that have a reference review, as DatasetRows whose pseudo-references are the first
 * reference's sentences (split as the reviews are); other changes' reviews are counted in noReference.
 */
export function humanRows(d: HumanDataset, dimension: Dimension): HumanRows {
  const byChange = new Map<string, HumanReview[]>();
  for (const r of d.reviews) byChange.set(r.changeId, [...(byChange.get(r.changeId) ?? []), r]);
  const rows: DatasetRow[] = [];
  const reviews: HumanRows['reviews'] = [];
  let noReference = 0;
  for (const change of d.changes) {
    const own = byChange.get(change.id) ?? [];
    const reference = change.references[0];
    const sentences = reference === undefined ? [] : splitReview(reference, 'reference');
    if (sentences.length === 0) {
      noReference += own.length;
      continue;
    }
    const code = change.code;
    rows.push({
      id: change.id,
      lang: change.lang,
      index: null,
      diff: code.kind === 'diff' ? code.diff : '',
      oldFile: null,
      newFile: null,
      oldCode: code.kind === 'files' ? code.oldCode : null,
      newCode: code.kind === 'files' ? code.newCode : code.kind === 'snippet' ? code.code : null,
      pseudoRefs: sentences.map((text, k) => ({ no: k + 1, type: 'claim', text, necessary: null })),
      reviews: [
        { system: REFERENCE_SYSTEM, review: reference, claimsAddressed: null, con: null, comp: null, rel: null },
        // Human scores travel beside the rows (reviews[]), not in con/comp/rel, which are the human study's.
        ...own.map((r) => ({ system: systemName(r.system), review: r.review === '' ? null : r.review, claimsAddressed: null, con: null, comp: null, rel: null })),
      ],
      referenceAnalyzerOutput: null,
      ...(code.kind === 'snippet' ? { codeKind: 'snippet' as const } : {}),
    });
    for (const r of own) reviews.push({ review: r, change, human: dimensionScore(r, dimension) });
  }
  return { rows, reviews, noReference };
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

export interface HumanPrepared extends HumanRows {
  /** prepare(rows, 'reference') with every item's human set to its review's score on the dimension. */
  prepared: PreparedDataset;
}

/**
 * The dataset bridged and prepared, judged on one dimension: every item's human is the review's score on it, in
 * con, comp and rel alike (the meta-evaluation judges its rel slot; the human study's Con/Comp/Rel stay null in the
 * rows). `crscore eval --dataset` and Research's import both call this.
 */
export function humanPrepared(d: HumanDataset, dimension: Dimension): HumanPrepared {
  const bridged = humanRows(d, dimension);
  const prepared = prepare(bridged.rows, 'reference');
  prepared.items.forEach((it, k) => {
    const h = bridged.reviews[k].human;
    it.human = h === null ? null : { con: h, comp: h, rel: h };
  });
  return { ...bridged, prepared };
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
