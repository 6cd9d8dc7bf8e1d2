// Research pipeline, stage 5: scores. The scoring rule is its own setting, independent of the similarity:
// 'hard' is the paper's indicator (best similarity > τ), 'graded' is plus's credit ramp from τ − sd to τ with its
// weights (issues ¼, redundancy discount, information-weighted Con). Both are indexed once per run, so a τ step is
// a pass over flat arrays (binary searches for 'hard'), never a walk over the matrices.
import type { EvalItem } from '../evaluate.ts';
import type { Idf } from '../plus/idf.ts';
import { PLUS_OPTIONS } from '../plus/preset.ts';
import { credit, type PlusOptions } from '../plus/score.ts';
import { informationWeight } from '../plus/similarity.ts';
import { emptyColumns, type ScoreColumns } from '../scoreColumns.ts';
import { bestMatches, harmonic } from '../score.ts';
import type { SimilarityMatrix } from '../types.ts';
import type { ItemMatrices } from './similarity.ts';

export type ScoringRule = 'hard' | 'graded';
export const SCORING_RULES: readonly ScoringRule[] = ['hard', 'graded'];

/**
 * Sorted best-match values per item, computed once; every later τ is a binary search. This is what makes the
 * slider and the correlation-vs-τ curve cheap: O(items · log) per τ plus the correlations.
 */
export interface SweepIndex {
  /** Per item: best similarity of each non-blank review sentence (sorted), sentence count, same for pseudo-references. */
  sentences: Float64Array[];
  sentenceCount: number[];
  refs: Float64Array[];
  refCount: number[];
}

export function sweepIndex(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[]): SweepIndex {
  const sentences: Float64Array[] = [];
  const refs: Float64Array[] = [];
  items.forEach((it, k) => {
    const { forPseudoReference, forSentence } = bestMatches(matrices[k], { sentences: it.sentences });
    sentences.push(Float64Array.from(forSentence.filter((b) => b.index >= 0).map((b) => b.similarity)).sort());
    refs.push(Float64Array.from(forPseudoReference.filter((b) => b.index >= 0).map((b) => b.similarity)).sort());
  });
  return { sentences, refs, sentenceCount: matrices.map((m) => m.cols), refCount: matrices.map((m) => m.rows) };
}

/** Count of values strictly greater than tau in a sorted array. */
function above(sorted: Float64Array, tau: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] > tau) hi = mid;
    else lo = mid + 1;
  }
  return sorted.length - lo;
}

/** The paper's Con/Comp/Rel of every item at τ from the index (identical to scoreAt), as columns. */
export function scoresAt(ix: SweepIndex, tau: number): ScoreColumns {
  const out = emptyColumns(ix.sentences.length);
  for (let k = 0; k < ix.sentences.length; k++) {
    const rows = ix.refCount[k];
    const cols = ix.sentenceCount[k];
    const con = rows > 0 && cols > 0 ? above(ix.sentences[k], tau) / cols : 0;
    const comp = rows > 0 ? above(ix.refs[k], tau) / rows : 0;
    out.con[k] = con;
    out.comp[k] = comp;
    out.rel[k] = con + comp > 0 ? (2 * con * comp) / (con + comp) : 0;
  }
  return out;
}

/**
 * What graded credit needs of each item, flat: each sentence's best similarity (−∞ when blank or unmatched) and
 * weight, each pseudo-reference's best similarity, kind weight and its similarities to the other pseudo-references.
 */
export interface GradedIndex {
  options: PlusOptions;
  /** Item k's sentences are sBest[sOff[k]..sOff[k+1]). */
  sOff: Uint32Array;
  sBest: Float64Array;
  sWeight: Float64Array;
  pOff: Uint32Array;
  pBest: Float64Array;
  pKindWeight: Float64Array;
  /** Pseudo-reference i of item k: its P−1 similarities to the others start at selfOff[pOff[k] + i]. */
  selfOff: Uint32Array;
  self: Float64Array;
}

