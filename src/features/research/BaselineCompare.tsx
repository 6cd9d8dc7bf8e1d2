// Pin a run as the baseline and compare the current run against it: the difference in correlation with humans
// on the same reviews, with its paired-bootstrap interval (src/core/bootstrap.ts createComparison). The pin is
// kept in IndexedDB (src/store/research/uncertainty.ts), so paper vs plus, or two encoders, can be compared across runs.
import { useState } from 'react';
import { fmtInterval, fmtNum } from '../../core/researchTables';
import { useResearch } from '../../store/research/research';
import { useUncertainty, type RecordsOf } from '../../store/research/uncertainty';
import { exportConfig } from './exports';
import { dataNum } from '../../ui/dataNum';

function describeRun(): string {
  const st = useResearch.getState();
  const r = st.results;
  if (!r) return 'run';
  const sim = r.engine ? r.engine.model : r.config.similarity;
  return `${sim}, split ${r.config.split}, τ ${st.tau.toFixed(4)}`;
}

export function BaselineCompare({ records, stale }: { records: RecordsOf; stale: boolean }) {
  const pinned = useUncertainty((s) => s.pinned);
  const comparison = useUncertainty((s) => s.comparison);
  const [label, setLabel] = useState('');
  const pin = () =>
    void useUncertainty.getState().pin({
      label: label.trim() || describeRun(),
      config: exportConfig(useResearch.getState()),
      records: [...records()],
      pinnedAt: new Date().toISOString(),
    });
  return (
    <div className="r-baseline" data-testid="baseline">
      <h4>Against a baseline run</h4>
      {!pinned ? (
        <p className="small">
          Pin this run, change the configuration (similarity, splitting, τ) and re-score: the difference in correlation on the same reviews appears here with
          its paired interval.
        </p>
      ) : (
        <p className="small">
          Baseline: <strong data-testid="baseline-label">{pinned.label}</strong> ({pinned.records.length} reviews, pinned {pinned.pinnedAt.slice(0, 16).replace('T', ' ')}){' '}
          <button type="button" className="small" onClick={() => void useUncertainty.getState().unpin()} data-testid="baseline-unpin">
            Unpin
          </button>
        </p>
      )}
      <div className="r-controls small">
        <label>
          Label <input type="text" value={label} placeholder={describeRun()} onChange={(e) => setLabel(e.target.value)} data-testid="baseline-name" />
        </label>
        <button type="button" className="small" onClick={pin} data-testid="baseline-pin">
          {pinned ? 'Pin this run instead' : 'Pin this run as baseline'}
        </button>
      </div>
      {pinned && comparison && (
        <table className={`r-table ${stale ? 'r-ci-stale' : ''}`} data-testid="baseline-table">
          <thead>
            <tr>
              <th>vs human</th>
              <th className="num">this run r<sub>s</sub></th>
              <th className="num">baseline r<sub>s</sub></th>
              <th className="num">difference [95% CI]</th>
              <th className="num">this run τ<sub>b</sub></th>
              <th className="num">baseline τ<sub>b</sub></th>
              <th className="num">difference [95% CI]</th>
            </tr>
          </thead>
          <tbody>
            {(['con', 'comp', 'rel'] as const).map((d) => {
              const s = comparison.spearman[d];
              const k = comparison.kendall[d];
              return (
                <tr key={d}>
                  <th scope="row">{d === 'con' ? 'Con' : d === 'comp' ? 'Comp' : 'Rel'}</th>
                  <td className="num">{fmtNum(s.a)}</td>
                  <td className="num">{fmtNum(s.b)}</td>
                  <td className={`num ${s.significant ? 'sig' : 'insig'}`} data-testid={`baseline-${d}-spearman`} data-diff={dataNum(s.diff)} data-lo={dataNum(s.lo)} data-hi={dataNum(s.hi)} data-significant={s.significant}>
                    {fmtNum(s.diff)} {fmtInterval(s.lo, s.hi)}
                    {s.significant ? ' *' : ''}
                  </td>
                  <td className="num">{fmtNum(k.a)}</td>
                  <td className="num">{fmtNum(k.b)}</td>
                  <td className={`num ${k.significant ? 'sig' : 'insig'}`} data-testid={`baseline-${d}-kendall`} data-diff={dataNum(k.diff)} data-lo={dataNum(k.lo)} data-hi={dataNum(k.hi)}>
                    {fmtNum(k.diff)} {fmtInterval(k.lo, k.hi)}
                    {k.significant ? ' *' : ''}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pinned && comparison && (
        <p className="muted small">
          n = {comparison.n} reviews scored in both runs, {comparison.resamples} paired resamples of {comparison.changes} changes, seed {comparison.seed}. * the interval excludes 0.
        </p>
      )}
    </div>
  );
}
