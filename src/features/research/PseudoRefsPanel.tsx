// Where the dataset's pseudo-references come from: its own, LLM claims, analyzer issues, or both (the paper's
// pipeline), generated in batch with the workbench's LLM settings. Shows the cost before, progress during, and per
// change after (failed ones with their reason and a retry, changes left without pseudo-references as not scorable).
import { useEffect, useMemo, useState } from 'react';
import { PROVIDERS } from '../../claims/providers';
import type { DatasetRow } from '../../core/dataset';
import { usesLlm, usesLocalModel, type PseudoRefSource } from '../../pseudorefs/dataset';
import { CONFIRM_ABOVE, pseudoRefsProvenance, usePseudoRefsBatch, type BatchProgress } from '../../store/research/pseudoRefsBatch';
import { useResearch } from '../../store/research/research';
import { overviewOf } from '../../store/dataset/datasetOverview';
import { openRowInWorkbench } from '../../store/dataset/sessionFromRow';
import { ClaimsSettingsForm } from '../claims/ClaimsSettingsForm';
import { LlmSettingsMissing, useLlmProblem } from '../claims/LlmSettingsMissing';
import { requestCounts } from '../../llmbatch/run';
import { useClaimsSettings } from '../../store/shared/claimsSettings';
import { download as saveFile } from '../../ui/download';
import { CacheWriteWarning, ConfirmRequests, ProgressBar, RequestsAtOnce } from '../../ui/BatchRunControls';
import { LocalModelRate } from '../claims/LocalModelRate';
import '../claims/claims.css';

// Test hook: the batch store's state (it never holds the key; the settings store does, in memory).
(globalThis as { __crscorePseudoRefs?: typeof usePseudoRefsBatch }).__crscorePseudoRefs = usePseudoRefsBatch;

const SOURCES: { id: PseudoRefSource; label: string; hint: string }[] = [
  { id: 'dataset', label: 'Dataset', hint: "the dataset's own pseudo-references" },
  { id: 'claims', label: 'LLM claims', hint: 'claims and implications from the LLM' },
  { id: 'analyzers', label: 'Analyzer issues', hint: 'JSHint, PyScent, PMD, and the linters and lizard of the other languages, on the changed lines; no key needed' },
  { id: 'tree-claims', label: 'Tree claims', hint: 'claims from the old and new syntax trees (ChangeDistiller’s change types); no LLM, no key' },
  { id: 'offline', label: 'Offline', hint: 'analyzer issues and tree claims: everything that needs no LLM and no key' },
  { id: 'generate', label: 'Claims + issues', hint: "the paper's pipeline" },
  { id: 'local', label: 'In-page model', hint: 'claims from an LLM run in this page (WebGPU, or WASM on the CPU: slow); no key, nothing sent' },
];

