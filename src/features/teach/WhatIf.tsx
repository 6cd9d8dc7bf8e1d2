// "What if": the learner edits the review; each pseudo-reference shows whether it is covered now, and
// whether the edit gained or lost it, and the scores show how far they moved from the paper's review.
import { useMemo } from 'react';
import { coverageChange } from '../../core/teaching';
import type { PaperExample } from '../../examples/paper';
import type { SimilarityKind } from '../../store/shared/bundledEncoder';
import { EncoderNotice, f3, ScoreTriple, TauControl } from './parts';
import { usePipelines } from './usePipelines';

const COVER_LABEL = { gained: 'newly covered', lost: 'no longer covered', kept: 'covered', none: 'not covered' } as const;

/** Experiments one click away, built from the example itself. */
function experiments(ex: PaperExample): { label: string; text: string }[] {
  const added = ex.diff.split('\n').find((l) => l.startsWith('+') && !l.startsWith('+++'))?.slice(1).trim() ?? '';
  const firstClaim = ex.pseudoReferences[0]?.text.split(/(?<=\.)\s/)[0] ?? '';
  return [
    { label: 'Restate the first claim', text: `${ex.review}\n${firstClaim}` },
    { label: 'Add an off-topic sentence', text: `${ex.review}\nPlease also fix the typo in the README.` },
    { label: 'Paste code from the diff', text: `${ex.review}\nShouldn't this be \`${added}\`?` },
    { label: 'A brief question', text: 'Why is this needed?' },
  ];
}

interface Props {
  ex: PaperExample;
  kind: SimilarityKind;
  tau: number;
  onTau(t: number): void;
  review: string;
  onReview(r: string): void;
  onLexical(): void;
}

export function WhatIf({ ex, kind, tau, onTau, review, onReview, onLexical }: Props) {
  const cases = useMemo(() => [{ refs: ex.pseudoReferences, review: ex.review }, { refs: ex.pseudoReferences, review }], [ex, review]);
  const pipes = usePipelines(kind, tau, cases);
  const [orig, now] = pipes.cases;
  const change = orig.scores && now.scores ? coverageChange(orig.scores, now.scores) : null;
  const exps = useMemo(() => experiments(ex), [ex]);

  return (
    <div className="tc-whatif" data-testid="tc-whatif">
      <div className="tc-col">
        <section className="panel">
          <div className="panel-head">
            <h2>Edit the review</h2>
            <button type="button" className="small" onClick={() => onReview(ex.review)} disabled={review === ex.review} data-testid="tc-reset">
              Back to the paper's review
            </button>
          </div>
          <textarea
            rows={5}
            value={review}
            onChange={(e) => onReview(e.currentTarget.value)}
            aria-label="Review to score"
            data-testid="tc-review"
            placeholder="Write a review of the change…"
          />
          <p className="muted small">Scores follow as you type. The paper's review, by {ex.system}, is the baseline the changes are measured from.</p>
          <div className="tc-exps">
            <span className="small muted">Try:</span>
            {exps.map((x) => (
              <button key={x.label} type="button" className="small" onClick={() => onReview(x.text)}>
                {x.label}
              </button>
            ))}
          </div>
          <h3 className="sub">Sentences the metric sees</h3>
          <ol className="sentences" data-testid="tc-sentences">
            {now.sentences.map((s, j) => {
              const b = now.scores?.bestForSentence[j];
              const on = !!b && b.index >= 0 && b.similarity > tau;
              return (
                <li key={j} className={`sentence-chip ${on ? 'matched' : 'unmatched'}`}>
                  <span className="chip-button">
                    <span className="badge sentence">S{j + 1}</span> {s}{' '}
                    {b && b.index >= 0 && (
                      <span className={`best ${on ? 'ok' : ''}`}>
                        best P{b.index + 1} {f3(b.similarity)}
                      </span>
                    )}
                  </span>
                </li>
              );
            })}
          </ol>
        </section>
        <section className="panel">
          <h2>Threshold</h2>
          <TauControl kind={kind} tau={tau} onTau={onTau} />
        </section>
      </div>
      <div className="tc-col">
        <EncoderNotice kind={kind} pipes={pipes} onLexical={onLexical} />
        <section className="panel">
          <h2>Scores, and how they moved</h2>
          {now.scores ? <ScoreTriple scores={now.scores} before={orig.scores} testid="tc-wi" /> : <p className="muted">Waiting for the encoder…</p>}
        </section>
        <section className="panel">
          <h2>
            Pseudo-references <span className="count">covered when a sentence is above τ</span>
          </h2>
          <ol className="tc-cover" data-testid="tc-cover">
            {now.pTexts.map((t, i) => {
              const st = change?.[i] ?? 'none';
              const b = now.scores?.bestForPseudoReference[i];
              return (
                <li key={i} className={`tc-cover-${st}`} data-testid="tc-cover-item" data-state={st}>
                  <div className="pref-head">
                    <span className="row-no">P{i + 1}</span>
                    <span className={`tc-state ${st}`}>{COVER_LABEL[st]}</span>
                    <span className="spacer" />
                    {b && b.index >= 0 && (
                      <span className={`best ${b.similarity > tau ? 'ok' : ''}`}>
                        best S{b.index + 1}: {f3(b.similarity)} {b.similarity > tau ? '>' : '≤'} τ
                      </span>
                    )}
                  </div>
                  <p>{t}</p>
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </div>
  );
}
