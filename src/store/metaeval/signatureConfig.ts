// The browser's side of "one configuration, one signature": Research's run and τ as a CrscoreRun
// (src/core/metaeval/runSignature.ts), as `crscore eval`'s options are in src/cli/stages/evalSignature.ts. A τ set by hand
// on the slider is the configuration `--tau` gives: both say `option`.
import type { SimilarityKind } from '../../core/research/similarity';
import { SHIPPED_CALIBRATION } from '../../core/research/tau';
import type { CrscoreRun } from '../../core/metaeval/runSignature';
import { encoderRevision } from '../../embed/models';

export interface ResearchRunState {
  similarity: SimilarityKind;
  scoring: string;
  split: string;
  /** The encoder an encoder similarity ran with (its model id); null for the others. */
  encoder: string | null;
  tau: number;
  tauSource: 'calibrated' | 'manual';
  /** The system the run calibrated τ on, or SHIPPED_CALIBRATION: the preset's τ, as `crscore eval --dataset`. */
  calibrationSystem: string;
  /** The learned linker's weights hash (the CLI's `--linker` file's SHA-256, or the shipped weights'). */
  linkerHash?: string | null;
}

const similarityOf = (k: SimilarityKind) =>
  k === 'lexical' || k === 'tfidf' || k === 'llm-links' ? k : k === 'learned' ? 'learned-linker' : 'embedding';

export function researchCrscoreRun(s: ResearchRunState): CrscoreRun {
  const similarity = similarityOf(s.similarity);
  const embedding = similarity === 'embedding';
  return {
    similarity,
    scoring: s.scoring,
    preset: s.similarity === 'learned' ? 'learned' : null,
    encoder: embedding ? s.encoder : null,
    encoderRevision: embedding ? encoderRevision(s.encoder) : null,
    split: s.split,
    tau: s.tau,
    tauFrom:
      similarity === 'llm-links'
        ? 'fixed'
        : s.tauSource === 'manual'
          ? 'hand'
          : s.similarity === 'learned'
            ? 'linker'
            : s.calibrationSystem === SHIPPED_CALIBRATION
              ? 'preset'
              : { calibration: s.calibrationSystem },
    ...(s.similarity === 'learned' && s.linkerHash ? { linkerHash: s.linkerHash } : {}),
  };
}
