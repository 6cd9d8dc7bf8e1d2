// The meta-evaluation's state: grouping, statistic and dimension, imported per-review metric scores,
// the annotators' files for the human ceiling, and the report computed in a worker over the metric lab's columns
// plus the baselines. The store only orchestrates: every figure comes from src/core/metaeval.
import { NO_SCORE_COLUMN } from '../../core/metaeval/scoresParse';
import { create } from 'zustand';
import type { Dim } from '../../core/bootstrap';
import { humanStudyFileInfo, parseHumanStudyCsv } from '../../core/importers/humanStudy';
import {
  baselineMetrics,
  crscoreSignatureConfig,
  humanCeiling,
  importedConfig,
  metaEvalSignature,
  type CeilingSummary,
  type DatasetIdentity,
  type Grouping,
  type RunSignatureConfig,
  type MetaEvalReport,
  MetaEvalCancelled,
  type MetaMetric,
  type MetaTable,
  type RankStatistic,
  type TypedMetaMetric,
  type ScoresCoverage,
  type AucEstimate,
} from '../../core/metaeval/index';
import type { DatasetRow } from '../../core/dataset';
import type { LabReview } from '../../core/lab/metrics';
import { useLab } from '../lab/lab';
import { refColumnsPending } from '../lab/labPending';
import { useLlmMetrics } from '../../settings/llmMetrics';
import { APP_VERSION, useResearch } from '../research/research';
import { flatReviewRecords, flatValues } from '../research/labFlat';
import type { Results } from '../research/researchRun';
import { baselinesInPool, METAEVAL_POOL_SIZE, metaEvaluateInPool } from './metaevalPool';
import type { PseudoRefsConfig } from '../../pseudorefs/dataset';
import { pseudoRefSignature } from '../../pseudorefs/signature';
import { humanDatasetCeiling } from './humanCeiling';
import { humanSignatureFields, studyMetricFields } from './humanSignature';
import { claimProblems } from '../../core/metaeval/scoresClaims';
import { researchCrscoreRun } from './signatureConfig';
import { useLinker } from '../shared/linker';
import { datasetIdentity } from './datasetIdentity';
import { binaryAucs, judgedCoverage, judgedLabReviews, overJudged, undefinedGrouping, type JudgedCoverage } from './humanJudging';
import { pseudoRefsProvenance } from '../research/pseudoRefsBatch';
import { dropImport, importedScores, importedScoresNow, parseInWorker, savedImports, saveImports, type MetricImport } from './metricImports';

export interface ImportedFile {
  name: string;
  file: string;
  text: string;
}

export interface MetaEvalState {
  grouping: Grouping;
  statistic: RankStatistic;
  dim: Dim;
  /** Imported metrics' files, parsed once (metricImports.ts); saved with the dataset's name across a reload. */
  imports: MetricImport[];
  /** Files being read in the worker. */
  importing: string[];
  coverage: ScoresCoverage[];
  importError: string | null;
  annotatorFiles: ImportedFile[];
  status: 'idle' | 'running' | 'done' | 'error';
  done: number;
  total: number;
  error: string | null;
  ms: number | null;
  /** Workers the last run was spread over. */
  workers: number;
  report: MetaEvalReport | null;
  /** A human-scored dataset (humanJudging.ts): why the grouping says nothing, and ROC AUC on a binary dimension. */
  undefinedWhy: string | null;
  aucs: Record<string, AucEstimate> | null;
  /** A human-scored dataset: on how many reviews each metric was judged, and why the others were left out. */
  judged: JudgedCoverage | null;
  ceiling: CeilingSummary | null;
  signature: string;
  set(p: Partial<Pick<MetaEvalState, 'grouping' | 'statistic' | 'dim'>>): void;
  importScores(files: File[]): Promise<void>;
  removeImport(name: string): void;
  /** Brings back the imports saved for the dataset on screen (once per page). */
  restoreImports(): Promise<void>;
  importAnnotators(files: File[]): Promise<void>;
  compute(): void;
}

let jobId = 0;
/** The run over the metrics at hand while BLEU and chrF are scored (see compute). */
let warming: Promise<unknown> | null = null;
let importsRestored = false;

/** The run's judged reviews (a human-scored dataset's kept ones too) and the dataset's rows, which imports are matched against. */
function matchTarget(results: Results) {
  return { keys: judgedLabReviews(results), rows: useResearch.getState().imported?.rows ?? null };
}
/** The baseline columns of the last run and seed (the review texts cross to a worker only when they change). */
let baselineMemo: { reviews: readonly LabReview[]; seed: number; columns: Promise<TypedMetaMetric[]> } | null = null;

