// What Research's workers compute, as plain functions over typed arrays (so Vitest checks them without a worker):
// the similarity matrices of a slice of changes, the reference-based metrics of a slice of reviews, the
// correlations at one τ and a slice of the correlation-vs-τ curve. Every number comes from src/core; this module
// only packs and unpacks what crosses between the page and the workers: matrices and indexes as one flat
// Float32Array/Float64Array with offsets, scores as three Float64Arrays, never arrays of objects.
import { agreement, type Agreement, type EvalItem } from '../../core/evaluate';
import type { ItemScores, ScoreColumns } from '../../core/scoreColumns';
import type { Idf } from '../../core/plus/idf';
import { lexicalRefMetrics, REF_METRICS, type RefMetricId } from '../../core/refmetrics/index';
import {
  byLanguage,
  correlationCurve,
  crscoreRows,
  gradedIndex,
  lexicalMatrices,
  scoreAll,
  sweepIndex,
  tfidfMatrices,
  type CorrRow,
  type CurvePoint,
  type GradedIndex,
  type ItemMatrices,
  type LanguageRow,
  type Scorer,
  type SweepIndex,
} from '../../core/research/index';
import type { SimilarityMatrix } from '../../core/types';
import { itemColumns } from './itemColumns';

/** What a matrix worker needs of a change's review: its pseudo-references and sentences (shared arrays stay shared). */
export type MatrixItem = Pick<EvalItem, 'pseudoReferences' | 'sentences'>;
/** Graded credit also reads each pseudo-reference's kind (claim or issue). */
export type GradedItem = MatrixItem & Pick<EvalItem, 'pseudoReferenceKinds'>;

/** Matrices of many items in one buffer: item k is data[off[k] .. off[k] + rows[k]·cols[k]). */
export interface FlatMatrices {
  rows: Int32Array;
  cols: Int32Array;
  off: Float64Array;
  data: Float32Array;
}

export function flatten(ms: readonly SimilarityMatrix[]): FlatMatrices {
  const n = ms.length;
  const f: FlatMatrices = { rows: new Int32Array(n), cols: new Int32Array(n), off: new Float64Array(n + 1), data: new Float32Array(0) };
  let total = 0;
  ms.forEach((m, k) => {
    f.rows[k] = m.rows;
    f.cols[k] = m.cols;
    f.off[k] = total;
    total += m.rows * m.cols;
  });
  f.off[n] = total;
  f.data = new Float32Array(total);
  ms.forEach((m, k) => f.data.set(m.data.subarray(0, m.rows * m.cols), f.off[k]));
  return f;
}

/** Views into the flat buffer (no copy). */
export function unflatten(f: FlatMatrices): SimilarityMatrix[] {
  const out: SimilarityMatrix[] = new Array(f.rows.length);
  for (let k = 0; k < f.rows.length; k++) out[k] = { rows: f.rows[k], cols: f.cols[k], data: f.data.subarray(f.off[k], f.off[k + 1]) };
  return out;
}

/** A slice's matrices and self-similarities (one self matrix per change, `selfOf[k]` names item k's). */
export interface FlatItemMatrices {
  matrices: FlatMatrices;
  self: FlatMatrices;
  selfOf: Int32Array;
}

export function flatItemMatrices(m: ItemMatrices): FlatItemMatrices {
  const ids = new Map<SimilarityMatrix, number>();
  const selves: SimilarityMatrix[] = [];
  const selfOf = new Int32Array(m.self.length);
  m.self.forEach((s, k) => {
    let id = ids.get(s);
    if (id === undefined) {
      ids.set(s, (id = selves.length));
      selves.push(s);
    }
    selfOf[k] = id;
  });
  return { matrices: flatten(m.matrices), self: flatten(selves), selfOf };
}

/** Slices back into one ItemMatrices, in order (each slice's buffers are viewed, not copied). */
export function joinItemMatrices(parts: readonly FlatItemMatrices[]): ItemMatrices {
  const matrices: SimilarityMatrix[] = [];
  const self: SimilarityMatrix[] = [];
  for (const p of parts) {
    matrices.push(...unflatten(p.matrices));
    const selves = unflatten(p.self);
    for (let k = 0; k < p.selfOf.length; k++) self.push(selves[p.selfOf[k]]);
  }
  return { matrices, self };
}

/** The buffers to transfer (not copy) with a slice. */
export const transferablesOf = (f: FlatItemMatrices): ArrayBuffer[] =>
  [f.matrices, f.self].flatMap((m) => [m.rows.buffer, m.cols.buffer, m.off.buffer, m.data.buffer]) as ArrayBuffer[];

/**
 * Lexical overlap or plus's TF-IDF over a slice of items (the same functions as the one-thread path), with the
 * slice's indexes: graded credit's when `graded` (its items then carry their pseudo-references' kinds).
 */
