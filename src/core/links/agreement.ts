// Link-level agreement of a metric with the annotators: precision, recall and F1 of its links against theirs,
// overall and per system, language and pseudo-reference type, with percentile bootstrap intervals over changes
// (a change keeps its reviews together, as in every other interval of the app). Pure and seeded, so the browser
// and `crscore eval` give the same table for the same records and seed.
import { DEFAULT_RESAMPLES, DEFAULT_SEED, percentileInterval } from '../bootstrap.ts';
import { runSpecs, type LinkSpec } from '../resampling.ts';
import { linkCounts, prf, reviewAgreement, type LinkCounts, type Prf } from './links.ts';

/** One review: its predicted review-level link strengths and the annotators' links, over one change's pseudo-references. */
export interface LinkRecord {
  changeId: string;
  system: string;
  lang: string;
  /** Per pseudo-reference, in [0, 1]. */
  pred: ArrayLike<number>;
  /** Per pseudo-reference, 0/1; null when the annotators recorded nothing (left out). */
  gold: ArrayLike<number> | null;
  /** Per pseudo-reference: 'issue' for analyzer issues, anything else counts as a claim. */
  kinds: readonly string[];
}

export type LinkGroup = 'all' | 'system' | 'language' | 'type';
export type PseudoReferenceType = 'claim' | 'issue';

export interface LinkAgreementRow extends Prf, LinkCounts {
  group: LinkGroup;
  /** The system, language or type; 'all' for the overall row. */
  key: string;
  /** Reviews with recorded links in the group. */
  reviews: number;
  /** (review, pseudo-reference) pairs judged. */
  pairs: number;
  precisionCi: [number, number];
  recallCi: [number, number];
  f1Ci: [number, number];
}

export interface ReviewLinkAgreement extends Prf, LinkCounts {
  /** Position in the records. */
  index: number;
  changeId: string;
  system: string;
  /** F1, or 1 when neither side linked anything: sort ascending for the worst-agreeing reviews. */
  agreement: number;
}

export interface LinkAgreementReport {
  resamples: number;
  seed: number;
  level: number;
  /** Distinct changes with at least one review with recorded links. */
  changes: number;
  overall: LinkAgreementRow;
  bySystem: LinkAgreementRow[];
  byLanguage: LinkAgreementRow[];
  byType: LinkAgreementRow[];
  /** Every review with recorded links, in record order. */
  reviews: ReviewLinkAgreement[];
  /** Reviews left out because their links were not recorded. */
  unrecorded: number;
}

export interface LinkAgreementOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

export function pseudoReferenceType(kind: string | undefined): PseudoReferenceType {
  return kind === 'issue' ? 'issue' : 'claim';
}

/** A link agreement planned: the kernel's spec (null without changes: no resamples) and the report from its draws. */
export interface LinkAgreementPlan {
  spec: LinkSpec | null;
  seed: number;
  resamples: number;
  finish(draws: Float64Array | null): LinkAgreementReport;
}

export function linkAgreement(
  records: readonly LinkRecord[],
  o: LinkAgreementOptions = {},
): LinkAgreementReport {
  const plan = planLinkAgreement(records, o);
  return plan.finish(plan.spec ? runSpecs([plan.spec], plan.seed, plan.resamples)[0] : null);
}

