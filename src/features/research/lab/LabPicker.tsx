// The lab's metric picker: which metrics to measure (CRScore in any similarity × scoring rule, BLEU, chrF,
// embedding to the reference, the LLM grade and the LLM judge), the baseline of the paired differences, and the LLM
// metrics' prompts, shown and editable (the template in use is recorded in every export).
import { DEFAULT_GRADE_PROMPT, DEFAULT_JUDGE_PROMPT, templateProblem } from '../../../core/lab/index';
import {
  crscoreVariantId,
  LAB_METRIC_KINDS,
  METRIC_LABELS,
  REFERENCE_METRICS,
  useLlmMetrics,
  type CrscoreVariant,
} from '../../../settings/llmMetrics';

const VARIANTS: CrscoreVariant[] = [
  { similarity: 'lexical', scoring: 'hard' },
  { similarity: 'lexical', scoring: 'graded' },
  { similarity: 'tfidf', scoring: 'hard' },
  { similarity: 'tfidf', scoring: 'graded' },
];
export const variantLabel = (v: CrscoreVariant) =>
  `CRScore ${v.similarity === 'tfidf' ? 'TF-IDF' : 'lexical'} · ${v.scoring === 'hard' ? 'hard τ' : 'graded'}`;

const HINTS: Record<string, string> = {
  crscore: 'reference-free; pseudo-references (seed 000)',
  bleu: 'against the human reference review',
  chrf: 'against the human reference review',
  'embed-ref': "cosine to the reference review, on the Research run's encoder (seed 003)",
  'llm-grade': '1–5 against the reference: three calls, majority, 5→4 unless identical (seed 003 §5.2)',
  'llm-judge': 'Con, Comp and Rel 1–5 from the diff alone (seed 004)',
};

/** Ids the baseline may be: every CRScore variant and every other ticked metric (the judge by its Rel grade). */
export function baselineChoices(s: { metrics: readonly string[]; crscoreVariants: readonly CrscoreVariant[] }): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  if (s.metrics.includes('crscore')) for (const v of s.crscoreVariants) out.push({ id: crscoreVariantId(v), label: variantLabel(v) });
  for (const k of s.metrics) if (k !== 'crscore') out.push({ id: k === 'llm-judge' ? 'llm-judge.rel' : k, label: METRIC_LABELS[k as keyof typeof METRIC_LABELS] });
  return out;
}

function PromptEditor({ kind, disabled }: { kind: 'grade' | 'judge'; disabled: boolean }) {
  const s = useLlmMetrics();
  const value = (kind === 'grade' ? s.gradePrompt : s.judgePrompt) ?? (kind === 'grade' ? DEFAULT_GRADE_PROMPT : DEFAULT_JUDGE_PROMPT);
  const edited = (kind === 'grade' ? s.gradePrompt : s.judgePrompt) != null;
  const problem = templateProblem(kind, value);
  const set = (v: string | null) => s.update(kind === 'grade' ? { gradePrompt: v } : { judgePrompt: v });
  return (
    <details className="lab-prompt" data-testid={`lab-prompt-${kind}`}>
      <summary>
        {kind === 'grade' ? 'LLM grade prompt' : 'LLM judge prompt'} {edited ? <strong>(edited)</strong> : <span className="muted small">(default)</span>}
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
          Placeholders: {kind === 'grade' ? '{{review}}, {{reference}}' : '{{diff}}, {{review}}, {{pseudo_references}} (empty unless ticked)'}. Answers already cached for
          another prompt are not reused.
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
  const baselines = baselineChoices(s);
  const llm = s.metrics.includes('llm-grade') || s.metrics.includes('llm-judge');
  return (
    <div className="lab-picker" data-testid="lab-picker">
      <fieldset disabled={disabled} className="lab-metrics">
        <legend>Metrics</legend>
        {LAB_METRIC_KINDS.map((k) => (
          <div key={k} className="lab-metric">
            <label>
              <input type="checkbox" checked={s.metrics.includes(k)} onChange={(e) => s.toggleMetric(k, e.target.checked)} data-testid={`lab-metric-${k}`} /> {METRIC_LABELS[k]}
            </label>
            <span className="muted small"> · {HINTS[k]}</span>
            {REFERENCE_METRICS.has(k) && <span className="lab-tag" title="not applicable to reviews of a change without a reference review">needs reference</span>}
            {k === 'crscore' && s.metrics.includes('crscore') && (
              <div className="lab-variants" role="group" aria-label="CRScore variants">
                {VARIANTS.map((v) => {
                  const id = crscoreVariantId(v);
                  const on = s.crscoreVariants.some((x) => crscoreVariantId(x) === id);
                  return (
                    <label key={id}>
                      <input type="checkbox" checked={on} onChange={(e) => s.toggleVariant(v, e.target.checked)} data-testid={`lab-variant-${id}`} /> {variantLabel(v)}
                    </label>
                  );
                })}
              </div>
            )}
            {k === 'llm-judge' && s.metrics.includes('llm-judge') && (
              <div className="lab-variants">
                <label>
                  <input type="checkbox" checked={s.judgeWithPseudoRefs} onChange={(e) => s.update({ judgeWithPseudoRefs: e.target.checked })} data-testid="lab-judge-prefs" /> show the
                  pseudo-references to the judge
                </label>
              </div>
            )}
          </div>
        ))}
      </fieldset>
      <div className="r-controls">
        <label>
          Baseline{' '}
          <select value={s.baseline} disabled={disabled} onChange={(e) => s.update({ baseline: e.target.value })} data-testid="lab-baseline">
            {!baselines.some((b) => b.id === s.baseline) && <option value={s.baseline}>{s.baseline} (not measured)</option>}
            {baselines.map((b) => (
              <option key={b.id} value={b.id}>
                {b.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Resamples{' '}
          <input type="number" min={0} max={10000} step={100} value={s.resamples} disabled={disabled} onChange={(e) => s.update({ resamples: Math.max(0, Number(e.target.value) || 0) })} data-testid="lab-resamples" />
        </label>
        <label>
          Seed <input type="number" value={s.seed} disabled={disabled} onChange={(e) => s.update({ seed: Number(e.target.value) || 0 })} data-testid="lab-seed" />
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
