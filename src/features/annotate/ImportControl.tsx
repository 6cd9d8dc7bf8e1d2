// Opens a file (a human-study CSV, or anything the importers read) as the project to annotate. Asks before it
// replaces work in progress, and whether to keep the annotations a file already carries.
import { useRef, useState } from 'react';
import { clearAnnotations } from '../../core/annotation';
import type { ImportIssue } from '../../core/importers/index';
import { useAnnotation } from '../../store/annotation/annotation';
import { loadFile, readFile, type LoadedFile } from './sources';

interface Pending {
  name: string;
  loaded: LoadedFile;
}

export function ImportControl({ label = 'Import a file…', className = '' }: { label?: string; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [errors, setErrors] = useState<{ file: string; issues: ImportIssue[] } | null>(null);
  const project = useAnnotation((s) => s.project);
  const start = useAnnotation((s) => s.start);

  const hasWork = !!project?.items.some((it) => it.pseudoRefs.some((p) => p.accuracy !== null || p.necessary !== null) || it.reviews.some((r) => r.addressed !== null || r.con !== null));

  const open = (p: Pending, keep: boolean) => {
    const items = keep ? p.loaded.items : clearAnnotations(p.loaded.items);
    start(items, p.name, p.loaded.annotator || project?.annotator || '');
    setPending(null);
  };

  const onFile = async (f: File | undefined) => {
    if (!f) return;
    const loaded = loadFile(await readFile(f));
    setErrors(loaded.errors.length ? { file: f.name, issues: loaded.errors } : null);
    if (loaded.items.length === 0) {
      setErrors({ file: f.name, issues: loaded.errors.length ? loaded.errors : [{ file: f.name, line: 1, reason: 'no diff to annotate in this file' }] });
      return;
    }
    const p = { name: f.name, loaded };
    if (hasWork || loaded.annotated) setPending(p);
    else open(p, true);
  };

  return (
    <div className={`an-import ${className}`}>
      <button type="button" onClick={() => input.current?.click()} data-testid="an-import">
        {label}
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,.jsonl,.json,text/csv"
        hidden
        data-testid="an-import-file"
        onChange={(e) => {
          void onFile(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
      {pending && (
        <div className="alert warn an-confirm" role="alertdialog" aria-label="Open this file?" data-testid="an-import-confirm">
          <p>
            <strong>{pending.name}</strong>: {pending.loaded.items.length} diff{pending.loaded.items.length === 1 ? '' : 's'}
            {pending.loaded.annotated ? ', with annotations' : ''}.
            {hasWork ? ' Opening it replaces your current work (export that first to keep it).' : ''}
          </p>
          <div className="toolbar">
            <button type="button" className="primary" onClick={() => open(pending, true)} data-testid="an-import-keep" autoFocus>
              {pending.loaded.annotated ? 'Open with its annotations' : 'Open'}
            </button>
            {pending.loaded.annotated && (
              <button type="button" onClick={() => open(pending, false)} data-testid="an-import-blank">
                Open blank (annotate it yourself)
              </button>
            )}
            <button type="button" onClick={() => setPending(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {errors && (
        <div className="alert error small" role="alert" data-testid="an-import-errors">
          <strong>{errors.file}</strong>: {errors.issues.length} row{errors.issues.length === 1 ? '' : 's'} left out.
          <ul>
            {errors.issues.slice(0, 5).map((e, k) => (
              <li key={k}>
                line {e.line}: {e.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
