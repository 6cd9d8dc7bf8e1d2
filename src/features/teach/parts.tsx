// Pieces the tour, the what-if mode and the lessons share: score cards, the τ control, the encoder's state.
import type { Scores } from '../../core/types';
import { DEFAULT_TAU, useBundledEncoder, type SimilarityKind } from '../../store/shared/bundledEncoder';
import type { Pipelines } from './usePipelines';

export const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');

const signed = (d: number) => `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d).toFixed(3)}`;

export function ScoreTriple({ scores, before, testid = 'tc-scores' }: { scores: Scores; before?: Scores | null; testid?: string }) {
  const cards = [
    ['con', 'Con', 'conciseness', `${scores.sentencesAbove} of ${scores.sentences} sentences on topic`],
    ['comp', 'Comp', 'comprehensiveness', `${scores.pseudoReferencesAbove} of ${scores.pseudoReferences} pseudo-references covered`],
    ['rel', 'Rel', 'relevance', 'harmonic mean of Con and Comp'],
  ] as const;
  return (
    <div className="score-cards tc-scores" data-testid={testid}>
      {cards.map(([k, short, long, how]) => {
        const d = before ? scores[k] - before[k] : 0;
        return (
          <article key={k} className={`score-card ${k === 'rel' ? 'rel' : ''}`} data-testid={`${testid}-${k}`} data-value={scores[k]}>
            <h3>
              {short} <span className="hint">{long}</span>
            </h3>
            <div className="score-value">{f3(scores[k])}</div>
            {before && (
              <p className={`tc-delta ${d > 0 ? 'up' : d < 0 ? 'down' : ''}`} data-testid={`${testid}-${k}-delta`}>
                {signed(d)} from {f3(before[k])}
              </p>
            )}
            <p className="formula">{how}</p>
          </article>
        );
      })}
    </div>
  );
}

/** How the τ in use came about, for sentences that speak of it: calibrated, or set by hand. */
export function tauWords(kind: SimilarityKind, tau: number): { calibrated: boolean; text: string } {
  const own = DEFAULT_TAU[kind];
  return tau === own ? { calibrated: true, text: 'at its own calibrated τ' } : { calibrated: false, text: `at τ ${tau}, set by hand (its calibrated τ is ${own})` };
}

export function TauControl({ kind, tau, onTau }: { kind: SimilarityKind; tau: number; onTau(t: number): void }) {
  return (
    <div className="tc-tau">
      <label className="tau-label" htmlFor="tc-tau">
        τ <output data-testid="tc-tau-value">{tau}</output>
      </label>
      <input id="tc-tau" type="range" min={0} max={1} step={0.001} value={tau} onChange={(e) => onTau(Number(e.currentTarget.value))} data-testid="tc-tau" />
      <button type="button" className="small" onClick={() => onTau(DEFAULT_TAU[kind])} disabled={tau === DEFAULT_TAU[kind]}>
        Reset to {DEFAULT_TAU[kind]}
      </button>
      <p className="muted small">
        {kind === 'use-lite'
          ? 'USE-lite τ = 0.6447: this app’s calibration, by the paper’s method (the mean best similarity of review sentences), on the CRScore dev split (gpt3.5 reviews); the paper publishes no τ for USE-lite. Its own encoder, mxbai, uses 0.7314.'
          : 'Lexical τ = 0.149: this app’s calibration of word overlap (Jaccard) by the same method; it runs far lower than cosine.'}
      </p>
    </div>
  );
}

/** The bundled encoder's state: loading, failed (with a way out), or working on new text. */
export function EncoderNotice({ kind, pipes, onLexical }: { kind: SimilarityKind; pipes: Pipelines; onLexical?: () => void }) {
  const status = useBundledEncoder((s) => s.status);
  const progress = useBundledEncoder((s) => s.progress);
  if (kind === 'lexical') return null;
  if (pipes.error)
    return (
      <div className="alert error small" role="alert" data-testid="tc-encoder-error">
        The bundled encoder failed: {pipes.error}{' '}
        <button type="button" onClick={pipes.retry}>
          Try again
        </button>{' '}
        {onLexical && (
          <button type="button" className="linklike" onClick={onLexical}>
            Use lexical similarity
          </button>
        )}
      </div>
    );
  if (!pipes.pending) return null;
  return (
    <div className="progress-row small" role="status" data-testid="tc-encoder-busy">
      <span className="spinner" aria-hidden="true" />
      <span>
        {status === 'loading' || status === 'idle'
          ? 'Loading the bundled encoder (USE-lite, about 28 MB, served by this app: no internet needed)…'
          : progress
            ? `Embedding ${progress.done} of ${progress.total} new sentences…`
            : 'Updating…'}
      </span>
    </div>
  );
}
