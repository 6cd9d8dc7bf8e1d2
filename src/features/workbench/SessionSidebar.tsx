// Sessions: open, add, duplicate, rename, delete, reorder; export and import as JSON; autosave status.
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { exampleSessions } from '../../store/session/session';
import { importSession } from '../../store/session/sessionFile';
import { downloadSession } from '../share/download';
import { useSaveStatus } from '../../store/session/persist';
import { useSessions } from '../../store/session/sessions';
import { paperExamples } from '../../examples/paper';

export function SessionSidebar() {
  // Only what the list shows, so a τ step in the open session does not re-render the sidebar.
  const { order, activeId, add, duplicate, rename, remove, select, move } = useSessions(
    useShallow((st) => ({ order: st.order, activeId: st.activeId, add: st.add, duplicate: st.duplicate, rename: st.rename, remove: st.remove, select: st.select, move: st.move })),
  );
  const labels = useSessions(useShallow((st) => st.order.map((id) => `${st.sessions[id]?.name ?? ''}\u0000${st.sessions[id]?.pseudoReferences.length ?? 0} P · ${st.sessions[id]?.similarity ?? ''}`)));
  const save = useSaveStatus();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const doExport = (id: string) => {
    const s = useSessions.getState().sessions[id];
    if (s) downloadSession(s);
  };
  const doImport = async (files: FileList | null) => {
    setImportError(null);
    for (const f of Array.from(files ?? [])) {
      try {
        add(importSession(await f.text()));
      } catch (e) {
        setImportError(`${f.name}: ${(e as Error).message}`);
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  return (
    <aside className="sidebar" aria-label="Sessions" data-testid="sessions">
      <div className="sidebar-head">
        <h2>Sessions</h2>
        <button type="button" className="primary small" onClick={() => add()} data-testid="session-new">
          + New
        </button>
      </div>
      <ul className="session-list">
        {order.map((id, k) => {
          const [name0, meta] = (labels[k] ?? '').split('\u0000');
          const s = { name: name0 };
          const active = id === activeId;
          return (
            <li key={id} className={`session-item ${active ? 'active' : ''}`} data-testid="session-item" data-active={active || undefined}>
              {renaming === id ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    rename(id, name);
                    setRenaming(null);
                  }}
                >
                  <input
                    aria-label="Session name"
                    value={name}
                    autoFocus
                    data-testid="session-rename-input"
                    onChange={(e) => setName(e.currentTarget.value)}
                    onBlur={() => {
                      rename(id, name);
                      setRenaming(null);
                    }}
                    onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                  />
                </form>
              ) : (
                <button type="button" className="session-open" onClick={() => select(id)} aria-current={active ? 'true' : undefined}>
                  <span className="session-name">{s.name}</span>
                  <span className="session-meta">{meta}</span>
                </button>
              )}
              {/* Folded: a newcomer's first screen has one control here, not six. */}
              {active && renaming !== id && (
                <details className="session-menu" data-testid="session-menu">
                  <summary>Rename, duplicate, export…</summary>
                  <div className="session-actions">
                  <button type="button" className="icon" aria-label="Rename" title="Rename" data-testid="session-rename" onClick={() => { setRenaming(id); setName(s.name); }}>
                    Rename
                  </button>
                  <button type="button" className="icon" aria-label="Duplicate" title="Duplicate" data-testid="session-duplicate" onClick={() => duplicate(id)}>
                    Duplicate
                  </button>
                  <button type="button" className="icon" aria-label="Move up" title="Move up" disabled={k === 0} onClick={() => move(id, -1)}>
                    ↑
                  </button>
                  <button type="button" className="icon" aria-label="Move down" title="Move down" disabled={k === order.length - 1} onClick={() => move(id, 1)}>
                    ↓
                  </button>
                  <button type="button" className="icon" aria-label="Export as JSON" title="Export as JSON" data-testid="session-export" onClick={() => doExport(id)}>
                    Export
                  </button>
                  {confirmDelete === id ? (
                    <>
                      <button type="button" className="danger small" data-testid="session-delete-confirm" onClick={() => { remove(id); setConfirmDelete(null); }}>
                        Delete
                      </button>
                      <button type="button" className="small" onClick={() => setConfirmDelete(null)}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <button type="button" className="icon danger" aria-label="Delete" title="Delete" data-testid="session-delete" onClick={() => setConfirmDelete(id)}>
                      ✕
                    </button>
                  )}
                  </div>
                </details>
              )}
            </li>
          );
        })}
      </ul>
      <div className="sidebar-foot">
        <button type="button" className="small" onClick={() => fileRef.current?.click()} data-testid="session-import">
          Import JSON…
        </button>
        <input ref={fileRef} type="file" accept=".json,application/json" multiple hidden data-testid="session-import-file" onChange={(e) => void doImport(e.currentTarget.files)} />
        <details className="examples">
          <summary>Paper examples</summary>
          <ul>
            {paperExamples.map((ex, k) => (
              <li key={ex.id}>
                <button type="button" className="linklike small" onClick={() => add(exampleSessions()[k])} title={ex.note}>
                  {ex.name}
                </button>
              </li>
            ))}
          </ul>
        </details>
        {importError && (
          <p className="alert error small" role="alert">
            {importError}
          </p>
        )}
        <p className={`save-status ${save.state}`} data-testid="save-status" role={save.state === 'error' ? 'alert' : undefined}>
          {save.state === 'saving' ? 'Saving…' : save.state === 'saved' ? 'All changes saved in this browser' : save.state === 'error' ? save.message : ' '}
        </p>
      </div>
    </aside>
  );
}
