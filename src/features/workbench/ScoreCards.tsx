// Con, Comp and Rel with their formulas and the live counts behind them.
import type { Scores } from '../../core/types';

const pct = (x: number) => x.toFixed(3);

export function ScoreCards({ scores }: { scores: Scores }) {
  const t = String(Number(scores.tau.toFixed(4)));
  return (
    <div className="score-cards" data-testid="score-cards">
      <article className="score-card" data-testid="score-con" data-value={scores.con}>
        <h3>
          Con <span className="hint">conciseness</span>
        </h3>
        <div className="score-value">{pct(scores.con)}</div>
        <p className="formula">
          Con = {scores.sentencesAbove} of {scores.sentences} review sentence{scores.sentences === 1 ? '' : 's'} above τ
        </p>
        <p className="formula-math">
          |{'{'}r ∈ R : max<sub>p</sub> s(p,r) &gt; {t}{'}'}| / |R|
        </p>
      </article>
      <article className="score-card" data-testid="score-comp" data-value={scores.comp}>
        <h3>
          Comp <span className="hint">comprehensiveness</span>
        </h3>
        <div className="score-value">{pct(scores.comp)}</div>
        <p className="formula">
          Comp = {scores.pseudoReferencesAbove} of {scores.pseudoReferences} pseudo-reference{scores.pseudoReferences === 1 ? '' : 's'} above τ
        </p>
        <p className="formula-math">
          |{'{'}p ∈ P : max<sub>r</sub> s(p,r) &gt; {t}{'}'}| / |P|
        </p>
      </article>
      <article className="score-card rel" data-testid="score-rel" data-value={scores.rel}>
        <h3>
          Rel <span className="hint">relevance</span>
        </h3>
        <div className="score-value">{pct(scores.rel)}</div>
        <p className="formula">
          Rel = 2·Con·Comp / (Con + Comp) = 2·{pct(scores.con)}·{pct(scores.comp)} / ({pct(scores.con)} + {pct(scores.comp)})
        </p>
        <p className="formula-math">harmonic mean; 0 when Con + Comp = 0</p>
      </article>
    </div>
  );
}
