// Research pipeline, stages 1–2: the imported rows become scorable items (pseudo-references and review sentences,
// exactly `crscore eval`'s collectEvalItems) with the rows and reference reviews beside them, and the distinct
// texts an encoder has to embed.
import { REFERENCE_SYSTEM, type DatasetReview, type DatasetRow } from '../dataset.ts';
import { collectEvalItems, type EvalItem } from '../evaluate.ts';
import type { SplitMode } from '../types.ts';

export interface PreparedDataset {
  items: EvalItem[];
  /** Per item: the review as written and the reference review (`msg`) of its change, when there is one. */
  reviews: { row: DatasetRow; review: DatasetReview; reference: string | null }[];
  skippedDiffs: string[];
  systems: string[];
  languages: string[];
  hasReference: boolean;
}

/** The eval items (exactly collectEvalItems) with the rows and reference reviews beside them. */
export function prepare(rows: readonly DatasetRow[], split: SplitMode): PreparedDataset {
  const { items, skippedDiffs } = collectEvalItems(rows, split);
  const reviews: PreparedDataset['reviews'] = [];
  // Same walk as collectEvalItems, so index k here is item k there.
  for (const row of rows) {
    if (row.pseudoRefs.length === 0) continue;
    const ref = row.reviews.find((r) => r.system === REFERENCE_SYSTEM)?.review ?? null;
    for (const r of row.reviews)
      if (r.system !== REFERENCE_SYSTEM)
        reviews.push({ row, review: r, reference: ref && ref.trim() ? ref : null });
  }
  if (reviews.length !== items.length) throw new Error('prepare: rows and items are out of step');
  return {
    items,
    reviews,
    skippedDiffs,
    systems: [...new Set(items.map((i) => i.system))].sort(),
    languages: [...new Set(items.map((i) => i.lang))].sort(),
    hasReference: reviews.some((r) => r.reference !== null),
  };
}

/**
 * prepare() of consecutive slices of the rows, joined: exactly prepare() of all of them (each row's items depend on
 * that row only), so a caller can prepare a large dataset a slice at a time.
 */
export function joinPrepared(parts: readonly PreparedDataset[]): PreparedDataset {
  // Plain loops: at 80,000 reviews the flatMap and map copies were a long task on the page's thread.
  const items: PreparedDataset['items'] = [];
  const reviews: PreparedDataset['reviews'] = [];
  const skippedDiffs: PreparedDataset['skippedDiffs'] = [];
  const systems = new Set<string>();
  const languages = new Set<string>();
  let hasReference = false;
  for (const p of parts) {
    for (const it of p.items) {
      items.push(it);
      systems.add(it.system);
      languages.add(it.lang);
    }
    for (const r of p.reviews) {
      reviews.push(r);
      if (r.reference !== null) hasReference = true;
    }
    for (const d of p.skippedDiffs) skippedDiffs.push(d);
  }
  return { items, reviews, skippedDiffs, systems: [...systems].sort(), languages: [...languages].sort(), hasReference };
}

/** The dataset restricted to the items at `keep` (e.g. leaving out reviews whose LLM request failed). */
export function keepItems(p: PreparedDataset, keep: readonly number[]): PreparedDataset {
  const items = keep.map((k) => p.items[k]);
  const reviews = keep.map((k) => p.reviews[k]);
  return {
    ...p,
    items,
    reviews,
    systems: [...new Set(items.map((i) => i.system))].sort(),
    languages: [...new Set(items.map((i) => i.lang))].sort(),
    hasReference: reviews.some((r) => r.reference !== null),
  };
}

/**
 * Every distinct non-blank text to embed: pseudo-references, review sentences, and (for the embedding-cosine
 * reference metric) whole reviews and references.
 */
export function textsToEmbed(p: PreparedDataset, wholeReviews: boolean): string[] {
  const set = new Set<string>();
  for (const it of p.items) {
    for (const t of it.pseudoReferences) if (t.trim()) set.add(t);
    for (const t of it.sentences) if (t.trim()) set.add(t);
  }
  if (wholeReviews)
    for (const r of p.reviews)
      if (r.reference) {
        if (r.review.review?.trim()) set.add(r.review.review);
        set.add(r.reference);
      }
  return [...set];
}
