// The LLM metrics' run: provider settings (the claims settings: one provider layer), the plan before anything is
// sent (requests, cached answers, input tokens; a confirmation above 50 requests), progress with Cancel and Resume,
// and every review left without a grade with its reason.
import { useEffect, useMemo } from 'react';
import { settingsProblem } from '../../../claims/generate';
import { PROVIDERS } from '../../../claims/providers';
import { LAB_CONFIRM_ABOVE, labFailures, useLab, type LabRunArgs } from '../../../store/lab/lab';
import { useResearch } from '../../../store/research/research';
import { useLlmMetrics } from '../../../settings/llmMetrics';
import { ClaimsSettingsForm } from '../../claims/ClaimsSettingsForm';
import { LlmSettingsMissing } from '../../claims/LlmSettingsMissing';
import { llmSettings, useClaimsSettings } from '../../../store/shared/claimsSettings';
import { CacheWriteWarning, ConfirmRequests, ProgressBar, RequestsAtOnce } from '../../../ui/BatchRunControls';

function useRunArgs(): LabRunArgs {
  const s = useClaimsSettings();
  return useMemo(
    () => ({ settings: llmSettings(s), timeoutMs: Math.max(1, s.timeoutSec) * 1000 }),
    [s],
  );
}

export function LabRun() {
  const lab = useLab();
  const m = useLlmMetrics();
  const args = useRunArgs();
  const results = useResearch((s) => s.results);
  useEffect(() => useLab.getState().restore(), []);
  useEffect(() => {
    const lab = useLab.getState();
    if (!results || lab.phase === 'running') return;
    // Grades already paid for come back from the cache on their own; anything else waits for the button.
    void (lab.phase === 'idle' && !lab.grades && !lab.judges
      ? lab.fromCache(args)
      : lab.refreshPlan(args));
  }, [results, args, m.metrics, m.gradePrompt, m.judgePrompt, m.judgeWithPseudoRefs]);
  const failures = useMemo(() => labFailures(lab.grades, lab.judges), [lab.grades, lab.judges]);
  const running = lab.phase === 'running' || lab.phase === 'planning';
  const canResume = lab.phase === 'cancelled' || lab.phase === 'interrupted';
  const plan = lab.plan;
  const requests = (plan?.grade?.requests ?? 0) + (plan?.judge?.requests ?? 0);
  const cached = (plan?.grade?.cached ?? 0) + (plan?.judge?.cached ?? 0);
  const tokens = (plan?.grade?.inputTokens ?? 0) + (plan?.judge?.inputTokens ?? 0);
  const withoutCall = plan?.grade?.withoutCall ?? 0;
  const p = lab.progress;
  const cap = PROVIDERS[args.settings.provider].maxConcurrency;
  // Nothing is offered that cannot succeed: with requests to send, say what is missing before any of them.
  const missing = requests > 0 ? settingsProblem(args.settings) : null;
  const shared = sharedReason(failures);
  return (
    <div className="lab-run" data-testid="lab-run">
      <ClaimsSettingsForm disabled={running} claims={false} />
      <div className="r-controls">
        <RequestsAtOnce
          value={m.concurrency}
          disabled={running}
          cap={cap}
          onChange={(n) => m.update({ concurrency: Math.max(1, Math.min(64, Math.floor(n) || 1)) })}
          testId="lab-concurrency"
        />
        {plan && (
          <span
            className="muted small"
            data-testid="lab-plan"
            data-requests={requests}
            data-cached={cached}
          >
            {requests} request{requests === 1 ? '' : 's'} to send ({cached} answers cached), about{' '}
            {tokens.toLocaleString()} input tokens
            {plan.grade
              ? ` · grade: 3 calls a review, ${withoutCall} settled without a call (no reference, exact match or empty)`
              : ''}
            {requests > LAB_CONFIRM_ABOVE && ' · you will be asked before they are sent'}
          </span>
        )}
      </div>
      <div className="r-controls">
        <button
          type="button"
          className="primary"
          disabled={running || !results || !!missing}
          onClick={() => void lab.start(args)}
          data-testid="lab-llm-run"
        >
          {canResume ? 'Resume' : 'Run LLM metrics'}
        </button>
        {running && (
          <button type="button" onClick={() => lab.cancel()} data-testid="lab-llm-cancel">
            Cancel
          </button>
        )}
      </div>
      {missing && <LlmSettingsMissing problem={missing} testId="lab-missing" />}
      {shared && (
        <div className="alert error" role="alert" data-testid="lab-shared-failure" data-count={failures.length}>
          Every one of the {failures.length} LLM calls failed the same way: {shared} Fix it and run again; the reviews are recorded as no grade, never as 0.
        </div>
      )}
      {lab.phase === 'confirm' && !missing && (
        <ConfirmRequests
          requests={requests}
          inputTokens={tokens}
          cached={cached}
          target={`${PROVIDERS[args.settings.provider].label} (${args.settings.model || 'no model'})`}
          onSend={() => void lab.run(args)}
          onDismiss={() => lab.cancel()}
          testId="lab-confirm"
          sendTestId="lab-confirm-run"
        />
      )}
      {(p || lab.message) && (
        <div
          className="r-progress"
          data-testid="lab-progress"
          data-phase={lab.phase}
          data-requests={lab.requestsSent}
        >
          {p && (
            <>
              <ProgressBar done={p.done} total={p.total} label="LLM metrics" />
              <span className="small">
                {p.stage === 'grade' ? 'LLM grade' : 'LLM judge'}: {p.done} of {p.total} calls ·{' '}
                {p.cached} cached · {lab.requestsSent} requests sent · {p.failed} {p.failed === 1 ? 'call' : 'calls'} failed
                {p.inFlight ? ` · ${p.inFlight} in flight` : ''}
              </span>
            </>
          )}
          <CacheWriteWarning failed={lab.unsaved.count} error={lab.unsaved.error} testId="lab-cache-unsaved" />
          {lab.message && (
            <p
              className={lab.phase === 'error' ? 'r-error' : 'muted small'}
              role={lab.phase === 'error' ? 'alert' : 'status'}
              data-testid="lab-message"
            >
              {lab.message}
            </p>
          )}
        </div>
      )}
      {failures.length > 0 && !shared && (
        <details className="r-errors" data-testid="lab-failures" data-count={failures.length}>
          <summary>
            Reviews without an LLM grade ({failures.length}): recorded as no grade, never as 0
          </summary>
          <table className="r-table">
            <thead>
              <tr>
                <th>Review</th>
                <th>Metric</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {failures.slice(0, 200).map((f) => (
                <tr key={`${f.metric}-${f.id}`} data-review={f.id} data-status={f.status}>
                  <td>{f.id.replace('::', ' · ')}</td>
                  <td>{f.metric}</td>
                  <td>
                    {f.status === 'no-grade' ? 'no grade: ' : ''}
                    {f.reason}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}

/** The one reason every failure shares (a bad key, an unreachable server), shown once instead of once per review. */
function sharedReason(failures: readonly { reason: string }[]): string | null {
  if (failures.length < 2) return null;
  const first = failures[0].reason;
  return failures.every((f) => f.reason === first) ? first : null;
}
