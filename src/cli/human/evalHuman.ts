// `crscore eval`'s human-scored report, on any dataset the one reader reads (eval/evalRead.ts): GradedReviews'
// workbook (Jiang et al. 2025), any CSV/JSONL/XLSX mapped with --map/--human/--mapping (src/core/humanData), or the
// human study's own file, its Con, Comp and Rel three dimensions (study.ts), whenever a run asks what the study's
// report does not have. The reference-based metrics, the baselines and CRScore (each change's own pseudo-references,
// made ones, or the reference review's sentences) score the reviews; the meta-evaluation judges them against one
// named human dimension, or each metric dimension against its namesake.
import { type LabMetric, type ReferenceMetricName, referenceColumns } from '../../core/lab/index.ts';
import { vectorCosine } from '../../core/research/index.ts';
import { scaleLabel, type HumanImport } from '../../core/humanData/index.ts';
import { hasOwnPseudoReferences, humanPrepared, matchedJudge, overReviews } from '../../core/humanData/bridge.ts';
import { keepsEveryReview } from '../../core/humanData/judged.ts';
import { madePseudoReferences } from './humanStudy.ts';
import { meteorWordNet } from '../metaeval/evalMetrics.ts';
import { humanMetaeval, humanSummary, renderHuman, type HumanRunInfo } from './evalHumanReport.ts';
import { humanCrscore } from './evalHumanCrscore.ts';
import { humanLlmGrade, humanLlmJudge } from './evalHumanLlm.ts';
import { annotatorCeiling, dimensionCeiling, humanDatasetIdentity, humanSignature, importScores, writeHumanScores } from './evalHumanMeta.ts';
import type { HumanSettings } from './evalHumanOptions.ts';
import { humanSlices } from './evalHumanSlices.ts';
import { whereDataset } from '../../core/humanData/slices.ts';
import { CliError, info as infoLine, inert, warn } from '../shared/io.ts';
import { DEFAULT_ENCODER, embedUnique, loadEncoder, type Pooling } from '../score/matrices.ts';
import { writeLinks } from '../stages/evalLinkAgreement.ts';

