import { memo } from 'react';
// What the review missed and what it said that matches nothing, at the current τ.
import type { Scores } from '../../core/types';
import type { PseudoReferenceItem } from '../../store/session/session';
import { useWorkbench } from '../../store/session/workbench';

interface Props {
  scores: Scores;
  refs: PseudoReferenceItem[];
  sentences: string[];
}

export const Feedback = memo(function Feedback({ scores, refs, sentences }: Props) {
  const setPinned = useWorkbench((s) => s.setPinned);
  // The scores arrive deferred: for one render they may describe the lists before a pseudo-reference was switched
  // off or a sentence removed, so an index past the current lists is skipped rather than read.
  const missed = scores.bestForPseudoReference.map((b, i) => ({ b, i })).filter(({ b, i }) => refs[i] && !(b.index >= 0 && b.similarity > scores.tau));
  const unmatched = scores.bestForSentence
    .map((b, j) => ({ b, j }))
    .filter(({ b, j }) => sentences[j] !== undefined && sentences[j].trim() !== '' && !(b.index >= 0 && b.similarity > scores.tau));
  return (
    <div className="feedback">
      <section>
        <h3>
          Pseudo-references the review missed <span className="count">{missed.length}</span>
        </h3>
        {missed.length === 0 ? (
          <p className="muted">None: every pseudo-reference has a sentence above τ.</p>
        ) : (
          <ul data-testid="missed-prefs">
            {missed.map(({ b, i }) => (
              <li key={i}>
                <button type="button" className="linklike" onClick={() => b.index >= 0 && setPinned({ row: i, col: b.index })}>
                  <span className={`badge kind-${refs[i].kind}`}>P{i + 1}</span> {refs[i].text}
                </button>
                <span className="best">best {b.index >= 0 ? `S${b.index + 1} at ${b.similarity.toFixed(3)}` : '—'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section>
        <h3>
          Review sentences that matched nothing <span className="count">{unmatched.length}</span>
        </h3>
        {unmatched.length === 0 ? (
          <p className="muted">None: every sentence matches a pseudo-reference above τ.</p>
        ) : (
          <ul data-testid="unmatched-sentences">
            {unmatched.map(({ b, j }) => (
              <li key={j}>
                <button type="button" className="linklike" onClick={() => b.index >= 0 && setPinned({ row: b.index, col: j })}>
                  <span className="badge sentence">S{j + 1}</span> {sentences[j]}
                </button>
                <span className="best">best {b.index >= 0 ? `P${b.index + 1} at ${b.similarity.toFixed(3)}` : '—'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
});
