// The metric lab's inputs as the compute workers receive them: the reviews' change, system and human scores as
// interned tables and typed arrays (never one object per review), and each metric column as a Float64Array (NaN
// where the review has no value) with its gaps as codes. The page builds them in a few loops over typed arrays;
// the worker turns them back into the core's records and columns (src/core/lab), so the figures are the core's.
import { LAB_GAPS, type LabAgreementOptions, type LabGap, type LabMetric, type LabRecord } from '../../core/lab/index';
import type { EvalItem } from '../../core/evaluate';
import { interned, packedTriples } from '../../core/interned';

/** The reviews of a Research run, in its items' order. */
export interface FlatLabRecords {
  changeIds: string[];
  change: Int32Array;
  systems: string[];
  system: Int32Array;
  /** con, comp, rel per review; NaN where the review has no human scores. */
  human: Float64Array;
}

export interface FlatLabMetric extends Omit<LabMetric, 'values' | 'gaps'> {
  /** NaN where the review has no value (null in the column). */
  values: Float64Array;
  /** 0 where there is no gap, else 1 + the gap's index in LAB_GAPS; null when the column records no gaps. */
  gaps: Uint8Array | null;
}

export interface FlatLabInputs extends FlatLabRecords {
  metrics: FlatLabMetric[];
  options: LabAgreementOptions;
}

type Human = EvalItem['human'];
type Memo = { rows: readonly unknown[]; flat: FlatLabRecords } | null;
// One memo each (the lab reads the items', the meta-evaluation the judged reviews'): neither rebuilds the other's.
const memos: { items: Memo; reviews: Memo } = { items: null, reviews: null };

function flatRecords(which: keyof typeof memos, rows: readonly unknown[], change: (k: number) => string, system: (k: number) => string, human: (k: number) => Human): FlatLabRecords {
  const m = memos[which];
  if (m?.rows === rows) return m.flat;
  const [changeIds, changeCodes] = interned(rows.length, change);
  const [systems, systemCodes] = interned(rows.length, system);
  const flat = { changeIds, change: changeCodes, systems, system: systemCodes, human: packedTriples(rows.length, human) };
  memos[which] = { rows, flat };
  return flat;
}

/** The lab's records of a run's items (changeId = the item's row id), built once per run. */
export function flatLabRecords(items: readonly EvalItem[]): FlatLabRecords {
  return flatRecords('items', items, (k) => items[k].rowId, (k) => items[k].system, (k) => items[k].human);
}

/** The records of the reviews a meta-evaluation judges (the items' and, on a human-scored dataset, the kept ones). */
export function flatReviewRecords(reviews: readonly { changeId: string; system: string; human: Human }[]): FlatLabRecords {
  return flatRecords('reviews', reviews, (k) => reviews[k].changeId, (k) => reviews[k].system, (k) => reviews[k].human);
}

/** A column's values as a Float64Array, NaN for null (the statistics leave both out alike). */
export function flatValues(v: readonly (number | null)[]): Float64Array {
  const out = new Float64Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i] ?? NaN;
  return out;
}

export const valuesOf = (v: Float64Array): (number | null)[] => Array.from(v, (x) => (Number.isNaN(x) ? null : x));

export function flatLabMetric(m: LabMetric): FlatLabMetric {
  const values = flatValues(m.values);
  let gaps: Uint8Array | null = null;
  if (m.gaps) {
    gaps = new Uint8Array(m.gaps.length);
    m.gaps.forEach((g, i) => (gaps![i] = g === null ? 0 : 1 + LAB_GAPS.indexOf(g)));
  }
  return { id: m.id, label: m.label, family: m.family, config: m.config, values, gaps };
}

/** Back to the core's records (in a worker). */
export function labRecordsOf(f: FlatLabRecords): LabRecord[] {
  const h = f.human;
  return Array.from(f.change, (c, k): LabRecord => ({
    changeId: f.changeIds[c],
    system: f.systems[f.system[k]],
    human: Number.isNaN(h[k * 3]) ? null : { con: h[k * 3], comp: h[k * 3 + 1], rel: h[k * 3 + 2] },
  }));
}

/** Back to the core's records and columns (in a worker). */
export function labInputsOf(f: FlatLabInputs): { records: LabRecord[]; metrics: LabMetric[] } {
  const records = labRecordsOf(f);
  const metrics = f.metrics.map(({ values, gaps, ...m }): LabMetric => ({
    ...m,
    values: valuesOf(values),
    ...(gaps ? { gaps: Array.from(gaps, (g): LabGap | null => (g === 0 ? null : LAB_GAPS[g - 1])) } : {}),
  }));
  return { records, metrics };
}
