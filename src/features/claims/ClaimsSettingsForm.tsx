// LLM settings: provider, base URL, model, key (memory unless opted in), temperature, format, timeout.
// Deliberately not a <form>: an accidental submit must never put the key into a URL.

import { useId } from 'react';
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '../../claims/providers';
import type { OutputFormat } from '../../claims/prompt';
import type { AnalyzerFilter, AnalyzerOptionSet } from './analyzers';
import { LocalModelSettings } from './LocalModelSettings';
import { keyHeld, SETTINGS_STORAGE_KEY, useClaimsSettings } from '../../store/shared/claimsSettings';
import { KeyHostNote } from './KeyHostNote';
import { useStorageRefusals } from '../../settings/storageWrites';

/**
 * `llm` false: only the analyzer rows (Research's batch with analyzer issues alone asks nothing of an LLM).
 * `claims` false: only the LLM rows, without the claims' output format and the analyzers (llm-links).
 * `localOnly`: the in-page model's rows, no provider to choose (Research's `local` source).
 */
export function ClaimsSettingsForm({
  disabled,
  llm = true,
  claims = true,
  open,
  onToggle,
  label,
  localOnly = false,
}: {
  disabled?: boolean;
  localOnly?: boolean;
  llm?: boolean;
  claims?: boolean;
  /** Given: the parent decides when the form is folded (the Workbench keeps it shut until claims are asked for). */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  /** The summary's words in place of "LLM and analyzer settings". */
  label?: string;
}) {
  const s = useClaimsSettings();
  // Why the browser refused to store these settings (storage full), if it did: the key's note must not claim it was saved.
  const refused = useStorageRefusals((r) => r[SETTINGS_STORAGE_KEY]);
  const id = useId();
  const preset = PROVIDERS[localOnly ? 'browser' : s.provider];
  const key = s.keys[s.provider] ?? '';
  const local = preset.protocol === 'local';

  return (
    <details
      className="claims-settings"
      open={open ?? true}
      onToggle={onToggle && ((e) => onToggle((e.currentTarget as HTMLDetailsElement).open))}
    >
      <summary>
        {llm ? (
          <>
            {label ?? (claims ? 'LLM and analyzer settings' : 'LLM settings')}{' '}
            <span className="claims-hint">
              ({preset.label} · {s.model || 'no model'})
            </span>
          </>
        ) : (
          'Analyzer settings'
        )}
      </summary>
      <fieldset disabled={disabled}>
        <div className="claims-grid">
          {llm && (
            <>
              {!localOnly && (
                <>
                  <label htmlFor={`${id}-provider`}>Provider</label>
                  <select
                    id={`${id}-provider`}
                    value={s.provider}
                    onChange={(e) => s.setProvider(e.target.value as ProviderId)}
                  >
                    {PROVIDER_IDS.map((p) => (
                      <option key={p} value={p}>
                        {PROVIDERS[p].label}
                      </option>
                    ))}
                  </select>
                </>
              )}

              {local ? (
                <LocalModelSettings />
              ) : (
                <>
                  <label htmlFor={`${id}-base`}>Base URL</label>
                  <input
                    id={`${id}-base`}
                    type="url"
                    spellCheck={false}
                    placeholder={
                      preset.protocol === 'anthropic'
                        ? 'https://api.anthropic.com/v1'
                        : 'https://host/v1'
                    }
                    value={s.baseUrl}
                    onChange={(e) => s.update({ baseUrl: e.target.value })}
                  />

                  <label htmlFor={`${id}-model`}>Model</label>
                  <input
                    id={`${id}-model`}
                    spellCheck={false}
                    placeholder="model name"
                    value={s.model}
                    onChange={(e) => s.update({ model: e.target.value })}
                  />

                  <label htmlFor={`${id}-key`}>API key{preset.needsKey ? '' : ' (optional)'}</label>
                  <input
                    id={`${id}-key`}
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    placeholder={preset.needsKey ? 'needed' : 'not needed for most local servers'}
                    value={key}
                    onChange={(e) => s.setKey(e.target.value)}
                  />

                  <span />
                  <div>
                    <label>
                      <input
                        type="checkbox"
                        checked={s.rememberKey}
                        onChange={(e) => s.setRememberKey(e.target.checked)}
                      />{' '}
                      Remember on this device
                    </label>
                    {refused ? (
                      <p className="claims-warning" role="alert" data-testid="remember-unsaved">
                        ⚠ {s.rememberKey ? 'The key' : 'These settings'} could not be saved on this device: {refused}. {s.rememberKey ? 'It is' : 'The key is'} kept in memory
                        only until this tab is closed. Free some space (or clear this site&apos;s stored data) and change a setting to save again.
                      </p>
                    ) : s.rememberKey ? (
                      <p className="claims-warning" role="note">
                        ⚠ The key is saved unencrypted in this browser&apos;s storage; anyone with
                        access to this browser profile can read it. Untick to delete it.
                      </p>
                    ) : (
                      <p className="claims-hint">
                        The key is kept in memory only and is gone when you close the tab.
                      </p>
                    )}
                    {key.trim() !== '' && <KeyHostNote held={keyHeld(s)} />}
                  </div>
                </>
              )}

              <label htmlFor={`${id}-temp`}>Temperature</label>
              <input
                id={`${id}-temp`}
                type="number"
                min={0}
                max={2}
                step={0.1}
                value={s.temperature}
                onChange={(e) => {
                  const v = e.target.valueAsNumber;
                  if (!Number.isNaN(v)) s.update({ temperature: v });
                }}
              />

              {claims && (
                <>
                  <label htmlFor={`${id}-format`}>Output format</label>
                  <select
                    id={`${id}-format`}
                    value={s.format}
                    onChange={(e) => s.update({ format: e.target.value as OutputFormat })}
                  >
                    <option value="paper">Paper: two sections of numbered points</option>
                    <option value="json">JSON {'{claims: [], implications: []}'}</option>
                  </select>
                </>
              )}

              <label htmlFor={`${id}-timeout`}>Timeout (s)</label>
              <input
                id={`${id}-timeout`}
                type="number"
                min={1}
                max={600}
                step={1}
                value={s.timeoutSec}
                onChange={(e) => {
                  const v = e.target.valueAsNumber;
                  if (!Number.isNaN(v) && v > 0) s.update({ timeoutSec: v });
                }}
              />
            </>
          )}

          {claims && (
            <>
              <label htmlFor={`${id}-afilter`}>Analyzer warnings</label>
              <select
                id={`${id}-afilter`}
                value={s.analyzerFilter}
                onChange={(e) => s.update({ analyzerFilter: e.target.value as AnalyzerFilter })}
              >
                <option value="paper">
                  Paper: lines whose text matches a +/- line of the diff
                </option>
                <option value="added">On the new file&apos;s added lines</option>
              </select>

              <label htmlFor={`${id}-aopts`}>JSHint options</label>
              <select
                id={`${id}-aopts`}
                value={s.analyzerOptions}
                onChange={(e) => s.update({ analyzerOptions: e.target.value as AnalyzerOptionSet })}
              >
                <option value="paper">Paper: JSHint defaults (ES5)</option>
                <option value="modern">Modern: ES2022, modules, browser</option>
              </select>
            </>
          )}
        </div>
      </fieldset>
    </details>
  );
}
