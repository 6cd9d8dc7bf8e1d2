// The Teach tab: a guided tour of the metric on one of the paper's examples, a "what if" mode to edit the
// review, and the paper's failure cases as lessons. Offline on the bundled encoder; lexical is the quick fallback.
import { useEffect, useMemo, useState } from 'react';
import { paperExamples, type PaperExample } from '../../examples/paper';
import { DEFAULT_TAU, SIMILARITY_LABEL, type SimilarityKind } from '../../store/shared/bundledEncoder';
import { Lessons } from './Lessons';
import { tauWords } from './parts';
import { Tour } from './Tour';
import { usePipelines } from './usePipelines';
import { WhatIf } from './WhatIf';
import { Segmented } from '../../ui/Segmented';
import '../../ui/ui.css';
import './teach.css';

type Mode = 'tour' | 'whatif' | 'lessons';

const MODES: { id: Mode; label: string; hint: string }[] = [
  { id: 'tour', label: 'Guided tour', hint: 'from the diff to the scores, step by step' },
  { id: 'whatif', label: 'What if', hint: 'edit the review, watch coverage and scores move' },
  { id: 'lessons', label: 'Where it fails', hint: "the paper's failure cases, live" },
];

declare global {
  interface Window {
    /** Read-only view for tests: the tour's matrix and texts behind what is on screen. */
    __crscoreTeach?: { matrix: { rows: number; cols: number; data: number[] } | null; sentences: string[]; pTexts: string[]; tau: number; kind: SimilarityKind };
  }
}

export default function TeachView() {
  const [mode, setMode] = useState<Mode>('tour');
  const [exId, setExId] = useState('paper-has-all-data');
  const [kind, setKind] = useState<SimilarityKind>('use-lite');
  const [tau, setTau] = useState(DEFAULT_TAU['use-lite']);
  const ex = paperExamples.find((e) => e.id === exId) ?? paperExamples[0];
  const [review, setReview] = useState(ex.review);

  const pickExample = (e: PaperExample, r = e.review) => {
    setExId(e.id);
    setReview(r);
  };
  const pickKind = (k: SimilarityKind) => {
    setKind(k);
    setTau(DEFAULT_TAU[k]);
  };

  const tourCases = useMemo(() => [{ refs: ex.pseudoReferences, review: ex.review }], [ex]);
  const tourPipes = usePipelines(kind, tau, tourCases);
  const tp = tourPipes.cases[0];
  useEffect(() => {
    const m = tp.matrix;
    window.__crscoreTeach = {
      get matrix() {
        return m ? { rows: m.rows, cols: m.cols, data: Array.from(m.data) } : null;
      },
      sentences: tp.sentences,
      pTexts: tp.pTexts,
      tau,
      kind,
    };
  }, [tp, tau, kind]);

  return (
    <div className="teach" data-testid="teach">
      <header className="tc-head">
        <div>
          <h1>Learn how CRScore scores a review</h1>
          <p className="muted small">
            CRScore (Naik et al., NAACL 2025) rates a code review without a reference review: it checks the review against claims and smells derived
            from the change.
          </p>
        </div>
        <nav className="segmented tc-modes" role="tablist" aria-label="Teaching mode">
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              role="tab"
              aria-selected={mode === m.id}
              className={mode === m.id ? 'on' : ''}
              title={m.hint}
              onClick={() => setMode(m.id)}
              data-testid={`tc-mode-${m.id}`}
            >
              {m.label}
            </button>
          ))}
        </nav>
      </header>
      <div className="toolbar tc-controls">
        {mode !== 'lessons' && (
          <label className="inline">
            Example
            <select value={ex.id} onChange={(e) => pickExample(paperExamples.find((x) => x.id === e.currentTarget.value)!)} data-testid="tc-example">
              {paperExamples.map((e) => (
                <option key={e.id} value={e.id}>
                  {e.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <Segmented
          label="Similarity"
          value={kind}
          onChange={pickKind}
          options={(['use-lite', 'lexical'] as const).map((k) => ({ value: k, label: SIMILARITY_LABEL[k], testId: `tc-sim-${k}` }))}
        />
        <span className="muted small">{MODES.find((m) => m.id === mode)!.hint}</span>
      </div>
      {mode !== 'lessons' && (
        <p className="muted small tc-note" data-testid="tc-note">
          {ex.note}
          {mode === 'tour' && tp.scores ? (
            <>
              {' '}
              Here, with {SIMILARITY_LABEL[kind]} at τ {tau}, it scores Rel <span data-testid="tc-note-rel">{tp.scores.rel.toFixed(3)}</span>.
              {/Rel 0\b/.test(ex.note) && tp.scores.rel > 0 && (
                <span data-testid="tc-note-why">
                  {' '}
                  Not the paper&apos;s 0: the paper scored it with mxbai-embed-large at τ 0.7314 and its own claims; this similarity, {tauWords(kind, tau).text}, finds a
                  sentence and a pseudo-reference close enough to match. Its failure cases show under &ldquo;Where it fails&rdquo;.
                </span>
              )}
            </>
          ) : null}
        </p>
      )}

      {mode === 'tour' && <Tour ex={ex} kind={kind} tau={tau} onTau={setTau} pipes={tourPipes} onMode={setMode} />}
      {mode === 'whatif' && <WhatIf ex={ex} kind={kind} tau={tau} onTau={setTau} review={review} onReview={setReview} onLexical={() => pickKind('lexical')} />}
      {mode === 'lessons' && (
        <Lessons
          kind={kind}
          tau={tau}
          onLexical={() => pickKind('lexical')}
          onOpen={(e, r) => {
            pickExample(e, r);
            setMode('whatif');
          }}
        />
      )}
    </div>
  );
}