export function PseudoRefsPanel() {
  const rows = useResearch((s) => s.imported?.rows);
  const b = usePseudoRefsBatch();
  const settings = useClaimsSettings();
  const local = usesLocalModel(b.source);
  const llmProblem = useLlmProblem(local);
  useEffect(() => usePseudoRefsBatch.getState().restore(), []);
  // A dataset that carries its own pseudo-references starts on them: nobody should be offered 36 LLM requests
  // for a file that needs none. One without any starts on the paper's pipeline.
  useEffect(() => {
    const st = usePseudoRefsBatch.getState();
    // After a generation (its rows handed to Research carry them too) the panel stays on its result.
    if (!rows?.length || st.result || st.phase === 'running' || st.phase === 'interrupted' || st.phase === 'cancelled') return;
    const { withRefs } = overviewOf(rows);
    if (withRefs === rows.length && st.source !== 'dataset') st.setSource('dataset');
    else if (withRefs < rows.length && st.source === 'dataset' && withRefs === 0) st.setSource('generate');
  }, [rows]);
  // Re-count the plan when the rows or anything in the cache key changes.
  useEffect(() => {
    void usePseudoRefsBatch.getState().refreshPlan();
  }, [rows, b.source, settings.provider, settings.baseUrl, settings.model, settings.temperature, settings.format, llmProblem]);
  // A dataset that carries pseudo-references for some changes folds the generation form: the default view shows
  // what the run will use, and the form opens on request, when a source is picked, or while a batch has state.
  const own = rows ? overviewOf(rows).withRefs : 0;
  const [unfold, setUnfold] = useState<{ rows: typeof rows; open: boolean }>({ rows, open: own === 0 });
  if (unfold.rows !== rows) setUnfold({ rows, open: own === 0 });
  // Before a dataset the step is still there, so the steps read 1, 2, 3 before and after one is loaded.
  if (!rows)
    return (
      <section className="panel r-prefs" aria-labelledby="r-prefs-h" data-testid="pseudo-refs-panel" data-empty="">
        <h2 id="r-prefs-h">2 · Pseudo-references</h2>
        <p className="muted small">Open a dataset in step 1: its own pseudo-references are used, or generated here (LLM claims, analyzer issues, or both).</p>
      </section>
    );
  const running = b.phase === 'running' || b.phase === 'planning';
  const canResume = b.phase === 'cancelled' || b.phase === 'interrupted';
  const needsLlm = usesLlm(b.source);
  // LLM claims without a key: said once instead of the plan, and Generate stays off.
  const problem = needsLlm ? llmProblem : null;
  const busy = running || canResume || b.phase === 'confirm' || b.phase === 'error' || !!b.progress || !!b.result;
  const open = unfold.open || busy;
  const without = rows.length - own;
  return (
    <section className="panel r-prefs" aria-labelledby="r-prefs-h" data-testid="pseudo-refs-panel">
      <h2 id="r-prefs-h">2 · Pseudo-references</h2>
      <div className="r-controls" role="radiogroup" aria-label="Pseudo-references from">
        {SOURCES.map((s) => (
          <label key={s.id} className="r-source" title={s.hint}>
            <input
              type="radio"
              name="pseudo-ref-source"
              value={s.id}
              checked={b.source === s.id}
              disabled={running}
              onChange={() => {
                b.setSource(s.id);
                setUnfold({ rows, open: true });
              }}
            />{' '}
            {s.label}
            <span className="muted small"> · {s.hint}</span>
          </label>
        ))}
      </div>
      <WillRun rows={rows} />
      {b.source === 'dataset' ? null : (
        <details className="r-generate" open={open} onToggle={(e) => setUnfold({ rows, open: e.currentTarget.open })} data-testid="prefs-generate-details">
          <summary data-testid="prefs-generate-summary">
            {own > 0 && without > 0 && b.keepOwn ? (
              <>
                {own} of {rows.length} changes carry their own pseudo-references, used as they are.{' '}
                <span className="linklike">
                  Generate for the {without} without{needsLlm ? ' (LLM settings, plan and cost)' : ''}…
                </span>
              </>
            ) : (
              <span className="linklike">Generation settings, plan and cost</span>
            )}
          </summary>
          <KeepOwn rows={rows} disabled={running} />
          <ClaimsSettingsForm disabled={running} llm={needsLlm} localOnly={local} />
          <div className="r-controls">
            {needsLlm && (
              <RequestsAtOnce
                value={b.concurrency}
                disabled={running}
                cap={PROVIDERS[local ? 'browser' : settings.provider].maxConcurrency}
                onChange={b.setConcurrency}
                testId="prefs-concurrency"
              />
            )}
            <button type="button" className="primary" disabled={running || b.phase === 'confirm' || !!problem} onClick={() => void b.start()} data-testid="prefs-generate">
              {canResume ? 'Resume' : b.result ? 'Generate again' : 'Generate pseudo-references'}
            </button>
            <button type="button" disabled={b.phase !== 'running'} onClick={b.cancel} data-testid="prefs-cancel">
              Cancel
            </button>
          </div>
          {problem ? <LlmSettingsMissing problem={problem} testId="prefs-missing" /> : <PlanLine />}
          {b.phase === 'confirm' && b.plan && (
            <ConfirmRequests
              requests={b.plan.requests}
              inputTokens={b.plan.inputTokens}
              cached={b.plan.cached}
              target={local ? `${settings.model} in this page` : `${settings.model} at ${settings.baseUrl}`}
              onSend={() => void b.run()}
              onDismiss={b.cancel}
              testId="prefs-confirm"
              sendTestId="prefs-confirm-send"
            />
          )}
          {b.progress && <ProgressLine p={b.progress} phase={b.phase} />}
          {b.progress && <CacheWriteWarning failed={b.progress.cacheWriteFailed ?? 0} error={b.progress.cacheWriteError} testId="prefs-cache-unsaved" />}
        </details>
      )}
      {b.message && <p className={b.phase === 'error' ? 'r-error' : 'muted small'} data-testid="prefs-message">{b.message}</p>}
      {b.result && b.source !== 'dataset' && <ResultView />}
    </section>
  );
}

