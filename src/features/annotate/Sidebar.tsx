// The Annotate tab's sidebar: which view, who annotates, the diffs with their progress, import/export, and
// whether the work is saved.
import { useState } from 'react';
import { annotationFileName, itemProgress, writeAnnotationCsv } from '../../core/annotation';
import { useAnnotation } from '../../store/annotation/annotation';
import { saveAnnotationNow, useAnnotationSave } from '../../store/annotation/annotationPersist';
import { ImportControl } from './ImportControl';
import { download } from '../../ui/download';

export type AnnotateViewId = 'work' | 'agreement' | 'metric';

const VIEWS: { id: AnnotateViewId; label: string; hint: string }[] = [
  { id: 'work', label: 'Annotate', hint: 'Stage 1 and stage 2, by keyboard' },
  { id: 'agreement', label: 'Agreement', hint: "Two annotators' files: κ and α" },
  { id: 'metric', label: 'Metric vs annotator', hint: 'CRScore against your ratings' },
];

export function Sidebar({ view, onView }: { view: AnnotateViewId; onView(v: AnnotateViewId): void }) {
  const project = useAnnotation((s) => s.project);
  const cursor = useAnnotation((s) => s.cursor);
  const setCursor = useAnnotation((s) => s.setCursor);
  const setAnnotator = useAnnotation((s) => s.setAnnotator);
  const close = useAnnotation((s) => s.close);
  const save = useAnnotationSave();
  const [confirmClose, setConfirmClose] = useState(false);

  const exportCsv = async () => {
    if (!project) return;
    await saveAnnotationNow();
    download(annotationFileName(project.items, project.annotator), writeAnnotationCsv(project.items), 'text/csv');
  };

  const totals = project?.items.map(itemProgress).reduce(
    (t, p) => ({ s1: t.s1 + p.stage1.done, n1: t.n1 + p.stage1.total, s2: t.s2 + p.stage2.done, n2: t.n2 + p.stage2.total }),
    { s1: 0, n1: 0, s2: 0, n2: 0 },
  );

  return (
    <aside className="sidebar an-sidebar" aria-label="Annotation project">
      <nav className="an-views" aria-label="Annotation views">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            className={`an-view ${view === v.id ? 'on' : ''}`}
            aria-current={view === v.id ? 'page' : undefined}
            onClick={() => onView(v.id)}
            data-testid={`an-view-${v.id}`}
          >
            <span className="an-view-label">{v.label}</span>
            <span className="an-view-hint">{v.hint}</span>
          </button>
        ))}
      </nav>

      {project ? (
        <>
          <label className="an-name">
            <span>Your name (goes into the file name)</span>
            <input type="text" value={project.annotator} placeholder="e.g. ada" onChange={(e) => setAnnotator(e.currentTarget.value)} data-testid="an-annotator" />
          </label>
          <div className="an-totals" data-testid="an-totals">
            <div>
              <span className="muted small">Stage 1</span>
              <progress max={totals!.n1 || 1} value={totals!.s1} aria-label="Stage 1 progress" />
              <span className="small">
                {totals!.s1}/{totals!.n1}
              </span>
            </div>
            <div>
              <span className="muted small">Stage 2</span>
              <progress max={totals!.n2 || 1} value={totals!.s2} aria-label="Stage 2 progress" />
              <span className="small">
                {totals!.s2}/{totals!.n2}
              </span>
            </div>
          </div>
          <h3 className="an-side-head">
            Diffs <span className="count">{project.items.length} · from {project.source}</span>
          </h3>
          <ol className="an-items" data-testid="an-items">
            {project.items.map((it, k) => {
              const pr = itemProgress(it);
              const d1 = pr.stage1.done === pr.stage1.total;
              const d2 = pr.stage2.done === pr.stage2.total;
              return (
                <li key={`${it.key}-${k}`}>
                  <button
                    type="button"
                    className={`an-item ${k === cursor.item ? 'on' : ''}`}
                    aria-current={k === cursor.item ? 'true' : undefined}
                    onClick={() => {
                      setCursor({ item: k, stage: d1 ? 2 : 1, ref: 0, review: 0, field: 'links', link: 0 });
                      onView('work');
                    }}
                    data-testid="an-item"
                  >
                    <span className="an-item-name">
                      {k + 1}. {it.newFile ?? it.oldFile ?? it.key}
                    </span>
                    <span className="an-item-meta">
                      <span className={d1 ? 'ok' : ''}>
                        {d1 ? '✓' : '○'} S1 {pr.stage1.done}/{pr.stage1.total}
                      </span>
                      <span className={d2 ? 'ok' : ''}>
                        {d2 ? '✓' : '○'} S2 {pr.stage2.done}/{pr.stage2.total}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="sidebar-foot">
            <button
              type="button"
              className="primary"
              onClick={() => void exportCsv()}
              title="A data file for pandas, scripts and this app's import: every cell exactly as annotated"
              data-testid="an-export"
            >
              Export CSV (data file)
            </button>
            <p className="muted small an-format-note" data-testid="an-format-note">
              The human-study CSV format, plus two columns it has no room for: <code>accuracy</code> (stage-1 code) and <code>added</code>.
              A data file, cells exactly as written (in a spreadsheet, open it through an import step).
            </p>
            <ImportControl label="Import a CSV…" />
            {confirmClose ? (
              <div className="alert warn small" role="alertdialog" aria-label="Close the project?">
                This removes the project from this browser. Export it first to keep it.
                <div className="toolbar">
                  <button
                    type="button"
                    className="danger"
                    onClick={() => {
                      close();
                      setConfirmClose(false);
                    }}
                    data-testid="an-close-confirm"
                  >
                    Close project
                  </button>
                  <button type="button" onClick={() => setConfirmClose(false)}>
                    Keep it
                  </button>
                </div>
              </div>
            ) : (
              <button type="button" className="linklike small" onClick={() => setConfirmClose(true)} data-testid="an-close">
                Close project…
              </button>
            )}
            <SaveStatus save={save} />
          </div>
        </>
      ) : (
        <p className="muted small">No project open. Start one on the right: the paper's examples, your workbench sessions, or a CSV.</p>
      )}
    </aside>
  );
}

function SaveStatus({ save }: { save: ReturnType<typeof useAnnotationSave.getState> }) {
  const text =
    save.state === 'saving'
      ? 'Saving…'
      : save.state === 'saved'
        ? `Saved in this browser${save.at ? ` at ${new Date(save.at).toLocaleTimeString()}` : ''}`
        : save.state === 'error'
          ? save.message
          : 'Every change is saved in this browser.';
  return (
    <p className={`save-status ${save.state}`} role="status" data-testid="an-save-status" data-state={save.state}>
      {text}
    </p>
  );
}
