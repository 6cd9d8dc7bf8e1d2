// Stage 1: code each pseudo-reference (Table 7), mark it necessary or not, add the missing ones.
import { useEffect, useRef } from 'react';
import type { AnnotatedPseudoReference } from '../../core/annotation';
import { useAnnotation } from '../../store/annotation/annotation';
import { Kbd } from '../../ui/DiffLines';
import { CODES, codeText, NECESSARY_HINT } from './guide';

export function Stage1({ adding, onAdding }: { adding: boolean; onAdding(v: boolean): void }) {
  const project = useAnnotation((s) => s.project)!;
  const cursor = useAnnotation((s) => s.cursor);
  const item = project.items[cursor.item];

  return (
    <section className="panel an-stage1" aria-labelledby="an-h-refs" data-testid="an-stage1">
      <div className="panel-head">
        <h2 id="an-h-refs">
          Pseudo-references <span className="count">code each one, then mark it necessary or not</span>
        </h2>
      </div>
      {item.pseudoRefs.length === 0 && (
        <p className="notice">This diff has no pseudo-references. Add the ones a good review should cover (press A), or go on to stage 2 (Enter).</p>
      )}
      <ol className="an-refs" data-testid="an-refs">
        {item.pseudoRefs.map((p, k) => (
          <RefRow key={`${p.no}-${k}`} p={p} index={k} active={k === cursor.ref} item={cursor.item} />
        ))}
      </ol>
      <AddMissing item={cursor.item} open={adding} onOpen={onAdding} />
    </section>
  );
}

function RefRow({ p, index, active, item }: { p: AnnotatedPseudoReference; index: number; active: boolean; item: number }) {
  const setRef = useAnnotation((s) => s.setRef);
  const setCursor = useAnnotation((s) => s.setCursor);
  const removeRef = useAnnotation((s) => s.removeRef);
  const el = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const row = el.current;
    if (!active || !row) return;
    // The row carries its codebook, so one scroll (above the key bar: scroll-margin-bottom) shows both.
    row.scrollIntoView?.({ block: 'nearest' });
    // Focus follows the cursor: after Y/N (or a code) completes a row and the cursor moves on, a button clicked in
    // the row before must not keep the focus ring there, or ↓ seems to skip the row the cursor moved to.
    const f = document.activeElement;
    if (!f || f === document.body || (f.closest('.an-ref') && !row.contains(f))) row.focus({ preventScroll: true });
  }, [active]);
  const done = p.accuracy !== null && p.necessary !== null;
  return (
    <li
      ref={el}
      className={`an-ref ${active ? 'active' : ''} ${done ? 'done' : ''} ${p.accuracy === 0 ? 'wrong' : ''}`}
      aria-current={active ? 'true' : undefined}
      data-testid="an-ref"
      tabIndex={-1}
      data-accuracy={p.accuracy ?? ''}
      data-necessary={p.necessary ?? ''}
      onClick={() => setCursor({ ref: index })}
    >
      <div className="an-ref-head">
        <span className="row-no">P{p.no}</span>
        <span className={`badge kind-${p.type === 'issue' ? 'issue' : p.type === 'implication' ? 'implication' : 'claim'}`}>{p.type}</span>
        {p.added && <span className="badge kind-manual">added by you</span>}
        <span className="spacer" />
        {done && <span className="an-check" aria-label="done">✓</span>}
      </div>
      <p className="an-ref-text">{p.text}</p>
      <div className="an-ref-controls">
        <div className="segmented an-codes" role="radiogroup" aria-label={`Accuracy of P${p.no}`}>
          {CODES.map((c) => (
            <button
              key={c.code}
              type="button"
              role="radio"
              aria-checked={p.accuracy === c.code}
              className={`code-${c.code === -1 ? 'm1' : c.code} ${p.accuracy === c.code ? 'on' : ''}`}
              title={c.rule}
              onClick={(e) => {
                e.stopPropagation();
                setRef(item, index, { accuracy: c.code });
                setCursor({ ref: index });
              }}
            >
              {codeText(c.code)} {c.label}
            </button>
          ))}
        </div>
        <div className="segmented" role="radiogroup" aria-label={`Is P${p.no} necessary?`}>
          {([1, 0] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={p.necessary === v}
              className={p.necessary === v ? 'on' : ''}
              title={NECESSARY_HINT}
              onClick={(e) => {
                e.stopPropagation();
                setRef(item, index, { necessary: v });
                setCursor({ ref: index });
              }}
            >
              {v ? 'Necessary' : 'Not necessary'}
            </button>
          ))}
        </div>
        {p.added && (
          <button
            type="button"
            className="small danger"
            onClick={(e) => {
              e.stopPropagation();
              removeRef(item, index);
            }}
          >
            Remove
          </button>
        )}
      </div>
      {active && <ActiveGuide p={p} />}
    </li>
  );
}

function AddMissing({ item, open, onOpen }: { item: number; open: boolean; onOpen(v: boolean): void }) {
  const addRef = useAnnotation((s) => s.addRef);
  const setCursor = useAnnotation((s) => s.setCursor);
  // The text lives in the store, saved with the project: a reload before Enter keeps what was typed.
  const draft = useAnnotation((s) => s.draft);
  const setDraft = useAnnotation((s) => s.setDraft);
  const text = draft?.item === item ? draft.text : '';
  const setText = (t: string) => setDraft({ item, text: t });
  const shown = open || draft?.item === item;
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const done = () => {
    onOpen(false);
    setDraft(null);
    (document.activeElement as HTMLElement | null)?.blur();
  };
  const add = () => {
    if (!text.trim()) return;
    addRef(item, text);
    const n = useAnnotation.getState().project!.items[item].pseudoRefs.length;
    setCursor({ ref: n - 1 });
    done();
  };
  if (!shown)
    return (
      <button type="button" className="an-add-open" onClick={() => onOpen(true)} data-testid="an-add-open">
        + Add a missing pseudo-reference <Kbd>A</Kbd>
      </button>
    );
  return (
    <div className="an-add" data-testid="an-add">
      <label htmlFor="an-add-text" className="small">
        What should a good review of this change cover that the list misses? (It is added as correct and necessary; change that if you like.)
      </label>
      <textarea
        id="an-add-text"
        ref={input}
        rows={2}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            add();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            done();
          }
        }}
        data-testid="an-add-text"
      />
      <div className="toolbar">
        <button type="button" className="primary" onClick={add} disabled={!text.trim()}>
          Add <Kbd>Enter</Kbd>
        </button>
        <button type="button" onClick={done}>
          Cancel <Kbd>Esc</Kbd>
        </button>
      </div>
    </div>
  );
}

/** Table 7 beside the pseudo-reference in focus, with its current code highlighted. */
function ActiveGuide({ p }: { p: AnnotatedPseudoReference }) {
  return (
    <div className="an-rules" data-testid="an-codebook">
      <h3>
        Codebook (Table 7) for <span className="row-no">P{p.no}</span>
      </h3>
      <ul>
        {CODES.map((c) => (
          <li key={c.code} className={p.accuracy === c.code ? 'on' : ''}>
            <Kbd>{c.keys.join(' ')}</Kbd>
            <span>
              <strong>{c.label}.</strong> {c.rule}
            </span>
          </li>
        ))}
        <li className={p.necessary !== null ? 'on' : ''}>
          <Kbd>Y N</Kbd>
          <span>{NECESSARY_HINT}</span>
        </li>
      </ul>
    </div>
  );
}
