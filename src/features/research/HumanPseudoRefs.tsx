// Step 2 on a human-scored dataset: where CRScore's pseudo-references come from, every source `crscore eval
// --dataset … --pseudo-refs` has, by its name and in its words: the dataset as read (each change's own, or its
// reference review's sentences), or made here for every change (analyzers, tree claims, offline, an LLM's claims).
// Made ones replace the dataset's own and keep its human dimensions (setHumanPseudoRefs); the work is the batch
// store's, in the analyzers' worker and src/pseudorefs/, as the CLI runs it.
import { useEffect, useMemo } from 'react';
import { hasOwnPseudoReferences } from '../../core/humanData/bridge';
import { PSEUDO_REF_EXPLAINED, usesLlm, usesLocalModel, type PseudoRefSource } from '../../pseudorefs/dataset';
import { usePseudoRefsBatch } from '../../store/research/pseudoRefsBatch';
import { useResearch } from '../../store/research/research';
import { ClaimsSettingsForm } from '../claims/ClaimsSettingsForm';
import { LlmSettingsMissing, useLlmProblem } from '../claims/LlmSettingsMissing';
import { ConfirmRequests } from '../../ui/BatchRunControls';
import { useClaimsSettings } from '../../store/shared/claimsSettings';
import { ProgressLine } from './PseudoRefsPanel';
import { LocalModelRate } from '../claims/LocalModelRate';

/** The sources that make pseudo-references, in the order `crscore eval --help` lists the ones needing no model first. */
const MADE: PseudoRefSource[] = ['analyzers', 'tree-claims', 'offline', 'claims', 'generate', 'local'];
const NO_MODEL = new Set<PseudoRefSource>(['analyzers', 'tree-claims', 'offline']);

