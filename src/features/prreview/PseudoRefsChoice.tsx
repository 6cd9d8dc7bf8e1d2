// CRScore of a whole review, reference-free: which pseudo-references stand as P (none; offline for a PR without
// reference issues, as `pr-eval` does by default; or a source for every PR, as `--pseudo-refs SOURCE`), their
// making's progress with Cancel, the LLM's cost before anything is sent, and what was made.
import { useState } from 'react';
import { PR_PSEUDO_CHOICES, usePrPseudoRefs, type PrPseudoChoice } from '../../store/prreview/prPseudoRefs';
import { ClaimsSettingsForm } from '../claims/ClaimsSettingsForm';
import { LlmSettingsMissing, useLlmProblem } from '../claims/LlmSettingsMissing';
import { LocalModelRate } from '../claims/LocalModelRate';

const LABEL: Record<PrPseudoChoice, string> = {
  none: 'none: the reference issues only',
  fill: 'the reference issues, else offline ones (as pr-eval without --pseudo-refs)',
  offline: 'offline for every PR: tree claims and analyzer issues',
  analyzers: 'analyzer issues for every PR',
  'tree-claims': 'tree claims for every PR',
  claims: "the LLM's claims for every PR (your key)",
  generate: "the LLM's claims and analyzer issues for every PR (your key)",
  local: 'the in-page model\'s claims for every PR (no key; slow on a CPU)',
};

const STAGE = { claims: 'LLM claims', 'tree-claims': 'tree claims', analyzers: 'analyzers' } as const;
const UNIT = { claims: 'hunks', 'tree-claims': 'hunks', analyzers: 'files' } as const;

export function PseudoRefsChoice() {
  const s = usePrPseudoRefs();
  const p = s.progress;
  const llm = s.choice === 'claims' || s.choice === 'generate' || s.choice === 'local';
  const problem = useLlmProblem();
  const [open, setOpen] = useState(false);
  return (
    <div className="pr-pseudo" data-testid="pr-pseudo" data-phase={s.phase}>
      <label>
        Pseudo-references{' '}
        <select value={s.choice} onChange={(e) => void s.choose(e.target.value as PrPseudoChoice)} data-testid="pr-pseudo-refs" disabled={s.phase === 'running'}>
          {PR_PSEUDO_CHOICES.map((c) => (
            <option key={c} value={c}>
              {LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      {s.choice !== 'none' && (
        <div className="pr-pseudo-settings">
          <ClaimsSettingsForm disabled={s.phase === 'running'} llm={llm} open={llm || open} onToggle={setOpen} localOnly={s.choice === 'local'} />
        </div>
      )}
      {s.phase === 'settings' &&
        (problem ? (
          <LlmSettingsMissing problem={problem} testId="pr-pseudo-missing" />
        ) : (
          <button type="button" onClick={() => void s.choose(s.choice)} data-testid="pr-pseudo-plan">
            Count the requests
          </button>
        ))}
      {s.phase === 'running' && (
        <span data-testid="pr-pseudo-progress">
          {p ? `${STAGE[p.stage]}: ${p.done} of ${p.total} ${UNIT[p.stage]}` : 'starting…'} <progress value={p?.done ?? 0} max={p?.total || 1} />{' '}
          <button type="button" onClick={s.cancel} data-testid="pr-pseudo-cancel">
            Cancel
          </button>
        </span>
      )}
      {s.phase === 'confirm' && s.plan && (
        <span data-testid="pr-pseudo-confirm">
          {s.plan.requests} requests to send (~{s.plan.inputTokens.toLocaleString('en')} input tokens), {s.plan.cached} answers cached
          {s.choice === 'local' && <LocalModelRate requests={s.plan.requests} />}.{' '}
          <button type="button" onClick={() => void s.confirm()} data-testid="pr-pseudo-send">
            Send
          </button>{' '}
          <button type="button" onClick={s.cancel}>
            Cancel
          </button>
        </span>
      )}
      {s.message && (
        <span className={s.phase === 'error' ? 'error' : 'muted'} role={s.phase === 'error' ? 'alert' : undefined} data-testid="pr-pseudo-status">
          {s.message}
        </span>
      )}
      {s.failures.length > 0 && (
        <details data-testid="pr-pseudo-failures">
          <summary>{s.failures.length} changes the sources could not read (named, never counted as no issue)</summary>
          <ul>
            {s.failures.slice(0, 50).map((f, k) => (
              <li key={k}>{f}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