/** The baselines on every judged review: they need no reference and no pseudo-references. */
function baselinesOf(reviews: readonly LabReview[], table: MetaTable, seed: number): Promise<TypedMetaMetric[]> {
  if (baselineMemo?.reviews !== reviews || baselineMemo.seed !== seed) {
    const columns = baselinesInPool(table, reviews.map((x) => x.review), seed);
    baselineMemo = { reviews, seed, columns };
    const memo = baselineMemo;
    columns.catch(() => baselineMemo === memo && (baselineMemo = null));
  }
  return baselineMemo.columns;
}

const stem = (f: string) => f.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');

/** The run's CRScore configuration, in the CLI's words (one mapping, runSignature.ts); null before a run. */
export function researchRunConfig(): RunSignatureConfig | null {
  const r = useResearch.getState();
  const c = r.results?.config;
  if (!c || !r.results) return null;
  return crscoreSignatureConfig(
    researchCrscoreRun({
      similarity: c.similarity,
      scoring: c.scoring,
      split: c.split,
      encoder: r.results.engine?.model ?? r.results.label ?? null,
      tau: r.tau,
      tauSource: r.tauSource,
      calibrationSystem: r.results.calibration.system,
      linkerHash: useLinker.getState().hash,
    }),
  );
}

/**
 * The signature of the run on screen with these statistics' settings, the dataset and the imported files: the
 * string `crscore eval` prints for the same configuration. On a human-scored dataset it names the metrics of
 * `columns` (the ids of the columns judged; the lab's by default), as `--metrics` would.
 */
export function signatureOf(
  s: Pick<MetaEvalState, 'grouping' | 'statistic' | 'dim'>,
  dataset: DatasetIdentity | null,
  imports: readonly { name: string; coverage: ScoresCoverage }[] = [],
  columns: readonly string[] = useLab.getState().columns.map((c) => c.id),
): string {
  const r = useResearch.getState();
  const m = useLlmMetrics.getState();
  const run = researchRunConfig();
  // Generated in Research (handed over with their configuration), else the dataset's own.
  const prefs = pseudoRefFields(pseudoRefsProvenance(r.datasetName));
  return metaEvalSignature({
    ...(run ?? { preset: 'paper', similarity: null, scoring: null, split: null }),
    ...prefs,
    // The metrics judged, as `crscore eval --metrics` signs them (CRScore's run only where CRScore is one).
    ...(r.human ? {} : studyMetricFields(run, columns, prefs.pseudoRefs)),
    grouping: s.grouping,
    statistic: s.statistic,
    dim: s.dim,
    resamples: m.resamples,
    seed: m.seed,
    ties: 'in-sample+cv5',
    version: APP_VERSION,
    dataset,
    imports: imports.map((i) => ({ name: i.name, config: importedConfig(i.coverage) })),
    // A human-scored dataset: the metrics judged (CRScore's run only where CRScore is one), the file, its mapping,
    // the dimension by name.
    ...humanSignatureFields(run, columns),
  });
}

function pseudoRefFields(c: PseudoRefsConfig | null) {
  return pseudoRefSignature({
    source: c?.source ?? 'dataset',
    model: c?.llm?.model,
    format: c?.llm?.format === 'json' ? 'json' : 'paper',
    analyzerFilter: c?.analyzers?.filter,
    analyzerOptions: c?.analyzers?.options,
  });
}

