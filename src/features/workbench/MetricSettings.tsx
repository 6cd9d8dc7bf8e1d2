// The metric's two settings, side by side: which similarity, and which scoring rule. "CRScore (paper)" and
// "CRScore plus" are one-click shortcuts for both; any other pair shows as custom.
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset';
import type { Session } from '../../store/session';
import { Segmented } from '../../ui/Segmented';
import { applyShortcut, shortcutOf, withMetric, type Metric } from './metric';

export function MetricSettings({ metric, set }: { metric: Metric; set: (fn: (s: Session) => Session) => void }) {
  const shortcut = shortcutOf(metric);
  return (
    <>
      <div className="panel-head">
        <h2 id="h-metric">Metric</h2>
        <Segmented
          labelledBy="h-metric"
          value={shortcut}
          onChange={(p) => p !== 'custom' && set((s) => applyShortcut(s, p))}
          options={[
            { value: 'paper', label: 'CRScore (paper)', testId: 'preset-paper' },
            { value: 'plus', label: 'CRScore plus', testId: 'preset-plus' },
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
          onChange={(similarity) => set((s) => withMetric(s, { similarity }))}
          options={[
            { value: 'embedding', label: 'Embedding model', testId: 'similarity-embedding' },
            { value: 'lexical', label: 'Lexical', testId: 'similarity-lexical' },
            { value: 'tfidf', label: 'TF-IDF (plus)', testId: 'similarity-tfidf' },
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
            { value: 'hard', label: "Paper's hard τ", testId: 'scoring-hard' },
            { value: 'graded', label: 'Graded credit', testId: 'scoring-graded' },
          ]}
        />
      </div>
      <p className="muted small" data-testid="metric-note" data-shortcut={shortcut}>
        {metric.similarity === 'lexical' && 'Lexical: overlap of word tokens (stopwords removed, identifiers split). Instant; the paper uses a sentence embedding. '}
        {metric.similarity === 'tfidf' &&
          `TF-IDF: plus's stemmed, identifier-aware TF-IDF on a fixed English background. Offline and instant; it keeps its own τ (default ${PLUS_DEFAULT_CALIBRATION.tau}, the paper's calibration on the human study's gpt3.5 reviews). `}
        {metric.scoring === 'graded'
          ? `Graded credit: from τ − sd (${PLUS_DEFAULT_CALIBRATION.sd}) up to τ, analyzer issues weighted ¼, a pseudo-reference that others repeat discounted, sentences weighted by information.`
          : 'Hard τ: a sentence or pseudo-reference counts when its best similarity is above τ (the paper).'}
      </p>
    </>
  );
}
