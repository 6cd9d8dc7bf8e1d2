// The linker's cross-validation report as a table (the same rows `crscore train-linker` prints).
import { CV_HEADERS, cvTableRows, fmtCv, type CvReport } from '../../core/learned/index';

export function CvTable({ report }: { report: CvReport }) {
  const rows = cvTableRows(report);
  return (
    <>
      <div className="linker-table-wrap">
      <table className="r-table" data-testid="linker-cv-table">
        <caption className="small muted">
          {report.scheme === 'language' ? `Leave one language out (${report.folds} languages)` : `${report.folds} folds of changes (seed ${report.seed})`}, {report.reviews} reviews with recorded links, {report.pairs} pairs; mean ± sd over folds. * the rule used by default;
          hard threshold {report.threshold}.
        </caption>
        <thead>
          <tr>
            <th>method</th>
            {CV_HEADERS.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className={r.chosen ? 'chosen' : undefined}>
              <th scope="row">{r.label}</th>
              {r.cells.map((c, k) => (
                <td key={k}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {report.ablations.length > 0 && (
        <details className="small">
          <summary>Ablations: one feature group dropped at a time</summary>
          <table className="r-table" data-testid="linker-ablations">
            <thead>
              <tr>
                <th>dropped</th>
                <th>Rel ρ</th>
                <th>link F1</th>
                <th>AUC</th>
              </tr>
            </thead>
            <tbody>
              {report.ablations.map((a) => (
                <tr key={a.dropped}>
                  <th scope="row">{a.dropped === 'none' ? '(all features)' : a.dropped}</th>
                  <td>{fmtCv(a.rel)}</td>
                  <td>{fmtCv(a.f1)}</td>
                  <td>{fmtCv(a.auc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </>
  );
}