export function HumanPseudoRefs() {
  const human = useResearch((s) => s.human);
  const b = usePseudoRefsBatch();
  const local = usesLocalModel(b.source);
  const llmProblem = useLlmProblem(local);
  const model = useClaimsSettings((s) => (local ? `${s.model} in this page` : `${s.model} at ${s.baseUrl}`));
  const read = human?.made?.read ?? human?.dataset;
  const asRead = useMemo(() => {
    if (!read) return null;
    if (hasOwnPseudoReferences(read)) return 'dataset' as const;
    return read.changes.some((c) => c.references.some((r) => r.trim())) ? ('reference' as const) : null;
  }, [read]);
  // Each dataset starts on what it was made with, else as read, else (no reference review, no pseudo-references of
  // its own) on offline, which needs no model.
  const made = human?.made;
  useEffect(() => {
    const st = usePseudoRefsBatch.getState();
    if (!read || st.phase === 'running') return;
    st.setSource(made?.source ?? (asRead === null ? 'offline' : 'dataset'));
  }, [read, asRead, made?.source]);
  if (!human || !read) return null;
  const chosen: PseudoRefSource | 'as-read' = MADE.includes(b.source) ? b.source : 'as-read';
  const running = b.phase === 'running' || b.phase === 'planning';
  const needsLlm = chosen !== 'as-read' && usesLlm(chosen);
  const problem = needsLlm ? llmProblem : null;
  const s = b.result?.stats;
  const pick = (v: PseudoRefSource | 'as-read') => {
    const st = usePseudoRefsBatch.getState();
    st.setSource(v === 'as-read' ? 'dataset' : v);
    // Back to the dataset as read: its own pseudo-references (or its reference review's sentences) again.
    if (v === 'as-read' && useResearch.getState().human?.made) useResearch.getState().setHumanPseudoRefs(null);
  };
  return (
    <section className="panel r-prefs" aria-labelledby="r-prefs-h" data-testid="pseudo-refs-panel">
      <h2 id="r-prefs-h">2 · Pseudo-references</h2>
      <div className="r-controls r-sources-list" role="radiogroup" aria-label="Pseudo-references from">
        {asRead && (
          <label className="r-source">
            <input type="radio" name="pseudo-ref-source" value={asRead} checked={chosen === 'as-read'} disabled={running} onChange={() => pick('as-read')} data-testid="human-prefs-as-read" />{' '}
            <code>{asRead}</code>
            <span className="muted small"> · {PSEUDO_REF_EXPLAINED[asRead]}</span>
          </label>
        )}
        {MADE.map((id) => (
          <label key={id} className="r-source">
            <input type="radio" name="pseudo-ref-source" value={id} checked={chosen === id} disabled={running} onChange={() => pick(id)} data-testid={`human-prefs-${id}`} />{' '}
            <code>{id}</code>
            <span className="muted small">
              {' '}
              · {PSEUDO_REF_EXPLAINED[id]}
              {NO_MODEL.has(id) ? '; no key' : id === 'local' ? '; the in-page model (settings below)' : '; needs an LLM (settings below)'}
            </span>
          </label>
        ))}
      </div>
      <p className="small" data-testid="human-pseudo-refs">
        <strong>Score dataset uses:</strong>{' '}
        {made
          ? `--pseudo-refs ${made.source}: ${PSEUDO_REF_EXPLAINED[made.source]}, made here for every change.`
          : asRead
            ? `--pseudo-refs ${asRead}: ${PSEUDO_REF_EXPLAINED[asRead]}${asRead === 'reference' ? ' (then a reference-based metric, not the paper’s reference-free one)' : ''}.`
            : 'nothing yet: no change has a reference review or pseudo-references of its own. Make them with a source above (offline needs no model and no key).'}
      </p>
      {chosen !== 'as-read' && (
        <>
          {needsLlm && <ClaimsSettingsForm disabled={running} llm localOnly={local} />}
          {local && b.plan && (
            <p className="small" data-testid="prefs-plan" data-requests={b.plan.requests}>
              {b.plan.requests} of {b.plan.changes} changes to ask ({b.plan.cached} answered from the cache)
              <LocalModelRate requests={b.plan.requests} />
            </p>
          )}
          <div className="r-controls">
            <button type="button" className="primary" disabled={running || b.phase === 'confirm' || !!problem} onClick={() => void b.start()} data-testid="prefs-generate">
              {made?.source === chosen ? 'Make them again' : `Make pseudo-references (${chosen})`}
            </button>
            <button type="button" disabled={b.phase !== 'running'} onClick={b.cancel} data-testid="prefs-cancel">
              Cancel
            </button>
          </div>
          {problem && <LlmSettingsMissing problem={problem} testId="prefs-missing" />}
          {b.phase === 'confirm' && b.plan && (
            <ConfirmRequests requests={b.plan.requests} inputTokens={b.plan.inputTokens} cached={b.plan.cached} target={model} onSend={() => void b.run()} onDismiss={b.cancel} testId="prefs-confirm" sendTestId="prefs-confirm-send" />
          )}
          {b.progress && <ProgressLine p={b.progress} phase={b.phase} />}
        </>
      )}
      {b.phase === 'cancelled' && <p className="muted small" data-testid="prefs-message">Cancelled: the dataset keeps the pseudo-references it had; make them again to finish.</p>}
      {b.phase === 'error' && b.message && <p className="r-error" data-testid="prefs-message">{b.message}</p>}
      {made && s && s.source === made.source && (
        <p className="small" data-testid="human-prefs-result" data-claims={s.claims} data-issues={s.issues} data-unscorable={s.notScorable}>
          {s.claims.toLocaleString('en')} claims and {s.issues.toLocaleString('en')} analyzer issues over {s.changes.toLocaleString('en')} changes; {s.failed} with a failure;{s.readInPart > 0 ? ` ${s.readInPart} read in part by an analyzer;` : ''}{' '}
          {s.notScorable.toLocaleString('en')} without pseudo-references (CRScore leaves their reviews out, and counts them; the baselines judge them).
        </p>
      )}
    </section>
  );
}