/** The metrics that compare a review with its change's reference review. */
const REFERENCE_BASED: ReadonlySet<string> = new Set(['bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'llm-grade']);

/**
 * Why no metric of the run can judge a single review (none has both a value and a human score), with what would
 * judge them; null when some review is judged. A table of undefined figures says nothing: this says why.
 */
function nothingToJudge(info: HumanRunInfo, columns: readonly LabMetric[], left: { skipped: readonly string[]; noReference: number; noPseudoReferences: number }): string | null {
  const scored = info.reviews.map((r) => r.human !== null);
  if (columns.some((c) => c.values.some((v, k) => v !== null && scored[k]))) return null;
  const total = info.dataset.reviews.length;
  const why: string[] = [];
  for (const n of left.skipped) why.push(`--metrics ${n}: skipped: no change has a reference review`);
  if (left.noReference) why.push(`${left.noReference} of ${total} reviews have no reference review (${[...columns.map((c) => c.label), ...left.skipped].join(', ') || 'these metrics'} need one)`);
  if (left.noPseudoReferences) why.push(`${left.noPseudoReferences} of ${total} reviews' changes have no pseudo-references`);
  const unscored = scored.filter((x) => !x).length;
  if (unscored) why.push(`${unscored} reviews have no ${info.dimension.name} score`);
  if (why.length === 0) why.push(`no metric gives a value on the ${info.reviews.length} reviews left`);
  return [
    `--dataset ${inert(info.file)}: nothing to judge: no review has both a metric value and a human score.`,
    ...why.map((w) => `  ${w}`),
    ...(left.noReference ? [`  CRScore needs no reference review: --pseudo-refs offline (tree claims and analyzer issues: no model, no key), claims or generate (an LLM), local (a model on this machine)`] : []),
  ].join('\n');
}

/** The report on the settings read (evalHumanOptions.ts) and the file as the one reader read it (eval/evalRead.ts). */
export async function runEvalHuman(settings: HumanSettings, imported: HumanImport): Promise<number> {
  let s = settings;
  let read = imported.dataset;
  if (s.where) {
    try {
      read = whereDataset(read, s.where.clauses, imported.table);
    } catch (e) {
      throw new CliError(`--where ${inert(s.where.expr)}: ${(e as Error).message}`);
    }
    if (read.reviews.length === 0) throw new CliError(`--where ${inert(s.where.expr)}: no review of ${inert(s.dataset)} holds it`);
    warn(`--where ${s.where.expr}: ${read.reviews.length} of ${imported.dataset.reviews.length} reviews are judged`);
  }
  for (const e of read.errors.slice(0, 5)) warn(`${e.file}:${e.line}: ${e.reason}`);
  if (read.errors.length > 5) warn(`… ${read.errors.length - 5} more rows could not be read`);
  if (read.dimensions.length === 0) throw new CliError(`--dataset ${inert(s.dataset)}: no human score column (name them with --human)`);
  // Without --dim, a dataset with con, comp and rel is judged matched (each metric dimension against its namesake).
  const matched = s.dim === undefined ? matchedJudge(read) : null;
  const dimension = matched ? matched.rel : s.dim === undefined ? read.dimensions[0] : read.dimensions.find((x) => x.name === s.dim);
  if (!dimension) throw new CliError(`--dim ${inert(s.dim!)}: not a dimension of the dataset (its dimensions: ${read.dimensions.map((x) => x.name).join(', ')})`);
  if (read.reviews.length === 0) throw new CliError(`--dataset ${inert(s.dataset)}: no review could be read`);
  if (s.pseudoRefs === 'dataset' && !hasOwnPseudoReferences(read)) throw new CliError(`--pseudo-refs dataset: no change of ${inert(s.dataset)} has pseudo-references of its own (--pseudo-refs reference uses the reference review's sentences)`);

  // Made pseudo-references replace the dataset's own (and their links); then every change is bridged as its own.
  const made = s.pseudoPlan && s.names.includes('crscore') ? await madePseudoReferences(read, s.pseudoPlan) : { dataset: read };
  if (!made) return 130;
  const d = made.dataset;
  const source = s.pseudoPlan ? 'dataset' : ((s.pseudoRefs as 'dataset' | 'reference' | undefined) ?? (hasOwnPseudoReferences(d) ? 'dataset' : 'reference'));
  // Made pseudo-references or the reference's sentences: every review stays, for the metrics that can score it (the
  // baselines all). With the dataset's own, a change without them is left out of every metric, as the human study's
  // path leaves it (its published figures).
  const everyReview = keepsEveryReview(d, { made: s.pseudoPlan !== null, source });
  const bridged = humanPrepared(d, matched ?? dimension, { pseudoRefs: source, everyReview, split: s.split });
  const total = d.reviews.length;
  if (everyReview) {
    if (bridged.noReference) infoLine(`${bridged.noReference} of ${total} reviews' changes have no reference review: the metrics that need one leave them out, the baselines judge them`);
    if (bridged.noPseudoReferences) infoLine(`${bridged.noPseudoReferences} of ${total} reviews' changes have no pseudo-references: CRScore leaves them out, the baselines judge them`);
  } else if (bridged.noPseudoReferences) warn(`${bridged.noPseudoReferences} of ${total} reviews are left out: their change has no pseudo-references`);
  const { prepared } = bridged;
  // A reference-based metric on reviews none of whose changes has a reference review says nothing: skipped, and said.
  const anyReference = bridged.reviews.some((r) => r.change.references.some((x) => x.trim() !== ''));
  const skipped = anyReference ? [] : s.names.filter((n) => REFERENCE_BASED.has(n));
  // The signature and the scores file name the metrics that ran.
  if (skipped.length) s = { ...s, names: s.names.filter((n) => !skipped.includes(n)) };
  for (const n of skipped) infoLine(`--metrics ${n}: skipped: no change of ${inert(s.dataset)} has a reference review (${n} compares a review with one; CRScore and the baselines need none)`);

  const columns: LabMetric[] = [];
  let crscore: Awaited<ReturnType<typeof humanCrscore>> | null = null;
  // Reviews whose LLM requests failed: left out of the grade's n, and the run exits 1 (as on the human study).
  let failed = 0;
  for (const n of s.names) {
    if (n === 'crscore') {
      crscore = await humanCrscore(s.preset, bridged.rows, prepared.items, {
        tau: s.tau,
        linker: s.linker,
        pseudoRefs: s.pseudoPlan ? s.pseudoPlan.source : bridged.pseudoRefs,
        // Matched, each column is judged against its namesake (the study's Con, Comp, Rel); else all against one dimension.
        names: matched ? 'short' : 'paper',
        similarity: s.similarity,
        scoring: s.scoring,
        encoder: s.encoder,
        pooling: s.pooling as Pooling | undefined,
        calibrateOn: s.calibrateOn,
        idf: s.idf,
        split: s.split,
        cv: s.cv,
        llm: s.linksLlm ?? undefined,
      });
      if (!crscore) return 130;
      failed += crscore.failed;
      columns.push(...crscore.columns);
      if (s.linksOut && crscore.links) writeLinks(s.linksOut, crscore.links.items, crscore.links.matrices, crscore.links.rule);
    } else if (n === 'llm-judge') {
      // Reference-free, from the diff (and the pseudo-references with --judge-with-pseudo-refs); unasked for the signature alone.
      if (s.signature && !s.scoresOut) continue;
      const j = await humanLlmJudge(prepared, s.judge!);
      if (j.interrupted) return 130;
      failed += j.failed;
      columns.push(...j.columns);
    } else if (n === 'length' || n === 'random') {
      // The baselines: in every meta-evaluation (which these names imply), over every review kept.
      continue;
    } else if (n === 'embed-ref') {
      const encoder = s.encoder ?? DEFAULT_ENCODER;
      const enc = await loadEncoder(encoder, s.pooling as Pooling | undefined);
      try {
        const texts = prepared.reviews.flatMap((r) => (r.reference ? [r.review.review ?? '', r.reference] : []));
        columns.push(...referenceColumns(prepared, [n], { embedCos: vectorCosine(await embedUnique(enc, texts, 32)), encoder, pooling: s.pooling ?? null }));
      } finally {
        await enc.dispose?.();
      }
    } else if (n === 'llm-grade') {
      // The signature alone does not depend on the grades: it asks the LLM nothing.
      if (s.signature && !s.scoresOut) continue;
      const g = await humanLlmGrade(prepared, s.llm!);
      if (g.interrupted) return 130;
      failed += g.failed;
      columns.push(g.column);
    } else columns.push(...referenceColumns(prepared, [n as ReferenceMetricName], n === 'meteor' ? { wordnet: meteorWordNet(), tokenizer: s.tokenizer } : {}));
  }

  // The columns cover the scorable reviews (prepare's items); the kept others have no value there (coverage says why).
  columns.splice(0, columns.length, ...columns.map((c) => overReviews(c, bridged.reviews.length)));
  const info: HumanRunInfo = {
    file: s.dataset,
    layout: imported.layout,
    mapping: imported.mapping,
    dataset: d,
    dimension: { ...dimension, label: scaleLabel(dimension.scale) },
    reviews: bridged.reviews,
    // Kept reviews carry why they have no item; only the reviews left out entirely count here.
    noReference: everyReview ? 0 : bridged.noReference,
    noPseudoReferences: everyReview ? 0 : bridged.noPseudoReferences,
    matched: matched !== null,
    crscore: crscore?.info ?? null,
    intervals: s.intervals,
  };
  const run = crscore?.run ?? null;
  const imports = await importScores(s.metricScores, info, humanDatasetIdentity(s.dataset, imported));
  if (!s.signature && imports.metrics.length === 0 && !s.names.some((n) => n === 'length' || n === 'random')) {
    const why = nothingToJudge(info, columns, { skipped, noReference: bridged.noReference, noPseudoReferences: bridged.noPseudoReferences });
    if (why) throw new CliError(why);
  }
  const signature = humanSignature(s, info, imported, run, imports.imports);
  if (s.scoresOut) writeHumanScores(s, info, imported, run, prepared, [...columns.map((c) => ({ ...c, kind: 'metric' as const })), ...imports.metrics], signature);
  if (s.signature) {
    process.stdout.write(`${signature}\n`);
    return failed ? 1 : 0;
  }
  const metaOptions = { groupings: s.groupings, statistic: s.statistic, imported: imports.metrics, ceiling: s.ceiling.length ? await annotatorCeiling(s.ceiling, info) : dimensionCeiling(info), epsSearch: s.epsSearch, against: s.baseline, test: s.test };
  const out = s.metaeval ? { ...(await humanMetaeval(info, columns, metaOptions)), signature } : humanSummary(info, columns);
  if (s.by && out.metaeval) {
    try {
      out.metaeval.slices = await humanSlices(info, columns, metaOptions, s.by.field, imported.table);
    } catch (e) {
      throw new CliError(`--by ${inert(s.by.field)}: ${(e as Error).message}`);
    }
  }
  process.stdout.write(s.json ? `${JSON.stringify(out, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? null : x), 2)}\n` : renderHuman(out));
  return failed ? 1 : 0;
}
