// The guided tour: the pipeline's parts on one screen, and a card that walks through them in order,
// highlighting each part and filling its formula with the live numbers of the example.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { bestCell } from '../../core/teaching';
import type { PaperExample } from '../../examples/paper';
import type { SimilarityKind } from '../../store/shared/bundledEncoder';
import { DiffLines, Kbd } from '../../ui/DiffLines';
import { MatrixTable, type Pair } from './MatrixTable';
import { EncoderNotice, ScoreTriple, TauControl } from './parts';
import { EmbeddingView, STEPS, stepBody, TITLES, type Ctx, type StepId } from './tourSteps';
import type { Pipelines } from './usePipelines';

interface Props {
  ex: PaperExample;
  kind: SimilarityKind;
  tau: number;
  onTau(t: number): void;
  pipes: Pipelines;
  onMode(mode: 'whatif' | 'lessons'): void;
}

export function Tour({ ex, kind, tau, onTau, pipes, onMode }: Props) {
  const [step, setStep] = useState(0);
  const [finished, setFinished] = useState(false);
  const [pickedFor, setPickedFor] = useState<{ ex: string; pair: Pair } | null>(null);
  const pipe = pipes.cases[0];
  const m = pipe.matrix;
  const best = useMemo(() => (m ? bestCell(m) : null), [m]);
  // A picked cell belongs to its example; otherwise the tour explains the best cell.
  const picked = pickedFor?.ex === ex.id ? pickedFor.pair : null;
  const pair = picked && m && picked.row < m.rows && picked.col < m.cols ? picked : best ? { row: best.row, col: best.col } : null;
  const claims = ex.pseudoReferences.filter((p) => p.kind !== 'issue');
  const smells = ex.pseudoReferences.filter((p) => p.kind === 'issue');
  const id = STEPS[step];
  const ctx: Ctx = { ex, kind, tau, pipe, claims, smells, pair };
  const body = stepBody(id, ctx);
  const root = useRef<HTMLDivElement>(null);
  const card = useRef<HTMLElement>(null);

  // The card names ← → as its keys. A click on the Teach tab leaves the focus on the tab strip, whose own arrow
  // keys change tabs: the first → would leave the lesson. So the tour takes the focus when it opens.
  useEffect(() => {
    const f = document.activeElement;
    if (!f || f === document.body || f.closest('.app-header, .tc-modes')) card.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (finished) return;
    root.current?.querySelector(`[data-tour="${id}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, finished]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.ctrlKey || e.metaKey || e.altKey || t?.closest('input, textarea, select, .app-header')) return;
      if (e.key === 'ArrowRight') setStep((s) => Math.min(STEPS.length - 1, s + 1));
      else if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
      else return;
      setFinished(false);
      e.preventDefault();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const panel = (sid: StepId, title: string, children: ReactNode, extra = '') => (
    <section
      className={`panel tc-panel ${extra} ${!finished && sid === id ? 'tc-on' : ''} ${!finished && sid !== id ? 'tc-dim' : ''}`}
      data-tour={sid}
      data-testid={`tc-panel-${sid}`}
      data-active={!finished && sid === id}
      aria-current={!finished && sid === id ? 'step' : undefined}
    >
      <h2>
        <span className="tc-num">{STEPS.indexOf(sid) + 1}</span> {title}
      </h2>
      {children}
    </section>
  );

  return (
    <div className="tc-tour" ref={root} data-testid="tc-tour">
      <aside ref={card} tabIndex={-1} aria-label="Guided tour" className="tc-card panel" aria-live="polite" data-testid="tc-card" data-step={finished ? 'done' : id}>
        {finished ? (
          <div data-testid="tc-finished">
            <h2>Tour complete ✓</h2>
            <p>You have followed a review from the diff to its three scores. Now change things and see what moves.</p>
            <div className="toolbar">
              <button type="button" className="primary" onClick={() => onMode('whatif')}>
                Try “what if”
              </button>
              <button type="button" onClick={() => onMode('lessons')}>
                See where the metric fails
              </button>
              <button
                type="button"
                onClick={() => {
                  setFinished(false);
                  setStep(0);
                }}
              >
                Start again
              </button>
            </div>
          </div>
        ) : (
          <>
            <p className="tc-step-no muted small">
              Step {step + 1} of {STEPS.length}
            </p>
            <h2 data-testid="tc-step-title">{TITLES[id]}</h2>
            <p className="tc-text">{body.text}</p>
            <div className="tc-formula" data-testid="tc-formula">
              {body.formula}
            </div>
            <ol className="tc-dots" aria-label="Steps">
              {STEPS.map((s, k) => (
                <li key={s}>
                  <button type="button" className={k === step ? 'on' : k < step ? 'past' : ''} aria-label={`Step ${k + 1}: ${TITLES[s]}`} aria-current={k === step ? 'step' : undefined} onClick={() => setStep(k)} />
                </li>
              ))}
            </ol>
            <div className="toolbar tc-nav">
              <button type="button" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0} data-testid="tc-back">
                ← Back
              </button>
              {step < STEPS.length - 1 ? (
                <button type="button" className="primary" onClick={() => setStep((s) => s + 1)} data-testid="tc-next">
                  Next →
                </button>
              ) : (
                <button type="button" className="primary" onClick={() => setFinished(true)} data-testid="tc-finish">
                  Finish ✓
                </button>
              )}
              <span className="muted small">
                or <Kbd>←</Kbd> <Kbd>→</Kbd>
              </span>
            </div>
          </>
        )}
        <EncoderNotice kind={kind} pipes={pipes} />
      </aside>

      <div className="tc-panels">
        {panel('diff', `Code change · ${ex.fileName}`, <DiffLines diff={ex.diff} />)}
        {panel(
          'claims',
          'Claims and implications',
          <ol className="tc-list">
            {claims.map((p, k) => (
              <li key={k} className={pair?.row === k ? 'sel' : ''}>
                <span className="row-no">P{k + 1}</span> <span className={`badge kind-${p.kind}`}>{p.kind}</span> {p.text}
              </li>
            ))}
          </ol>,
        )}
        {panel(
          'smells',
          'Smells (analyzer issues)',
          smells.length ? (
            <ol className="tc-list">
              {smells.map((p, k) => (
                <li key={k}>
                  <span className="row-no">P{claims.length + k + 1}</span> <span className="badge kind-issue">issue</span> {p.text}
                </li>
              ))}
            </ol>
          ) : (
            <p className="notice small">No analyzer issue on the changed lines of this example: P = the {claims.length} claims above.</p>
          ),
        )}
        {panel(
          'sentences',
          `Review by ${ex.system}`,
          <>
            <blockquote className="tc-review">{ex.review}</blockquote>
            <ol className="sentences">
              {pipe.sentences.map((s, j) => (
                <li key={j} className={`sentence-chip ${pair?.col === j ? 'pinned' : ''}`}>
                  <span className="chip-button">
                    <span className="badge sentence">S{j + 1}</span> {s}
                  </span>
                </li>
              ))}
            </ol>
          </>,
        )}
        {panel('embeddings', 'Embeddings', <EmbeddingView ctx={ctx} />)}
        {panel('matrix', 'Similarity matrix', m ? <MatrixTable m={m} tau={tau} pair={pair} onPair={(p) => setPickedFor({ ex: ex.id, pair: p })} /> : <p className="muted">Waiting for the encoder…</p>, 'tc-wide')}
        {panel('tau', 'Threshold τ', <TauControl kind={kind} tau={tau} onTau={onTau} />)}
        {panel('scores', 'Scores', pipe.scores ? <ScoreTriple scores={pipe.scores} /> : <p className="muted">Waiting for the encoder…</p>)}
      </div>
    </div>
  );
}