export function sliceMatrices(kind: 'lexical' | 'tfidf', items: readonly MatrixItem[], idf: Idf | undefined, graded: boolean): FlatSlice {
  const its = items as EvalItem[];
  const m = kind === 'lexical' ? lexicalMatrices(its) : tfidfMatrices(its, idf!);
  return { m: flatItemMatrices(m), ...sliceIndexes(items, m, graded ? idf! : null) };
}

/** One review and its change's reference review (null where the change has none). */
export type RefPair = [review: string, reference: string | null];
/** Per metric, one value per review; NaN where there is no reference (null in refMetricValues). */
export type FlatRefValues = Partial<Record<RefMetricId, Float64Array>>;

/** The lexical reference-based metrics of a slice of reviews (exactly refMetricValues' lexical columns). */
export function sliceRefMetrics(pairs: readonly RefPair[]): FlatRefValues {
  const out: FlatRefValues = {};
  const ids = REF_METRICS.filter((m) => m.fn).map((m) => m.id);
  for (const id of ids) out[id] = new Float64Array(pairs.length);
  pairs.forEach(([review, reference], k) => {
    const vals = reference ? lexicalRefMetrics(reference, review) : null;
    for (const id of ids) out[id]![k] = vals ? (vals[id] ?? NaN) : NaN;
  });
  return out;
}

export function joinRefValues(parts: readonly FlatRefValues[]): Partial<Record<RefMetricId, (number | null)[]>> {
  const out: Partial<Record<RefMetricId, (number | null)[]>> = {};
  for (const p of parts)
    for (const [id, v] of Object.entries(p) as [RefMetricId, Float64Array][]) {
      const arr = (out[id] ??= []);
      for (let k = 0; k < v.length; k++) arr.push(Number.isNaN(v[k]) ? null : v[k]);
    }
  return out;
}

/**
 * What the statistics read of each item: human scores (NaN when unscored), system and language, the strings as
 * tables of distinct values with an index per item (a few strings cross to the worker, not one per review).
 */
export interface ItemsMeta {
  human: Float64Array;
  systems: string[];
  system: Int32Array;
  langs: string[];
  lang: Int32Array;
}

export function itemsMeta(items: readonly EvalItem[]): ItemsMeta {
  const { human, systems, system, langs, lang } = itemColumns(items);
  return { human, systems, system, langs, lang };
}

/** Items as agreement, crscoreRows, byLanguage and correlationCurve read them (no texts). */
export function metaItems(m: ItemsMeta): EvalItem[] {
  return Array.from(m.system, (s, k) => {
    const h = m.human;
    const human = Number.isNaN(h[k * 3]) ? null : { con: h[k * 3], comp: h[k * 3 + 1], rel: h[k * 3 + 2] };
    return { rowId: '', lang: m.langs[m.lang[k]], system: m.systems[s], sentences: [], pseudoReferences: [], pseudoReferenceKinds: [], human };
  });
}

/** Con, Comp and Rel of every item, one array each (core's score columns, as they cross to a worker). */
export type FlatScores = ScoreColumns;

export interface Correlations {
  agreement: Agreement;
  rows: CorrRow[];
  languages: LanguageRow[];
}

/** Everything the tables show at one τ: the agreement, CRScore's correlation rows and the per-language rows. */
export function correlationsAt(items: readonly EvalItem[], scores: ItemScores): Correlations {
  return { agreement: agreement(items, scores), rows: crscoreRows(items, scores), languages: byLanguage(items, scores) };
}

/** A scorer in flat buffers: the hard rule's sorted best matches per item become one array with offsets. */
export type FlatScorer =
  | { rule: 'hard'; index: FlatSweep }
  | { rule: 'graded'; index: GradedIndex; sd: number }
  | { rule: 'learned'; mode: 'hard' | 'graded'; index: FlatSweep; credit: FlatScores };

export interface FlatSweep {
  sOff: Float64Array;
  s: Float64Array;
  rOff: Float64Array;
  r: Float64Array;
  sentenceCount: Int32Array;
  refCount: Int32Array;
}

function flatSweep(ix: SweepIndex): FlatSweep {
  const pack = (arrs: Float64Array[]) => {
    const off = new Float64Array(arrs.length + 1);
    arrs.forEach((a, k) => (off[k + 1] = off[k] + a.length));
    const v = new Float64Array(off[arrs.length]);
    arrs.forEach((a, k) => v.set(a, off[k]));
    return [off, v] as const;
  };
  const [sOff, s] = pack(ix.sentences);
  const [rOff, r] = pack(ix.refs);
  return { sOff, s, rOff, r, sentenceCount: Int32Array.from(ix.sentenceCount), refCount: Int32Array.from(ix.refCount) };
}

