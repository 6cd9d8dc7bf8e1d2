// Pseudo-references: kind and source badges, and add / edit / disable / delete / reorder, all with buttons
// that work from the keyboard. Row numbers P1.. count enabled items only, as in the matrix.
import { useState, memo } from 'react';
import type { PseudoReferenceKind, Scores } from '../../core/types';
import { newId, type PseudoReferenceItem } from '../../store/session/session';
import { useWorkbench } from '../../store/session/workbench';

const KINDS: PseudoReferenceKind[] = ['claim', 'implication', 'issue', 'manual'];

interface Props {
  items: PseudoReferenceItem[];
  scores: Scores | null;
  onChange(fn: (items: PseudoReferenceItem[]) => PseudoReferenceItem[]): void;
}

export const PseudoReferenceList = memo(function PseudoReferenceList({ items, scores, onChange }: Props) {
  const pinned = useWorkbench((s) => s.pinned);
  const setPinned = useWorkbench((s) => s.setPinned);
  const revealLine = useWorkbench((s) => s.revealLine);
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [newText, setNewText] = useState('');
  const [newKind, setNewKind] = useState<PseudoReferenceKind>('manual');

  let row = -1;
  const rowOf = new Map<string, number>();
  for (const it of items) if (it.enabled && it.text.trim() !== '') rowOf.set(it.id, ++row);

  const patch = (id: string, p: Partial<PseudoReferenceItem>) => onChange((xs) => xs.map((x) => (x.id === id ? { ...x, ...p } : x)));
  const move = (id: string, d: number) =>
    onChange((xs) => {
      const i = xs.findIndex((x) => x.id === id);
      const j = i + d;
      if (i < 0 || j < 0 || j >= xs.length) return xs;
      const out = [...xs];
      [out[i], out[j]] = [out[j], out[i]];
      return out;
    });
  const add = () => {
    // One pseudo-reference per non-empty line, so a pasted list becomes a list.
    const lines = newText.split('\n').map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s+/, '').trim()).filter(Boolean);
    if (!lines.length) return;
    onChange((xs) => [...xs, ...lines.map((text) => ({ id: newId('p'), text, kind: newKind, source: 'user', enabled: true }))]);
    setNewText('');
  };

  return (
    <div className="pref-list">
      {items.length === 0 && (
        <p className="notice" data-testid="no-prefs">
          No pseudo-references yet. Add them below (one per line), or generate claims and analyzer issues above.
        </p>
      )}
      <ol data-testid="pref-items">
        {items.map((it, idx) => {
          const r = rowOf.get(it.id);
          const best = r != null ? scores?.bestForPseudoReference[r] : undefined;
          const covered = !!best && best.index >= 0 && best.similarity > (scores?.tau ?? Infinity);
          const isPinned = r != null && pinned?.row === r;
          return (
            <li
              key={it.id}
              className={`pref-item ${it.enabled ? '' : 'disabled'} ${isPinned ? 'pinned' : ''} ${r != null && scores ? (covered ? 'covered' : 'missed') : ''}`}
              data-testid="pref-item"
              data-pinned={isPinned || undefined}
            >
              <div className="pref-head">
                <span className="row-no">{r != null ? `P${r + 1}` : '–'}</span>
                <span className={`badge kind-${it.kind}`}>{it.kind}</span>
                <span className="badge source">{it.source}</span>
                {it.annotatorLinked && (
                  <span className="badge annotator-linked" title="The dataset's annotators said the review addresses this one (claims_addressed)" data-testid="pref-annotator">
                    annotators linked
                  </span>
                )}
                {it.line != null && (
                  <button type="button" className="linklike small" onClick={() => revealLine(it.line!)} data-testid="reveal-line">
                    line {it.line}
                  </button>
                )}
                {best && best.index >= 0 && (
                  <span className={`best ${covered ? 'ok' : ''}`}>
                    best S{best.index + 1} · {best.similarity.toFixed(3)}
                  </span>
                )}
                <span className="spacer" />
                <label className="toggle" title={it.enabled ? 'Included in the score' : 'Left out of the score'}>
                  <input type="checkbox" checked={it.enabled} onChange={(e) => patch(it.id, { enabled: e.currentTarget.checked })} data-testid="pref-enabled" />
                  use
                </label>
                <button type="button" className="icon" aria-label={`Move P${idx + 1} up`} disabled={idx === 0} onClick={() => move(it.id, -1)}>
                  ↑
                </button>
                <button type="button" className="icon" aria-label={`Move P${idx + 1} down`} disabled={idx === items.length - 1} onClick={() => move(it.id, 1)}>
                  ↓
                </button>
                <button
                  type="button"
                  className="icon"
                  aria-label="Edit"
                  data-testid="pref-edit"
                  onClick={() => {
                    setEditing(it.id);
                    setDraft(it.text);
                  }}
                >
                  ✎
                </button>
                <button type="button" className="icon danger" aria-label="Delete" data-testid="pref-delete" onClick={() => onChange((xs) => xs.filter((x) => x.id !== it.id))}>
                  ✕
                </button>
              </div>
              {editing === it.id ? (
                <div className="pref-edit">
                  <textarea
                    aria-label="Pseudo-reference text"
                    value={draft}
                    autoFocus
                    rows={2}
                    onChange={(e) => setDraft(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                        patch(it.id, { text: draft });
                        setEditing(null);
                      } else if (e.key === 'Escape') setEditing(null);
                    }}
                  />
                  <select aria-label="Kind" value={it.kind} onChange={(e) => patch(it.id, { kind: e.currentTarget.value as PseudoReferenceKind })}>
                    {KINDS.map((k) => (
                      <option key={k}>{k}</option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="primary"
                    onClick={() => {
                      patch(it.id, { text: draft });
                      setEditing(null);
                    }}
                  >
                    Save
                  </button>
                  <button type="button" onClick={() => setEditing(null)}>
                    Cancel
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  className="pref-text"
                  onClick={() => {
                    if (it.line != null) revealLine(it.line);
                    if (r != null && best && best.index >= 0) setPinned({ row: r, col: best.index });
                  }}
                >
                  {it.text}
                </button>
              )}
              {/* Analyzer issues keep the paper's wording as their text; the plain form sits beside it. */}
              {it.readable && it.readable !== it.text && editing !== it.id && (
                <span className="pref-readable muted small" data-testid="pref-readable">
                  {it.readable}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <div className="pref-add">
        <textarea
          data-testid="pref-new-text"
          aria-label="New pseudo-references, one per line"
          rows={2}
          placeholder="Type a pseudo-reference (one per line) and press Add"
          value={newText}
          onChange={(e) => setNewText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) add();
          }}
        />
        <div className="toolbar">
          <select aria-label="Kind of the new pseudo-references" value={newKind} onChange={(e) => setNewKind(e.currentTarget.value as PseudoReferenceKind)} data-testid="pref-new-kind">
            {KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
          <button type="button" className="primary" onClick={add} data-testid="pref-add" disabled={!newText.trim()}>
            Add
          </button>
        </div>
      </div>
    </div>
  );
});
