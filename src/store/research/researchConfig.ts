// The research run's configuration: similarity and scoring rule are two independent settings.
import { DEFAULT_CALIBRATION_SYSTEM } from '../../core/dataset';
import {
  PAPER_MODEL_ID,
  similarityKey,
  similarityLabel,
  type ScoringRule,
  type SimilarityKind,
} from '../../core/research/index';
import type { SplitMode } from '../../core/types';
import type { Backend, LocalModelFile, ModelSpec } from '../../embed/types';

export interface RunConfig {
  similarity: SimilarityKind;
  /** The model id for similarity 'hub' (a path under /models/ loads a model this app serves). */
  hubId: string;
  /** The folder's name for similarity 'local'. */
  localName: string | null;
  scoring: ScoringRule;
  /** For transformers models: 'auto' is WebGPU when the browser offers an adapter, else WASM. */
  backend: Backend;
  split: SplitMode;
  calibrationSystem: string;
}

export const DEFAULT_CONFIG: RunConfig = {
  similarity: 'use-lite',
  hubId: 'Xenova/all-MiniLM-L6-v2',
  localName: null,
  scoring: 'hard',
  backend: 'auto',
  split: 'reference',
  calibrationSystem: DEFAULT_CALIBRATION_SYSTEM,
};

/** The presets as shortcuts for the two settings. */
export const PRESETS = {
  paper: { similarity: 'paper', scoring: 'hard' },
  plus: { similarity: 'tfidf', scoring: 'graded' },
  learned: { similarity: 'learned', scoring: 'graded' },
} as const satisfies Record<string, Pick<RunConfig, 'similarity' | 'scoring'>>;

export const keyOf = (c: RunConfig) => similarityKey({ kind: c.similarity, hubId: c.hubId, localName: c.localName ?? undefined });
export const labelOf = (c: RunConfig) => similarityLabel({ kind: c.similarity, hubId: c.hubId, localName: c.localName ?? undefined });

/** The embedding engine's spec for an encoder similarity. */
export function modelSpec(c: RunConfig, local: { name: string; files: LocalModelFile[] } | null): ModelSpec {
  switch (c.similarity) {
    case 'paper':
      return { kind: 'hub', id: PAPER_MODEL_ID };
    case 'use-lite':
      return { kind: 'use-lite' };
    case 'local':
      if (!local || local.name !== c.localName)
        throw new Error(
          c.localName
            ? `Pick the model folder ${c.localName} again: a browser does not keep access to a folder across a reload.`
            : 'Pick a model folder first.',
        );
      return { kind: 'local', name: local.name, files: local.files };
    case 'hub': {
      const id = c.hubId.trim();
      if (!id) throw new Error('Type a model id, e.g. Xenova/all-MiniLM-L6-v2.');
      return id.startsWith('/models/') ? { kind: 'served', path: id } : { kind: 'hub', id };
    }
    default:
      throw new Error(`${c.similarity} needs no model`);
  }
}
