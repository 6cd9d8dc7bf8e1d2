// Step 1 of Research: the dataset, from files, the project's sample, or a GitHub pull request (one system per author).
import { lazy, Suspense, useEffect, useState } from 'react';
import { useResearch } from '../../store/research/research';
import { FORMAT_LABELS } from '../../core/importers/index';
import { pickedFiles } from '../../store/dataset/importRun';
import { ImportErrorTable } from './ImportErrorTable';
import { overviewOf } from '../../store/dataset/datasetOverview';
import { ImportNotices } from './ImportNotices';
import { useHumanImport } from '../../store/research/humanImport';
import { HumanMapping } from './HumanMapping';
import { HumanOverview, StudyDimensions } from './HumanOverview';
import { ImportErrorTable as IssueTable } from './ImportErrorTable';

// A pull request is a source of cases: its comments go to Research as a dataset, or to the workbench one by one.
const GithubView = lazy(() => import('../github/GithubView'));

/** Open when the address is #github (the old tab's address, and the link the docs give). */
function PullRequestSource() {
  const [open, setOpen] = useState(() => location.hash === '#github');
  useEffect(() => {
    const on = () => location.hash === '#github' && setOpen(true);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return (
    <details className="r-pr" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="research-pr-source">
      <summary>A GitHub pull request</summary>
      <p className="muted small">
        Its review comments become cases: send them all here (one system per author), or open some in the workbench.
      </p>
      {open && (
        <Suspense fallback={<p className="muted small">Loading…</p>}>
          <GithubView />
        </Suspense>
      )}
    </details>
  );
}

/** A large import, parsed in a worker: what it is doing, how far, and Cancel (the dataset on screen stays). */
function ImportProgressLine() {
  const p = useResearch((s) => s.importing);
  if (!p) return null;
  const mb = (n: number) => (n / 1e6).toFixed(1);
  return (
    <span className="muted small r-import-progress" role="status" data-testid="research-import-progress" data-phase={p.phase}>
      {p.phase === 'starting'
        ? `Reading ${p.name} (${mb(p.total)} MB) in a worker…`
        : `Reading ${p.name}: ${mb(p.done)} of ${mb(p.total)} MB, ${p.changes.toLocaleString('en')} changes so far`}
      {p.phase === 'reading' && p.total > 0 && (
        <span className="bar r-mini-bar" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={p.total} aria-valuenow={p.done}>
          <span style={{ width: `${Math.round((p.done / p.total) * 100)}%` }} />
        </span>
      )}{' '}
      <button type="button" className="small" onClick={() => useResearch.getState().cancelImport()} data-testid="research-import-cancel">
        Cancel
      </button>
    </span>
  );
}

export function ImportPanel() {
  const imported = useResearch((s) => s.imported);
  const name = useResearch((s) => s.datasetName);
  const importFiles = useResearch((s) => s.importFiles);
  const human = useResearch((s) => s.human);
  const humanFailed = useHumanImport((s) => s.failed);
  const [reading, setReading] = useState(false);
  const onFiles = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setReading(true);
    // An .xlsx, or a table the importers do not read, goes to the human-scored datasets' import (mapping step).
    if (Array.from(list).some((f) => /\.(xlsx|csv|tsv|jsonl)$/i.test(f.name))) {
      await useHumanImport.getState().importAny(Array.from(list)).finally(() => setReading(false));
      return;
    }
    // Large files stay unread here: the import worker decodes them (see importRun).
    const files = await pickedFiles(Array.from(list));
    setReading(false);
    await importFiles(files);
  };
  const stats = imported ? overviewOf(imported.rows) : null;
  const errors = imported?.errors ?? [];
  return (
    <section className="panel r-import" aria-labelledby="r-import-h">
      <h2 id="r-import-h">1 · Dataset</h2>
      <p className="muted small">
        The CRScore human-study CSVs (one or both annotators), <code>dev.jsonl</code>, CodeReviewer JSONL (<code>patch</code>, <code>msg</code>,{' '}
        <code>oldf</code>), or a plain CSV/JSONL with <code>diff</code>, <code>review</code>, <code>system</code>, <code>pseudo_refs</code>,{' '}
        <code>con</code>/<code>comp</code>/<code>rel</code> (Likert 1–5); or any human-scored review dataset: GradedReviews&apos;{' '}
        <code>dataset.xlsx</code>, or a CSV/JSONL/XLSX whose columns you map. Files stay in this browser.
      </p>
      <div className="r-controls">
        <label className="file-pick">
          <input type="file" multiple accept=".csv,.tsv,.jsonl,.json,.xlsx,text/csv,application/json" data-testid="research-file" onChange={(e) => void onFiles(e.target.files)} />
          {reading && <span className="muted small"> Reading…</span>}
        </label>
        <ImportProgressLine />
        <label className="file-pick small">
          Map a human-scored table&apos;s columns:{' '}
          <input type="file" accept=".csv,.tsv,.jsonl,.xlsx" data-testid="research-human-file" onChange={(e) => e.target.files?.[0] && void useHumanImport.getState().openTable(e.target.files[0], true)} />
        </label>
        <button type="button" className="small" onClick={() => useResearch.getState().loadSample()} data-testid="research-sample">
          Try it with a sample dataset
        </button>
        <span className="muted small">36 made-up changes in Python, Java and JavaScript, four reviewing systems, human-style scores</span>
      </div>
      <ImportNotices />
      {humanFailed && (
        <div role="alert" data-testid="human-import-failed">
          <p className="r-error">{humanFailed.name} could not be read as a human-scored table; the dataset on screen stays.</p>
          <IssueTable errors={humanFailed.issues} limit={20} reasonLabel="Why" testid="human-import-failed-table" />
        </div>
      )}
      <HumanMapping />
      <PullRequestSource />
      {human && <HumanOverview />}
      {imported && stats && !human && (
        <div className="r-import-summary" data-testid="import-summary">
          <p>
            <strong>{name}</strong> — {imported.formats.map((f) => FORMAT_LABELS[f]).join(', ') || 'no readable format'}:{' '}
            <span data-testid="import-rows">{imported.rows.length}</span> changes ({stats.withRefs} with pseudo-references), {stats.reviews} reviews, {stats.scored} with
            human scores; <span data-testid="import-errors">{errors.length}</span> bad row{errors.length === 1 ? '' : 's'} left out.
          </p>
          {imported.notes.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
          {stats.scored > 0 && <StudyDimensions rows={imported.rows} name={name ?? 'dataset'} />}
          {errors.length > 0 && (
            <details open={errors.length <= 10} className="r-errors">
              <summary>Bad rows ({errors.length})</summary>
              <ImportErrorTable errors={errors} limit={50} reasonLabel="Why it was left out" testid="import-error-table" />
            </details>
          )}
        </div>
      )}
    </section>
  );
}