const SOURCE_WORDS: Record<PseudoRefSource, string> = {
  dataset: "the dataset's own",
  claims: 'LLM claims',
  analyzers: 'analyzer issues',
  generate: 'claims + issues',
  'tree-claims': 'claims from the syntax trees',
  offline: 'analyzer issues + claims from the syntax trees',
  local: 'claims of the in-page model',
};

/**
 * What Score dataset will use: the rows on screen as they are (the dataset's own pseudo-references, or those a
 * generation handed over), whichever source is selected above for a generation.
 */
function WillRun({ rows }: { rows: readonly DatasetRow[] }) {
  const name = useResearch((s) => s.datasetName);
  const source = usePseudoRefsBatch((s) => s.source);
  const made = pseudoRefsProvenance(name);
  const withRefs = rows.filter((r) => r.pseudoRefs.length > 0).length;
  const without = rows.length - withRefs;
  const what = made ? `the pseudo-references generated here (${SOURCE_WORDS[made.source]}${made.llm ? `, ${made.llm.model}` : ''})` : "the dataset's own pseudo-references";
  return (
    <p className="small" data-testid="prefs-will-run">
      <strong>Score dataset uses:</strong> {what}, {withRefs} of {rows.length} changes
      {without > 0 && (withRefs === 0 ? ' (none is scored until you generate them).' : ` (the ${without} without ${without === 1 ? 'is' : 'are'} not scored unless you generate for ${without === 1 ? 'it' : 'them'}).`)}
      {without === 0 && '.'}
      {!made && source !== 'dataset' && withRefs > 0 && <span className="muted"> {SOURCES.find((s) => s.id === source)?.label} above is what a generation would make.</span>}
    </p>
  );
}

/** A dataset where some changes carry pseudo-references: generate only for the others unless asked to replace them. */
function KeepOwn({ rows, disabled }: { rows: DatasetRow[]; disabled: boolean }) {
  const keepOwn = usePseudoRefsBatch((s) => s.keepOwn);
  const own = rows.filter((r) => r.pseudoRefs.length > 0).length;
  if (own === 0 || own === rows.length) return null;
  return (
    <label className="small r-keep-own">
      <input type="checkbox" checked={keepOwn} disabled={disabled} onChange={(e) => usePseudoRefsBatch.getState().setKeepOwn(e.currentTarget.checked)} data-testid="prefs-keep-own" />{' '}
      Keep the dataset&apos;s own pseudo-references ({own} of {rows.length} changes carry them, with the annotators&apos; links); generate only for the {rows.length - own}{' '}
      without
    </label>
  );
}

