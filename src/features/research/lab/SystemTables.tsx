// The system table (in the style of Naik et al. 2025, Table 4) for any metric: each system's mean with its interval beside the humans'
// means over the same reviews, and, for every metric, the rank agreement of the systems with the humans. On a
// human-scored dataset every human slot holds the judged dimension: one column, named after it.
import { useState } from 'react';
import type { Estimate, LabAgreement } from '../../../core/lab/index';
import { f3 } from './AgreementTable';
import { LabExports } from './LabExports';
import { dataNum } from '../../../ui/dataNum';

const DIMS = ['con', 'comp', 'rel'] as const;

const Est = ({ e, testid }: { e: Estimate | null; testid?: string }) =>
  e ? (
    <span data-testid={testid} data-value={dataNum(e.mean)}>
      {f3(e.mean)}{' '}
      {Number.isFinite(e.lo) && (
        <span className="r-ci">
          [{f3(e.lo)}, {f3(e.hi)}]
        </span>
      )}
    </span>
  ) : (
    <span className="muted" data-testid={testid} title="no review of this system has a value">
      N/A
    </span>
  );

export function SystemTables({ agreement, dimension = null }: { agreement: LabAgreement; dimension?: string | null }) {
  const dims = dimension === null ? DIMS : (['rel'] as const);
  const [id, setId] = useState(agreement.metrics[0]?.id ?? '');
  const m = agreement.metrics.find((x) => x.id === id) ?? agreement.metrics[0];
  if (!m) return null;
  return (
    <>
      <figure className="r-fig" data-testid="lab-ranking">
        <figcaption>
          <h3>Rank agreement of systems with the humans</h3>{' '}
          <span className="muted small">
            each metric's system means against the humans' on the same reviews, with intervals
          </span>
        </figcaption>
        <table className="r-table">
          <thead>
            <tr>
              <th>Metric</th>
              <th className="num">systems</th>
              {dims.map((d) => (
                <th key={d} className="num">
                  {dimension ?? d} ρ / τ
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {agreement.metrics.map((x) => (
              <tr key={x.id} data-metric={x.id}>
                <th>{x.label}</th>
                <td className="num">{x.systemRanking.systems}</td>
                {dims.map((d) => (
                  <td
                    key={d}
                    className="num"
                    data-testid={`lab-rank-${x.id}-${d}`}
                    data-value={dataNum(x.systemRanking[d].spearman.r)}
                  >
                    {f3(x.systemRanking[d].spearman.r)} / {f3(x.systemRanking[d].kendall.r)}
                    {Number.isFinite(x.systemRanking[d].spearman.lo) && (
                      <div className="r-ci">
                        ρ [{f3(x.systemRanking[d].spearman.lo)},{' '}
                        {f3(x.systemRanking[d].spearman.hi)}]
                      </div>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <LabExports agreement={agreement} which="ranking" />
      </figure>
      <figure className="r-fig" data-testid="lab-systems">
        <figcaption>
          <h3>Systems by</h3>{' '}
          <select
            value={m.id}
            onChange={(e) => setId(e.target.value)}
            aria-label="System table for metric"
            data-testid="lab-systems-metric"
          >
            {agreement.metrics.map((x) => (
              <option key={x.id} value={x.id}>
                {x.label}
              </option>
            ))}
          </select>{' '}
          <span className="muted small">
            mean per system, best first; the humans' means over the reviews this metric scores
          </span>
        </figcaption>
        <table className="r-table">
          <thead>
            <tr>
              <th className="num">#</th>
              <th>System</th>
              <th className="num">n</th>
              <th className="num">{m.label}</th>
              {dims.map((d) => (
                <th key={d} className="num">
                  human {dimension ?? d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.systems.map((s, i) => (
              <tr key={s.system} data-system={s.system}>
                <td className="num">{i + 1}</td>
                <td>{s.system}</td>
                <td className="num">{s.n}</td>
                <td className="num">
                  <Est e={s.mean} testid={`lab-sys-${m.id}-${s.system}`} />
                </td>
                {dims.map((d) => (
                  <td key={d} className="num">
                    <Est e={s.human ? s.human[d] : null} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <LabExports agreement={agreement} which="systems" metricId={m.id} />
      </figure>
    </>
  );
}
