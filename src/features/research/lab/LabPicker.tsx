// The lab's metric picker: which metrics to measure (CRScore in any similarity × scoring rule, BLEU, chrF, ROUGE-L, METEOR,
// embedding to the reference, the LLM grade and the LLM judge), the baseline of the paired differences, and the LLM
// metrics' prompts, shown and editable (the template in use is recorded in every export).
import {
  DEFAULT_GRADE_PROMPT,
  DEFAULT_JUDGE_PROMPT,
  templateProblem,
} from '../../../core/lab/index';
import {
  LAB_METRIC_KINDS,
  LAB_SETTINGS_KEY,
  METRIC_LABELS,
  REFERENCE_METRICS,
  useLlmMetrics,
  type LabMetricKind,
} from '../../../settings/llmMetrics';
import { useStorageRefusals } from '../../../settings/storageWrites';
import { useLab } from '../../../store/lab/lab';
import { useLabRefs } from '../../../store/lab/labRefs';

const HINTS: Record<string, string> = {
  crscore:
    'Con, Comp, Rel from the Research run above: its similarity, scoring rule and τ (Naik et al. 2025)',
  bleu: 'against the human reference review',
  chrf: 'against the human reference review',
  'rouge-l': "against the reference, Porter-stemmed as rouge_score's use_stemmer (Jiang et al. 2025, GradedReviews)",
  meteor:
    "NLTK's meteor_score against the reference: exact, stem and WordNet synonym stages (WordNet, ~4.5 MB, is fetched when ticked)",
  'embed-ref': "cosine to the reference review, on the Research run's encoder (Jiang et al. 2025, GradedReviews)",
  'llm-grade':
    '1–5 against the reference: three calls, majority, 5→4 unless identical (Jiang et al. 2025, GradedReviews §5.2)',
  'llm-judge': 'Con, Comp and Rel 1–5 from the diff alone (Guo et al. 2025, CodeFuse-CR-Bench)',
};

/** Ids the baseline may be: the core's column ids of every ticked metric. */
export function baselineChoices(
  metrics: readonly LabMetricKind[],
): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  for (const k of metrics) {
    if (k === 'crscore')
      out.push(
        { id: 'crscore.rel', label: 'CRScore Rel' },
        { id: 'crscore.con', label: 'CRScore Con' },
        { id: 'crscore.comp', label: 'CRScore Comp' },
      );
    else if (k === 'llm-judge') out.push({ id: 'llm-judge.rel', label: 'LLM judge relevance' });
    else out.push({ id: k === 'embed-ref' ? 'embed-ref' : k, label: METRIC_LABELS[k] });
  }
  return out;
}

