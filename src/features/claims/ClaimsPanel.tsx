// "Generate pseudo-references": the LLM's claims and implications plus every analyzer that fits the
// language. Shows the exact prompt and the raw answer; hands the parsed pseudo-references to the
// parent (onAdd), where the user edits them. All untrusted text is rendered as text.

import { useCallback, useEffect, useRef, useState } from 'react';
import type { PseudoReference } from '../../core/types';
import type { ClaimsErrorKind } from '../../claims/errors';
import { validateSettings } from '../../claims/generate';
import { promptTruncatesDiff } from '../../claims/prompt';
import { ClaimsSettingsForm } from './ClaimsSettingsForm';
import { analyzersFor, describeRun, runAnalyzers, runTreeClaims, treeClaimsLanguage } from './analyzers';
import { PSEUDO_REF_EXPLAINED, usesAnalyzers, usesLlm, usesTreeClaims, type PseudoRefSource } from '../../pseudorefs/dataset';
import { keyHeld, llmSettings, useClaimsSettings } from '../../store/shared/claimsSettings';
import { describeRefs, plural, useLlmClaims, type LlmRun } from './useLlmClaims';
import './claims.css';

export interface ClaimsPanelProps {
  diff: string;
  language: string;
  oldCode?: string;
  newCode?: string;
  onAdd: (refs: PseudoReference[]) => void;
}

type Summary = Record<string, string>;

/** `crscore score --pseudo-refs` on one diff: the sources that make pseudo-references, by the CLI's names. */
const SOURCES: Exclude<PseudoRefSource, 'dataset'>[] = ['generate', 'claims', 'analyzers', 'tree-claims', 'offline'];

const FAILURE_WORDS: Record<ClaimsErrorKind, string> = {
  config: 'not set up',
  'empty-diff': 'no changed lines',
  auth: 'key rejected',
  'rate-limit': 'rate limited',
  server: 'server error',
  'bad-request': 'request refused',
  network: 'unreachable',
  timeout: 'timed out',
  cancelled: 'cancelled',
  malformed: 'nothing parsed',
  model: 'in-browser model failed',
};

