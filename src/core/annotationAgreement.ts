// Agreement between two annotators' files: Cohen's κ on the stage-1 codes (and on necessity), ordinal
// Krippendorff's α on each stage-2 dimension, and every place they disagree.
import { cohenKappa, krippendorffAlpha, type Alpha, type Kappa } from './agreement.ts';
import { pairAnnotations, type AccuracyCode, type AnnotationItem, type Pairing } from './annotation.ts';
import type { DatasetRow } from './dataset.ts';
import { DIMENSIONS, type Dimension } from './evaluate.ts';
import { humanCeiling } from './metaeval/ceiling.ts';

export interface RefDisagreement {
  key: string;
  no: number;
  text: string;
  what: 'accuracy' | 'necessary';
  a: number;
  b: number;
}

export interface ReviewDisagreement {
  key: string;
  system: string;
  review: string | null;
  /** The dimensions rated differently, with both ratings. */
  ratings: { dim: Dimension; a: number; b: number }[];
  /** Pseudo-reference numbers one linked and the other did not (by A's numbering), when both linked. */
  links: { onlyA: number[]; onlyB: number[] } | null;
  /** Largest rating gap, to sort the worst first. */
  gap: number;
}

export interface AgreementReport {
  pairing: Pick<Pairing, 'items' | 'onlyA' | 'onlyB'> & { refs: number; reviews: number };
  /** Cohen's κ on Table 7's codes (1, 0, −1, 2) over pseudo-references both coded. */
  accuracy: Kappa;
  /** Cohen's κ on necessity (1/0) over pseudo-references both marked. */
  necessary: Kappa;
  /** Ordinal Krippendorff's α per dimension over reviews both rated. */
  alpha: Record<Dimension, Alpha>;
  /** Mean Jaccard overlap of the linked pseudo-references, over reviews both linked (1 when both link none). */
  links: { meanJaccard: number; n: number };
  refDisagreements: RefDisagreement[];
  reviewDisagreements: ReviewDisagreement[];
  /**
   * Why α has no reviews to work on, in the words of `crscore eval --ceiling` (the same core function,
   * humanCeiling): e.g. each review scored by one annotator only. null when some review was rated by both.
   */
  noRatingsReason: string | null;
}

/** The ratings of an annotator's items as dataset rows (matched by the items' keys), for humanCeiling. */
function ratedRows(items: readonly AnnotationItem[]): DatasetRow[] {
  return items.map((it) => ({
    id: it.key,
    lang: it.lang,
    index: it.index,
    diff: it.diff,
    oldFile: it.oldFile,
    newFile: it.newFile,
    oldCode: null,
    newCode: null,
    pseudoRefs: [],
    reviews: it.reviews.map((r) => ({ system: r.system, review: r.review, claimsAddressed: null, con: r.con, comp: r.comp, rel: r.rel })),
    referenceAnalyzerOutput: null,
  }));
}

/** `names`: the two annotators, as the reason for an empty α names them. */
export function compareAnnotations(a: readonly AnnotationItem[], b: readonly AnnotationItem[], names: [string, string] = ['A', 'B']): AgreementReport {
  const pairing = pairAnnotations(a, b);
  const acc = cohenKappa<AccuracyCode>(
    pairing.refs.map((p) => p.a.accuracy),
    pairing.refs.map((p) => p.b.accuracy),
  );
  const nec = cohenKappa<number>(
    pairing.refs.map((p) => p.a.necessary),
    pairing.refs.map((p) => p.b.necessary),
  );
  const alpha = Object.fromEntries(
    DIMENSIONS.map((d) => [d, krippendorffAlpha(pairing.reviews.map((r) => [r.a[d], r.b[d]]), 'ordinal')]),
  ) as Record<Dimension, Alpha>;

  const refDisagreements: RefDisagreement[] = [];
  for (const p of pairing.refs) {
    if (p.a.accuracy !== null && p.b.accuracy !== null && p.a.accuracy !== p.b.accuracy)
      refDisagreements.push({ key: p.key, no: p.no, text: p.text, what: 'accuracy', a: p.a.accuracy, b: p.b.accuracy });
    if (p.a.necessary !== null && p.b.necessary !== null && p.a.necessary !== p.b.necessary)
      refDisagreements.push({ key: p.key, no: p.no, text: p.text, what: 'necessary', a: p.a.necessary, b: p.b.necessary });
  }

  // B's link numbers are translated to A's numbering through the pseudo-references' texts.
  const bToA = new Map<string, Map<number, number>>();
  for (const p of pairing.refs) {
    if (!bToA.has(p.key)) bToA.set(p.key, new Map());
    bToA.get(p.key)!.set(p.b.no, p.a.no);
  }
  const reviewDisagreements: ReviewDisagreement[] = [];
  let jSum = 0;
  let jN = 0;
  for (const r of pairing.reviews) {
    const ratings = DIMENSIONS.flatMap((dim) => {
      const x = r.a[dim];
      const y = r.b[dim];
      return x !== null && y !== null && x !== y ? [{ dim, a: x, b: y }] : [];
    });
    let links: ReviewDisagreement['links'] = null;
    if (r.a.addressed && r.b.addressed) {
      const map = bToA.get(r.key) ?? new Map<number, number>();
      const A = new Set(r.a.addressed);
      const B = new Set(r.b.addressed.map((n) => map.get(n) ?? -n)); // -n: a pseudo-reference A does not have
      const inter = [...A].filter((x) => B.has(x)).length;
      const union = new Set([...A, ...B]).size;
      jSum += union === 0 ? 1 : inter / union;
      jN++;
      const onlyA = [...A].filter((x) => !B.has(x)).sort((x, y) => x - y);
      const onlyB = [...B].filter((x) => !A.has(x)).map(Math.abs).sort((x, y) => x - y);
      if (onlyA.length || onlyB.length) links = { onlyA, onlyB };
    }
    if (ratings.length || links)
      reviewDisagreements.push({
        key: r.key,
        system: r.system,
        review: r.review,
        ratings,
        links,
        gap: ratings.reduce((m, x) => Math.max(m, Math.abs(x.a - x.b)), 0),
      });
  }
  reviewDisagreements.sort((x, y) => y.gap - x.gap);

  return {
    pairing: { items: pairing.items, refs: pairing.refs.length, reviews: pairing.reviews.length, onlyA: pairing.onlyA, onlyB: pairing.onlyB },
    accuracy: acc,
    necessary: nec,
    alpha,
    links: { meanJaccard: jN ? jSum / jN : NaN, n: jN },
    refDisagreements,
    reviewDisagreements,
    noRatingsReason: DIMENSIONS.some((d) => alpha[d].units > 0) ? null : noRatings(a, b, names),
  };
}

function noRatings(a: readonly AnnotationItem[], b: readonly AnnotationItem[], [na, nb]: [string, string]): string {
  // Two files of one annotator (or unnamed ones) still count as two here.
  const [A, B] = na === nb ? [`${na} (A)`, `${nb} (B)`] : [na, nb];
  const c = humanCeiling([
    { annotator: A, rows: ratedRows(a) },
    { annotator: B, rows: ratedRows(b) },
  ]);
  return c.missing ?? 'no review has all three ratings from both annotators';
}
