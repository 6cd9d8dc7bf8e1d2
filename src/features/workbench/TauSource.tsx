// The line under τ that says which τ is in force and why, and the engine's fallback notice, both where the
// scores are; plus the hook that moves τ when another embedding model comes into force.
import { useEffect } from 'react';
import type { Session } from '../../store/session';
import { formatTau } from './TauSlider';
import { calibratedTau, followModel, PAPER_MODEL, PAPER_TAU, tauLine } from './modelTau';
import type { EngineView } from './slots';

/**
 * The embedding model whose similarities are scored: the stored matrix's when it matches the texts, else the
 * loaded engine's (it embeds next). Null for lexical similarity, the plus preset, or before any model.
 */
export function modelInForce(session: Session, stale: boolean, engine: EngineView | undefined): string | null {
  if (session.preset === 'plus' || session.similarity !== 'embedding') return null;
  if (session.embedding && !stale) return session.embedding.encoderId;
  return engine?.status === 'ready' ? engine.model : null;
}

/** Moves the session's τ to the model's (hand-set, else calibrated) when another model comes into force. */
export function useTauFollowsModel(
  session: Session,
  model: string | null,
  engine: EngineView | undefined,
  set: (fn: (s: Session) => Session) => void,
): number | null {
  const calibrated = model ? calibratedTau(model, engine) : null;
  const moves = model != null && session.tauFor !== model;
  useEffect(() => {
    if (!moves || !model) return;
    set((s) => {
      const next = followModel(s, model, calibrated);
      return next ? { ...s, ...next } : s;
    });
  }, [moves, model, calibrated, set]);
  return calibrated;
}

const short = (model: string) => model.split('/').pop() ?? model;

export function TauSource({ session, model, calibrated, notice }: { session: Session; model: string | null; calibrated: number | null; notice: string | null }) {
  if (session.preset === 'plus' || session.similarity !== 'embedding') return null;
  const line = tauLine(session, model, calibrated);
  const t = formatTau(line.tau);
  let text: string;
  switch (line.kind) {
    case 'paper':
      text =
        line.tau === PAPER_TAU
          ? `τ ${t}: the paper's, calibrated for ${short(PAPER_MODEL)}. When a model embeds, τ moves to that model's calibrated τ.`
          : `τ ${t}, set by hand. When a model embeds, τ moves to that model's calibrated τ.`;
      break;
    case 'hand':
      text = `τ ${t}: set by you for ${model}; kept for this model when the model changes and comes back.`;
      break;
    case 'calibrated':
      text =
        line.model === PAPER_MODEL
          ? `τ ${t}: the paper's, calibrated for ${line.model}.`
          : `τ moved to ${t}, the calibrated τ of ${line.model} (the paper's ${PAPER_TAU} is calibrated for ${short(PAPER_MODEL)}, not for this model).`;
      break;
    case 'unknown':
      text = `No calibrated τ is known for ${line.model}: τ stays at ${t}. Calibrate it in Research, or set it by hand.`;
      break;
  }
  return (
    <>
      {notice && model && (
        <p className="alert warn small" role="status" data-testid="engine-notice">
          {notice}
        </p>
      )}
      <p className="muted small tau-source" data-testid="tau-source" data-kind={line.kind}>
        {text}
      </p>
    </>
  );
}
