// Con, Comp and Rel with their formulas and the live counts behind them.
import type { Scores } from '../../core/types';

import type { ReactNode } from 'react';

const pct = (x: number) => x.toFixed(3);

/** One score card: the dimension's name, its value, and the formula with the live numbers behind it. */
export function ScoreCard(props: {
  dim: 'con' | 'comp' | 'rel';
  hint: string;
  value: number;
  formula: ReactNode;
  math: ReactNode;
}) {
  const { dim, value } = props;
  return (
    <article className={dim === 'rel' ? 'score-card rel' : 'score-card'} data-testid={`score-${dim}`} data-value={value}>
      <h3>
        {dim === 'con' ? 'Con' : dim === 'comp' ? 'Comp' : 'Rel'} <span className="hint">{props.hint}</span>
      </h3>
      <div className="score-value">{pct(value)}</div>
      <p className="formula">{props.formula}</p>
      <p className="formula-math">{props.math}</p>
    </article>
  );
}

export function ScoreCards({ scores }: { scores: Scores }) {
  const t = String(Number(scores.tau.toFixed(4)));
  return (
    <div className="score-cards" data-testid="score-cards">
      <ScoreCard
        dim="con"
        hint="conciseness"
        value={scores.con}
        formula={
          <>
            Con = {scores.sentencesAbove} of {scores.sentences} review sentence{scores.sentences === 1 ? '' : 's'} above τ
          </>
        }
        math={
          <>
            |{'{'}r ∈ R : max<sub>p</sub> s(p,r) &gt; {t}{'}'}| / |R|
          </>
        }
      />
      <ScoreCard
        dim="comp"
        hint="comprehensiveness"
        value={scores.comp}
        formula={
          <>
            Comp = {scores.pseudoReferencesAbove} of {scores.pseudoReferences} pseudo-reference
            {scores.pseudoReferences === 1 ? '' : 's'} above τ
          </>
        }
        math={
          <>
            |{'{'}p ∈ P : max<sub>r</sub> s(p,r) &gt; {t}{'}'}| / |P|
          </>
        }
      />
      <ScoreCard
        dim="rel"
        hint="relevance"
        value={scores.rel}
        formula={
          <>
            Rel = 2·Con·Comp / (Con + Comp) = 2·{pct(scores.con)}·{pct(scores.comp)} / ({pct(scores.con)} +{' '}
            {pct(scores.comp)})
          </>
        }
        math="harmonic mean; 0 when Con + Comp = 0"
      />
    </div>
  );
}