export function gradedIndex(
  items: readonly EvalItem[],
  m: ItemMatrices,
  idf: Idf,
  options: PlusOptions = PLUS_OPTIONS,
): GradedIndex {
  let nS = 0;
  let nP = 0;
  let nSelf = 0;
  items.forEach((_, k) => {
    nS += m.matrices[k].cols;
    nP += m.matrices[k].rows;
    nSelf += m.matrices[k].rows * Math.max(0, m.matrices[k].rows - 1);
  });
  const ix: GradedIndex = {
    options,
    sOff: new Uint32Array(items.length + 1),
    sBest: new Float64Array(nS),
    sWeight: new Float64Array(nS),
    pOff: new Uint32Array(items.length + 1),
    pBest: new Float64Array(nP),
    pKindWeight: new Float64Array(nP),
    selfOff: new Uint32Array(nP + 1),
    self: new Float64Array(nSelf),
  };
  const weightOf = new Map<string, number>();
  let s = 0;
  let p = 0;
  let q = 0;
  items.forEach((it, k) => {
    const mat = m.matrices[k];
    const self = m.self[k];
    const best = bestMatches(mat, { sentences: it.sentences });
    const scorable = mat.rows > 0;
    ix.sOff[k] = s;
    ix.pOff[k] = p;
    best.forSentence.forEach((b, j) => {
      const text = it.sentences[j];
      const blank = text.trim() === '';
      ix.sBest[s] = scorable && !blank && b.index >= 0 ? b.similarity : -Infinity;
      let w = 0;
      if (!blank) {
        if (!options.informationWeightedCon) w = 1;
        else {
          let c = weightOf.get(text);
          if (c === undefined) weightOf.set(text, (c = informationWeight(text, idf)));
          w = c;
        }
      }
      ix.sWeight[s++] = w;
    });
    best.forPseudoReference.forEach((b, i) => {
      ix.pBest[p] = b.index >= 0 ? b.similarity : -Infinity;
      ix.pKindWeight[p] = (it.pseudoReferenceKinds[i] ?? 'claim') === 'issue' ? options.issueWeight : 1;
      ix.selfOff[p++] = q;
      for (let o = 0; o < mat.rows; o++) if (o !== i) ix.self[q++] = self.data[i * mat.rows + o];
    });
  });
  ix.sOff[items.length] = s;
  ix.pOff[items.length] = p;
  ix.selfOff[p] = q;
  return ix;
}

/** plus's Con/Comp/Rel of every item on the ramp τ − sd … τ (identical to scorePlus with the index's options). */
export function gradedScoresAt(ix: GradedIndex, tau: number, sd: number): ScoreColumns {
  const ramp = { low: tau - sd, high: tau };
  const n = ix.sOff.length - 1;
  // Zero-filled: an item without pseudo-references scores 0 on every dimension.
  const out = emptyColumns(n);
  const red = ix.options.redundancy;
  for (let k = 0; k < n; k++) {
    const p0 = ix.pOff[k];
    const p1 = ix.pOff[k + 1];
    if (p1 === p0) continue;
    let sc = 0;
    let sw = 0;
    for (let j = ix.sOff[k]; j < ix.sOff[k + 1]; j++) {
      sc += credit(ix.sBest[j], ramp) * ix.sWeight[j];
      sw += ix.sWeight[j];
    }
    let pc = 0;
    let pw = 0;
    for (let i = p0; i < p1; i++) {
      let repeated = 0;
      if (red !== 0) for (let o = ix.selfOff[i]; o < ix.selfOff[i + 1]; o++) repeated += credit(ix.self[o], ramp);
      const w = ix.pKindWeight[i] / (1 + red * repeated);
      pc += credit(ix.pBest[i], ramp) * w;
      pw += w;
    }
    const con = sw > 0 ? sc / sw : 0;
    const comp = pw > 0 ? pc / pw : 0;
    out.con[k] = con;
    out.comp[k] = comp;
    out.rel[k] = harmonic(con, comp);
  }
  return out;
}

/** A run's scorer: the rule and its index, so every τ (slider, curve, exports) scores the same way. */
export type Scorer =
  | { rule: 'hard'; index: SweepIndex }
  | { rule: 'graded'; index: GradedIndex; sd: number }
  /** The learned linker (src/core/learned): hard links at τ on its probabilities, or the probabilities as credit (τ-free). */
  | { rule: 'learned'; mode: ScoringRule; index: SweepIndex; credit: ScoreColumns };

export function scorer(
  rule: ScoringRule,
  items: readonly EvalItem[],
  m: ItemMatrices,
  sd: number,
  idf?: Idf,
): Scorer {
  if (rule === 'hard') return { rule, index: sweepIndex(items, m.matrices) };
  if (!idf) throw new Error('graded credit needs the word frequencies (IDF) for its sentence weights');
  return { rule, index: gradedIndex(items, m, idf), sd };
}

/** Every item's scores at τ, as columns (a τ step allocates three arrays, no object per review). */
export function scoreAll(s: Scorer, tau: number): ScoreColumns {
  if (s.rule === 'learned') return s.mode === 'hard' ? scoresAt(s.index, tau) : s.credit;
  return s.rule === 'hard' ? scoresAt(s.index, tau) : gradedScoresAt(s.index, tau, s.sd);
}
