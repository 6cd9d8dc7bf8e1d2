// CRScore on a human-scored dataset (each change's own pseudo-references, or the reference review's sentences), under one of three
// configurations: lexical (the paper's rule: lexical similarity and the hard rule at the lexical τ, or any
// --similarity and --scoring with τ by --tau or --calibrate-on), plus (the plus preset's TF-IDF and graded credit)
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
import { inSampleOf, learnedCvScores, learnedScores } from '../stages/evalLearned.ts';
import { warn } from '../shared/io.ts';
import { linkerHash } from '../metaeval/evalMetaeval.ts';
import { plusCrossValidation, plusScores } from '../stages/evalPlus.ts';
import type { CrossValidation } from '../../core/plus/evaluate.ts';
import { evalMatrices, evalScores, type EvalSimilarity } from '../stages/evalStages.ts';
import { calibrateOnSystem } from '../../core/evaluate.ts';
import type { ScoringRule } from '../../core/research/scoring.ts';
import type { SimilarityMatrix, SplitMode } from '../../core/types.ts';
import { linkRuleFor } from '../../core/research/links.ts';
import type { LinkRule } from '../../core/links/links.ts';
import { DEFAULT_ENCODER, type Pooling } from '../score/matrices.ts';
import { cliCrscoreRun } from '../stages/evalSignature.ts';
import { evalLinks, withFailed, type LinksSummary } from '../stages/evalLinks.ts';
import { LLM_LINKS_SD, LLM_LINKS_TAU } from '../../core/research/similarity.ts';
import type { PseudoRefValues } from '../pseudorefs/pseudoRefs.ts';
import { CliError, inert } from '../shared/io.ts';

export interface HumanCrscoreInfo {
  preset: HumanPreset;
  /** The threshold: lexical's τ, plus's τ (its ramp's top), the linker's threshold. */
  tau: number;
  tauSource: string;
  pseudoRefs: HumanPseudoRefs;
  similarity: EvalSimilarity | 'learned-linker';
  scoring: string;
  /** learned: the linker's file, or the shipped weights. */
  linker?: string;
  /** learned: set when changes of this dataset trained the linker (a mapped copy of the human study's). */
  inSample?: string;
  /** plus with --cv: per fold the candidate chosen on the other folds and its Rel Spearman on this one. */
  crossValidation?: CrossValidation;
  /** llm-links: the requests, the cache and the failures, as the study's report's llmLinks. */
  llmLinks?: LinksSummary;
}

const NOT_CALIBRATED = 'not calibrated on this dataset';

/** How CRScore is configured on the dataset: the study's report's options, where they apply. */
export interface HumanCrscoreOptions {
  tau?: number;
  linker?: string;
  pseudoRefs?: HumanPseudoRefs;
  names?: 'short' | 'paper';
  /** lexical preset: the similarity and the rule (default lexical, hard). */
  similarity?: EvalSimilarity;
  scoring?: ScoringRule;
  encoder?: string;
  pooling?: Pooling;
  /** τ by the paper's calibration on this system's reviews (lexical and plus). */
  calibrateOn?: string;
  idf?: 'background' | 'corpus';
  split?: SplitMode;
  /** learned: out-of-fold scores over K folds of changes. */
  cv?: string;
  /** llm-links: the LLM flags and --links-prompt (the key checked before the dataset was read). */
  llm?: PseudoRefValues & { 'links-prompt'?: string };
}

/** What --links-out writes: the reviews scored, their similarities and the rule. */
export interface HumanLinks {
  items: EvalItem[];
  matrices: SimilarityMatrix[];
  rule: LinkRule;
}

/** The paper's calibration on `system`'s reviews, or an error naming the dataset's systems. */
function calibrated(items: readonly EvalItem[], matrices: readonly SimilarityMatrix[], system: string) {
  const cal = calibrateOnSystem(items, matrices, system);
  if (cal.values.length === 0) throw noSystem(items, system);
  return cal;
}

