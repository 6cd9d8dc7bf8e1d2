// The review comments of a pull request, one thread each: pick which to score, see the hunk, follow the link.
// Replies sit under the comment they answer; whether they can be picked is the user's choice.
import { safeWebLink, type ReviewItem } from '../../github';
import { DiffLines } from '../../ui/DiffLines';
import { Segmented } from '../../ui/Segmented';
import { itemsInScope, useGithubImport, type SessionMetric } from './importStore';
import { useGithubSettings } from './settingsStore';

export function ItemList() {
  const items = useGithubImport((s) => s.items);
  const selected = useGithubImport((s) => s.selected);
  const metric = useGithubImport((s) => s.metric);
  const work = useGithubImport((s) => s.work);
  const { toggle, selectAll, setMetric, openInWorkbench, sendToResearch } = useGithubImport.getState();
  const includeReplies = useGithubSettings((s) => s.includeReplies);
  const setSettings = useGithubSettings((s) => s.set);
  const scope = itemsInScope(items, includeReplies);
  const picked = scope.filter((i) => selected[i.id]).length;
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots = items.filter((i) => !i.inReplyTo);
  const apiBase = useGithubImport((s) => s.pull?.apiBase);

  return (
    <>
      <div className="gh-toolbar">
        <label className="gh-check">
          <input type="checkbox" data-testid="gh-include-replies" checked={includeReplies} onChange={(e) => setSettings({ includeReplies: e.target.checked })} /> Score
          replies too
        </label>
        <button type="button" className="linklike" onClick={() => selectAll(true)}>
          Select all
        </button>
        <button type="button" className="linklike" onClick={() => selectAll(false)}>
          none
        </button>
        <span className="gh-spacer" />
        <span className="muted small" id="gh-metric-l">
          Score with
        </span>
        <Segmented<SessionMetric>
          labelledBy="gh-metric-l"
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'embedding', label: 'CRScore (embedding)', testId: 'gh-metric-embedding' },
            { value: 'lexical', label: 'Lexical (instant)', testId: 'gh-metric-lexical' },
            { value: 'plus', label: 'plus (instant)', testId: 'gh-metric-plus' },
          ]}
        />
      </div>
      <div className="gh-toolbar">
        <button type="button" className="primary" disabled={!picked || !!work} onClick={() => void openInWorkbench()} data-testid="gh-open">
          Open {picked} in the workbench
        </button>
        <button type="button" disabled={!scope.length || !!work} onClick={() => void sendToResearch()} data-testid="gh-research">
          Send all {scope.length} to Research
        </button>
        {work && (
          <span className="gh-progress" role="status" data-testid="gh-work">
            <span className="spinner" aria-hidden="true" /> Running the analyzers on the head-commit files… {work.done} of {work.total}
            <progress max={work.total} value={work.done} />
          </span>
        )}
      </div>
      <p className="muted small">
        Each comment is scored against its diff hunk. Pseudo-references: the analyzers run on the file at the head commit when the sessions open; add
        the LLM&apos;s claims with one click in the workbench (Generate pseudo-references).
      </p>
      <ol className="gh-items" data-testid="gh-items">
        {roots.map((it) => (
          <li key={it.id} className="gh-thread">
            <Item item={it} apiBase={apiBase} checked={!!selected[it.id]} onToggle={(on) => toggle(it.id, on)} />
            {it.replies.length > 0 && (
              <ol className="gh-replies" aria-label={`Replies to ${it.author}`}>
                {it.replies.map((rid) => {
                  const r = byId.get(rid);
                  return r ? (
                    <li key={rid}>
                      <Item item={r} apiBase={apiBase} checked={includeReplies && !!selected[rid]} disabled={!includeReplies} onToggle={(on) => toggle(rid, on)} reply />
                    </li>
                  ) : null;
                })}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}

function Item({ item, apiBase, checked, disabled, onToggle, reply }: { item: ReviewItem; apiBase?: string; checked: boolean; disabled?: boolean; onToggle(on: boolean): void; reply?: boolean }) {
  // Only https pages on github.com or the configured host become links; anything else a server sends is text.
  const href = safeWebLink(item.url, apiBase);
  return (
    <article className={`gh-item${reply ? ' reply' : ''}`} data-testid="gh-item" data-id={item.id}>
      <header>
        <label className="gh-check">
          <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onToggle(e.target.checked)} aria-label={`Score the comment by ${item.author} on ${item.file}`} />
          <strong>{item.author}</strong>
        </label>
        {reply && <span className="badge">reply</span>}
        <span className="gh-file">
          {item.file}
          {item.line ? `:${item.line}` : ''}
        </span>
        <span className="badge">{item.language === 'unknown' ? item.lang || 'no language' : item.language}</span>
        {item.outdated && <span className="badge" title="Written on an older commit; the hunk is the one the reviewer saw">outdated</span>}
        {!item.newCode && <span className="badge" title="The file could not be read at the head commit; the analyzers see the hunk only">no head file</span>}
        {href ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className="small" data-testid="gh-item-link">
            on GitHub ↗
          </a>
        ) : (
          item.url && (
            <span className="small muted gh-url-text" data-testid="gh-item-link-text" title="Not a link on GitHub, so shown as text">
              {item.url}
            </span>
          )
        )}
      </header>
      <p className="gh-body">{item.review}</p>
      <details>
        <summary>Diff hunk ({item.diff.split('\n').length - 4} lines)</summary>
        <DiffLines diff={item.diff} label={`Diff hunk of ${item.file}`} maxHeight={260} />
      </details>
    </article>
  );
}
