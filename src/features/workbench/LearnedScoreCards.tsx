// Con, Comp and Rel under the learned linker with probabilities as credit: means of the strongest link per
// sentence and per pseudo-reference (the links scorer, src/core/links), with the live numbers.
import type { Scores } from '../../core/types';
import { ScoreCard } from './ScoreCards';
import type { LearnedState } from './useLearned';

const f = (x: number) => x.toFixed(3);

export function LearnedScoreCards({ scores, learned }: { scores: Scores; learned: LearnedState }) {
  const P = learned.probabilities.length;
  const S = learned.features.cols;
  return (
    <div className="score-cards" data-testid="score-cards" data-rule="learned-graded">
      <ScoreCard
        dim="con"
        hint="conciseness"
        value={scores.con}
        formula={<>Con = mean over the {S} review sentence{S === 1 ? '' : 's'} of each one&apos;s strongest link probability</>}
        math={<>Σ<sub>r</sub> max<sub>p</sub> ℓ(p,r) / |R|</>}
      />
      <ScoreCard
        dim="comp"
        hint="comprehensiveness"
        value={scores.comp}
        formula={<>Comp = mean over the {P} pseudo-reference{P === 1 ? '' : 's'} of the probability that the review addresses it</>}
        math={<>Σ<sub>p</sub> max<sub>r</sub> ℓ(p,r) / |P|</>}
      />
      <ScoreCard
        dim="rel"
        hint="relevance"
        value={scores.rel}
        formula={
          <>
            Rel = 2·Con·Comp / (Con + Comp) = 2·{f(scores.con)}·{f(scores.comp)} / ({f(scores.con)} + {f(scores.comp)})
          </>
        }
        math="harmonic mean; 0 when Con + Comp = 0"
      />
    </div>
  );
}
