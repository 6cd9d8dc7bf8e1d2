// One agreement table for every metric the lab measured: Spearman and Kendall with each human dimension, with
// bootstrap intervals over changes, and the paired-bootstrap difference in Spearman against the chosen baseline on
// the reviews both metrics score (significant when the interval excludes 0). Gaps (no reference, no grade, failed)
// are counted beside n, never scored as 0. On a human-scored dataset the one dimension is every human slot, so each
// metric has one row, against it (CRScore's conciseness, comprehensiveness and relevance each a metric).
import { gapText, type CorrCi, type LabAgreement, type PairedDiff } from '../../../core/lab/index';
import { LabExports } from './LabExports';
import { dataNum } from '../../../ui/dataNum';

const DIMS = ['con', 'comp', 'rel'] as const;
const DIM_LABEL = { con: 'Con', comp: 'Comp', rel: 'Rel' } as const;

export const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const sign = (x: number) => (Number.isFinite(x) ? (x > 0 ? '+' : '') + x.toFixed(3) : '–');

function Corr({ c, testid }: { c: CorrCi; testid: string }) {
  return (
    <div data-testid={testid} data-value={dataNum(c.r)} data-lo={dataNum(c.lo)} data-hi={dataNum(c.hi)}>
      {f3(c.r)}{' '}
      {Number.isFinite(c.lo) && (
        <span className="r-ci">
          [{f3(c.lo)}, {f3(c.hi)}]
        </span>
      )}
    </div>
  );
}

function Diff({ d, testid }: { d: PairedDiff; testid: string }) {
  return (
    <span
      data-testid={testid}
      data-value={dataNum(d.diff)}
      data-significant={d.significant}
      className={d.significant ? (d.diff > 0 ? 'lab-sig-up' : 'lab-sig-down') : 'lab-insig'}
    >
      {sign(d.diff)}
      {d.significant ? <strong title="the paired interval excludes 0"> *</strong> : null}{' '}
      {Number.isFinite(d.lo) && (
        <span className="r-ci">
          [{sign(d.lo)}, {sign(d.hi)}]
        </span>
      )}
    </span>
  );
}

export function AgreementTable({
  agreement,
  baselineLabel,
  dimension = null,
}: {
  agreement: LabAgreement;
  baselineLabel: string;
  /** A human-scored dataset's judged dimension: one row per metric, against it (its rel slot). */
  dimension?: string | null;
}) {
  const dims = dimension === null ? DIMS : (['rel'] as const);
  return (
    <figure className="r-fig r-wide" data-testid="lab-agreement">
      <figcaption>
        <h3>Agreement with the humans</h3>{' '}
        <span className="muted small">
          {agreement.scored} reviews with human scores{dimension !== null && <> on {dimension}</>} over {agreement.changes} changes;{' '}
          {Math.round(agreement.level * 100)}% percentile intervals from {agreement.resamples}{' '}
          resamples of changes (seed {agreement.seed}). Δρ: Spearman minus {baselineLabel}'s on the
          reviews both metrics score (n in the cell's title), * where the paired interval excludes
          0.
        </span>
      </figcaption>
      <div className="r-pairs-wrap">
        <table className="r-table lab-agree">
          <thead>
            <tr>
              <th>Metric</th>
              <th className="num">n</th>
              <th>Human</th>
              <th className="num">Spearman ρ</th>
              <th className="num">Kendall τ</th>
              <th className="num">Δρ vs baseline</th>
            </tr>
          </thead>
          {agreement.metrics.map((m) => (
            // One row group per metric, one row per human dimension (a narrow window keeps every column).
            <tbody key={m.id} className={m.pairedVsBaseline ? 'lab-group' : 'lab-group ours'}>
              {dims.map((d, k) => (
                <tr
                  key={d}
                  {...(k === 0 ? { 'data-metric': m.id, 'data-testid': `lab-row-${m.id}` } : {})}
                >
                  {k === 0 && (
                    <>
                      <th rowSpan={dims.length}>
                        {m.label}
                        {!m.pairedVsBaseline && <span className="muted small"> (baseline)</span>}
                        {gapText(m) !== '—' && (
                          <div className="muted small" data-testid={`lab-gaps-${m.id}`}>
                            {gapText(m)}
                          </div>
                        )}
                      </th>
                      <td
                        rowSpan={dims.length}
                        className="num"
                        data-testid={`lab-n-${m.id}`}
                        data-value={m.n}
                      >
                        {m.n}
                      </td>
                    </>
                  )}
                  <td>{dimension ?? DIM_LABEL[d]}</td>
                  <td className="num lab-corr">
                    <Corr c={m.correlations[d].spearman} testid={`lab-${m.id}-${d}-spearman`} />
                  </td>
                  <td className="num lab-corr">
                    <Corr c={m.correlations[d].kendall} testid={`lab-${m.id}-${d}-kendall`} />
                  </td>
                  <td
                    className="num"
                    title={
                      m.pairedVsBaseline
                        ? `${m.pairedVsBaseline.n} reviews scored by both`
                        : undefined
                    }
                  >
                    {m.pairedVsBaseline ? (
                      <Diff d={m.pairedVsBaseline.spearman[d]} testid={`lab-${m.id}-${d}-diff`} />
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      <LabExports agreement={agreement} which="agreement" />
    </figure>
  );
}
