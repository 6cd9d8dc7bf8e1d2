// Research's settings for the LLM matcher (llm-links): the LLM settings (the claims settings form and store), the
// links prompt, visible and editable with Reset, requests at once, the plan before the run (asks first above
// CONFIRM_ABOVE requests), the LLM's progress, answers the cache refused, and the reviews that failed (left out
// of the scores, never scored as linking nothing).
import { useEffect, useId } from 'react';
import { PROVIDERS } from '../../claims/providers';
import { DEFAULT_LINKS_PROMPT, missingSlots } from '../../core/links/llmLinks';
import { useClaimsSettings } from '../../store/shared/claimsSettings';
import { LINKS_PROMPT_KEY, useLinksRun } from '../../store/research/linkStage';
import { useStorageRefusals } from '../../settings/storageWrites';
import { CONFIRM_ABOVE } from '../../store/research/pseudoRefsBatch';
import { useResearch } from '../../store/research/research';
import { confirmLinks, dismissLinks, refreshLinksPlan } from '../../store/research/researchLinks';
import { ClaimsSettingsForm } from '../claims/ClaimsSettingsForm';
import { LlmSettingsMissing, useLlmProblem } from '../claims/LlmSettingsMissing';
import { requestCounts } from '../../llmbatch/run';
import { CacheWriteWarning, ConfirmRequests, RequestsAtOnce } from '../../ui/BatchRunControls';
import '../claims/claims.css';

// Test hook: the links run's state (it never holds the key; the settings store does, in memory).
(globalThis as { __crscoreLinks?: typeof useLinksRun }).__crscoreLinks = useLinksRun;

