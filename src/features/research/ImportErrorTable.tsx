// The rows an import left out, with their file, line and reason: the dataset import and the predictions import
// show the same table. Long lists show the first `limit` rows and a button for the rest (rendering thousands of rows
// at once would freeze the page for nothing).
import { useState } from 'react';

export interface ImportErrorRow {
  file: string;
  line: number;
  reason: string;
}

export function ImportErrorTable({
  errors,
  limit,
  reasonLabel,
  testid,
  className = 'r-table',
}: {
  errors: readonly ImportErrorRow[];
  limit: number;
  reasonLabel: string;
  testid: string;
  className?: string;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? errors : errors.slice(0, limit);
  return (
    <>
      <table className={className} data-testid={testid}>
        <thead>
          <tr>
            <th>File</th>
            <th>Line</th>
            <th>{reasonLabel}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e, i) => (
            <tr key={i}>
              <td>{e.file}</td>
              <td className="num">{e.line}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length < errors.length && (
        <button type="button" className="linklike small" onClick={() => setShowAll(true)} data-testid={`${testid}-all`}>
          Show all {errors.length}
        </button>
      )}
    </>
  );
}