function noSystem(items: readonly EvalItem[], system: string): CliError {
  const systems = [...new Set(items.map((it) => it.system))].sort();
  return new CliError(`--calibrate-on ${inert(system)}: no review sentences of that system (the dataset's systems: ${systems.map(inert).join(', ') || 'none'}; a table names its systems in a column, --map system=COLUMN)`);
}

/**
 * The run's CRScore columns (crscore.con|comp|rel), what the output says about them, the run for the signature, and
 * the links (similarities and rule) that --links-out writes (null for the learned linker).
 */
export async function humanCrscore(
  preset: HumanPreset,
  rows: readonly DatasetRow[],
  items: EvalItem[],
  o: HumanCrscoreOptions,
): Promise<{ columns: LabMetric[]; info: HumanCrscoreInfo; run: CrscoreRun; links: HumanLinks | null; failed: number } | null> {
  let scores: ItemScore[];
  let info: HumanCrscoreInfo;
  let run: CrscoreRun;
  let links: HumanLinks | null = null;
  const hand = o.tau !== undefined;
  const pseudoRefs = o.pseudoRefs ?? 'reference';
  const split = o.split ?? 'reference';
  if (preset === 'plus') {
    // Without --calibrate-on (or its system's reviews) the plus preset's shipped calibration (dev, gpt3.5_pred),
    // or --tau with the shipped spread.
    const r = await plusScores(items, { tau: o.tau, system: o.calibrateOn ?? null, idf: o.idf ?? 'background' });
    if (o.calibrateOn !== undefined && !r.calibrated) throw noSystem(items, o.calibrateOn);
    scores = r.scores;
    const from = hand ? '--tau' : r.calibrated ? `the plus preset's calibration on ${o.calibrateOn}'s reviews (${r.cal.values.length} sentences)` : `the plus preset's calibration on the human study's dev half, gpt3.5_pred reviews (src/core/plus/preset.ts), ${NOT_CALIBRATED}`;
    info = { preset, tau: r.ramp.tau, tauSource: hand ? from : `${from}; graded credit from τ − ${r.ramp.sd}`, pseudoRefs, similarity: 'tfidf', scoring: 'graded' };
    run = { preset: 'plus', similarity: 'tfidf', scoring: 'graded', split, tau: r.ramp.tau, tauFrom: hand ? 'hand' : r.calibrated ? { calibration: o.calibrateOn! } : 'preset' };
    links = { items, matrices: r.inputs.map((x) => x.matrix), rule: linkRuleFor('graded', r.ramp.tau, r.ramp.sd) };
    // --cv: the study's report's cross-validation of the plus candidates, each fold calibrated on --calibrate-on's system.
    if (o.cv !== undefined) info.crossValidation = plusCrossValidation(items, r.inputs, o.cv, o.calibrateOn!);
  } else if (preset === 'learned') {
    const r = await learnedScores(rows, items, { linker: o.linker });
    const trained = r.weights.training;
    const inSample = inSampleOf(r.weights, rows);
    if (inSample) warn(inSample.note);
    const hash = await linkerHash(o.linker, shippedWeights());
    if (o.cv !== undefined) {
      // Out-of-fold scores, labelled as such: the signature's preset says learned-cvK (as on the study's report).
      const cv = await learnedCvScores(rows, items, { linker: o.linker, cv: o.cv });
      scores = cv.scores;
      info = { preset, tau: r.weights.threshold, tauSource: `the linker's threshold, each fold's linker trained on the other ${cv.folds - 1} folds of changes`, pseudoRefs, similarity: 'learned-linker', scoring: cv.scoring, linker: r.name };
      run = { preset: `learned-cv${cv.folds}`, similarity: 'learned-linker', scoring: cv.scoring, split, tau: null, tauFrom: 'linker-cv', linkerHash: hash };
    } else {
      scores = r.scores;
      info = { preset, tau: r.weights.threshold, tauSource: `the linker's threshold; linker ${r.name}, trained on ${trained.dataset} (${trained.reviews} reviews, ${trained.changes} changes), ${NOT_CALIBRATED}`, pseudoRefs, similarity: 'learned-linker', scoring: r.scoring, linker: r.name, ...(inSample ? { inSample: inSample.note } : {}) };
      run = { preset: 'learned', similarity: 'learned-linker', scoring: r.scoring, split, tau: r.weights.threshold, tauFrom: 'linker', linkerHash: hash };
    }
  } else if (o.similarity === 'llm-links') {
    // The LLM's links, 1 or 0, at the fixed τ (the study's report's scorer); a review whose request failed has no
    // value (counted as failed, and the run exits 1). Null when interrupted.
    const scoring = o.scoring ?? 'hard';
    const l = await evalLinks(items, o.llm ?? {}, scoring);
    if (l.interrupted) return null;
    const kept = evalScores(l.items, l.m, scoring, LLM_LINKS_TAU, LLM_LINKS_SD, l.idf);
    info = { preset, tau: LLM_LINKS_TAU, tauSource: `fixed: the LLM's links are 1 or 0 (${l.summary.model})`, pseudoRefs, similarity: 'llm-links', scoring, llmLinks: l.summary };
    run = cliCrscoreRun({ similarity: 'llm-links', scoring, split, tau: LLM_LINKS_TAU, calibratedOn: null, links: { model: l.summary.model } });
    links = { items: l.items, matrices: l.m.matrices, rule: linkRuleFor(scoring, LLM_LINKS_TAU, LLM_LINKS_SD) };
    const columns = crscoreMetrics(kept, { ...info, tauSource: run.tauFrom }, 'crscore', 'CRScore', o.names ?? 'paper');
    return { columns: withFailed(columns, l.kept, items.length), info, run, links, failed: l.summary.failed };
  } else {
    const similarity = o.similarity ?? 'lexical';
    const scoring = o.scoring ?? 'hard';
    const encoder = similarity === 'embedding' ? (o.encoder ?? DEFAULT_ENCODER) : undefined;
    const { m, idf } = await evalMatrices(items, { similarity, scoring, encoder, pooling: o.pooling });
    const cal = o.calibrateOn !== undefined ? calibrated(items, m.matrices, o.calibrateOn) : null;
    // Only lexical similarity under the hard rule has a τ shipped for any dataset (readHumanSettings checks).
    const tau = o.tau ?? cal?.tau ?? LEXICAL_TAU;
    scores = evalScores(items, m, scoring, tau, cal?.sd ?? null, idf);
    const from = hand ? '--tau' : cal ? `the paper's calibration on ${o.calibrateOn}'s reviews (${cal.values.length} sentences)` : `the lexical τ by the paper's calibration on the human study's dev half, gpt3.5_pred reviews (src/core/lexical.ts), ${NOT_CALIBRATED}`;
    info = { preset, tau, tauSource: from, pseudoRefs, similarity, scoring };
    const tauFrom = hand ? 'hand' : cal ? { calibration: o.calibrateOn! } : 'preset';
    run = similarity === 'lexical' && scoring === 'hard' && !cal ? { similarity, scoring, split, tau, tauFrom } : { ...cliCrscoreRun({ similarity, scoring, encoder, pooling: o.pooling, split, tau, calibratedOn: o.calibrateOn ?? null }), tauFrom };
    links = { items, matrices: m.matrices, rule: linkRuleFor(scoring, tau, cal?.sd ?? 0) };
  }
  const label = preset === 'lexical' ? 'CRScore' : `CRScore (${preset})`;
  return { columns: crscoreMetrics(scores, { ...info, tauSource: run.tauFrom }, 'crscore', label, o.names ?? 'paper'), info, run, links, failed: 0 };
}
