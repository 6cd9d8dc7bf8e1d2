// The "Pull request" tab: paste a pull request, read its review comments, pick some and score them in the
// workbench, or send the whole pull request to Research. All GitHub text is rendered as text.
import { useId } from 'react';
import { apiHost, tokenMayGoTo, type FetchProgress } from '../../github';
import { useGithubImport } from './importStore';
import { ItemList } from './ItemList';
import { WholeReview } from './WholeReview';
import { GITHUB_SETTINGS_KEY, useGithubSettings } from './settingsStore';
import { useStorageRefusals } from '../../settings/storageWrites';
import './github.css';

export default function GithubView() {
  const st = useGithubImport();
  const settings = useGithubSettings();
  // Why the browser refused to store these settings (storage full), if it did: the token's note must not claim it was saved.
  const refused = useStorageRefusals((r) => r[GITHUB_SETTINGS_KEY]);
  const id = useId();
  const loading = st.status === 'loading';
  const tokenHost = hostOr(settings.tokenApiBase || 'https://api.github.com');
  const tokenHeld = settings.token.trim() !== '' && !tokenMayGoTo(settings.tokenApiBase, settings.apiBase);
  return (
    <div className="gh-view" data-testid="github-view">
      <section className="gh-panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Import a pull request</h2>
        <form
          className="gh-form"
          onSubmit={(e) => {
            e.preventDefault();
            void st.load();
          }}
        >
          <label htmlFor={`${id}-url`}>Pull request</label>
          <div className="gh-row">
            <input
              id={`${id}-url`}
              data-testid="gh-url"
              spellCheck={false}
              autoComplete="off"
              placeholder="https://github.com/OWNER/REPO/pull/123  or  OWNER/REPO#123"
              value={st.input}
              onChange={(e) => st.setInput(e.target.value)}
            />
            <button type="submit" className="primary" disabled={loading || !st.input.trim()} data-testid="gh-load">
              Load review comments
            </button>
            {loading && (
              <button type="button" onClick={st.cancel}>
                Cancel
              </button>
            )}
          </div>

          <label htmlFor={`${id}-token`}>Token (optional)</label>
          <div>
            <input
              id={`${id}-token`}
              data-testid="gh-token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              placeholder="for private repositories and more than 60 requests an hour"
              value={settings.token}
              onChange={(e) => settings.setToken(e.target.value)}
            />
            <label className="gh-check">
              <input type="checkbox" checked={settings.rememberToken} onChange={(e) => settings.set({ rememberToken: e.target.checked })} /> Remember on this
              device
            </label>
            {refused ? (
              <p className="gh-warning" role="alert" data-testid="gh-remember-unsaved">
                ⚠ {settings.rememberToken ? 'The token' : 'These settings'} could not be saved on this device: {refused}. {settings.rememberToken ? 'It is' : 'The token is'} kept in
                memory only until this tab is closed. Free some space (or clear this site&apos;s stored data) and change a setting to save again.
              </p>
            ) : settings.rememberToken ? (
              <p className="gh-warning" role="note">
                ⚠ The token is saved unencrypted in this browser&apos;s storage; anyone with access to this browser profile can read it. Untick to delete it.
              </p>
            ) : (
              <p className="gh-hint">Kept in memory only, sent to GitHub in the Authorization header, and gone when you close the tab. A read-only token is enough.</p>
            )}
            {settings.token.trim() !== '' && (
              <p className={tokenHeld ? 'gh-warning' : 'gh-hint'} data-testid="gh-token-host">
                {tokenHeld
                  ? `This token was entered for ${tokenHost}; it is not sent to ${hostOr(settings.apiBase)} unless you confirm (or enter it again).`
                  : `Sent only to ${tokenHost}.`}
              </p>
            )}
          </div>

          <label htmlFor={`${id}-api`}>API base URL</label>
          <div>
            <input id={`${id}-api`} data-testid="gh-api-base" spellCheck={false} value={settings.apiBase} onChange={(e) => settings.set({ apiBase: e.target.value })} />
            <p className="gh-hint">https://api.github.com, or https://HOST/api/v3 for GitHub Enterprise Server. A pasted link never changes it.</p>
          </div>
        </form>

        {loading && <Progress progress={st.progress} />}
        {st.status === 'error' && st.error && (
          <div className="alert error" role="alert" data-testid="gh-error" data-kind={st.error.kind}>
            <span data-testid="gh-error-message">{st.error.message}</span>
            {st.error.detail && (
              <details className="gh-error-details" data-testid="gh-error-details">
                <summary>Details</summary>
                <p className="small">{st.error.detail}</p>
              </details>
            )}
            {st.error.kind === 'token-host' && (
              <div className="gh-row gh-alert-actions">
                <button
                  type="button"
                  data-testid="gh-token-confirm"
                  onClick={() => {
                    settings.bindTokenToApiBase();
                    void st.load();
                  }}
                >
                  Send my token to {hostOr(settings.apiBase)}
                </button>
                <button type="button" data-testid="gh-token-skip" onClick={() => void st.load({ withoutToken: true })}>
                  Load without the token
                </button>
              </div>
            )}
          </div>
        )}
        {st.message && (
          <p className="alert info" role="status" data-testid="gh-message">
            {st.message}
          </p>
        )}
      </section>
      {st.pull && <PullPanel />}
      {st.pull && st.items.some((i) => !i.inReplyTo) && <WholeReview />}
    </div>
  );
}