function PromptEditor({ kind, disabled }: { kind: 'grade' | 'judge'; disabled: boolean }) {
  const s = useLlmMetrics();
  const value =
    (kind === 'grade' ? s.gradePrompt : s.judgePrompt) ??
    (kind === 'grade' ? DEFAULT_GRADE_PROMPT : DEFAULT_JUDGE_PROMPT);
  const edited = (kind === 'grade' ? s.gradePrompt : s.judgePrompt) != null;
  const problem = templateProblem(kind, value);
  const set = (v: string | null) =>
    s.update(kind === 'grade' ? { gradePrompt: v } : { judgePrompt: v });
  return (
    <details className="lab-prompt" data-testid={`lab-prompt-${kind}`}>
      <summary>
        {kind === 'grade' ? 'LLM grade prompt' : 'LLM judge prompt'}{' '}
        {edited ? <strong>(edited)</strong> : <span className="muted small">(default)</span>}
      </summary>
      <textarea
        value={value}
        rows={12}
        spellCheck={false}
        disabled={disabled}
        aria-label={kind === 'grade' ? 'LLM grade prompt' : 'LLM judge prompt'}
        onChange={(e) => set(e.target.value)}
        data-testid={`lab-prompt-${kind}-text`}
      />
      <div className="r-controls">
        <span className="muted small">
          Placeholders:{' '}
          {kind === 'grade'
            ? '{{review}}, {{reference}}'
            : '{{diff}}, {{review}}, {{pseudo_references}} (empty unless ticked)'}
          . Answers already cached for another prompt are not reused.
        </span>
        {edited && (
          <button type="button" className="small" disabled={disabled} onClick={() => set(null)}>
            Reset to default
          </button>
        )}
      </div>
      {problem && (
        <p className="r-error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}

export function LabPicker({ disabled }: { disabled: boolean }) {
  const s = useLlmMetrics();
  const baselines = baselineChoices(s.metrics);
  // A saved baseline that is not ticked (CRScore Rel, the default, with CRScore off) is not what the table uses: the
  // store falls back to the first measured column, and the selector shows that one rather than an unmeasured id.
  const used = useLab((l) => l.stats.baseline);
  const shown = baselines.some((b) => b.id === s.baseline)
    ? s.baseline
    : (baselines.find((b) => b.id === used) ?? baselines[0])?.id ?? '';
  const llm = s.metrics.includes('llm-grade') || s.metrics.includes('llm-judge');
  const unsaved = useStorageRefusals((r) => r[LAB_SETTINGS_KEY]);
  return (
    <div className="lab-picker" data-testid="lab-picker">
      {unsaved && (
        <p className="r-warn small" role="alert" data-testid="lab-settings-unsaved">
          The lab&apos;s choices (metrics, edited prompts) could not be saved on this device: {unsaved}. They are used in this tab until it is closed.
        </p>
      )}
      <fieldset disabled={disabled} className="lab-metrics">
        <legend>Metrics</legend>
        {LAB_METRIC_KINDS.map((k) => (
          <div key={k} className="lab-metric">
            <label>
              <input
                type="checkbox"
                checked={s.metrics.includes(k)}
                onChange={(e) => s.toggleMetric(k, e.target.checked)}
                data-testid={`lab-metric-${k}`}
              />{' '}
              {METRIC_LABELS[k]}
            </label>
            <span className="muted small"> · {HINTS[k]}</span>
            {REFERENCE_METRICS.has(k) && (
              <span
                className="lab-tag"
                title="not applicable to reviews of a change without a reference review"
              >
                needs reference
              </span>
            )}
            {k === 'meteor' && s.metrics.includes('meteor') && <MeteorTokenizer disabled={disabled} />}
            {k === 'llm-judge' && s.metrics.includes('llm-judge') && (
              <div className="lab-variants">
                <label>
                  <input
                    type="checkbox"
                    checked={s.judgeWithPseudoRefs}
                    onChange={(e) => s.update({ judgeWithPseudoRefs: e.target.checked })}
                    data-testid="lab-judge-prefs"
                  />{' '}
                  show the pseudo-references to the judge
                </label>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <div className="r-controls">
        <label>
          Baseline{' '}
          <select
            value={shown}
            disabled={disabled || !baselines.length}
            onChange={(e) => s.update({ baseline: e.target.value })}
            data-testid="lab-baseline"
          >
            {!baselines.length && <option value="">none (no metric ticked)</option>}
            {baselines.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Resamples{' '}
          <input
            type="number"
            min={0}
            max={10000}
            step={100}
            value={s.resamples}
            disabled={disabled}
            onChange={(e) => s.update({ resamples: Math.max(0, Number(e.target.value) || 0) })}
            data-testid="lab-resamples"
          />
        </label>
        <label>
          Seed{' '}
          <input
            type="number"
            value={s.seed}
            disabled={disabled}
            onChange={(e) => s.update({ seed: Number(e.target.value) || 0 })}
            data-testid="lab-seed"
          />
        </label>
      </div>
      {llm && (
        <div className="lab-prompts">
          {s.metrics.includes('llm-grade') && <PromptEditor kind="grade" disabled={disabled} />}
          {s.metrics.includes('llm-judge') && <PromptEditor kind="judge" disabled={disabled} />}
        </div>
      )}
    </div>
  );
}

/** METEOR's word tokenizer: NLTK 3.9's rules (the NLTK GradedReviews' scripts ran) or 3.10's; the signature names it. */
function MeteorTokenizer({ disabled }: { disabled: boolean }) {
  const tokenizer = useLabRefs((r) => r.tokenizer);
  return (
    <div className="lab-variants">
      <label>
        word tokenizer{' '}
        <select
          value={tokenizer}
          disabled={disabled}
          onChange={(e) => useLab.getState().setMeteorTokenizer(e.target.value === '3.10' ? '3.10' : '3.9')}
          data-testid="lab-meteor-tokenizer"
        >
          <option value="3.9">NLTK 3.9 (GradedReviews&apos; scripts)</option>
          <option value="3.10">NLTK 3.10 (opening quotes and dashes split)</option>
        </select>
      </label>
    </div>
  );
}
