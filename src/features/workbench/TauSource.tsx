// The line under τ that says which τ is in force and why, and the engine's fallback notice, both where the
// scores are; plus the hook that moves τ when another embedding model comes into force.
import { useEffect } from 'react';
import type { Session } from '../../store/session/session';
import { formatTau } from './TauSlider';
import { metricOf } from './metric';
import { calibratedTau, followModel, LEXICAL_KEY, leaveLexical, PAPER_MODEL, PAPER_TAU, tauLine } from './modelTau';
import type { EngineView } from './slots';

/**
 * What the shared τ belongs to: the embedding model whose similarities are scored (the stored matrix's when it
 * matches the texts, else the loaded engine's, which embeds next), or lexical overlap (LEXICAL_KEY). Null for
 * TF-IDF and the learned linker (they keep their own τ), or before any model.
 */
export function modelInForce(session: Session, stale: boolean, engine: EngineView | undefined): string | null {
  const { similarity } = metricOf(session);
  if (similarity === 'lexical') return LEXICAL_KEY;
  if (similarity !== 'embedding') return null;
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
  const embedding = metricOf(session).similarity === 'embedding';
  const moves = model != null ? session.tauFor !== model : embedding && session.tauFor === LEXICAL_KEY;
  useEffect(() => {
    if (!moves) return;
    set((s) => {
      const next = model ? followModel(s, model, calibrated) : leaveLexical(s);
      return next ? { ...s, ...next } : s;
    });
  }, [moves, model, calibrated, set]);
  return calibrated;
}

const short = (model: string) => model.split('/').pop() ?? model;

export function TauSource({ session, model, calibrated, notice }: { session: Session; model: string | null; calibrated: number | null; notice: string | null }) {
  const { similarity } = metricOf(session);
  if (similarity !== 'embedding' && similarity !== 'lexical') return null;
  const line = tauLine(session, model, calibrated);
  const t = formatTau(line.tau);
  let text: string;
  if (model === LEXICAL_KEY)
    text =
      line.kind === 'calibrated'
        ? `τ ${t}: lexical overlap's calibrated τ. The paper's ${PAPER_TAU} is for embeddings; word overlap runs far lower.`
        : `τ ${t}: set for lexical overlap (its calibrated τ is ${formatTau(calibrated ?? 0)}); kept for lexical when you switch similarity and come back.`;
  else switch (line.kind) {
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
