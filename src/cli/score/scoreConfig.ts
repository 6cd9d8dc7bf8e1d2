// Which metric `crscore score` runs and at which τ. With no flags: the learned preset, the best offline
// configuration (cross-validated Rel ρ 0.62 on the human study's dev half, against 0.60 for plus and 0.48 for lexical
// at its calibrated τ). Every similarity takes its own calibrated τ unless --tau is given: the paper's 0.7314 belongs
// to mxbai embeddings, and lexical overlap at that τ scores almost every review 0.
import { LEXICAL_TAU } from '../../core/lexical.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset.ts';
import { modelCard, USE_LITE_TAU } from '../../embed/models.ts';
import { PAPER_TAU } from '../../core/score.ts';
import { CliError, oneOf, parseTau } from '../shared/io.ts';
import { DEFAULT_ENCODER, SIMILARITY_KINDS, type SimilarityKind } from './matrices.ts';

export const SCORE_PRESETS = ['learned', 'plus', 'paper'] as const;
export type ScorePreset = (typeof SCORE_PRESETS)[number];

export interface ScoreConfig {
  preset: ScorePreset;
  /** paper preset only: the similarity and, for embeddings, the encoder. */
  similarity: SimilarityKind | 'tfidf' | 'learned linker';
  encoder: string | null;
  /** τ in force: the hard threshold (paper), the top of the credit ramp (plus), the link threshold (learned). */
  tau: number;
  /** Where τ came from, in words (printed on stderr and kept in each output line). */
  tauSource: string;
  /** plus only: the ramp's width. */
  sd: number | null;
}

interface ScoreFlags {
  preset?: string;
  similarity?: string;
  encoder?: string;
  tau?: string;
}

/** The τ calibrated for an encoder (the paper's method on the dev half's gpt3.5_pred reviews), or null when none is known. */
export function encoderTau(encoder: string): number | null {
  if (encoder === 'use-lite') return USE_LITE_TAU;
  return modelCard(encoder).defaultTau;
}

/** --preset, else the paper's rule when a similarity or encoder is named, else learned; τ per similarity unless --tau. */
export function resolveScoreConfig(v: ScoreFlags, linkerThreshold: number): { config: ScoreConfig; warnings: string[] } {
  const warnings: string[] = [];
  const named = oneOf(v.preset, SCORE_PRESETS, '--preset');
  const preset: ScorePreset = named ?? (v.similarity || v.encoder ? 'paper' : 'learned');
  const given = parseTau(v.tau);
  if (preset !== 'paper' && (v.similarity || v.encoder)) throw new CliError(`--similarity and --encoder choose the paper preset's similarity; drop them or use --preset paper`);
  if (preset === 'learned') {
    const tau = given ?? linkerThreshold;
    return {
      config: { preset, similarity: 'learned linker', encoder: null, tau, sd: null, tauSource: given !== undefined ? '--tau' : "the linker's cross-validated link threshold (marks matches; the scores use the link probabilities as credit)" },
      warnings,
    };
  }
  if (preset === 'plus') {
    const tau = given ?? PLUS_DEFAULT_CALIBRATION.tau;
    return {
      config: { preset, similarity: 'tfidf', encoder: null, tau, sd: PLUS_DEFAULT_CALIBRATION.sd, tauSource: given !== undefined ? '--tau' : "plus's calibrated τ (the paper's method on the human study's dev half, gpt3.5_pred reviews)" },
      warnings,
    };
  }
  const similarity = oneOf(v.similarity, SIMILARITY_KINDS, '--similarity') ?? (v.encoder ? 'embedding' : 'lexical');
  const encoder = similarity === 'embedding' ? (v.encoder ?? DEFAULT_ENCODER) : null;
  if (similarity === 'lexical' && v.encoder) warnings.push('--encoder is ignored with --similarity lexical');
  const calibrated = encoder ? encoderTau(encoder) : LEXICAL_TAU;
  if (given !== undefined) return { config: { preset, similarity, encoder, tau: given, sd: null, tauSource: '--tau' }, warnings };
  if (calibrated == null) {
    warnings.push(`no calibrated τ is known for ${encoder}; using the paper's ${PAPER_TAU} (calibrated for mxbai). Calibrate with 'crscore eval --calibrate-on SYSTEM' and pass --tau`);
    return { config: { preset, similarity, encoder, tau: PAPER_TAU, sd: null, tauSource: "the paper's τ (no calibrated τ known for this encoder)" }, warnings };
  }
  const whose = encoder ?? 'lexical overlap';
  return {
    config: { preset, similarity, encoder, tau: calibrated, sd: null, tauSource: `${whose}'s calibrated τ (the paper's method on the human study's dev half, gpt3.5_pred reviews)` },
    warnings,
  };
}

/** The one line on stderr that says what ran. */
export function describeScoreConfig(c: ScoreConfig): string {
  const what =
    c.preset === 'learned'
      ? 'preset learned (the shipped linker, link probabilities as credit)'
      : c.preset === 'plus'
        ? `preset plus (stemmed TF-IDF, graded credit from τ − ${c.sd} to τ)`
        : `preset paper (${c.encoder ? `embedding ${c.encoder}` : 'lexical overlap'}, hard τ)`;
  return `${what}; τ ${c.tau}: ${c.tauSource}`;
}
