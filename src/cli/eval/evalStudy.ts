// The human study's report of `crscore eval` (the study's layout with only the options that report has always
// taken; eval.ts decides): the file read into the one dataset model (humanStudy.ts, humanPrepared), CRScore as the
// paper, plus or learned configure it, and the study's tables, text and --json keys as scripts read them.
import { DEFAULT_CALIBRATION_SYSTEM } from '../../core/dataset.ts';
import { agreement, calibrateOnSystem, DIMENSIONS } from '../../core/evaluate.ts';
import { humanPrepared, matchedJudge } from '../../core/humanData/bridge.ts';
import type { Calibration } from '../../core/types.ts';
import { checkWritable, CliError, oneOf, parseTau, warn } from '../shared/io.ts';
import { pseudoRefsSummary, readPseudoRefOptions, requireLlm } from '../pseudorefs/pseudoRefs.ts';
import { evalPlus, parseCv, renderPlus } from '../stages/evalPlus.ts';
import { evalLearned, learnedCvScores, renderLearned } from '../stages/evalLearned.ts';
import { flat, renderTable, type EvalResult } from '../stages/evalReport.ts';
import { DEFAULT_ENCODER, type Pooling } from '../score/matrices.ts';
import { EVAL_SIMILARITIES, evalMatrices, evalScores } from '../stages/evalStages.ts';
import { SCORING_RULES } from '../../core/research/scoring.ts';
import { evalLinks, withFailed } from '../stages/evalLinks.ts';
import { LLM_LINKS_SD, LLM_LINKS_TAU } from '../../core/research/similarity.ts';
import { renderLinks, writeLinks } from '../stages/evalLinkAgreement.ts';
import { resampledFigures } from '../stages/evalResamples.ts';
import { linkRuleFor } from '../../core/research/links.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset.ts';
import { parseIntervalOptions, renderIntervals } from '../stages/evalIntervals.ts';
import { readMetricsPlan, runEvalMetrics } from '../metaeval/evalMetrics.ts';
import { checkMetricScores, checkScoresOut, linkerHash, needsScores, pseudoRefSignature, runMetaeval } from '../metaeval/evalMetaeval.ts';
import { crscoreSignatureConfig, humanMetricsSignatureConfig } from '../../core/metaeval/runSignature.ts';
import { humanScoresConfig } from '../../core/metaeval/humanScores.ts';
import { cliCrscoreRun } from '../stages/evalSignature.ts';
import { crscoreMetrics, type LabMetric } from '../../core/lab/index.ts';
import { shippedWeights } from '../../core/learned/index.ts';
import type { ItemScore } from '../../core/evaluate.ts';
import type { EvalValues } from '../human/evalHumanOptions.ts';
import { madePseudoReferences } from '../human/humanStudy.ts';
import { readStudyFile } from './evalRead.ts';

