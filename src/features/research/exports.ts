// Exports of the research view. Every file carries the full configuration; nothing key-like is ever written
// (the research state holds no key, and stripSecrets drops any key-like field on the way out regardless).
import { configHeader } from '../../core/configLines';
import { toCsv } from '../../core/csvSafe';
import { crscoreMetrics } from '../../core/lab/metrics';
import { namedColumns, writeScores } from '../../core/metaeval/scoresWrite';
import { cliColumnId, cliMetricName, humanScoreRows, humanScoresFile } from '../../core/metaeval/humanScores';
import { judgedLabReviews, overJudged } from '../../store/metaeval/humanJudging';
import { humanPseudoRefs, humanScoresRun } from '../../store/metaeval/humanSignature';
import { reviewKeys } from '../../core/reviewKeys';
import { configName } from '../../core/metaeval/runSignature';
import type { DatasetIdentity } from '../../core/metaeval/signature';
import { labRowsOf } from '../../store/lab/labColumns';
import { researchRunConfig, runMetrics, signatureOf, useMetaEval } from '../../store/metaeval/metaeval';
import { stripSecrets } from '../../store/session/sessionFile';
import { APP_VERSION, type ResearchState } from '../../store/research/research';
import type { CorrRow } from '../../store/research/researchAnalysis';
import { REF_METRICS } from '../../core/refmetrics/index';
import { SHIPPED_CALIBRATION } from '../../core/research/tau';
import { pseudoRefsProvenance } from '../../store/research/pseudoRefsBatch';
import { useLinksRun } from '../../store/research/linkStage';
import { oracleOf } from '../../store/research/researchOracle';

/** What every research CSV is: meant for spreadsheets (Annotate's CSV is the data file; see csvSafe.ts). */
export const SPREADSHEET_SAFE = "Spreadsheet-safe CSV: a text cell that starts with =, +, - or @ gets a leading ' (this app's import takes it off)";

/**
 * Where τ came from, as the file says it: at the shipped calibration (a human-scored dataset's default, as
 * `crscore eval --dataset`) the preset's τ and sd, not a calibration on this dataset.
 */
export function tauProvenance(r: Pick<NonNullable<ResearchState['results']>, 'config' | 'calibration' | 'humanDimension'>, tauSource: ResearchState['tauSource']) {
  const c = r.calibration;
  if (c.system === SHIPPED_CALIBRATION && tauSource === 'calibrated')
    return { tauSource: 'preset', calibration: `the ${r.config.similarity === 'tfidf' ? "plus preset's" : 'lexical'} shipped τ ${c.tau} (sd ${c.sd}) by the paper's calibration on the human study's dev half (gpt3.5_pred); not calibrated on this dataset` };
  return { tauSource, calibration: { system: r.calibration.system, tau: r.calibration.tau, sd: r.calibration.sd, sentences: r.calibration.values.length } };
}

export function exportConfig(st: Pick<ResearchState, 'results' | 'tau' | 'tauSource' | 'datasetName' | 'imported' | 'human'>) {
  const r = st.results!;
  return stripSecrets({
    app: 'CRScore Studio',
    appVersion: APP_VERSION,
    exportedAt: new Date().toISOString(),
    dataset: st.datasetName,
    formats: st.imported?.formats ?? [],
    similarity: r.config.similarity === 'lexical' ? 'lexical (Jaccard of stopword-free tokens)' : r.label,
    scoring: r.config.scoring === 'hard' ? "hard τ (the paper's)" : 'graded credit (plus: ramp τ − sd … τ, issue weight 0.25, redundancy 1, information-weighted Con)',
    model: r.engine?.model ?? null,
    dtype: r.engine?.dtype ?? null,
    backend: r.engine?.backend ?? null,
    pooling: r.engine?.pooling ?? null,
    splitting: r.config.split,
    tau: st.tau,
    ...tauProvenance(r, st.tauSource),
    // How the pseudo-references were made (provider, model, prompt format, temperature, analyzer options; no key).
    // A human-scored dataset without pseudo-references of its own takes its reference review's sentences.
    pseudoReferences:
      st.human && humanPseudoRefs(st.human) === 'reference'
        ? "the reference review's sentences (the dataset has no pseudo-references of its own; no LLM or analyzer run here)"
        : (st.human?.made?.config ?? pseudoRefsProvenance(st.datasetName) ?? 'as given in the dataset (no LLM or analyzer run here)'),
    // llm-links: the model and the prompt that made the links (τ has no effect on them).
    ...(r.config.similarity === 'llm-links' ? { llmLinks: useLinksRun.getState().provenance } : {}),
    reviewsScored: r.prepared.items.length,
    reviewsWithHumanScores: r.prepared.items.filter((i) => i.human).length,
    skippedDiffs: r.prepared.skippedDiffs.length,
  });
}

export function perReviewRows(st: ResearchState) {
  const r = st.results!;
  const a = st.analysis!;
  const ref = st.refMetrics.of === r ? st.refMetrics.values : {};
  return r.prepared.items.map((it, k) => {
    const rv = r.prepared.reviews[k];
    const out: Record<string, string | number | null> = {
      id: it.rowId,
      lang: it.lang,
      system: it.system,
      review: rv.review.review ?? '',
      sentences: it.sentences.length,
      pseudo_references: it.pseudoReferences.length,
      con: a.scores.con[k],
      comp: a.scores.comp[k],
      rel: a.scores.rel[k],
      human_con: it.human?.con ?? null,
      human_comp: it.human?.comp ?? null,
      human_rel: it.human?.rel ?? null,
    };
    for (const m of REF_METRICS) if (ref[m.id]) out[m.id] = ref[m.id]![k];
    return out;
  });
}

