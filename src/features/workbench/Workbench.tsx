// The scoring workbench: code change, review and pseudo-references in; matrix, τ, scores and feedback out.
import { lazy, Suspense, type ComponentType, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { PseudoReference } from '../../core/types';
import { PAPER_TAU, toItems, type Session } from '../../store/session/session';
import { useActiveSession, useSessions } from '../../store/session/sessions';
import { useWorkbench } from '../../store/session/workbench';
import { DiffInput } from './DiffInput';
import { Feedback } from './Feedback';
import { LinkedHeatmap } from './LinkedHeatmap';
import { metricOf, usesLearnedTau, usesPlusTau, withMetric } from './metric';
import { LinkerCell } from './LinkerCell';
import { LearnedScoreCards } from './LearnedScoreCards';
import { sessionDiff } from './useLearned';
import { MetricSettings } from './MetricSettings';
import { PlusScoreCards } from './PlusScoreCards';
import { PseudoReferenceList } from './PseudoReferenceList';
import { ReviewEditor } from './ReviewEditor';
import { ScoreCards } from './ScoreCards';
import { ScoreStrip } from './ScoreStrip';
import { ScoredBy } from './ScoredBy';
import { useSlots, type EngineView } from './slots';
import { TauSlider } from './TauSlider';
import { modelInForce, TauSource, useTauFollowsModel } from './TauSource';
import { setByHand } from './modelTau';
import { useEmbedding } from './useEmbedding';
import { useScoring } from './useScoring';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset';
import { ShareButton } from '../share/ShareButton';
import './workbench.css';

const Charts = lazy(() => import('./Charts'));
// The learned linker's graded rule takes its probabilities as credit: the identity ramp from 0 to 1.
const LEARNED_CREDIT = { low: 0, high: 1 };

export function Workbench() {
  const session = useActiveSession();
  const hydrated = useSessions((s) => s.hydrated);
  if (!hydrated) return <p className="muted pad">Restoring your sessions…</p>;
  if (!session) return <EmptyState />;
  return <SessionWorkbench key={session.id} session={session} />;
}

function EmptyState() {
  const add = useSessions((s) => s.add);
  return (
    <div className="empty-state">
      <h2>No session open</h2>
      <p>Start a new session, or open one of the paper's examples from the sidebar.</p>
      <button type="button" className="primary" onClick={() => add()}>
        New session
      </button>
    </div>
  );
}

declare global {
  interface Window {
    /** Read-only view for tests and benches: the matrix and sentences behind what is on screen. */
    __crscoreWorkbench?: {
      matrix: { rows: number; cols: number; data: number[] } | null;
      /** Graded credit's P×P pseudo-reference similarities (null under hard τ). */
      self?: { rows: number; cols: number; data: number[] } | null;
      sentences: string[];
      tau: number;
      source: string;
    };
  }
}

function SessionWorkbench({ session }: { session: Session }) {
  const update = useSessions((s) => s.update);
  const slots = useSlots();
  const setPinned = useWorkbench((s) => s.setPinned);
  const scoring = useScoring(session);
  const { sentences, refs, pTexts, matrix, scores } = scoring;
  const { run, stale, engine, start } = useEmbedding(session, pTexts, sentences, slots.embedding, scoring.metric.scoring === 'graded');
  // The matrix and the score cards follow τ at once; lists, feedback and charts follow in a deferred,
  // interruptible render so a held arrow key never waits on them.
  const deferredScores = useDeferredValue(scores);
  const sid = session.id;
  const set = useCallback((fn: (s: Session) => Session) => update(sid, fn), [update, sid]);
  const onInput = useCallback((fn: (i: Session['input']) => Session['input']) => set((s) => ({ ...s, input: fn(s.input) })), [set]);
  const onReview = useCallback((review: string) => set((s) => ({ ...s, review })), [set]);
  const onSplitMode = useCallback((splitMode: Session['splitMode']) => set((s) => ({ ...s, splitMode })), [set]);
  const onRefs = useCallback(
    (fn: (xs: Session['pseudoReferences']) => Session['pseudoReferences']) => set((s) => ({ ...s, pseudoReferences: fn(s.pseudoReferences) })),
    [set],
  );
  const model = modelInForce(session, stale, engine);
  const calibrated = useTauFollowsModel(session, model, engine, set);
  const onTau = useCallback(
    (tau: number) =>
      set((s) => (usesPlusTau(metricOf(s)) ? { ...s, plusTau: tau } : usesLearnedTau(metricOf(s)) ? { ...s, learnedTau: tau } : { ...s, ...setByHand(s, tau, model) })),
    [set, model],
  );
  const embedding = scoring.metric.similarity === 'embedding';
  const tfidf = scoring.metric.similarity === 'tfidf';
  const tau = scoring.tau;

  useEffect(() => setPinned(null), [session.id, setPinned]);
  const self = scoring.plus?.input?.selfSimilarity ?? null;
  useEffect(() => {
    const tau = scoring.tau;
    const source = scoring.source;
    window.__crscoreWorkbench = {
      // A getter: the copy is made only when a test reads it, never on a slider step.
      get matrix() {
        return matrix ? { rows: matrix.rows, cols: matrix.cols, data: Array.from(matrix.data) } : null;
      },
      get self() {
        return self ? { rows: self.rows, cols: self.cols, data: Array.from(self.data) } : null;
      },
      sentences,
      tau,
      source,
    };
  }, [matrix, self, sentences, scoring.tau, scoring.source]);

  const diffForClaims = useMemo(() => sessionDiff(session.input), [session.input]);

  // A pseudo-reference already in the list is not added twice (generating again, or analyzers that ran at import).
  const onAddRefs = (list: PseudoReference[]) =>
    set((s) => {
      const have = new Set(s.pseudoReferences.map((p) => p.text));
      return { ...s, pseudoReferences: [...s.pseudoReferences, ...toItems(list.filter((p) => !have.has(p.text)))] };
    });
  const ClaimsPanel = slots.ClaimsPanel;
  const ModelPanel = slots.ModelPanel;
  const lexical = scoring.metric.similarity === 'lexical';
  const modelTau = embedding || lexical ? calibrated : null;

  return (
    <div className="workbench" data-testid="workbench">
      <div className="wb-inputs">
        <section className="panel" aria-labelledby="h-change">
          <h2 id="h-change">Code change</h2>
          <DiffInput input={session.input} onChange={onInput} />
        </section>
        <section className="panel" aria-labelledby="h-review">
          <h2 id="h-review">Review</h2>
          <ReviewEditor
            review={session.review}
            splitMode={session.splitMode}
            sentences={sentences}
            scores={deferredScores}
            onReview={onReview}
            onSplitMode={onSplitMode}
          />
        </section>
        <section className="panel" aria-labelledby="h-prefs">
          <h2 id="h-prefs">
            Pseudo-references <span className="count">{refs.length} in use</span>
          </h2>
          {ClaimsPanel && (
            <ClaimsPanel
              diff={diffForClaims}
              language={session.input.language}
              oldCode={session.input.mode === 'files' ? session.input.oldCode : undefined}
              // In diff mode a session may carry the whole new file (a pull request's head commit): the analyzers use it.
              newCode={session.input.mode === 'files' || session.input.newCode ? session.input.newCode : undefined}
              onAdd={onAddRefs}
            />
          )}
          <PseudoReferenceList items={session.pseudoReferences} scores={deferredScores} onChange={onRefs} />
        </section>
      </div>

      {/* The scores and the matrix first: with the diff and the review they make the first screen; the
          metric's settings follow them. */}
      <div className="wb-results">
        <section className="panel results" aria-labelledby="h-scores" data-testid="results">
          <div className="panel-head">
            <h2 id="h-scores">Scores</h2>
            <ShareButton session={session} />
          </div>
          <ScoredBy metric={scoring.metric} tau={tau} encoder={session.embedding?.encoderId} set={set} />
          <TauSlider
            tau={tau}
            modelTau={modelTau}
            modelLabel={model ?? engine?.model ?? 'model'}
            modelButton={lexical ? 'Lexical τ' : 'Model τ'}
            onChange={onTau}
            plus={scoring.plus ? { defaultTau: tfidf ? PLUS_DEFAULT_CALIBRATION.tau : PAPER_TAU, ramp: scoring.plus.ramp, label: tfidf ? 'plus' : 'paper' } : undefined}
          />
          <TauSource session={session} model={model} calibrated={calibrated} notice={engine?.notice ?? null} />
          <Problems scoring={scoring} stale={stale} />
          {/* Where the scores will be: what the embedding needs before there are any. */}
          {embedding && (
            <EmbeddingBar
              hasPort={!!slots.embedding}
              stale={stale}
              run={run}
              engine={engine}
              matrixSource={session.embedding?.encoderId}
              onRun={() => void start()}
              onLexical={() => set((s) => withMetric(s, { similarity: 'lexical' }))}
            />
          )}
          {scores && matrix && scores.scorable && (
            <>
              <ScoreStrip con={scores.con} comp={scores.comp} rel={scores.rel} tau={tau}>
                {scoring.plus?.scores ? (
                  <PlusScoreCards scores={scoring.plus.scores} />
                ) : scoring.learned && scoring.metric.scoring === 'graded' ? (
                  <LearnedScoreCards scores={scores} learned={scoring.learned} />
                ) : (
                  <ScoreCards scores={scores} />
                )}
              </ScoreStrip>
              <h3 className="sub">
                Similarity matrix <span className="muted small">rows P = pseudo-references, columns S = review sentences · {scoring.source}</span>
              </h3>
              <LinkedHeatmap
                key={session.id}
                matrix={matrix}
                tau={tau}
                scores={scores}
                refs={refs}
                sentences={sentences}
                ramp={scoring.plus?.ramp ?? (scoring.learned && scoring.metric.scoring !== 'hard' ? LEARNED_CREDIT : undefined)}
                annotatorLinks={session.annotatorLinks}
                review={session.review}
              />
              {scoring.learned && <LinkerCell learned={scoring.learned} tau={tau} hard={scoring.metric.scoring === 'hard'} />}
              <Suspense fallback={<p className="muted">Loading charts…</p>}>
                <Charts matrix={matrix} sentences={sentences} tau={tau} plusInput={scoring.plus?.input} />
              </Suspense>
              {deferredScores && <Feedback scores={deferredScores} refs={refs} sentences={sentences} />}
            </>
          )}
        </section>
        <section className="panel" aria-labelledby="h-metric">
          <MetricSettings metric={scoring.metric} set={set} />
          {scoring.idfError && (
            <div className="alert error" role="alert" data-testid="plus-error">
              {scoring.idfError}. Check your connection to this app's server and pick the setting again, or use CRScore (paper).
            </div>
          )}
          {ModelPanel && embedding && <ModelDetails engine={engine} Panel={ModelPanel} />}
        </section>
      </div>
    </div>
  );
}

const STATUS_WORDS = { idle: 'not loaded', loading: 'loading…', ready: 'ready', error: 'failed' } as const;

/** The model's settings, folded to one line (model, backend, status) until the user asks to change them or a load fails. */
function ModelDetails({ engine, Panel }: { engine: EngineView | undefined; Panel: ComponentType }) {
  const [open, setOpen] = useState(false);
  // A failed load opens the panel once (its error and the model-folder choice are inside); the user may fold it again.
  const failed = engine?.status === 'error';
  const [wasFailed, setWasFailed] = useState(failed);
  if (failed !== wasFailed) {
    setWasFailed(failed);
    if (failed) setOpen(true);
  }
  return (
    <details className="model-details" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="model-details">
      <summary data-testid="model-summary">
        Model: <strong>{engine?.chosen ?? 'none'}</strong> · {engine?.backend ?? 'auto'} · {STATUS_WORDS[engine?.status ?? 'idle']}{' '}
        <span className="linklike">{open ? 'Hide' : 'Change…'}</span>
      </summary>
      <Panel />
    </details>
  );
}

function Problems({ scoring, stale }: { scoring: ReturnType<typeof useScoring>; stale: boolean }) {
  const { refs, emptyReview, scores, metric } = scoring;
  if (refs.length === 0)
    return (
      <div className="alert warn" role="alert" data-testid="not-scorable">
        <strong>Not scorable:</strong> this change has no pseudo-references in use, so CRScore is undefined (not zero). Add pseudo-references by
        hand, generate claims and analyzer issues, or re-enable ones you switched off.
      </div>
    );
  if (metric.similarity === 'embedding' && stale && !scores) return null;
  if (!scores && (metric.similarity === 'tfidf' || metric.similarity === 'learned' || metric.scoring === 'graded') && !scoring.idfError)
    return (
      <p className="muted small" role="status" data-testid="plus-loading">
        Loading the word frequencies for TF-IDF and graded credit (3.6 MB, once)…
      </p>
    );
  if (emptyReview)
    return (
      <div className="alert info" role="status" data-testid="empty-review">
        <strong>Empty review:</strong> there is no sentence to match, so Con, Comp and Rel are 0. Write or paste the review comment on the left.
      </div>
    );
  return null;
}

function EmbeddingBar(props: {
  hasPort: boolean;
  stale: boolean;
  run: { state: string; message?: string };
  engine: ReturnType<NonNullable<ReturnType<typeof useSlots>['embedding']>['useEngine']> | undefined;
  matrixSource?: string;
  onRun(): void;
  onLexical(): void;
}) {
  const { hasPort, stale, run, engine, matrixSource, onRun, onLexical } = props;
  if (!hasPort)
    return (
      <div className="alert warn" role="alert">
        The embedding engine is not available in this build.{' '}
        <button type="button" className="linklike" onClick={onLexical}>
          Use lexical similarity
        </button>
      </div>
    );
  const busy = run.state === 'loading' || run.state === 'embedding' || engine?.status === 'loading';
  return (
    <div className="embed-bar" data-testid="embed-bar">
      {busy ? (
        <div className="progress-row" role="status" data-testid="embed-progress">
          <span className="spinner" aria-hidden="true" />
          <span>{run.message ?? 'Loading the model…'}</span>
          {engine?.progress != null && <progress max={1} value={engine.progress} />}
        </div>
      ) : run.state === 'error' ? (
        <div className="alert error" role="alert" data-testid="embed-error">
          {run.message}{' '}
          <button type="button" onClick={onRun}>
            Try again
          </button>{' '}
          <button type="button" className="linklike" onClick={onLexical}>
            Use lexical similarity
          </button>
        </div>
      ) : stale ? (
        <div className="alert info" data-testid="embed-needed">
          {engine?.status === 'ready' ? 'The texts changed; embedding again…' : 'Embed the review and pseudo-references to see the scores.'}{' '}
          <button type="button" className="primary" onClick={onRun} data-testid="embed-run">
            {engine?.status === 'ready' ? `Embed with ${engine.model}` : 'Load model & embed'}
          </button>
        </div>
      ) : !matrixSource ? null : (
        <p className="muted small" data-testid="embed-ready">
          Embedded with <strong>{matrixSource}</strong>
          {engine?.status === 'ready' && engine.model !== matrixSource ? (
            <>
              {' '}
              (model in force: {engine.model}){' '}
              <button type="button" className="linklike" onClick={onRun}>
                re-embed
              </button>
            </>
          ) : null}
          . Moving τ re-scores from the stored matrix, with no new embedding.
        </p>
      )}
      {engine?.error && run.state !== 'error' && (
        <p className="alert error small" role="alert">
          {engine.error}
        </p>
      )}
    </div>
  );
}