function PlanLine() {
  const plan = usePseudoRefsBatch((s) => s.plan);
  const source = usePseudoRefsBatch((s) => s.source);
  if (!plan) return null;
  return (
    <p className="small" data-testid="prefs-plan" data-requests={plan.requests}>
      {plan.changes} {plan.changes === 1 ? 'change' : 'changes'} to generate for{plan.kept > 0 && ` (${plan.kept} keep their own)`}
      {usesLlm(source) && (
        <>
          {' '}· <strong>{plan.requests}</strong> LLM request{plan.requests === 1 ? '' : 's'} to send ({plan.cached} answered from the cache) · about {plan.inputTokens.toLocaleString('en')} input tokens
          {plan.requests > CONFIRM_ABOVE && ' · you will be asked before they are sent'}
          {plan.unaskable.length > 0 && ` · ${plan.unaskable.length} without added or removed lines`}
          {usesLocalModel(source) && <LocalModelRate requests={plan.requests} />}
        </>
      )}
      {source !== 'claims' && source !== 'local' && ` · ${plan.analyzerChanges} changes in a language with an analyzer (JavaScript, Python, Java)`}
    </p>
  );
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(id);
  }, [active]);
  return now;
}

const STAGE: Record<BatchProgress['stage'], string> = { claims: 'LLM claims', 'tree-claims': 'Tree claims', analyzers: 'Analyzers' };

