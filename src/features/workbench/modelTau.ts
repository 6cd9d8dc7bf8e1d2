// τ belongs to the model that produced the similarities: when another model comes into force (a fallback to
// USE-lite, a re-embed with another model), the workbench moves to that model's calibrated τ, unless the
// user set τ by hand for that model, and says which τ is in force and why.
import { LEXICAL_TAU } from '../../core/lexical';
import { modelCard, USE_LITE_TAU } from '../../embed/models';
import type { Session } from '../../store/session/session';
import { PAPER_TAU } from '../../store/session/session';

export const PAPER_MODEL = 'mixedbread-ai/mxbai-embed-large-v1';
/** Lexical overlap keeps its τ under this key, like a model: its own calibrated τ, or one set by hand for it. */
export const LEXICAL_KEY = 'lexical';

/** The τ calibrated for a model: what the engine reports for it when it is loaded, else what is known. */
export function calibratedTau(model: string, engine?: { model: string | null; defaultTau: number | null }): number | null {
  if (engine?.model === model && engine.defaultTau != null) return engine.defaultTau;
  if (model === 'use-lite') return USE_LITE_TAU;
  if (model === LEXICAL_KEY) return LEXICAL_TAU;
  return modelCard(model).defaultTau;
}

type TauFields = Pick<Session, 'tau' | 'tauFor' | 'tauBy'>;

/** The session's τ once `model` is in force; null when nothing changes. */
export function followModel(s: TauFields, model: string, calibrated: number | null): Pick<Session, 'tau' | 'tauFor'> | null {
  if (s.tauFor === model) return null;
  return { tau: s.tauBy?.[model] ?? calibrated ?? s.tau, tauFor: model };
}

/**
 * Back to embeddings before any model is in force, from lexical: τ returns to the paper's (or the one set by hand
 * for the paper's model), never lexical's 0.149 left on an embedding.
 */
export function leaveLexical(s: TauFields): Pick<Session, 'tau' | 'tauFor'> | null {
  if (s.tauFor !== LEXICAL_KEY) return null;
  return { tau: s.tauBy?.[PAPER_MODEL] ?? PAPER_TAU, tauFor: undefined };
}

/** A τ the user chose: kept for the model in force, so coming back to that model restores it. */
export function setByHand(s: TauFields, tau: number, model: string | null): TauFields {
  if (!model) return { ...s, tau };
  return { ...s, tau, tauFor: model, tauBy: { ...s.tauBy, [model]: tau } };
}

export type TauLine =
  | { kind: 'paper'; tau: number }
  | { kind: 'hand'; tau: number; model: string }
  | { kind: 'calibrated'; tau: number; model: string }
  | { kind: 'unknown'; tau: number; model: string };

/** Why τ has its value, for the line under the slider. */
export function tauLine(s: TauFields, model: string | null, calibrated: number | null): TauLine {
  if (!model) return { kind: 'paper', tau: s.tau };
  if (s.tauBy?.[model] === s.tau) return { kind: 'hand', tau: s.tau, model };
  if (calibrated != null && Math.abs(calibrated - s.tau) < 1e-9) return { kind: 'calibrated', tau: s.tau, model };
  if (calibrated == null) return { kind: 'unknown', tau: s.tau, model };
  return { kind: 'hand', tau: s.tau, model };
}

export { PAPER_TAU };
