// Con, Comp and Rel under graded credit (plus's rule, on any similarity) and weights, with the live sums behind them.
import type { PlusScores } from '../../core/plus/score';
import { PLUS_OPTIONS } from '../../core/plus/preset';
import { ScoreCard } from './ScoreCards';

const f3 = (x: number) => x.toFixed(3);
const f2 = (x: number) => x.toFixed(2);
const dot = (a: number[], b: number[]) => a.reduce((s, x, k) => s + x * b[k], 0);
const sum = (a: number[]) => a.reduce((s, x) => s + x, 0);

export function PlusScoreCards({ scores }: { scores: PlusScores }) {
  const { ramp } = scores;
  const conGot = dot(scores.sentenceCredit, scores.sentenceWeight);
  const conAll = sum(scores.sentenceWeight);
  const compGot = dot(scores.pseudoReferenceCredit, scores.pseudoReferenceWeight);
  const compAll = sum(scores.pseudoReferenceWeight);
  const lo = String(Number(ramp.low.toFixed(4)));
  const hi = String(Number(ramp.high.toFixed(4)));
  return (
    <div className="score-cards" data-testid="score-cards" data-preset="plus">
      <ScoreCard
        dim="con"
        hint="conciseness · graded"
        value={scores.con}
        formula={
          <>
            Con = {f2(conGot)} of {f2(conAll)} sentence weight credited ({scores.sentencesAbove} of {scores.sentences} in full)
          </>
        }
        math={
          <>
            Σ<sub>r</sub> w(r)·credit(max<sub>p</sub> s) / Σ<sub>r</sub> w(r), w = information (IDF mass)
          </>
        }
      />
      <ScoreCard
        dim="comp"
        hint="comprehensiveness · graded"
        value={scores.comp}
        formula={
          <>
            Comp = {f2(compGot)} of {f2(compAll)} pseudo-reference weight credited ({scores.pseudoReferencesAbove} of {scores.pseudoReferences} in full)
          </>
        }
        math={<>issues weigh {PLUS_OPTIONS.issueWeight}; a pseudo-reference that others repeat is discounted</>}
      />
      <ScoreCard
        dim="rel"
        hint="relevance · graded"
        value={scores.rel}
        formula={
          <>
            Rel = 2·{f3(scores.con)}·{f3(scores.comp)} / ({f3(scores.con)} + {f3(scores.comp)})
          </>
        }
        math={
          <>
            credit(s) = 0 at s ≤ {lo}, 1 at s ≥ {hi} (τ), linear between
          </>
        }
      />
    </div>
  );
}
