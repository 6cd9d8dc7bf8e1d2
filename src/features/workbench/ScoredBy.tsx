// One line under the Scores heading that names the configuration behind the numbers (preset, similarity, rule,
// τ), so a newcomer knows what scored the case. Under the learned preset, the paper's CRScore is one click away.
import { PAPER_TAU } from '../../store/session/session';
import type { Session } from '../../store/session/session';
import { formatTau } from './TauSlider';
import { applyShortcut, shortcutOf, type Metric } from './metric';

const SIMILARITY = { embedding: 'the embedding model', lexical: 'lexical overlap', tfidf: 'stemmed TF-IDF', learned: 'the learned linker' } as const;

export function ScoredBy({ metric, tau, encoder, set }: { metric: Metric; tau: number; encoder?: string; set: (fn: (s: Session) => Session) => void }) {
  const shortcut = shortcutOf(metric);
  const t = formatTau(tau);
  const graded = metric.scoring === 'graded';
  const sim = metric.similarity === 'embedding' && encoder ? `the embedding model ${encoder}` : SIMILARITY[metric.similarity];
  let body;
  if (shortcut === 'learned')
    body = (
      <>
        <strong>CRScore learned</strong>, offline like <code>crscore score</code>: link probabilities {graded ? `as credit (τ ${t} marks links)` : `above τ ${t}`}
        .{' '}
        <button type="button" className="linklike" data-testid="scored-by-paper" onClick={() => set((s) => applyShortcut(s, 'paper'))}>
          As in the paper: embedding, τ {PAPER_TAU}
        </button>
      </>
    );
  else if (shortcut === 'plus')
    body = (
      <>
        <strong>CRScore plus</strong>: stemmed TF-IDF with graded credit up to τ {t}. Offline.
      </>
    );
  else if (shortcut === 'paper')
    body = (
      <>
        <strong>CRScore (paper)</strong>: {sim} with the paper&apos;s hard τ {t}.
      </>
    );
  else
    body = (
      <>
        <strong>Custom</strong>: {sim} with {graded ? 'graded credit' : 'hard τ'} at τ {t}.
      </>
    );
  return (
    <p className="small scored-by" data-testid="scored-by" data-config={shortcut}>
      Scored by {body}
    </p>
  );
}
