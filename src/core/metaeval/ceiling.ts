// The human ceiling: how well one annotator agrees with the other on the reviews both scored. Ordinal
// Krippendorff's α per dimension, and the annotator pair as meta-evaluation input (the first annotator, by name,
// as "the metric", the second as the gold scores), so the ceiling row carries the same statistics as any metric.
// Many datasets have one annotator per review (the CRScore study split the diffs between its two annotators):
// then nothing is pairable and the ceiling says so instead of inventing a figure.
import { krippendorffAlpha, type Alpha } from '../agreement.ts';
import type { Dim } from '../bootstrap.ts';
import { normaliseLikert, REFERENCE_SYSTEM, type DatasetRow } from '../dataset.ts';
import type { MetaMetric, MetaRecord } from './report.ts';

const DIMS: readonly Dim[] = ['con', 'comp', 'rel'];

export interface AnnotatorFile {
  annotator: string;
  rows: readonly DatasetRow[];
}

export interface HumanCeilingInput {
  /** The annotators, in the order used: the first is "the metric", the second the gold. */
  annotators: [string, string] | null;
  /** Reviews with all three scores from at least two annotators. */
  records: MetaRecord[];
  /** The first annotator's scores as metrics (ids 'annotator.con' …), normalised like the gold. */
  metrics: MetaMetric[];
  alpha: Record<Dim, Alpha> | null;
  /** Reviews scored by exactly one annotator. */
  single: number;
  /** Why there is no ceiling (one annotator per review, or none at all); null when there is one. */
  missing: string | null;
}

/**
 * `normalise` maps a score as the gold is mapped (the human study's Likert 1–5 onto [0, 1] by default); any scale
 * works, since α is ordinal and the statistics read ranks and ties.
 */
export function humanCeiling(files: readonly AnnotatorFile[], normalise: (x: number) => number = normaliseLikert): HumanCeilingInput {
  const scores = new Map<string, { changeId: string; system: string; by: Map<string, [number, number, number]> }>();
  for (const f of files)
    for (const row of f.rows) {
      // A change may hold several reviews of one system (a table without a system column): the k-th of them is the
      // same review in every annotator's rows, so it is keyed by its place among them (always 0 in the human study).
      const nth = new Map<string, number>();
      for (const r of row.reviews) {
        const k = nth.get(r.system) ?? 0;
        nth.set(r.system, k + 1);
        if (r.system === REFERENCE_SYSTEM || r.con == null || r.comp == null || r.rel == null) continue;
        const key = `${row.id}\u0000${r.system}\u0000${k}`;
        if (!scores.has(key)) scores.set(key, { changeId: row.id, system: r.system, by: new Map() });
        scores.get(key)!.by.set(f.annotator, [r.con, r.comp, r.rel]);
      }
    }
  const both = [...scores.entries()].filter(([, v]) => v.by.size >= 2).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const single = scores.size - both.length;
  const names = [...new Set(files.map((f) => f.annotator))].sort();
  if (both.length === 0)
    return {
      annotators: null,
      records: [],
      metrics: [],
      alpha: null,
      single,
      missing:
        names.length < 2
          ? `one annotator (${names.join('') || 'none'}): no human ceiling`
          : `single annotator per review: ${single} reviews, each scored by one of ${names.join(', ')}, none by two; no human ceiling`,
    };
  // The pair that scored most reviews together; the first by name plays the metric.
  const pairCount = new Map<string, number>();
  for (const [, v] of both) {
    const who = [...v.by.keys()].sort();
    for (let i = 0; i < who.length; i++)
      for (let j = i + 1; j < who.length; j++) pairCount.set(`${who[i]}\u0000${who[j]}`, (pairCount.get(`${who[i]}\u0000${who[j]}`) ?? 0) + 1);
  }
  const [top] = [...pairCount].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const [A, B] = top[0].split('\u0000') as [string, string];
  const paired = both.filter(([, v]) => v.by.has(A) && v.by.has(B)).map(([, v]) => v);
  const records: MetaRecord[] = paired.map((v) => {
    const g = v.by.get(B)!;
    return { changeId: v.changeId, system: v.system, human: { con: normalise(g[0]), comp: normalise(g[1]), rel: normalise(g[2]) } };
  });
  const metrics: MetaMetric[] = DIMS.map((d, k) => ({
    id: `annotator.${d}`,
    label: `Human ceiling (${A} vs ${B})`,
    kind: 'ceiling',
    dim: d,
    values: paired.map((v) => normalise(v.by.get(A)![k])),
  }));
  const alpha = Object.fromEntries(
    DIMS.map((d, k) => [d, krippendorffAlpha(paired.map((v) => [v.by.get(A)![k], v.by.get(B)![k]]), 'ordinal')]),
  ) as Record<Dim, Alpha>;
  return { annotators: [A, B], records, metrics, alpha, single, missing: null };
}
