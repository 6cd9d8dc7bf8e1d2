// "What if": the learner edits the review; each pseudo-reference shows whether it is covered now, and
// whether the edit gained or lost it, and the scores show how far they moved from the paper's review.
import { useMemo } from 'react';
import { bestCell, coverageChange, pasteCodeExperiment, type PasteCode } from '../../core/teaching';
import type { SimilarityMatrix } from '../../core/types';
import type { PaperExample } from '../../examples/paper';
import type { SimilarityKind } from '../../store/shared/bundledEncoder';
import { EncoderNotice, f3, ScoreTriple, TauControl } from './parts';
import { usePipelines } from './usePipelines';

const bestOf = (m: SimilarityMatrix) => bestCell(m)?.value ?? NaN;

const COVER_LABEL = { gained: 'newly covered', lost: 'no longer covered', kept: 'covered', none: 'not covered' } as const;

/** Experiments one click away, built from the example itself. */
function experiments(ex: PaperExample, paste: PasteCode | null): { label: string; text: string; title?: string }[] {
  const firstClaim = ex.pseudoReferences[0]?.text.split(/(?<=\.)\s/)[0] ?? '';
  return [
    { label: 'Restate the first claim', text: `${ex.review}\n${firstClaim}` },
    { label: 'Add an off-topic sentence', text: `${ex.review}\nPlease also fix the typo in the README.` },
    ...(paste
      ? [{ label: 'Paste code from the diff', text: paste.text, title: "The paper's overestimation case by hand: a question quoting the changed line" }]
      : []),
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
  const paste = useMemo(() => pasteCodeExperiment(ex.diff, ex.review), [ex]);
  // The pasted question alone, with its code and masked: what the code adds to its similarity.
  const cases = useMemo(
    () => [
      { refs: ex.pseudoReferences, review: ex.review },
      { refs: ex.pseudoReferences, review },
      ...(paste ? [{ refs: ex.pseudoReferences, review: paste.sentence }, { refs: ex.pseudoReferences, review: paste.masked }] : []),
    ],
    [ex, review, paste],
  );
  const pipes = usePipelines(kind, tau, cases);
  const [orig, now, pWith, pMasked] = pipes.cases;
  const change = orig.scores && now.scores ? coverageChange(orig.scores, now.scores) : null;
  const exps = useMemo(() => experiments(ex, paste), [ex, paste]);
  const pasted = paste && review === paste.text && pWith?.matrix && pMasked?.matrix && orig.scores && now.scores ? { with: bestOf(pWith.matrix), masked: bestOf(pMasked.matrix) } : null;

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
              <button key={x.label} type="button" className="small" title={x.title} onClick={() => onReview(x.text)}>
                {x.label}
              </button>
            ))}
          </div>
          {pasted && paste && orig.scores && now.scores && (
            <p className="tc-hint small" data-testid="tc-paste-why" data-with={pasted.with} data-masked={pasted.masked}>
              The pasted question, S{now.sentences.length}: best s <strong>{f3(pasted.with)}</strong> with the code, {f3(pasted.masked)} with it masked
              (&ldquo;{paste.masked}&rdquo;). Copied code raises similarity, because the claims quote the same code: the paper&apos;s overestimation case.{' '}
              {pasted.with > tau
                ? `Above τ ${tau}, the metric counts it on topic: Rel ${f3(orig.scores.rel)} → ${f3(now.scores.rel)}.`
                : `Here it stays at or below τ ${tau}, so it is one more sentence off topic: Con ${f3(orig.scores.con)} → ${f3(now.scores.con)}, Rel ${f3(orig.scores.rel)} → ${f3(now.scores.rel)}. An encoder or τ that puts it above τ would credit it.`}
            </p>
          )}
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
