// A HumanDataset as the rows the rest of the pipeline scores (DatasetRow: the reference review as system 'msg',
// the systems' reviews beside it), with the reference review's sentences as the change's pseudo-references, and one
// human score per review on the chosen dimension. The reference-based metrics, CRScore's stages and the
// meta-evaluation then run unchanged. Pure.
import { REFERENCE_SYSTEM, type DatasetRow } from '../dataset.ts';
import { splitReview } from '../sentences.ts';
import type { Dimension, HumanChange, HumanDataset, HumanReview } from './model.ts';

/** A review's score on a dimension: the mean over the annotators who scored it, Likert mapped onto [0, 1]. */
export function dimensionScore(r: HumanReview, d: Dimension): number | null {
  const xs = (r.scores[d.name] ?? []).filter((v): v is number => v !== null);
  if (xs.length === 0) return null;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  if (d.scale.kind !== 'likert') return mean;
  const lo = d.scale.min ?? 1;
  const hi = d.scale.max ?? 5;
  return (mean - lo) / (hi - lo);
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