function Progress({ progress }: { progress: FetchProgress | null }) {
  const label = progress ? `Reading ${progress.step}… ${progress.done}${progress.total !== undefined ? ` of ${progress.total}` : ''}` : 'Contacting GitHub…';
  return (
    <div className="gh-progress" role="status" data-testid="gh-progress">
      <span className="spinner" aria-hidden="true" /> {label}
      {progress?.total ? <progress max={progress.total} value={progress.done} /> : <progress />}
    </div>
  );
}

function PullPanel() {
  const pull = useGithubImport((s) => s.pull)!;
  const items = useGithubImport((s) => s.items);
  const authors = new Set(items.map((i) => i.author)).size;
  const replies = items.filter((i) => i.inReplyTo).length;
  return (
    <section className="gh-panel" aria-labelledby="gh-pull-h" data-testid="gh-pull">
      <h2 id="gh-pull-h">
        {pull.owner}/{pull.repo}#{pull.number}: {pull.title}{' '}
        {pull.url ? (
          <a href={pull.url} target="_blank" rel="noopener noreferrer" className="small" data-testid="gh-pull-link">
            on GitHub ↗
          </a>
        ) : (
          <span className="small muted" data-testid="gh-pull-link-text" title="Not a link on GitHub, so shown as text">
            {pull.rawUrl}
          </span>
        )}
      </h2>
      <p className="muted small" data-testid="gh-summary">
        {items.length} review comment{items.length === 1 ? '' : 's'} ({replies} repl{replies === 1 ? 'y' : 'ies'}) by {authors} author{authors === 1 ? '' : 's'} · head{' '}
        <code>{pull.headSha.slice(0, 7)}</code> · read in {(pull.ms / 1000).toFixed(1)} s
      </p>
      {pull.notes.map((n) => (
        <p key={n} className="alert warn small">
          {n}
        </p>
      ))}
      {pull.reviews.length > 0 && (
        <details className="gh-reviews">
          <summary>
            {pull.reviews.length} review summar{pull.reviews.length === 1 ? 'y' : 'ies'} (the text reviewers wrote with their verdict; not tied to a hunk, so not scored)
          </summary>
          <ul>
            {pull.reviews.map((r) => (
              <li key={r.id}>
                <strong>{r.author}</strong> <span className="badge">{r.state.toLowerCase().replace(/_/g, ' ')}</span>
                <p className="gh-body">{r.body}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
      {items.length === 0 ? <p className="alert info">This pull request has no review comments on its code.</p> : <ItemList />}
    </section>
  );
}

function hostOr(apiBase: string): string {
  try {
    return apiHost(apiBase);
  } catch {
    return apiBase;
  }
}
