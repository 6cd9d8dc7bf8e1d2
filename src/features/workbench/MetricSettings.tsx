// The metric's two settings, side by side: which similarity, and which scoring rule. "CRScore (paper)" and
// "CRScore plus" are one-click shortcuts for both; any other pair shows as custom.
import { fmtCv } from '../../core/learned/index';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset';
import { useLinker } from '../../store/shared/linker';
import type { Session } from '../../store/session/session';
import { Segmented } from '../../ui/Segmented';
import { applyShortcut, shortcutOf, withMetric, type Metric } from './metric';

export function MetricSettings({ metric, set }: { metric: Metric; set: (fn: (s: Session) => Session) => void }) {
  const shortcut = shortcutOf(metric);
  const linker = useLinker();
  const cv = linker.weights.crossValidation;
  const learned = metric.similarity === 'learned';
  return (
    <>
      <div className="panel-head">
        <h2 id="h-metric">Metric</h2>
        <Segmented
          labelledBy="h-metric"
          value={shortcut}
          onChange={(p) => p !== 'custom' && set((s) => applyShortcut(s, p, linker.weights.scoring))}
          options={[
            { value: 'paper', label: 'CRScore (paper)', testId: 'preset-paper' },
            { value: 'plus', label: 'CRScore plus', testId: 'preset-plus' },
            { value: 'learned', label: 'CRScore learned', testId: 'preset-learned' },
          ]}
        />
      </div>
      <div className="panel-head">
        <h3 id="h-sim" className="sub">
          Similarity
        </h3>
        <Segmented
          labelledBy="h-sim"
          value={metric.similarity}
          onChange={(similarity) => set((s) => withMetric(s, { similarity }, linker.weights.scoring))}
          options={[
            { value: 'embedding', label: 'Embedding model', testId: 'similarity-embedding' },
            { value: 'lexical', label: 'Lexical', testId: 'similarity-lexical' },
            { value: 'tfidf', label: 'TF-IDF (plus)', testId: 'similarity-tfidf' },
            { value: 'learned', label: 'Learned linker', testId: 'similarity-learned' },
          ]}
        />
      </div>
      <div className="panel-head">
        <h3 id="h-rule" className="sub">
          Scoring
        </h3>
        <Segmented
          labelledBy="h-rule"
          value={metric.scoring}
          onChange={(scoring) => set((s) => withMetric(s, { scoring }))}
          options={[
            { value: 'hard', label: learned ? 'Hard: probability > τ' : "Paper's hard τ", testId: 'scoring-hard' },
            { value: 'graded', label: learned ? 'Probabilities as credit' : 'Graded credit', testId: 'scoring-graded' },
          ]}
        />
      </div>
      <p className="muted small" data-testid="metric-note" data-shortcut={shortcut}>
        {metric.similarity === 'lexical' && 'Lexical: overlap of word tokens (stopwords removed, identifiers split). Instant; the paper uses a sentence embedding. '}
        {metric.similarity === 'tfidf' &&
          `TF-IDF: plus's stemmed, identifier-aware TF-IDF on a fixed English background. Offline and instant; it keeps its own τ (default ${PLUS_DEFAULT_CALIBRATION.tau}, the paper's calibration on the human study's gpt3.5 reviews). `}
        {learned && (
          <span data-testid="learned-note">
            Learned linker: a small logistic regression predicts which pseudo-references the review addresses from TF-IDF and word overlap, rank among the
            pseudo-references, shared code identifiers, words of the changed lines, lengths, code quotes and the pseudo-reference&apos;s type. Weights: {linker.name}
            {cv ? `; cross-validated on ${linker.weights.training.dataset} (${cv.folds} folds of changes): Rel ρ ${fmtCv(cv.relSpearman)}, system ranking ρ ${fmtCv(cv.systemSpearman)}, link AUC ${fmtCv(cv.auc)}` : ''}.
            The matrix shows link probabilities; click a cell for the features behind it.{' '}
          </span>
        )}
        {learned
          ? metric.scoring === 'graded'
            ? 'Probabilities as credit: Con is the mean of each sentence’s strongest link, Comp the mean of each pseudo-reference’s; τ only outlines the cells above it.'
            : `Hard: a pair links where its probability is above τ (the linker’s cross-validated threshold is ${linker.weights.threshold}).`
          : metric.scoring === 'graded'
          ? `Graded credit: from τ − sd (${PLUS_DEFAULT_CALIBRATION.sd}) up to τ, analyzer issues weighted ¼, a pseudo-reference that others repeat discounted, sentences weighted by information.`
          : 'Hard τ: a sentence or pseudo-reference counts when its best similarity is above τ (the paper).'}
      </p>
    </>
  );
}
