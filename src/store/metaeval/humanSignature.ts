// A run on a human-scored dataset signs as `crscore eval --dataset FILE --metrics crscore,… --pseudo-refs reference`
// signs it (src/cli/evalHumanMeta.ts): the reference review is the pseudo-reference, and the file (name, the
// table's rows, SHA-256), its mapping and the judged dimension are named by the core's humanDataSignatureConfig, so
// the browser and the CLI cannot name them differently. Nothing for any other dataset: the human study's own files
// sign as they did.
import { humanDataSignatureConfig } from '../../core/metaeval/runSignature';
import type { SignatureConfig } from '../../core/metaeval/signature';
import { useResearch } from '../research/research';

type HumanFields = Pick<SignatureConfig, 'pseudoRefs' | 'claimsModel' | 'claimsPromptHash' | 'analyzers' | 'mapping' | 'dim' | 'dataset'>;

/** The signature's fields a human-scored dataset on screen sets (over the study's); empty for any other dataset. */
export function humanSignatureFields(): HumanFields | Record<string, never> {
  const r = useResearch.getState();
  const h = r.human;
  if (!h) return {};
  // Known from the moment the file was read (datasetIdentity.ts gives the same), so no signature lacks it.
  const dataset = { name: r.datasetName ?? h.dataset.source, rows: h.file.rows, sha256: h.file.sha256 };
  return {
    pseudoRefs: 'reference',
    claimsModel: null,
    claimsPromptHash: null,
    analyzers: null,
    ...humanDataSignatureConfig({ dataset, layout: h.layout, mapping: h.mapping, dimensions: h.dataset.dimensions, dimension: h.dimension }),
  };
}
