// CRScore on a human-scored dataset (each change's own pseudo-references, or the reference review's sentences), under one of three
// configurations: lexical (the paper's hard rule at the lexical τ), plus (the plus preset's TF-IDF and graded credit)
// and learned (the learned linker). Each is the human study's own scorer (evalStages.ts, evalPlus.ts,
// evalLearned.ts); this file only says which τ each takes where the dataset has no system to calibrate on, and how
// the signature names the run (src/core/metaeval/runSignature.ts).
import type { DatasetRow } from '../../core/dataset.ts';
import type { EvalItem, ItemScore } from '../../core/evaluate.ts';
import { crscoreMetrics, type LabMetric } from '../../core/lab/index.ts';
import { shippedWeights } from '../../core/learned/index.ts';
import { LEXICAL_TAU } from '../../core/lexical.ts';
import type { CrscoreRun } from '../../core/metaeval/runSignature.ts';
import type { HumanPreset, HumanPseudoRefs } from './evalHumanOptions.ts';
import { inSampleOf, learnedScores } from '../stages/evalLearned.ts';
import { warn } from '../shared/io.ts';
import { linkerHash } from '../metaeval/evalMetaeval.ts';
import { plusScores } from '../stages/evalPlus.ts';
import { evalMatrices, evalScores } from '../stages/evalStages.ts';

export interface HumanCrscoreInfo {
  preset: HumanPreset;
  /** The threshold: lexical's τ, plus's τ (its ramp's top), the linker's threshold. */
  tau: number;
  tauSource: string;
  pseudoRefs: HumanPseudoRefs;
  similarity: 'lexical' | 'tfidf' | 'learned-linker';
  scoring: string;
  /** learned: the linker's file, or the shipped weights. */
  linker?: string;
  /** learned: set when changes of this dataset trained the linker (a mapped copy of the human study's). */
  inSample?: string;
}

const NOT_CALIBRATED = 'not calibrated on this dataset';

/** The run's CRScore columns (crscore.con|comp|rel), what the output says about them, and the run for the signature. */
export async function humanCrscore(
  preset: HumanPreset,
  rows: readonly DatasetRow[],
  items: EvalItem[],
  o: { tau?: number; linker?: string; pseudoRefs?: HumanPseudoRefs; names?: 'short' | 'paper' },
): Promise<{ columns: LabMetric[]; info: HumanCrscoreInfo; run: CrscoreRun }> {
  let scores: ItemScore[];
  let info: HumanCrscoreInfo;
  let run: CrscoreRun;
  const hand = o.tau !== undefined;
  const pseudoRefs = o.pseudoRefs ?? 'reference';
  if (preset === 'plus') {
    // The dataset has no gpt3.5_pred reviews to calibrate on: the plus preset's shipped calibration (dev,
    // gpt3.5_pred), or --tau with the shipped spread.
    const r = await plusScores(items, { tau: o.tau, system: null, idf: 'background' });
    scores = r.scores;
    info = { preset, tau: r.ramp.tau, tauSource: hand ? '--tau' : `the plus preset's calibration on the human study's dev half, gpt3.5_pred reviews (src/core/plus/preset.ts), ${NOT_CALIBRATED}; graded credit from τ − ${r.ramp.sd}`, pseudoRefs, similarity: 'tfidf', scoring: 'graded' };
    run = { preset: 'plus', similarity: 'tfidf', scoring: 'graded', split: 'reference', tau: r.ramp.tau, tauFrom: hand ? 'hand' : 'preset' };
  } else if (preset === 'learned') {
    const r = await learnedScores(rows, items, { linker: o.linker });
    scores = r.scores;
    const trained = r.weights.training;
    const inSample = inSampleOf(r.weights, rows);
    if (inSample) warn(inSample.note);
    info = { preset, tau: r.weights.threshold, tauSource: `the linker's threshold; linker ${r.name}, trained on ${trained.dataset} (${trained.reviews} reviews, ${trained.changes} changes), ${NOT_CALIBRATED}`, pseudoRefs, similarity: 'learned-linker', scoring: r.scoring, linker: r.name, ...(inSample ? { inSample: inSample.note } : {}) };
    run = { preset: 'learned', similarity: 'learned-linker', scoring: r.scoring, split: 'reference', tau: r.weights.threshold, tauFrom: 'linker', linkerHash: await linkerHash(o.linker, shippedWeights()) };
  } else {
    const tau = o.tau ?? LEXICAL_TAU;
    const { m } = await evalMatrices(items, { similarity: 'lexical', scoring: 'hard' });
    scores = evalScores(items, m, 'hard', tau, null);
    info = { preset, tau, tauSource: hand ? '--tau' : `the lexical τ by the paper's calibration on the human study's dev half, gpt3.5_pred reviews (src/core/lexical.ts), ${NOT_CALIBRATED}`, pseudoRefs, similarity: 'lexical', scoring: 'hard' };
    run = { similarity: 'lexical', scoring: 'hard', split: 'reference', tau, tauFrom: hand ? 'hand' : 'preset' };
  }
  const label = preset === 'lexical' ? 'CRScore' : `CRScore (${preset})`;
  return { columns: crscoreMetrics(scores, { ...info, tauSource: run.tauFrom }, 'crscore', label, o.names ?? 'paper'), info, run };
}
