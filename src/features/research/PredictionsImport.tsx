// CodeReviewer's test file with one predictions file per system (plain text aligned by line, or JSONL {id, review}),
// each system named after its file and renamable; the result goes to Research as one dataset.
import { useState } from 'react';
import { datasetToJsonl } from '../../core/datasetJsonl';
import { importCodeReviewerPredictions, systemNameFromFile, type ImportFile, type ImportIssue } from '../../core/importers/index';
import { useResearch } from '../../store/research/research';
import { ImportErrorTable } from './ImportErrorTable';

interface Pred extends ImportFile {
  system: string;
}

const read = (f: File) => f.text().then((text) => ({ name: f.name, text }));

export function PredictionsImport() {
  const [test, setTest] = useState<ImportFile | null>(null);
  const [preds, setPreds] = useState<Pred[]>([]);
  const [errors, setErrors] = useState<ImportIssue[]>([]);
  const [done, setDone] = useState<string | null>(null);

  const addPreds = async (list: FileList | null) => {
    if (!list) return;
    const files = await Promise.all(Array.from(list).map(read));
    setPreds((p) => [...p, ...files.map((f) => ({ ...f, system: systemNameFromFile(f.name) }))]);
    setDone(null);
  };
  const importNow = () => {
    if (!test) return;
    const r = importCodeReviewerPredictions(test, preds);
    setErrors(r.errors);
    if (r.rows.length === 0) return setDone(null);
    const name = `${test.name} + ${r.systems.length} system${r.systems.length === 1 ? '' : 's'}`;
    useResearch.getState().importFiles([{ name, text: datasetToJsonl(r.rows) }]);
    setDone(`${r.rows.length} changes with ${r.systems.length ? r.systems.join(', ') : 'no system'} are in Research now.`);
  };

  return (
    <details className="panel r-preds" data-testid="predictions-import">
      <summary>
        <strong>CodeReviewer test file + systems' predictions</strong>{' '}
        <span className="muted small">(msg-test.jsonl and one predictions file per system)</span>
      </summary>
      <div className="r-preds-grid">
        <label>
          <span>
            Test file (<code>patch</code>, <code>msg</code>, <code>oldf</code>, …)
          </span>
          <input type="file" accept=".jsonl,.json" data-testid="cr-test-file" onChange={(e) => e.target.files?.[0] && void read(e.target.files[0]).then(setTest)} />
        </label>
        <label>
          <span>
            Predictions, one file per system: text with one review a line (aligned with the test file) or JSONL <code>{'{id, review}'}</code>
          </span>
          <input type="file" multiple accept=".txt,.jsonl,.json,text/plain" data-testid="cr-pred-files" onChange={(e) => void addPreds(e.target.files)} />
        </label>
      </div>
      {preds.length > 0 && (
        <table className="r-table" data-testid="cr-systems">
          <thead>
            <tr>
              <th>File</th>
              <th>System name</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {preds.map((p, k) => (
              <tr key={`${p.name}-${k}`}>
                <td>{p.name}</td>
                <td>
                  <input
                    aria-label={`System name for ${p.name}`}
                    value={p.system}
                    onChange={(e) => setPreds((all) => all.map((x, j) => (j === k ? { ...x, system: e.target.value } : x)))}
                  />
                </td>
                <td>
                  <button type="button" className="small" onClick={() => setPreds((all) => all.filter((_, j) => j !== k))}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <button type="button" className="primary" disabled={!test} onClick={importNow} data-testid="cr-import">
          Import {preds.length ? `with ${preds.length} system${preds.length === 1 ? '' : 's'}` : ''}
        </button>{' '}
        {done && <span className="small" data-testid="cr-import-done">{done}</span>}
      </p>
      {errors.length > 0 && (
        <ImportErrorTable errors={errors} limit={100} reasonLabel="Problem" testid="cr-import-errors" className="r-table r-errors-table" />
      )}
    </details>
  );
}