/** The study's report; `values` are `crscore eval`'s options (EVAL_OPTIONS), the study's among them only. */
export async function runStudyReport(values: EvalValues & { dataset: string }): Promise<number> {
  const tauOption = parseTau(values.tau);
  const intervals = parseIntervalOptions(values);
  parseCv(values.cv);
  // Output files are checked before the work starts: a typo in a path must not cost the run.
  if (values['links-out']) await checkWritable(values['links-out'], '--links-out');
  if (values['scores-out']) await checkScoresOut(values['scores-out']);
  await checkMetricScores(values['metric-scores'] ?? []);
  if (tauOption !== undefined && values['calibrate-on'])
    throw new CliError('give either --tau or --calibrate-on, not both');
  const split = oneOf(values.split, ['reference', 'improved'] as const, '--split') ?? 'reference';
  const similarity =
    oneOf(values.similarity, EVAL_SIMILARITIES, '--similarity') ??
    (values.encoder ? 'embedding' : 'lexical');
  const scoring = oneOf(values.scoring, SCORING_RULES, '--scoring') ?? 'hard';
  const pooling = oneOf(values.pooling, ['crscore', 'model'] as const, '--pooling') as
    Pooling | undefined;
  const lab = readMetricsPlan(values);
  const preset = oneOf(values.preset, ['paper', 'plus', 'learned'] as const, '--preset') ?? 'paper';
  // Every LLM path checks its settings (the key) before anything is read, planned or embedded, and says it once.
  const llmUse = [
    ...(similarity === 'llm-links' && preset === 'paper' ? ['--similarity llm-links'] : []),
    ...(lab?.names.filter((n) => n === 'llm-grade' || n === 'llm-judge') ?? []),
  ];
  if (llmUse.length) requireLlm(values, llmUse.join(' and '));
  if (similarity !== 'embedding' && (values.encoder || values.pooling) && !lab?.names.includes('embed-ref'))
    warn(`--encoder and --pooling are ignored with --similarity ${similarity}`);

  // The file as the one dataset model reads it (the human study's layout: Con, Comp and Rel, msg the reference),
  // its pseudo-references the dataset's own or made for its changes, bridged and prepared as every dataset is.
  const plan = readPseudoRefOptions(values, 'dataset');
  const study = await readStudyFile(values.dataset, values.predictions);
  const badLines = study.badLines;
  const made = await madePseudoReferences(study.imported.dataset, plan);
  if (!made) return 130;
  const pseudoRefs = pseudoRefsSummary(made.stats);
  const bridged = humanPrepared(made.dataset, matchedJudge(made.dataset)!, { pseudoRefs: 'dataset', split });
  const rows = bridged.rows;
  const skippedDiffs = bridged.prepared.skippedDiffs;
  let items = bridged.prepared.items;
  if (items.length === 0)
    throw new CliError(`${values.dataset}: no reviews to score (no diff has pseudo-references)`);
  // Meta-evaluation and --scores-out: the run's columns, with what the signature records.
  const metaeval = (columns: readonly LabMetric[], config: Parameters<typeof runMetaeval>[1]['config'], configuration?: string) =>
    runMetaeval(values, { dataset: values.dataset!, rows, split, prepared: bridged.prepared, columns, intervals, config: { ...pseudoRefSignature(plan), ...config }, configuration });
  const crscoreColumns = (scores: readonly ItemScore[], label: string) => crscoreMetrics(scores, {}, 'crscore', label);
  const labContext = {
    values, rows, split, prepared: bridged.prepared, dataset: values.dataset, intervals, json: values.json, extra: { pseudoRefs },
    metaeval: needsScores(values)
      ? (metrics: LabMetric[], config: Record<string, unknown>, names: readonly string[]) => {
          const crscore =
            config.preset === 'plus' && config.similarity === undefined
              ? { preset: 'plus', similarity: 'tfidf', scoring: 'graded', split }
              : crscoreSignatureConfig(cliCrscoreRun({ similarity: String(config.similarity ?? similarity), scoring: String(config.scoring ?? scoring), encoder: (config.encoder as string | null) ?? null, pooling: (config.pooling as string | null) ?? null, split, tau: (config.tau as number | undefined) ?? NaN, calibratedOn: (config.calibrateOn as string | null) ?? null, links: config.tauSource === 'fixed' ? { model: null } : null }));
          // Every metric judged, CRScore's configuration only where CRScore is one (as --human-data signs and names it).
          return metaeval(metrics, humanMetricsSignatureConfig(crscore, names, plan.source), humanScoresConfig({ crscore, names, pseudoRefs: plan.source }).configuration);
        }
      : undefined,
  };
  if (values.linker && preset !== 'learned') warn('--linker applies to --preset learned only');
  if (preset === 'learned') {
    if (lab) throw new CliError('--metrics compares CRScore as --similarity and --scoring configure it; run --preset learned on its own');
    const counts = { diffs: rows.length, skippedDiffs: skippedDiffs.length, reviews: items.length, reviewsWithHumanScores: 0, badLines };
    const scoringOpt = values.scoring ? scoring : undefined;
    if (values.cv && !needsScores(values)) throw new CliError('--cv with --preset learned cross-validates the scores of --scores-out and --metaeval: add one of them (crscore train-linker reports the linker\'s own cross-validation)');
    let learnedScores: ItemScore[] = [];
    const out = await evalLearned(rows, items, { linker: values.linker, scoring: scoringOpt, intervals, base: { counts, dataset: values.dataset, split }, onScores: (s) => (learnedScores = s) });
    if (values.cv) {
      // Out-of-fold scores, labelled as such: the signature's preset says learned-cvK.
      const cv = await learnedCvScores(rows, items, { linker: values.linker, scoring: scoringOpt, cv: values.cv });
      const me = await metaeval(crscoreMetrics(cv.scores, {}, `crscore-learned-cv${cv.folds}`, `CRScore (learned, cross-validated, ${cv.folds} folds of changes)`), { preset: `learned-cv${cv.folds}`, similarity: 'learned-linker', scoring: cv.scoring, split, tau: null, tauSource: 'linker-cv', linkerHash: await linkerHash(values.linker, shippedWeights()) });
      if (me !== null) return me;
    } else if (needsScores(values)) {
      const me = await metaeval(crscoreColumns(learnedScores, 'CRScore (learned)'), { preset: 'learned', similarity: 'learned-linker', scoring: out.learned.scoring, split, tau: out.tau, tauSource: 'linker', linkerHash: await linkerHash(values.linker, shippedWeights()) });
      if (me !== null) return me;
    }
    process.stdout.write(values.json ? `${JSON.stringify({ ...out, pseudoRefs }, null, 2)}\n` : `${renderLearned(out)}\n${renderIntervals(out)}\n${renderLinks(out, out.correlations.rel.spearman)}`);
    return 0;
  }
  if (preset === 'plus') {
    if (lab) return runEvalMetrics(lab, { ...labContext, crscore: null });
    if (values.similarity || values.scoring || values.encoder || values.pooling)
      warn('--similarity, --scoring, --encoder and --pooling are ignored with --preset plus');
    let plusScored: { scores: ItemScore[]; tau: number; calibrated: boolean } | null = null;
    const out = await evalPlus(items, {
      tau: tauOption,
      system: values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM,
      idf: oneOf(values.idf, ['background', 'corpus'] as const, '--idf') ?? 'background',
      cv: values.cv,
      intervals,
      linksOut: values['links-out'],
      onScores: (s) => (plusScored = s),
      base: {
        counts: {
          diffs: rows.length,
          skippedDiffs: skippedDiffs.length,
          reviews: items.length,
          reviewsWithHumanScores: 0,
          badLines,
        },
        dataset: values.dataset,
        split,
      },
    });
    if (needsScores(values) && plusScored) {
      const p: { scores: ItemScore[]; tau: number; calibrated: boolean } = plusScored;
      const run = cliCrscoreRun({ similarity: 'tfidf', scoring: 'graded', split, tau: p.tau, calibratedOn: p.calibrated ? (values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM) : null });
      const me = await metaeval(crscoreColumns(p.scores, 'CRScore (plus)'), crscoreSignatureConfig({ ...run, preset: 'plus' }));
      if (me !== null) return me;
    }
    process.stdout.write(values.json ? `${JSON.stringify({ ...out, pseudoRefs }, null, 2)}\n` : `${renderPlus(out)}\n${renderIntervals(out)}\n${renderLinks(out, out.correlations.rel.spearman)}`);
    return 0;
  }
  if (values.cv || values.idf) warn('--cv and --idf apply to --preset plus only');
  const encoder = similarity === 'embedding' ? (values.encoder ?? DEFAULT_ENCODER) : undefined;
  const links = similarity === 'llm-links' ? await evalLinks(items, values, scoring) : null;
  if (links?.interrupted) return 130;
  // llm-links: reviews whose request failed are left out of n, and the run exits 1 (a failure is never a result).
  const asked = items;
  if (links) items = links.items;
  const failedCode = links?.summary.failed ? 1 : 0;
  if (links && (tauOption !== undefined || values['calibrate-on'])) warn('--tau and --calibrate-on have no effect with --similarity llm-links (τ is fixed)');
  const { m, idf } = links ?? (await evalMatrices(items, { similarity, scoring, encoder, pooling }));
  const matrices = m.matrices;

  let tau: number;
  let calibration: (Calibration & { system: string }) | null = null;
  if (links) tau = LLM_LINKS_TAU;
  else if (tauOption !== undefined) tau = tauOption;
  else {
    const system = values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM;
    const cal = calibrateOnSystem(items, matrices, system);
    if (cal.values.length === 0) {
      const systems = [...new Set(items.map((it) => it.system))].sort().join(', ');
      throw new CliError(
        `--calibrate-on ${system}: no review sentences of that system (systems: ${systems})`,
      );
    }
    calibration = { ...cal, system };
    tau = cal.tau;
  }

  // Graded credit's ramp needs the sd of the calibration, also when τ is given.
  const sd = links
    ? LLM_LINKS_SD
    : (calibration?.sd ??
      (scoring === 'graded'
        ? calibrateOnSystem(items, matrices, values['calibrate-on'] ?? DEFAULT_CALIBRATION_SYSTEM).sd || null
        : null));
  const scores = evalScores(items, m, scoring, tau, sd, idf);
  const result = agreement(items, scores);
  const base: EvalResult = {
    tau,
    n: result.n,
    correlations: Object.fromEntries(DIMENSIONS.map((d) => [d, flat(result.correlations[d])])),
    systemRanking: { ...flat(result.systemRanking), systems: result.systemRanking.systems },
    byLanguage: Object.fromEntries(
      Object.entries(result.byLanguage).map(([l, v]) => [l, { n: v.n, rel: flat(v.rel) }]),
    ),
    calibration: calibration && {
      system: calibration.system,
      tau: calibration.tau,
      sd: calibration.sd,
      sentences: calibration.values.length,
    },
    counts: {
      diffs: rows.length,
      skippedDiffs: skippedDiffs.length,
      reviews: asked.length,
      reviewsWithHumanScores: result.n,
      badLines,
    },
    config: {
      dataset: values.dataset,
      similarity,
      split,
      encoder: encoder ?? null,
      pooling: similarity === 'embedding' ? (pooling ?? null) : null,
      tauSource: links ? 'fixed' : calibration ? 'calibration' : 'option',
      calibrateOn: calibration?.system ?? null,
      preset: similarity === 'tfidf' && scoring === 'graded' ? 'plus' : 'paper',
      scoring,
    },
    pseudoRefs,
    ...(links ? { llmLinks: links.summary } : {}),
  };
  if (lab) {
    // The lab lines scores up with every review: a failed one is null (a 'failed' gap, out of n).
    const at = new Map(links?.kept.map((k, i) => [k, i]));
    const all = links ? asked.map((_, k) => (at.has(k) ? scores[at.get(k)!] : null)) : scores;
    return Math.max(failedCode, await runEvalMetrics(lab, { ...labContext, crscore: { scores: all, config: { ...base.config, tau } } }));
  }
  if (needsScores(values)) {
    const run = cliCrscoreRun({ similarity, scoring, encoder, pooling, split, tau, calibratedOn: calibration?.system ?? null, links: links ? { model: (links.summary as { model?: string }).model ?? null } : null });
    // The columns line up with every review: one whose llm-links request failed has no value (out of n).
    const columns = links ? withFailed(crscoreColumns(scores, 'CRScore'), links.kept, asked.length) : crscoreColumns(scores, 'CRScore');
    const me = await metaeval(columns, crscoreSignatureConfig(run));
    if (me !== null) return Math.max(failedCode, me);
  }
  const rule = linkRuleFor(scoring, tau, sd ?? PLUS_DEFAULT_CALIBRATION.sd);
  if (values['links-out']) writeLinks(values['links-out'], items, matrices, rule);
  const out = await resampledFigures(base, items, scores, matrices, rule, intervals);
  process.stdout.write(values.json ? `${JSON.stringify(out, null, 2)}\n` : `${renderTable(out)}\n${renderIntervals(out)}\n${renderLinks(out, out.correlations.rel.spearman)}`);
  return failedCode;
}
