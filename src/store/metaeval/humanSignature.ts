// A run on a human-scored dataset signs as `crscore eval --dataset FILE --metrics … [--pseudo-refs reference]` signs
// it (src/cli/evalHumanMeta.ts): every metric the table judged, by name, with CRScore's configuration (the reference
// review as the pseudo-reference) only where CRScore is one of them; the file (name, the table's rows, SHA-256), its
// mapping and the judged dimension by the core's humanDataSignatureConfig, so the browser and the CLI cannot name
// them differently. Nothing for any other dataset: the human study's own files sign as they did.
import { humanDataSignatureConfig, humanMetricsSignatureConfig, type RunSignatureConfig } from '../../core/metaeval/runSignature';
import type { SignatureConfig } from '../../core/metaeval/signature';
import { llmGradeSignatureName, meteorSignatureName } from '../../core/lab/index';
import { useLab } from '../lab/lab';
import { useResearch } from '../research/research';

type HumanFields = Partial<SignatureConfig>;

/** The metrics of these columns as `--metrics` names them: crscore.con|comp|rel are crscore, llm-judge.* llm-judge. */
export const metricNames = (ids: readonly string[]): string[] => [...new Set(ids.map((id) => id.replace(/\.(con|comp|rel)$/, '')))];

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
    ...humanMetricsSignatureConfig(
      run,
      metricNames(columns).map((n) => {
        const config = () => useLab.getState().columns.find((c) => c.id === n)?.config ?? {};
        return n === 'llm-grade' ? llmGradeSignatureName(config()) : n === 'meteor' ? meteorSignatureName(config()) : n;
      }),
    ),
    claimsPromptHash: null,
    analyzers: null,
    ...humanDataSignatureConfig({ dataset, layout: h.layout, mapping: h.mapping, dimensions: h.dataset.dimensions, dimension: h.dimension }),
  };
}
