// The CLI's side of "one configuration, one signature": `crscore eval`'s options as a CrscoreRun
// (src/core/metaeval/runSignature.ts), as Research's state is in src/store/metaeval/signatureConfig.ts.
import type { CrscoreRun } from '../../core/metaeval/runSignature.ts';
import { encoderRevision } from '../../embed/models.ts';

export interface CliRunOptions {
  similarity: string;
  scoring: string;
  encoder?: string | null;
  pooling?: string | null;
  split: string;
  tau: number;
  /** The system τ was calibrated on; null when --tau gave it. */
  calibratedOn: string | null;
  /** llm-links: τ is fixed, and the model made the links. */
  links?: { model: string | null } | null;
}

export function cliCrscoreRun(o: CliRunOptions): CrscoreRun {
  const embedding = o.similarity === 'embedding';
  return {
    similarity: o.similarity,
    scoring: o.scoring,
    encoder: embedding ? (o.encoder ?? null) : null,
    encoderRevision: embedding ? encoderRevision(o.encoder) : null,
    pooling: embedding ? (o.pooling ?? null) : null,
    split: o.split,
    tau: o.tau,
    tauFrom: o.links ? 'fixed' : o.calibratedOn ? { calibration: o.calibratedOn } : 'hand',
    claimsModel: o.links?.model ?? null,
  };
}