export function planLinkAgreement(
  records: readonly LinkRecord[],
  o: LinkAgreementOptions = {},
): LinkAgreementPlan {
  const level = o.level ?? 0.95;
  const seed = o.seed ?? DEFAULT_SEED;
  const resamples = Math.max(0, Math.floor(o.resamples ?? DEFAULT_RESAMPLES));
  const kept = records.map((r, k) => ({ r, k })).filter((x) => x.r.gold !== null);
  const systems = [...new Set(kept.map((x) => x.r.system))].sort();
  const langs = [...new Set(kept.map((x) => x.r.lang))].sort();
  const types: PseudoReferenceType[] = ['claim', 'issue'];
  const groups: { group: LinkGroup; key: string }[] = [
    { group: 'all', key: 'all' },
    ...systems.map((key) => ({ group: 'system' as const, key })),
    ...langs.map((key) => ({ group: 'language' as const, key })),
    ...types.map((key) => ({ group: 'type' as const, key })),
  ];
  const G = groups.length;
  const gSys = new Map(systems.map((s, i) => [s, 1 + i]));
  const gLang = new Map(langs.map((s, i) => [s, 1 + systems.length + i]));
  const gType = (t: PseudoReferenceType) => 1 + systems.length + langs.length + types.indexOf(t);
  const ids = [...new Set(kept.map((x) => x.r.changeId))].sort();
  const C = ids.length;
  const cOf = new Map(ids.map((id, c) => [id, c]));
  // Sums per (change, group): tp, fp, fn, reviews, pairs. A resample is then O(changes × groups).
  const F = 5;
  const sums = new Float64Array(C * G * F);
  const add = (c: number, g: number, cnt: LinkCounts, pairs: number) => {
    const o5 = (c * G + g) * F;
    sums[o5] += cnt.tp;
    sums[o5 + 1] += cnt.fp;
    sums[o5 + 2] += cnt.fn;
    sums[o5 + 3] += 1;
    sums[o5 + 4] += pairs;
  };
  const reviews: ReviewLinkAgreement[] = [];
  for (const { r, k } of kept) {
    const c = cOf.get(r.changeId)!;
    const gold = r.gold!;
    const all = linkCounts(r.pred, gold);
    const n = Math.min(r.pred.length, gold.length);
    add(c, 0, all, n);
    add(c, gSys.get(r.system)!, all, n);
    add(c, gLang.get(r.lang)!, all, n);
    for (const t of types) {
      const mask = (i: number) => pseudoReferenceType(r.kinds[i]) === t;
      let pairs = 0;
      for (let i = 0; i < n; i++) if (mask(i)) pairs++;
      if (pairs > 0) add(c, gType(t), linkCounts(r.pred, gold, mask), pairs);
    }
    const a = reviewAgreement(r.pred, gold);
    reviews.push({ index: k, changeId: r.changeId, system: r.system, ...a });
  }
  const point = new Float64Array(G * F);
  for (let c = 0; c < C; c++) for (let x = 0; x < G * F; x++) point[x] += sums[c * G * F + x];
  const spec: LinkSpec | null = C > 0 ? { kind: 'links', clusterIds: ids, groups: G, sums } : null;
  const finish = (draws: Float64Array | null): LinkAgreementReport => {
    const B = draws ? draws.length / (G * F) : 0;
    const ci = (g: number, pick: (p: Prf) => number | null): [number, number] => {
      if (B === 0) return [NaN, NaN];
      const vals = new Float64Array(B);
      for (let b = 0; b < B; b++) {
        const t = b * G * F + g * F;
        vals[b] = pick(prf({ tp: draws![t], fp: draws![t + 1], fn: draws![t + 2] })) ?? NaN;
      }
      return percentileInterval(vals, level);
    };
    const rows = groups.map(({ group, key }, g): LinkAgreementRow => {
      const cnt = { tp: point[g * F], fp: point[g * F + 1], fn: point[g * F + 2] };
      return {
        group,
        key,
        ...cnt,
        ...prf(cnt),
        reviews: point[g * F + 3],
        pairs: point[g * F + 4],
        precisionCi: ci(g, (p) => p.precision),
        recallCi: ci(g, (p) => p.recall),
        f1Ci: ci(g, (p) => p.f1),
      };
    });
    return {
      resamples: B,
      seed,
      level,
      changes: C,
      overall: rows[0],
      bySystem: rows.filter((r) => r.group === 'system'),
      byLanguage: rows.filter((r) => r.group === 'language'),
      byType: rows.filter((r) => r.group === 'type' && r.pairs > 0),
      reviews,
      unrecorded: records.length - kept.length,
    };
  };
  return { spec, seed, resamples, finish };
}

/** The worst-agreeing reviews first (lowest F1; among equals, the most links wrong). */
export function worstReviews(r: LinkAgreementReport, count = 20): ReviewLinkAgreement[] {
  return [...r.reviews]
    .sort((a, b) => a.agreement - b.agreement || b.fp + b.fn - (a.fp + a.fn) || a.index - b.index)
    .slice(0, count);
}
