// A run on a human-scored dataset signs as `crscore eval --dataset FILE --metrics … [--pseudo-refs reference]` signs
// it (src/cli/human/evalHumanMeta.ts): every metric the table judged, by name, with CRScore's configuration (the reference
// review as the pseudo-reference) only where CRScore is one of them; the file (name, the table's rows, SHA-256), its
// mapping and the judged dimension by the core's humanDataSignatureConfig, so the browser and the CLI cannot name
// them differently. Nothing for any other dataset: the human study's own files sign as they did.
import { humanDataSignatureConfig, humanMetricsSignatureConfig, type RunSignatureConfig } from '../../core/metaeval/runSignature';
import type { HumanScoresRun } from '../../core/metaeval/humanScores';
import { cliMetricName } from '../../core/metaeval/humanScores';
import { hasOwnPseudoReferences } from '../../core/humanData/bridge';
import { scaleLabel } from '../../core/humanData/index';
import type { SignatureConfig } from '../../core/metaeval/signature';
import { llmGradeSignatureName, meteorSignatureName } from '../../core/lab/index';
import { useLab } from '../lab/lab';
import { useResearch } from '../research/research';
import type { HumanOnScreen, ResearchState } from '../research/researchState';
import { whereSignature } from '../../core/humanData/slices';
import { useSliceBy } from './sliceBy';

type HumanFields = Partial<SignatureConfig>;

/** The dimension the results on screen were judged against (a newly chosen one's run may not have landed yet), else
 *  the one chosen; the tables, their exports and the signature all name this one. */
export const judgedDimensionName = (r: Pick<ResearchState, 'results' | 'human'>): string | undefined =>
  r.results?.humanDimension?.name ?? r.human?.dimension;

/** The LLM grade by its model and METEOR by its tokenizer, as `crscore eval --dataset … --metrics` names them. */
const signedNames = (columns: readonly string[]) =>
  metricNames(columns).map((n) => {
    const config = () => useLab.getState().columns.find((c) => c.id === n)?.config ?? {};
    return n === 'llm-grade' ? llmGradeSignatureName(config()) : n === 'meteor' ? meteorSignatureName(config()) : n;
  });

/**
 * The metrics of these columns as `--metrics` names them (core cliMetricName: crscore.con|comp|rel are crscore,
 * llm-judge.* llm-judge, embedCos embed-ref); a column the CLI has no name for keeps its id, so it is never dropped
 * from a signature silently.
 */
export const metricNames = (ids: readonly string[]): string[] => [...new Set(ids.map((id) => cliMetricName(id) ?? id.replace(/\.(con|comp|rel)$/, '')))];

/** Where a human-scored dataset's pseudo-references come from: the source that made them here (`--pseudo-refs
 *  offline`, …), else its own where it has any (as humanRows reads it), else its reference review's sentences. */
export const humanPseudoRefs = (h: Pick<HumanOnScreen, 'dataset' | 'made'>): string => h.made?.source ?? (hasOwnPseudoReferences(h.dataset) ? 'dataset' : 'reference');

/**
 * The signature's fields a human-scored dataset on screen sets (over the study's): the metrics of `columns` (the
 * ids of the columns judged) with `run`, CRScore's configuration; empty for any other dataset.
 */
export function humanSignatureFields(run: RunSignatureConfig | null, columns: readonly string[]): HumanFields {
  const r = useResearch.getState();
  const h = r.human;
  if (!h) return {};
  // Known from the moment the file was read (datasetIdentity.ts gives the same), so no signature lacks it.
  const dataset = { name: r.datasetName ?? h.dataset.source, rows: h.file.rows, sha256: h.file.sha256 };
  return {
    // The LLM grade by its model, as `crscore eval --dataset … --metrics llm-grade` names it.
    ...humanMetricsSignatureConfig(run, signedNames(columns), humanPseudoRefs(h)),
    claimsPromptHash: null,
    analyzers: null,
    ...humanDataSignatureConfig({ dataset, layout: h.layout, mapping: h.mapping, dimensions: h.dataset.dimensions, dimension: judgedDimensionName(r)! }),
    // The rows judged and the field the tables are repeated for, as `crscore eval --where … --by …` signs them.
    where: h.where ? whereSignature(h.where.clauses) : null,
    by: useSliceBy.getState().by,
  };
}

/**
 * What the core's scores writer (humanScoresFile) needs of the human-scored dataset on screen for a file of these
 * columns, signed `signature`: `crscore eval --dataset FILE --metrics … --scores-out` gets the same from its flags.
 */
export function humanScoresRun(run: RunSignatureConfig | null, columns: readonly string[], signature: string, version: string): HumanScoresRun | null {
  const r = useResearch.getState();
  const h = r.human;
  if (!h) return null;
  const dim = h.dataset.dimensions.find((d) => d.name === h.dimension);
  return {
    crscore: run,
    names: signedNames(columns),
    pseudoRefs: humanPseudoRefs(h),
    human: { dataset: { name: r.datasetName ?? h.dataset.source, rows: h.file.rows, sha256: h.file.sha256 }, layout: h.layout, mapping: h.mapping, dimensions: h.dataset.dimensions, dimension: h.dimension },
    scale: dim ? scaleLabel(dim.scale) : '-',
    matched: false,
    version,
    signature,
  };
}

/**
 * The metric fields of the human study's own dataset (no mapping) for a table of these columns: the metrics by
 * name, CRScore's configuration only where it is one, the pseudo-references' source as given, as
 * `crscore eval --dataset FILE --metrics …` signs them. Nothing where no column is given.
 */
export function studyMetricFields(run: RunSignatureConfig | null, columns: readonly string[], pseudoRefs: string): Partial<SignatureConfig> {
  const names = signedNames(columns);
  // Without a run (nothing scored yet) the signature keeps the paper's preset, as it always did.
  return names.length && run ? humanMetricsSignatureConfig(run, names, pseudoRefs) : {};
}