export const useMetaEval = create<MetaEvalState>()((set, get) => ({
  grouping: 'none',
  statistic: 'spearman',
  dim: 'rel',
  imports: [],
  importing: [],
  coverage: [],
  importError: null,
  annotatorFiles: [],
  status: 'idle',
  done: 0,
  total: 0,
  error: null,
  ms: null,
  workers: METAEVAL_POOL_SIZE,
  report: null,
  undefinedWhy: null,
  aucs: null,
  judged: null,
  ceiling: null,
  signature: '',

  set(p) {
    const next = { ...get(), ...p };
    // A system-level statistic needs system grouping; leaving system level falls back to Spearman.
    if ((next.statistic === 'pairwise' || next.statistic === 'spa') && next.grouping !== 'system') next.statistic = 'spearman';
    set({ grouping: next.grouping, statistic: next.statistic, dim: next.dim });
    get().compute();
  },

  async importScores(files) {
    set({ importing: files.map((f) => f.name), importError: null });
    let added: MetricImport[];
    try {
      added = await Promise.all(files.map((f) => parseInWorker({ name: stem(f.name), file: f.name, blob: f })));
    } catch (e) {
      set({ importing: [], importError: `cannot read ${files.map((f) => f.name).join(', ')}: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    const results = useResearch.getState().results;
    if (results) {
      const { keys, rows } = matchTarget(results);
      const out = await Promise.all(added.map((a) => importedScores(a, keys, rows))).catch((e: unknown) => e as Error);
      set({ importing: [] });
      if (out instanceof Error) return void set({ importError: `cannot match ${files.map((f) => f.name).join(', ')}: ${out.message}` });
      for (const [k, r] of out.entries())
        // A file that cannot be used is refused whole, and nothing already loaded is lost.
        if (r.metrics.length === 0 || r.coverage.matched === 0) {
          added.forEach(dropImport);
          set({ importError: `${added[k].file}: ${r.metrics.length === 0 ? NO_SCORE_COLUMN : 'no row matches a review of this dataset (by id and system)'}` });
          return;
        }
    } else set({ importing: [] });
    const replaced = get().imports.filter((i) => added.some((a) => a.name === i.name));
    replaced.forEach(dropImport);
    const keep = get().imports.filter((i) => !replaced.includes(i));
    set({ imports: [...keep, ...added], importError: null });
    void saveImports(useResearch.getState().datasetName, get().imports);
    get().compute();
  },

  removeImport(name) {
    get().imports.filter((i) => i.name === name).forEach(dropImport);
    set({ imports: get().imports.filter((i) => i.name !== name) });
    void saveImports(useResearch.getState().datasetName, get().imports);
    get().compute();
  },

  async restoreImports() {
    if (importsRestored) return;
    importsRestored = true;
    const files = await savedImports(useResearch.getState().datasetName);
    if (!files.length) return;
    const back = await Promise.all(files.map((f) => parseInWorker(f).catch(() => null)));
    // An import made meanwhile wins over the saved one of the same name.
    const now = get().imports;
    const restored = back.filter((b): b is MetricImport => !!b && !now.some((i) => i.name === b.name));
    if (!restored.length) return;
    set({ imports: [...restored, ...now] });
    get().compute();
  },

  async importAnnotators(files) {
    const added: ImportedFile[] = [];
    for (const f of files) added.push({ name: humanStudyFileInfo(f.name).annotator, file: f.name, text: await f.text() });
    set({ annotatorFiles: [...get().annotatorFiles.filter((a) => !added.some((b) => b.file === a.file)), ...added] });
    get().compute();
  },

  compute() {
    const r = useResearch.getState();
    if (!r.results) return;
    const m = useLlmMetrics.getState();
    const lab = useLab.getState();
    const s = get();
    const { prepared } = r.results;
    const n = prepared.items.length;
    // Every review judged: the items, then (a human-scored dataset's everyReview) the kept ones without an item.
    const reviews = judgedLabReviews(r.results);
    // Matched in the worker, once per file and run: a regroup gets the same columns back at once.
    const target = matchTarget(r.results);
    const imports = Promise.all(s.imports.map((f) => importedScores(f, target.keys, target.rows)));
    // Typed columns only; the workers build the records, and one of them the baselines (once per run and seed). On a
    // human-scored dataset every column is judged against the one dimension (it is in every human slot), CRScore's
    // conciseness and comprehensiveness beside its relevance, as `crscore eval --dataset` judges them.
    const judged = r.results.humanDimension ? { dim: 'rel' as const } : {};
    // The lab's columns are over the items; the kept reviews have no value there (left out, and counted as unscorable).
    const labColumns = lab.columns.every((c) => c.values.length === n) ? lab.columns.map((c) => overJudged(c, r.results!)) : [];
    const columns: MetaMetric[] = labColumns.map((c) => ({ id: c.id, label: c.label, kind: 'metric', ...judged, values: c.values }));
    const shown = columns.map((c) => c.id);
    const table = flatReviewRecords(reviews);
    const given = columns.map(({ values, ...x }): TypedMetaMetric => ({ ...x, values: flatValues(values) }));
    // The human ceiling: the annotators' files, paired on the reviews two of them scored; else a human-scored
    // dataset's judged dimension, when two annotators scored it.
    let ceilingInput: ReturnType<typeof humanCeiling> | null = null;
    if (s.annotatorFiles.length) {
      const by = new Map<string, { annotator: string; rows: DatasetRow[] }>();
      for (const f of s.annotatorFiles) {
        const rows = parseHumanStudyCsv({ name: f.file, text: f.text }).rows.map((x) => x.row);
        if (!by.has(f.name)) by.set(f.name, { annotator: f.name, rows: [] });
        by.get(f.name)!.rows.push(...rows);
      }
      ceilingInput = humanCeiling([...by.values()]);
    } else ceilingInput = humanDatasetCeiling();
    const id = ++jobId;
    const undefinedWhy = undefinedGrouping(s.grouping);
    if (undefinedWhy) return void set({ signature: signatureOf(s, null, [], shown), status: 'done', report: null, aucs: null, judged: null, undefinedWhy, error: null });
    set({ signature: signatureOf(s, null, [], shown), status: 'running', done: 0, total: m.resamples, error: null, undefinedWhy: null });
    const against = given.find((x) => x.id === `crscore.${s.dim}`)?.id;
    const options = { grouping: s.grouping, statistic: s.statistic, dim: s.dim, resamples: m.resamples, seed: m.seed, against };
    // BLEU and chrF on their way: the table waits for them (the lab's new columns start it). Meanwhile the other
    // metrics' units and pairs go into the pool's memo, never cancelled: the run with BLEU and chrF waits for
    // this one and reuses them rather than computing them again.
    if (refColumnsPending()) {
      warming = baselinesOf(reviews, table, m.seed)
        .then((baselines) => metaEvaluateInPool({ table, metrics: [...given, ...baselines], options }))
        .catch(() => undefined);
      return;
    }
    // A newer run supersedes this one: its workers stop at their next step.
    const cancelled = () => id !== jobId;
    const t0 = performance.now();
    const run = async () => {
      const matched = await imports;
      if (id !== jobId) throw new MetaEvalCancelled();
      const coverage = matched.map((x) => x.coverage);
      const named = s.imports.map((f, k) => ({ name: f.name, coverage: coverage[k] }));
      set({ coverage });
      // The dataset's hash (read once per dataset, while the workers compute) completes the signature, with every
      // imported file's configuration.
      // Each file's claims (its dataset, SHA-256, configuration) checked against the run's, as the CLI checks them.
      const signed = datasetIdentity().then(
        (dataset) => id === jobId && set({ signature: signatureOf(s, dataset, named, shown), coverage: coverage.map((c) => ({ ...c, mismatches: claimProblems(c, dataset) })) }),
      );
      const metrics = [...given, ...matched.flatMap((x) => x.metrics.map((c) => ({ ...c, ...judged }))), ...(await baselinesOf(reviews, table, m.seed))];
      // The lab's gaps say why a review has no value (an LLM call failed, no reference review …), as the CLI says it.
      const gaps = new Map(labColumns.map((c) => [c.id, c.gaps]));
      const judgedOn = judgedCoverage(metrics.map((x) => ({ ...x, gaps: gaps.get(x.id) ?? undefined })));
      await warming;
      if (id !== jobId) throw new MetaEvalCancelled();
      const report = await metaEvaluateInPool(
        { table, metrics, options },
        { cancelled, onProgress: (done, total) => id === jobId && set({ done, total }) },
      );
      const ceiling =
        ceilingInput && ceilingInput.records.length
          ? await metaEvaluateInPool({ records: ceilingInput.records, metrics: ceilingInput.metrics, options: { ...options, against: undefined } }, { cancelled })
          : null;
      await signed;
      return { report, ceiling, aucs: s.grouping === 'none' ? binaryAucs(metrics, m) : null, judgedOn };
    };
    run()
      .then(({ report, ceiling, aucs, judgedOn }) => {
        if (id !== jobId) return;
        set({
          report,
          aucs,
          judged: judgedOn,
          ms: performance.now() - t0,
          workers: METAEVAL_POOL_SIZE,
          status: 'done',
          ceiling: ceilingInput
            ? { row: ceiling?.rows[0] ?? null, alpha: ceilingInput.alpha?.[s.dim] ?? null, annotators: ceilingInput.annotators, missing: ceilingInput.missing }
            : null,
        });
      })
      .catch((e: unknown) => {
        if (id === jobId && !(e instanceof MetaEvalCancelled)) set({ status: 'error', error: e instanceof Error ? e.message : String(e) });
      });
  },
}));

/**
 * Every metric of the run for the scores export, as `crscore eval --scores-out` writes them: the given columns,
 * the imported metrics, then the baselines (the seed of the intervals).
 */
export function runMetrics(reviews: readonly LabReview[], columns: readonly MetaMetric[]): MetaMetric[] {
  const rows = useResearch.getState().imported?.rows ?? null;
  // The imports matched for this run (the meta-evaluation matches them as soon as they are added).
  const imported = useMetaEval.getState().imports.flatMap((f) =>
    (importedScoresNow(f, reviews, rows)?.metrics ?? []).map((x): MetaMetric => ({ ...x, values: Array.from(x.values, (v) => (Number.isNaN(v) ? null : v)) })),
  );
  return [...columns, ...imported, ...baselineMetrics(reviews, useLlmMetrics.getState().seed)];
}