export function ClaimsPanel({ diff, language, oldCode, newCode, onAdd }: ClaimsPanelProps) {
  const [summary, setSummary] = useState<Summary>({});
  const [analyzing, setAnalyzing] = useState(false);
  const [source, setSource] = useState<(typeof SOURCES)[number]>('generate');
  const settings = useClaimsSettings();
  const onLlmRefs = useCallback(
    (refs: PseudoReference[]) => {
      onAdd(refs);
      setSummary((s) => ({ ...s, LLM: describeRefs(refs) }));
    },
    [onAdd],
  );
  const { run, start, cancel } = useLlmClaims(diff, onLlmRefs);
  // The LLM's line in the summary belongs to the provider that wrote it, like its error (useLlmClaims).
  const provider = settings.provider;
  const summaryFor = useRef(provider);
  useEffect(() => {
    if (summaryFor.current === provider) return;
    summaryFor.current = provider;
    setSummary((s) => Object.fromEntries(Object.entries(s).filter(([name]) => name !== 'LLM')));
  }, [provider]);

  const llmReady = (() => {
    try {
      validateSettings(llmSettings(settings));
      return true;
    } catch {
      return false;
    }
  })();
  // Folded until the user asks for claims: a newcomer's first screen is the change, the review and the scores
  // A remembered key or a set-up provider means the user has asked before: open at once.
  const [settingsOpen, setSettingsOpen] = useState(
    () => llmReady || (settings.rememberKey && !!settings.keys[settings.provider]),
  );
  const analyzerNames = usesAnalyzers(source) ? analyzersFor(language) : [];
  const treeLanguage = usesTreeClaims(source) ? treeClaimsLanguage(language, diff) : null;
  const llm = usesLlm(source);
  const running = run.status === 'running';
  const busy = running || analyzing;

  const generate = async () => {
    const next: Summary = {};
    if (llm && !llmReady) {
      const held = keyHeld(settings);
      next.LLM = held
        ? `not asked: the key was entered for ${held.from} (confirm ${held.to} in the LLM settings)`
        : 'not set up (add a key or base URL in the LLM settings)';
      setSettingsOpen(true);
    }
    setSummary(next);
    const jobs: Promise<unknown>[] = [];
    if (llm && llmReady) {
      setSummary((s) => ({ ...s, LLM: 'asking…' }));
      jobs.push(
        start().then((r) => {
          if (!Array.isArray(r))
            setSummary((s) => ({ ...s, LLM: `failed (${FAILURE_WORDS[r.kind]})` }));
        }),
      );
    }
    if (analyzerNames.length > 0) {
      setAnalyzing(true);
      jobs.push(
        runAnalyzers({
          language,
          diff,
          oldCode,
          newCode,
          filter: settings.analyzerFilter,
          options: settings.analyzerOptions,
        })
          .then((results) => {
            const all: PseudoReference[] = [];
            const parts: Summary = {};
            for (const r of results) {
              all.push(...r.refs);
              parts[r.name] = describeRun(r, plural);
            }
            if (all.length > 0) onAdd(all);
            setSummary((s) => ({ ...s, ...parts }));
          }),
      );
    }
    if (usesTreeClaims(source)) {
      if (!treeLanguage) setSummary((s) => ({ ...s, 'Tree claims': `no grammar for ${language || 'this language'}` }));
      else {
        setAnalyzing(true);
        jobs.push(
          runTreeClaims(treeLanguage, diff)
            .then((r) => {
              if (r.refs.length > 0) onAdd(r.refs);
              setSummary((s) => ({ ...s, [r.name]: r.error ? `failed (${r.error})` : plural(r.refs.length, 'claim') }));
            }),
        );
      }
    }
    await Promise.allSettled(jobs);
    setAnalyzing(false);
  };

  const summaryText = Object.entries(summary)
    .map(([name, text]) => `${name}: ${text}`)
    .join(' · ');

  return (
    <section className="claims-panel" aria-label="Generate pseudo-references">
      <ClaimsSettingsForm
        disabled={running}
        open={settingsOpen}
        onToggle={setSettingsOpen}
        label={settingsOpen ? 'LLM and analyzer settings' : 'Write claims with an LLM…'}
      />
      <div className="claims-actions">
        <label className="claims-hint">
          From{' '}
          <select value={source} disabled={busy} onChange={(e) => setSource(e.target.value as typeof source)} data-testid="claims-source" title="crscore score --pseudo-refs">
            {SOURCES.map((id) => (
              <option key={id} value={id} title={PSEUDO_REF_EXPLAINED[id]}>
                {id}
              </option>
            ))}
          </select>{' '}
          <span data-testid="claims-source-hint">{PSEUDO_REF_EXPLAINED[source]}</span>
        </label>
        <button type="button" onClick={() => void generate()} disabled={busy || !diff.trim()}>
          Generate pseudo-references
        </button>
        {running && (
          <button type="button" onClick={cancel}>
            Cancel
          </button>
        )}
        <span className="claims-hint">
          {[
            llm && (llmReady ? `LLM: ${settings.model}` : 'LLM not set up'),
            usesAnalyzers(source) && (analyzerNames.length > 0 ? `Analyzers: ${analyzerNames.join(', ')}` : `No analyzer for ${language || 'this language'}`),
            usesTreeClaims(source) && (treeLanguage ? `Tree claims: ${treeLanguage}` : `No grammar for ${language || 'this language'}`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </div>
      {promptTruncatesDiff(diff) && (
        <p className="claims-hint">
          The diff is longer than 4,000 characters; as in the paper&apos;s code, the prompt sends
          its first 4,000.
        </p>
      )}
      {summaryText && (
        <p className="claims-summary" role="status" data-testid="claims-summary">
          {summaryText}
        </p>
      )}
      <LlmStatus run={run} onRetry={() => void start()} onCancel={cancel} />
      <LlmTranscript run={run} />
    </section>
  );
}

function LlmStatus({
  run,
  onRetry,
  onCancel,
}: {
  run: LlmRun;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const now = useNow(
    run.status === 'running' || (run.status === 'failed' && run.retryAt !== undefined),
  );
  if (run.status === 'running' && run.partial !== undefined) {
    // The in-browser model streams: show the pace, not a wait.
    return (
      <div
        className="claims-progress"
        role="status"
        aria-live="polite"
        data-testid="claims-streaming"
      >
        <span>
          {run.model}{' '}
          {run.partial
            ? 'is writing…'
            : 'is loading and reading the prompt (download progress above)…'}{' '}
          {Math.floor(Math.max(0, now - run.startedAt) / 1000)} s
        </span>
      </div>
    );
  }
  if (run.status === 'running') {
    const elapsed = Math.max(0, now - run.startedAt);
    return (
      <div className="claims-progress" role="status" aria-live="polite">
        <span>
          Waiting for {run.model}… {Math.floor(elapsed / 1000)} s (gives up after{' '}
          {Math.round(run.timeoutMs / 1000)} s)
        </span>
        <progress
          max={run.timeoutMs}
          value={Math.min(elapsed, run.timeoutMs)}
          aria-label="Time waited for the model"
        />
      </div>
    );
  }
  if (run.status !== 'failed') return null;
  const { error, retryAt } = run;
  const wait = retryAt !== undefined ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : undefined;
  return (
    <div className="claims-error" role="alert" data-testid="claims-error" data-kind={error.kind}>
      <p>{error.message}</p>
      {error.detail && (
        <p className="claims-detail">
          Provider said: <q>{error.detail}</q>
        </p>
      )}
      {wait !== undefined && (
        <p data-testid="claims-countdown">Retrying automatically in {wait} s…</p>
      )}
      {error.retryable && (
        <button type="button" onClick={onRetry}>
          {wait !== undefined ? 'Retry now' : 'Retry'}
        </button>
      )}
      {wait !== undefined && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}

function LlmTranscript({ run }: { run: LlmRun }) {
  const prompt = run.status === 'idle' ? undefined : run.prompt;
  const raw =
    run.status === 'done'
      ? run.text
      : run.status === 'failed'
        ? run.raw
        : run.status === 'running'
          ? run.partial
          : undefined;
  if (!prompt && raw === undefined) return null;
  return (
    <div className="claims-transcript">
      {prompt && (
        <details open>
          <summary>Prompt sent</summary>
          <pre data-testid="claims-prompt">{prompt}</pre>
        </details>
      )}
      {raw !== undefined && (
        <details open>
          <summary>Raw response</summary>
          <pre data-testid="claims-raw">{raw}</pre>
        </details>
      )}
      {run.status === 'done' && (
        <div data-testid="claims-parsed">
          <p>
            Added {describeRefs(run.refs)} to the pseudo-references (in{' '}
            {(run.elapsedMs / 1000).toFixed(1)} s
            {run.tokensPerSecond !== undefined && (
              <span data-testid="claims-speed">, {run.tokensPerSecond.toFixed(1)} tokens/s</span>
            )}
            ); edit them in the list.
          </p>
          <ol>
            {run.refs.map((r, i) => (
              <li key={i}>
                <span className={`claims-kind claims-kind-${r.kind}`}>{r.kind}</span> {r.text}
              </li>
            ))}
          </ol>
        </div>
      )}
    </div>
  );
}

/** Re-renders every 250 ms while active, for elapsed time and countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(id);
  }, [active]);
  return now;
}
