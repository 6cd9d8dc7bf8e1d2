// One agreement table for every metric the lab measured: Spearman and Kendall with each human dimension, with
// bootstrap intervals over changes, and the paired-bootstrap difference in Spearman against the chosen baseline on
// the reviews both metrics score (significant when the interval excludes 0). Gaps (no reference, no grade, failed)
// are counted beside n, never scored as 0.
import { gapText, type CorrCi, type LabAgreement, type PairedDiff } from '../../../core/lab/index';
import { LabExports } from './LabExports';

const DIMS = ['con', 'comp', 'rel'] as const;
const DIM_LABEL = { con: 'Con', comp: 'Comp', rel: 'Rel' } as const;

export const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '–');
const sign = (x: number) => (Number.isFinite(x) ? (x > 0 ? '+' : '') + x.toFixed(3) : '–');

function Corr({ c, name, testid }: { c: CorrCi; name: string; testid: string }) {
  return (
    <div data-testid={testid} data-value={c.r} data-lo={c.lo} data-hi={c.hi}>
      <span className="lab-corr-name">{name}</span> {f3(c.r)}{' '}
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
      data-value={d.diff}
      data-significant={d.significant}
      className={d.significant ? (d.diff > 0 ? 'lab-sig-up' : 'lab-sig-down') : 'lab-insig'}
    >
      {sign(d.diff)}
      {d.significant ? <strong title="the paired interval excludes 0"> *</strong> : null}
      {Number.isFinite(d.lo) && (
        <div className="r-ci">
          [{sign(d.lo)}, {sign(d.hi)}]
        </div>
      )}
    </span>
  );
}

export function AgreementTable({
  agreement,
  baselineLabel,
}: {
  agreement: LabAgreement;
  baselineLabel: string;
}) {
  return (
    <figure className="r-fig r-wide" data-testid="lab-agreement">
      <figcaption>
        <h3>Agreement with the humans</h3>{' '}
        <span className="muted small">
          {agreement.scored} reviews with human scores over {agreement.changes} changes;{' '}
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
              <th rowSpan={2}>Metric</th>
              <th rowSpan={2} className="num">
                n
              </th>
              {DIMS.map((d) => (
                <th key={d} colSpan={2}>
                  human {DIM_LABEL[d]}
                </th>
              ))}
            </tr>
            <tr>
              {DIMS.map((d) => [
                <th key={`${d}-c`}>ρ / τ</th>,
                <th key={`${d}-d`}>Δρ vs baseline</th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {agreement.metrics.map((m) => (
              <tr
                key={m.id}
                data-metric={m.id}
                data-testid={`lab-row-${m.id}`}
                className={m.pairedVsBaseline ? undefined : 'ours'}
              >
                <th>
                  {m.label}
                  {!m.pairedVsBaseline && <span className="muted small"> (baseline)</span>}
                  {gapText(m) !== '—' && (
                    <div className="muted small" data-testid={`lab-gaps-${m.id}`}>
                      {gapText(m)}
                    </div>
                  )}
                </th>
                <td className="num" data-testid={`lab-n-${m.id}`} data-value={m.n}>
                  {m.n}
                </td>
                {DIMS.map((d) => [
                  <td key={`${d}-c`} className="num lab-corr">
                    <Corr
                      c={m.correlations[d].spearman}
                      name="ρ"
                      testid={`lab-${m.id}-${d}-spearman`}
                    />
                    <Corr
                      c={m.correlations[d].kendall}
                      name="τ"
                      testid={`lab-${m.id}-${d}-kendall`}
                    />
                  </td>,
                  <td
                    key={`${d}-d`}
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
                  </td>,
                ])}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LabExports agreement={agreement} which="agreement" />
    </figure>
  );
}
