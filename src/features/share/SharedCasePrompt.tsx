// Asks before a shared case enters the user's sessions: what the link holds, and what opening it will do.
import { useSessions } from '../../store/session/sessions';
import { metricOf, shortcutOf, usesPlusTau } from '../workbench/metric';
import { useSharedCase } from './useSharedCase';
import './share.css';

export function SharedCasePrompt() {
  const { shared, open, showExisting, dismiss } = useSharedCase();
  const count = useSessions((s) => s.order.length);
  if (shared.status === 'none') return null;
  if (shared.status === 'error')
    return (
      <div className="shared-case alert error" role="alert" data-testid="shared-case-error">
        {shared.message}{' '}
        <button type="button" className="linklike" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    );
  const s = shared.session;
  const m = metricOf(s);
  const metric =
    shortcutOf(m) === 'plus' ? 'CRScore plus' : `${m.similarity === 'tfidf' ? 'TF-IDF' : m.similarity} similarity, ${m.scoring === 'graded' ? 'graded credit' : "the paper's hard τ"}`;
  const tau = usesPlusTau(m) ? s.plusTau : s.tau;
  return (
    <section className="shared-case" role="dialog" aria-labelledby="shared-case-h" data-testid="shared-case">
      <h2 id="shared-case-h">Open the shared case “{s.name}”?</h2>
      <p className="small">
        {s.input.diff.split('\n').length} diff lines{s.input.fileName ? ` of ${s.input.fileName}` : ''} · {s.pseudoReferences.length} pseudo-reference
        {s.pseudoReferences.length === 1 ? '' : 's'} · {metric}
        {tau !== undefined ? `, τ ${tau.toFixed(4)}` : ''}
      </p>
      <blockquote>{s.review || '(empty review)'}</blockquote>
      <p className="small">
        {shared.same
          ? `You already have this case as “${shared.same.name}”. Opening the link again adds a copy; nothing of yours is replaced.`
          : `It opens as a new session; your ${count} session${count === 1 ? '' : 's'} stay as they are.`}
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={open} data-testid="shared-case-open">
          Open as a new session
        </button>
        {shared.same && (
          <button type="button" onClick={showExisting} data-testid="shared-case-existing">
            Show mine
          </button>
        )}
        <button type="button" onClick={dismiss} data-testid="shared-case-dismiss">
          Not now
        </button>
      </div>
    </section>
  );
}
