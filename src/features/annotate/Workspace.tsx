// One diff at a time, stage 1 or stage 2, driven by the keys in ./keys.ts (listed on screen).
import { useEffect, useRef, useState } from 'react';
import { itemProgress } from '../../core/annotation';
import { useAnnotation } from '../../store/annotation/annotation';
import { DiffLines } from '../../ui/DiffLines';
import { GuideOverlay, KeyHelp } from './GuidePanels';
import { handleKey, projectDone } from './keys';
import { Stage1 } from './Stage1';
import { LinkRefPanel, Stage2 } from './Stage2';

/** Keys typed into a field, or meant for the app's own controls, are not ours. */
function ignore(e: KeyboardEvent): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return true;
  const t = e.target as HTMLElement | null;
  if (!t || t === document.body) return false;
  if (t.closest('input, textarea, select, [contenteditable="true"], .app-header')) return true;
  // A focused button keeps Enter and Space for itself.
  return (e.key === 'Enter' || e.key === ' ') && !!t.closest('button, a, summary');
}

export function Workspace() {
  const project = useAnnotation((s) => s.project)!;
  const cursor = useAnnotation((s) => s.cursor);
  const setCursor = useAnnotation((s) => s.setCursor);
  const [guide, setGuide] = useState(false);
  const [adding, setAdding] = useState(false);
  const [lastKey, setLastKey] = useState<string | null>(null);
  // The review where Enter found nothing linked: its card asks whether it addresses none.
  const [asked, setAsked] = useState<string | null>(null);
  const ui = useRef({
    addMissing: () => setAdding(true),
    toggleGuide: () => setGuide((g) => !g),
    askNone: () => {
      const c = useAnnotation.getState().cursor;
      setAsked(`${c.item}:${c.review}`);
    },
  });
  // While the guidelines are open, keys only close them: nothing changes underneath unseen.
  const guideOpen = useRef(false);
  useEffect(() => {
    guideOpen.current = guide;
  }, [guide]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setGuide(false);
        return;
      }
      if (ignore(e)) return;
      if (guideOpen.current && e.key !== '?') return;
      if (handleKey(e.key, ui.current)) {
        e.preventDefault();
        setLastKey(e.key === ' ' ? 'Space' : e.key);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const item = project.items[cursor.item];
  if (!item) return <p className="pad muted">This project has no diff to annotate.</p>;
  const pr = itemProgress(item);
  const done = projectDone(project.items);

  return (
    <div className="an-work" data-testid="an-work" data-stage={cursor.stage} data-item={cursor.item}>
      <div className="an-work-scroll" data-testid="an-work-scroll">
        <header className="an-work-head">
          <div className="an-title">
            <h1>
              Diff {cursor.item + 1} of {project.items.length}: <span className="mono">{item.newFile ?? item.oldFile ?? item.key}</span>
            </h1>
            <span className="muted small">
              {item.key} · {item.pseudoRefs.length} pseudo-reference{item.pseudoRefs.length === 1 ? '' : 's'} · {item.reviews.length} review
              {item.reviews.length === 1 ? '' : 's'}
            </span>
          </div>
          <div className="segmented an-stages" role="tablist" aria-label="Stage">
            {([1, 2] as const).map((st) => (
              <button
                key={st}
                type="button"
                role="tab"
                aria-selected={cursor.stage === st}
                className={cursor.stage === st ? 'on' : ''}
                onClick={() => setCursor({ stage: st })}
                data-testid={`an-stage-${st}`}
              >
                {st === 1 ? 'Stage 1 · Check pseudo-references' : 'Stage 2 · Rate reviews'}{' '}
                <span className="count">
                  {st === 1 ? `${pr.stage1.done}/${pr.stage1.total}` : `${pr.stage2.done}/${pr.stage2.total}`}
                </span>
              </button>
            ))}
          </div>
          <div className="toolbar">
            <button type="button" onClick={() => handleKey('[', ui.current)} disabled={cursor.item === 0} aria-label="Previous diff">
              ← Prev <span className="kbd">[</span>
            </button>
            <button type="button" onClick={() => handleKey(']', ui.current)} disabled={cursor.item === project.items.length - 1} aria-label="Next diff">
              Next <span className="kbd">]</span> →
            </button>
            <button type="button" onClick={() => setGuide((g) => !g)} aria-expanded={guide} data-testid="an-guide-toggle">
              Guidelines <span className="kbd">?</span>
            </button>
          </div>
        </header>

        {done && (
          <div className="alert info an-done" role="status" data-testid="an-all-done">
            <strong>All done.</strong> Every pseudo-reference is coded and every review rated. Export your CSV from the sidebar, or compare it with
            another annotator's in <em>Agreement</em>.
          </div>
        )}

        <div className="an-grid">
          <div className="an-col">
            <section className="panel" aria-labelledby="an-h-diff">
              <h2 id="an-h-diff">Code change</h2>
              <DiffLines diff={item.diff} maxHeight={cursor.stage === 1 ? 520 : 300} />
            </section>
            {cursor.stage === 2 && <LinkRefPanel />}
          </div>
          <div className="an-col">
            {cursor.stage === 1 ? <Stage1 adding={adding} onAdding={setAdding} /> : <Stage2 askNone={asked === `${cursor.item}:${cursor.review}`} />}
          </div>
        </div>
      </div>
      <KeyHelp stage={cursor.stage} field={cursor.field} lastKey={lastKey} />
      {guide && <GuideOverlay onClose={() => setGuide(false)} />}
    </div>
  );
}