export function ProgressLine({ p, phase }: { p: BatchProgress; phase: string }) {
  const now = useNow(phase === 'running');
  const fresh = p.done - p.cached;
  const elapsed = now - p.startedAt;
  const left = phase === 'running' && fresh > 0 && p.done < p.total ? ((p.total - p.done) * elapsed) / fresh / 1000 : null;
  return (
    <div className="r-progress" data-testid="prefs-progress" data-phase={phase} data-done={p.done} data-total={p.total} data-failed={p.failed}>
      <ProgressBar done={p.done} total={p.total} label="Pseudo-reference progress" />
      <span className="small">
        {STAGE[p.stage]} {p.done} / {p.total}
        {p.failed > 0 && ` · ${p.failed} ${p.failed === 1 ? 'change' : 'changes'} failed`}
        {p.stage === 'claims' && ` · ${p.cached} from the cache · ${requestCounts({ requests: p.requests, retries: p.retries ?? 0, requestsFailed: p.requestsFailed ?? 0 })}`}
        {phase === 'running' && p.stage === 'claims' && ` · ${p.inFlight} in flight`}
        {left !== null && ` · about ${left < 90 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`} left`}
      </span>
    </div>
  );
}

function ResultView() {
  const result = usePseudoRefsBatch((s) => s.result)!;
  const phase = usePseudoRefsBatch((s) => s.phase);
  const writing = usePseudoRefsBatch((s) => s.writing);
  const { retryFailed, useInResearch: handToResearch, exportJsonl } = usePseudoRefsBatch.getState();
  const busy = phase === 'running' || (writing !== null && !writing.error);
  const [open, setOpen] = useState<string | null>(null);
  const failed = result.reports.filter((r) => r.failures.some((f) => f.kind !== 'cancelled'));
  const s = result.stats;
  const byId = useMemo(() => new Map(result.rows.map((r) => [r.id, r])), [result]);
  const download = async () => {
    const blob = await exportJsonl();
    if (blob) saveFile('dataset.with-pseudo-refs.jsonl', blob);
  };
  return (
    <div className="r-prefs-result" data-testid="prefs-result">
      <p>
        <strong>{s.claims}</strong> claims and <strong>{s.issues}</strong> analyzer issues for {s.changes} changes · {s.requests} requests, {s.cached} from the cache ·{' '}
        <span data-testid="prefs-failed-count">{s.failed}</span> change{s.failed === 1 ? '' : 's'} with a failure ·{' '}
        {s.readInPart > 0 && <span data-testid="prefs-read-in-part">{s.readInPart} read in part by an analyzer (a syntax error it stopped at) · </span>}
        <span data-testid="prefs-not-scorable" className={s.notScorable ? 'r-warn' : ''}>
          {s.notScorable} without pseudo-references (not scorable)
        </span>
      </p>
      <p className="r-controls">
        <button type="button" className="primary" disabled={busy} onClick={() => void handToResearch()} data-testid="prefs-use">
          Score with these in Research
        </button>
        <button type="button" disabled={busy} onClick={() => void download()} data-testid="prefs-export">
          Export dataset JSONL
        </button>
        {failed.length > 0 && (
          <button type="button" disabled={phase === 'running'} onClick={() => void retryFailed()} data-testid="prefs-retry-failed">
            Retry the {failed.length} failed change{failed.length === 1 ? '' : 's'}
          </button>
        )}
      </p>
      {writing &&
        (writing.error ? (
          <p className="r-error" role="alert" data-testid="prefs-writing-error">
            {writing.error}
          </p>
        ) : (
          // A large file's rows have their code read back from the file as they are written.
          <div className="progress-row" role="status" data-testid="prefs-writing">
            <span>
              Writing the dataset JSONL with each change's code: {writing.done.toLocaleString('en')} of {writing.total.toLocaleString('en')} changes…
            </span>
            <progress max={writing.total || 1} value={writing.done} />
          </div>
        ))}
      {failed.length > 0 && (
        <details open className="r-errors">
          <summary>Failed changes ({failed.length})</summary>
          <table className="r-table" data-testid="prefs-failures">
            <thead>
              <tr>
                <th>Change</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {failed.slice(0, 200).map((r) => (
                <tr key={r.id}>
                  <td>{r.id}</td>
                  <td>{r.failures.filter((f) => f.kind !== 'cancelled').map((f) => f.reason).join(' · ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      <details>
        <summary>Pseudo-references per change</summary>
        <table className="r-table" data-testid="prefs-changes">
          <thead>
            <tr>
              <th>Change</th>
              <th className="num">Claims</th>
              <th className="num">Issues</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {result.reports.slice(0, 500).map((r) => (
              <ChangeRow
                key={r.id}
                row={byId.get(r.id)!}
                claims={r.claims}
                issues={r.issues}
                analyzerFailed={r.failures.some((f) => f.kind === 'analyzer' || f.kind === 'analyzer-partial')}
                open={open === r.id}
                onToggle={() => setOpen(open === r.id ? null : r.id)}
              />
            ))}
          </tbody>
        </table>
        {result.reports.length > 500 && <p className="muted small">The first 500 of {result.reports.length} changes; the export has them all.</p>}
      </details>
    </div>
  );
}

function ChangeRow({
  row,
  claims,
  issues,
  analyzerFailed,
  open,
  onToggle,
}: {
  row: DatasetRow;
  claims: number;
  issues: number;
  analyzerFailed: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const review = row.reviews.find((r) => r.system !== 'msg') ?? row.reviews[0] ?? null;
  return (
    <>
      <tr data-change={row.id}>
        <td>
          <button type="button" className="linklike" onClick={onToggle} aria-expanded={open}>
            {row.id}
          </button>
        </td>
        <td className="num">{claims}</td>
        {/* An analyzer that could not run or parse reports no count: "0 issues" would claim a clean file. */}
        <td className="num">{analyzerFailed && issues === 0 ? <span className="r-warn" title="the analyzer could not analyze this change">n/a</span> : issues}</td>
        <td>{claims + issues === 0 ? <span className="r-warn">not scorable</span> : 'ready'}</td>
        <td>
          <button
            type="button"
            className="small"
            onClick={() => void openRowInWorkbench(row, review, { note: `From the research dataset: ${row.id}${review ? `, review by ${review.system}` : ''}, generated pseudo-references.` })}
          >
            Open in workbench
          </button>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={5}>
            <ol className="r-prefs-list">
              {row.pseudoRefs.map((p) => (
                <li key={p.no}>
                  <span className={`r-kind r-kind-${p.type}`}>{p.type}</span> {p.text}
                </li>
              ))}
            </ol>
          </td>
        </tr>
      )}
    </>
  );
}