export function LlmLinksPanel({ busy }: { busy: boolean }) {
  const id = useId();
  const l = useLinksRun();
  const unsaved = useStorageRefusals((r) => r[LINKS_PROMPT_KEY]);
  const s = useClaimsSettings();
  const rows = useResearch((st) => st.imported?.rows);
  const split = useResearch((st) => st.config.split);
  // Re-count the plan when the dataset or anything in the cache key changes.
  // Settings that cannot succeed (no key): said once here instead of a plan, and Score stays off (RunPanel).
  const problem = useLlmProblem();
  useEffect(() => {
    if (!busy) void refreshLinksPlan();
  }, [rows, split, l.template, s.provider, s.baseUrl, s.model, s.temperature, busy, problem]);
  const missing = missingSlots(l.template);
  const cap = PROVIDERS[s.provider].maxConcurrency;
  return (
    <div className="r-links" data-testid="links-panel">
      <p className="muted small">
        The LLM reads the numbered pseudo-references and the numbered sentences of each review and says which pseudo-references each sentence addresses, as
        the paper&apos;s annotators did. One request per review; a link is 1, no link 0, so τ has no effect (it stays at 0.5) and nothing is calibrated.
        Graded scoring then weighs the LLM&apos;s links as the plus preset does.
      </p>
      <ClaimsSettingsForm disabled={busy} claims={false} />
      <details className="r-links-prompt" open>
        <summary>Links prompt {l.template === DEFAULT_LINKS_PROMPT ? <span className="muted small">(default)</span> : <span className="r-warn small">(edited)</span>}</summary>
        <label htmlFor={`${id}-prompt`} className="muted small">
          The question asked for every review. {'{pseudo_references}'} and {'{review_sentences}'} are replaced by the numbered lists.
        </label>
        <textarea
          id={`${id}-prompt`}
          value={l.template}
          disabled={busy}
          rows={8}
          spellCheck={false}
          onChange={(e) => l.setTemplate(e.target.value)}
          data-testid="links-prompt"
        />
        <div className="r-controls">
          <button type="button" className="small" disabled={busy || l.template === DEFAULT_LINKS_PROMPT} onClick={l.resetTemplate} data-testid="links-prompt-reset">
            Reset to default
          </button>
          {unsaved && (
            <span className="r-warn small" role="alert" data-testid="links-prompt-unsaved">
              The edited prompt could not be saved on this device: {unsaved}. It is used in this tab until it is closed.
            </span>
          )}
          {missing.length > 0 && (
            <span className="r-error small" role="alert" data-testid="links-prompt-error">
              The prompt needs {missing.join(' and ')}.
            </span>
          )}
        </div>
      </details>
      <div className="r-controls">
        <RequestsAtOnce value={l.concurrency} disabled={busy} cap={cap} onChange={l.setConcurrency} testId="links-concurrency" />
      </div>
      {problem && <LlmSettingsMissing problem={problem} testId="links-missing" />}
      {l.plan && !problem && (
        <p className="small" data-testid="links-plan" data-requests={l.plan.requests} data-cached={l.plan.cached}>
          {l.plan.tasks} reviews with text · <strong>{l.plan.requests}</strong> LLM request{l.plan.requests === 1 ? '' : 's'} to send ({l.plan.cached} answered from the cache) ·
          about {l.plan.inputTokens.toLocaleString('en')} input tokens
          {l.plan.requests > CONFIRM_ABOVE && ' · you will be asked before they are sent'}
        </p>
      )}
      {l.phase === 'confirm' && l.plan && (
        <ConfirmRequests
          requests={l.plan.requests}
          inputTokens={l.plan.inputTokens}
          cached={l.plan.cached}
          target={`${s.model} at ${s.baseUrl}`}
          onSend={confirmLinks}
          onDismiss={dismissLinks}
          testId="links-confirm"
          sendTestId="links-confirm-send"
        />
      )}
      {l.progress && (
        <p className="small muted" data-testid="links-progress" data-phase={l.phase} data-done={l.progress.done} data-requests={l.progress.requests} data-requests-failed={l.progress.requestsFailed} data-failed={l.progress.failed}>
          LLM links: {l.progress.done} / {l.progress.total} reviews · {l.progress.cached} from the cache · {requestCounts(l.progress)}
          {l.phase === 'running' && ` · ${l.progress.inFlight} in flight`}
          {l.progress.failed > 0 && ` · ${l.progress.failed} review${l.progress.failed === 1 ? '' : 's'} failed`}
        </p>
      )}
      {l.progress && <CacheWriteWarning failed={l.progress.cacheWriteFailed} error={l.progress.cacheWriteError} testId="links-cache-unsaved" />}
      {l.message && <p className={l.phase === 'error' ? 'r-error' : 'muted small'} data-testid="links-message">{l.message}</p>}
      {l.warnings > 0 && (
        <p className="muted small" data-testid="links-warnings">
          The answers named {l.warnings} sentence or pseudo-reference number{l.warnings === 1 ? '' : 's'} that do not exist; they were dropped (no link was invented).
        </p>
      )}
      {l.failures.length > 0 && (
        <details open className="r-errors">
          <summary>
            Reviews that failed ({l.failures.length}): left out of the scores and of n; Re-run asks them again
          </summary>
          <table className="r-table" data-testid="links-failures">
            <thead>
              <tr>
                <th>Review</th>
                <th>Why</th>
                <th>Answer</th>
              </tr>
            </thead>
            <tbody>
              {l.failures.slice(0, 200).map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>{r.failure?.reason}</td>
                  <td className="muted small">{r.text ? r.text.slice(0, 160) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {l.failures.length > 200 && <p className="muted small">The first 200 of {l.failures.length}.</p>}
        </details>
      )}
    </div>
  );
}

/** Beside the τ slider: why it does nothing for llm-links. */
export function LlmLinksTauNote() {
  return (
    <span className="muted small" data-testid="research-tau-source" data-source="fixed">
      τ has no effect on LLM links: a link is 1 and no link 0, so every τ below 1 gives the same scores (fixed at 0.5, not calibrated)
    </span>
  );
}
