// The pieces every LLM batch run shows (pseudo-references, LLM links, the lab's LLM metrics): how many requests go
// out at once, the confirmation before a large run is sent, and the progress bar. Each panel keeps its own
// test ids and wording around them; the behaviour is one piece of code.

/** "Requests at once" with the provider's own cap beside it (the in-browser model takes 1). */
export function RequestsAtOnce({
  value,
  disabled,
  cap,
  onChange,
  testId,
}: {
  value: number;
  disabled: boolean;
  cap?: number;
  onChange: (n: number) => void;
  testId: string;
}) {
  return (
    <label>
      Requests at once{' '}
      <input type="number" min={1} max={64} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} data-testid={testId} />
      {cap && <span className="muted small"> (this provider takes {cap} at a time)</span>}
    </label>
  );
}

/** Asks before a run above the confirmation threshold is sent: how many requests, tokens and cached answers, to where. */
export function ConfirmRequests({
  requests,
  inputTokens,
  cached,
  target,
  onSend,
  onDismiss,
  testId,
  sendTestId,
}: {
  requests: number;
  inputTokens: number;
  cached: number;
  /** Where the requests go, e.g. "gpt-4o at https://…". */
  target: string;
  onSend: () => void;
  onDismiss: () => void;
  testId: string;
  sendTestId: string;
}) {
  return (
    <div className="r-confirm" role="alertdialog" aria-label="Confirm the requests" data-testid={testId}>
      <p>
        This run sends <strong>{requests}</strong> requests (about {inputTokens.toLocaleString('en')} input tokens) to {target}.
        {cached > 0 && ` ${cached} answers come from the cache.`} Send them?
      </p>
      <button type="button" className="primary" onClick={onSend} data-testid={sendTestId}>
        Send {requests} requests
      </button>{' '}
      <button type="button" onClick={onDismiss}>
        Not now
      </button>
    </div>
  );
}

/** A determinate progress bar: done of total, as a share of the bar's width. */
export function ProgressBar({ done, total, label }: { done: number; total: number; label: string }) {
  return (
    <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={total || 1} aria-valuenow={done} aria-label={label}>
      <span style={{ width: `${total ? Math.round((100 * done) / total) : 0}%` }} />
    </div>
  );
}

/** Said when answers could not be stored (quota, private mode): they were paid for, and a Resume asks again. */
export function CacheWriteWarning({ failed, error, testId }: { failed: number; error?: string; testId: string }) {
  if (!failed) return null;
  return (
    <p className="r-warn small" role="alert" data-testid={testId} data-failed={failed}>
      {failed} answer{failed === 1 ? '' : 's'} could not be saved in this browser&apos;s answer cache
      {error ? ` (${error})` : ''}. They are used for this run, but a Resume or a reload asks (and pays) for them again.
      Free some storage, or leave private browsing, to keep them.
    </p>
  );
}