/** The correlation table as on screen: CRScore's rows at τ, then the rows that do not depend on τ (oracle, reference-based). */
export function table(st: ResearchState): CorrRow[] {
  return [...st.correlations, ...oracleOf(st).rows, ...(st.refMetrics.of === st.results ? st.refMetrics.rows : [])];
}

/** CSV with the configuration as leading `# key: value` comment lines. */
function withConfigHeader(csv: string, config: Record<string, unknown>): string {
  return `${configHeader(config).join('\n')}\n${csv}\n`;
}

/**
 * The scores CSV: the layout of `crscore eval --scores-out` (one core writer), so the file reads back with
 * `--metric-scores` or the lab's import. It opens with the signature (the meta-evaluation's, for this run and its
 * settings), the dataset (`dataset`: name, rows, SHA-256) and the configuration; then CRScore at the current τ,
 * named by its configuration (crscore-lexical-t0.149.rel), the reference-based metrics computed, the imported
 * metrics and the baselines.
 */
export function scoresCsv(st: ResearchState, dataset: DatasetIdentity | null): string {
  const r = st.results!;
  const ref = st.refMetrics.of === r ? st.refMetrics.values : {};
  const { reviews } = labRowsOf(r);
  // A human-scored dataset: only the reference metrics `crscore eval --metrics` computes (BLEU, chrF, the embedding
  // cosine as embed-ref), so the file and its signature are those of a CLI run.
  const refs = REF_METRICS.filter((m) => ref[m.id] && (!st.human || cliMetricName(m.id) !== null));
  const columns = [...crscoreMetrics(st.analysis!.scores, {}, 'crscore', 'CRScore'), ...refs.map((m) => ({ id: m.id, label: m.label, values: ref[m.id]! }))];
  const me = useMetaEval.getState();
  // The imported files as the last meta-evaluation matched them (its coverage follows the imports' order).
  const imports = me.imports.flatMap((f, k) => (me.coverage[k] ? [{ name: f.name, coverage: me.coverage[k] }] : []));
  const run = researchRunConfig();
  const id = dataset ?? { name: st.datasetName ?? '-', rows: st.imported?.rows.length ?? 0, sha256: null };
  // Signed for the columns the file holds (CRScore's and the reference metrics computed), not the lab's. On the
  // human study's own files, CRScore's alone, as `crscore eval --scores-out` signs its file; the reference metrics
  // of Research's Table 2 ride along as columns.
  const signature = signatureOf(me, id, imports, (st.human ? columns : columns.slice(0, 3)).map((c) => cliColumnId(c.id)));
  const human = humanScoresRun(run, columns.map((c) => c.id), signature, APP_VERSION);
  // The CLI's writer, rows and configuration for the same run (`crscore eval --dataset FILE --scores-out`).
  // Every judged review, the kept ones without an item too (their CRScore empty, their baselines scored), as the CLI writes them.
  if (human) {
    const rows = humanScoreRows(r.prepared, human.human.dimension, false, r.kept ?? []);
    return humanScoresFile('csv', rows, runMetrics(judgedLabReviews(r), columns.map((c) => overJudged(c, r))), { ...human, human: { ...human.human, dataset: id } }).text;
  }
  const configuration = run ? configName(run) : 'crscore';
  const config: Record<string, unknown> = exportConfig(st);
  delete config.dataset; // named by the header's dataset lines
  const keys = reviewKeys(reviews);
  return writeScores('csv', reviews.map((x, k) => ({ ...x, ...keys[k] })), namedColumns(runMetrics(reviews, columns), configuration), {
    signature,
    dataset: id,
    config: { configuration, ...config },
  });
}

export function scoresJson(st: ResearchState): string {
  return JSON.stringify({ format: 'crscore-studio/research-scores', config: exportConfig(st), reviews: perReviewRows(st) }, null, 2);
}

export function correlationCsv(st: ResearchState): string {
  const rows = table(st).flatMap((row) =>
    (['con', 'comp', 'rel'] as const).map((d) => ({
      metric: row.label,
      human: d,
      n: row.n,
      spearman: row.byDim[d].spearman.r,
      spearman_p: row.byDim[d].spearman.p,
      kendall: row.byDim[d].kendall.r,
      kendall_p: row.byDim[d].kendall.p,
    })),
  );
  return withConfigHeader(toCsv(rows), exportConfig(st));
}

/** PNG of an SVG string at 2× (the PNG also carries the configuration in a tEXt chunk: see ExportBar). */
export async function svgToPng(svgText: string, width: number, height: number): Promise<Blob> {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((res, rej) => {
      img.onload = () => res();
      img.onerror = () => rej(new Error('The chart could not be drawn as an image.'));
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = width * 2;
    canvas.height = height * 2;
    const ctx = canvas.getContext('2d')!;
    ctx.scale(2, 2);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(img, 0, 0, width, height);
    return await new Promise<Blob>((res, rej) => canvas.toBlob((b) => (b ? res(b) : rej(new Error('PNG encoding failed'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