function sweepOf(f: FlatSweep): SweepIndex {
  const n = f.sentenceCount.length;
  const sentences: Float64Array[] = new Array(n);
  const refs: Float64Array[] = new Array(n);
  for (let k = 0; k < n; k++) {
    sentences[k] = f.s.subarray(f.sOff[k], f.sOff[k + 1]);
    refs[k] = f.r.subarray(f.rOff[k], f.rOff[k + 1]);
  }
  return { sentences, refs, sentenceCount: Array.from(f.sentenceCount), refCount: Array.from(f.refCount) };
}

export function flatScorer(s: Scorer): FlatScorer {
  if (s.rule === 'graded') return s;
  if (s.rule === 'hard') return { rule: 'hard', index: flatSweep(s.index) };
  return { rule: 'learned', mode: s.mode, index: flatSweep(s.index), credit: s.credit };
}

export function scorerOf(f: FlatScorer): Scorer {
  if (f.rule === 'graded') return f;
  if (f.rule === 'hard') return { rule: 'hard', index: sweepOf(f.index) };
  return { rule: 'learned', mode: f.mode, index: sweepOf(f.index), credit: f.credit };
}

/** A slice of the correlation-vs-τ curve. */
export function curvePart(items: readonly EvalItem[], s: Scorer, taus: readonly number[]): CurvePoint[] {
  return correlationCurve(items, (tau) => scoreAll(s, tau), taus);
}

/** A slice's matrices with its best-match index (and graded credit's index), as a matrix worker returns them. */
export interface FlatSlice {
  m: FlatItemMatrices;
  sweep: FlatSweep;
  graded: GradedIndex | null;
}

/** The best-match index of a slice and, for graded credit (given the IDF; the items carry their kinds), its index. */
export function sliceIndexes(items: readonly MatrixItem[], m: ItemMatrices, gradedIdf: Idf | null): Omit<FlatSlice, 'm'> {
  const its = items as EvalItem[];
  return { sweep: flatSweep(sweepIndex(its, m.matrices)), graded: gradedIdf ? gradedIndex(its, m, gradedIdf) : null };
}

export const sliceTransferables = (s: FlatSlice): ArrayBuffer[] => [
  ...transferablesOf(s.m),
  ...[s.sweep.sOff, s.sweep.s, s.sweep.rOff, s.sweep.r, s.sweep.sentenceCount, s.sweep.refCount].map((a) => a.buffer as ArrayBuffer),
  ...(s.graded ? [s.graded.sOff, s.graded.sBest, s.graded.sWeight, s.graded.pOff, s.graded.pBest, s.graded.pKindWeight, s.graded.selfOff, s.graded.self].map((a) => a.buffer as ArrayBuffer) : []),
];

export function joinSweeps(parts: readonly FlatSweep[]): SweepIndex {
  const out: SweepIndex = { sentences: [], refs: [], sentenceCount: [], refCount: [] };
  for (const p of parts) {
    const s = sweepOf(p);
    out.sentences.push(...s.sentences);
    out.refs.push(...s.refs);
    out.sentenceCount.push(...s.sentenceCount);
    out.refCount.push(...s.refCount);
  }
  return out;
}

/** Graded indexes of consecutive slices as one (offsets rebased). */
export function joinGraded(parts: readonly GradedIndex[]): GradedIndex {
  const cat = <T extends Float64Array | Uint32Array>(make: (n: number) => T, arrs: T[]) => {
    const out = make(arrs.reduce((a, x) => a + x.length, 0));
    let o = 0;
    for (const a of arrs) {
      out.set(a, o);
      o += a.length;
    }
    return out;
  };
  const offs = (key: 'sOff' | 'pOff' | 'selfOff', base: (p: GradedIndex) => number) => {
    const arrs: Uint32Array[] = [];
    let shift = 0;
    parts.forEach((p, i) => {
      const a = p[key];
      const last = i === parts.length - 1;
      const part = new Uint32Array(last ? a.length : a.length - 1);
      for (let k = 0; k < part.length; k++) part[k] = a[k] + shift;
      arrs.push(part);
      shift += base(p);
    });
    return cat((n) => new Uint32Array(n), arrs);
  };
  return {
    options: parts[0].options,
    sOff: offs('sOff', (p) => p.sBest.length),
    sBest: cat((n) => new Float64Array(n), parts.map((p) => p.sBest)),
    sWeight: cat((n) => new Float64Array(n), parts.map((p) => p.sWeight)),
    pOff: offs('pOff', (p) => p.pBest.length),
    pBest: cat((n) => new Float64Array(n), parts.map((p) => p.pBest)),
    pKindWeight: cat((n) => new Float64Array(n), parts.map((p) => p.pKindWeight)),
    selfOff: offs('selfOff', (p) => p.self.length),
    self: cat((n) => new Float64Array(n), parts.map((p) => p.self)),
  };
}
