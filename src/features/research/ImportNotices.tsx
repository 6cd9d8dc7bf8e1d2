// What the dataset panel must say about files and storage: a file that gave no usable row (the dataset on screen
// is kept), a dataset whose save failed (after a reload: the copy shown is older), and any write the browser
// refused (quota, private mode), so a reload never silently shows less than the screen did.
import { useResearch } from '../../store/research/research';
import { useResearchSave } from '../../store/research/researchPersist';
import { useHumanImport } from '../../store/research/humanImport';

const WHAT: Record<string, string> = {
  dataset: 'the dataset',
  run: 'the run’s progress',
  tau: 'the τ values set by hand',
  engines: 'which engine each model ran with',
  marker: 'which dataset was opened last',
};

export function ImportNotices() {
  const rejected = useResearch((s) => s.importRejected);
  const note = useResearch((s) => s.restoreNote);
  const hasDataset = useResearch((s) => s.imported !== null);
  const failures = useResearchSave((s) => s.failures);
  // A single table the importers refused may be a human-scored one with other column names: its mapping step.
  const refused = useHumanImport((s) => s.refused);
  const failed = Object.entries(failures);
  return (
    <>
      {rejected && (
        <div className="alert error" role="alert" data-testid="import-rejected">
          <p>
            <strong>{rejected.name}</strong> has no usable row, so it was not opened{hasDataset ? '; the dataset below and its results are unchanged' : ''}.
          </p>
          <ul className="small">
            {rejected.issues.slice(0, 5).map((e, i) => (
              <li key={i}>
                {e.file}, line {e.line}: {e.reason}
              </li>
            ))}
            {rejected.total > 5 && <li>… and {rejected.total - 5} more</li>}
          </ul>
          {refused && refused.name === rejected.name && (
            <p className="small" data-testid="import-rejected-map">
              A table of human-scored reviews under other column names opens through <em>Map a human-scored table&apos;s columns</em>:{' '}
              <button type="button" className="small" onClick={() => void useHumanImport.getState().mapRefused()} data-testid="import-rejected-map-button">
                Map the columns of {refused.name}
              </button>
            </p>
          )}
        </div>
      )}
      {note && (
        <p className="alert warn small" role="status" data-testid="restore-note">
          {note}
        </p>
      )}
      {failed.length > 0 && (
        <div className="alert warn small" role="alert" data-testid="research-save-error">
          <p>
            <strong>Saving failed in this browser</strong> (storage full or not allowed): {failed.map(([k]) => WHAT[k] ?? k).join(', ')} could not be saved. Everything on
            screen is still here, but a reload would not bring it back; export what you need, or free browser storage.
          </p>
          <p className="muted">{[...new Set(failed.map(([, m]) => m))].join(' · ')}</p>
        </div>
      )}
    </>
  );
}
