// Meta-evaluation: the metric lab's metrics, imported per-review scores and the baselines judged as the
// WMT metrics task judges metrics: a grouping and a statistic to rank by, significance clusters, the human ceiling
// on top, intervals, exports with the reproducibility signature, and acc_eq against ε. Computed in a worker.
import { useEffect, useMemo, useRef, useState } from 'react';
import { coverageLines, GROUPING_LABEL, GROUPINGS, metaEvalTable, formatMetaEval, STATISTIC_LABEL, STATISTICS, type Grouping, type RankStatistic } from '../../../core/metaeval/index';
import { useLab } from '../../../store/lab/lab';
import { useMetaEval } from '../../../store/metaeval/metaeval';
import { useResearch } from '../../../store/research/research';
import { judgedDimensionName } from '../../../store/metaeval/humanSignature';
import { useLlmMetrics } from '../../../settings/llmMetrics';
import { ProgressBar } from '../../../ui/BatchRunControls';
import { TableExports } from '../TableExports';
import { TieCurve } from './TieCurve';
import { AucTable, HumanDimensionSelect, JudgedOn } from './HumanJudging';
import { HumanSliceBy, HumanSlices, HumanWhere } from './HumanSlices';
import '../lab/lab.css';

// Test hook: the meta-evaluation store (state only).
(globalThis as { __crscoreMetaEval?: typeof useMetaEval }).__crscoreMetaEval = useMetaEval;

const RANKS: { value: RankStatistic; label: string; system?: boolean }[] = [
  ...STATISTICS.map((s) => ({ value: s as RankStatistic, label: STATISTIC_LABEL[s] })),
  { value: 'pairwise', label: 'pairwise accuracy', system: true },
  { value: 'spa', label: 'soft pairwise accuracy', system: true },
];

/**
 * Recomputes when the lab's columns change (the lab already waits for its inputs to rest, and sets them once its
 * BLEU and chrF are in), and once the seed or the resamples rest.
 */
function useCompute() {
  const columns = useLab((s) => s.columns);
  const results = useResearch((s) => s.results);
  const resamples = useLlmMetrics((s) => s.resamples);
  const seed = useLlmMetrics((s) => s.seed);
  useEffect(() => {
    if (results) void useMetaEval.getState().restoreImports();
  }, [results]);
  useEffect(() => {
    if (!results) return;
    const t = setTimeout(() => useMetaEval.getState().compute(), 0);
    return () => clearTimeout(t);
  }, [columns, results]);
  const settled = useRef(false);
  useEffect(() => {
    // Not on mount: the columns' effect computes then.
    if (!settled.current) return void (settled.current = true);
    const t = setTimeout(() => useMetaEval.getState().compute(), 500);
    return () => clearTimeout(t);
  }, [resamples, seed]);
}

export function MetaEvalView() {
  const results = useResearch((s) => s.results);
  const human = useResearch((s) => s.human);
  const s = useMetaEval();
  const [curveId, setCurveId] = useState<string | null>(null);
  useCompute();
  const dimension = useResearch(judgedDimensionName);
  const table = useMemo(() => (s.report ? metaEvalTable(s.report, s.ceiling, dimension) : null), [s.report, s.ceiling, dimension]);
  if (!results) return null;
  const report = s.report;
  const curveRow = report ? (report.rows.find((r) => r.id === curveId) ?? report.rows[0]) : null;
  return (
    <section className="panel lab metaeval" aria-labelledby="me-h" data-testid="metaeval">
      <h2 id="me-h">Meta-evaluation</h2>
      <p className="muted small">
        The metric lab&apos;s metrics, your own imported scores and three baselines, judged as the WMT metrics shared task judges
        metrics since 2023 (Deutsch et al. 2023): grouped correlations, pairwise accuracy with ties, significance clusters.
      </p>
      <details className="me-why" data-testid="me-why">
        <summary>Why can these rank metrics differently from the paper&apos;s pooled Spearman?</summary>
        <p>
          A <b>pooled</b> correlation (no grouping) compares every review with every other, across changes: a metric scores well
          if it tells an easy change from a hard one, even when it cannot tell which of the reviews <i>of the same change</i> is
          better. Grouping <b>by item</b> correlates each change&apos;s reviews with each other, then averages: it asks the
          question a reviewer-ranking system needs answered. <b>System level</b> asks only whether the metric orders the systems
          as people do.
        </p>
        <p>
          Review scores are full of <b>ties</b>: people give many reviews the same Likert score, and CRScore gives many the same
          fraction. Spearman and Kendall neither reward a metric for predicting a tie nor punish it for inventing an order.{' '}
          <b>acc_eq</b> counts a pair right only when the metric orders it as people do, or ties it where they tie it; metric
          differences up to ε count as ties, and ε is chosen to maximise acc_eq (the plot below). The in-sample ε is optimistic,
          so the table also shows acc_eq with ε fitted on other changes (cross-validated). Clusters group metrics whose
          difference is not significant (PERM-BOTH permutation test, α 0.05): a rank inside one cluster is not a finding.
        </p>
      </details>
      <div className="me-controls">
        <label>
          Grouping{' '}
          <select value={s.grouping} onChange={(e) => s.set({ grouping: e.target.value as Grouping })} data-testid="me-grouping">
            {GROUPINGS.map((g) => (
              <option key={g} value={g}>
                {GROUPING_LABEL[g]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Rank by{' '}
          <select value={s.statistic} onChange={(e) => s.set({ statistic: e.target.value as RankStatistic })} data-testid="me-statistic">
            {RANKS.filter((r) => !r.system || s.grouping === 'system').map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>{' '}
        {human ? (
          <>
            <HumanDimensionSelect /> <HumanSliceBy /> <HumanWhere />
          </>
        ) : (
          <label>
            Human score{' '}
            <select value={s.dim} onChange={(e) => s.set({ dim: e.target.value as 'rel' })} data-testid="me-dim">
              <option value="rel">relevance</option>
              <option value="con">conciseness</option>
              <option value="comp">comprehensiveness</option>
            </select>
          </label>
        )}
      </div>
      {s.undefinedWhy && (
        <p className="r-error" data-testid="me-undefined">
          {GROUPING_LABEL[s.grouping]}: undefined — {s.undefinedWhy}.
        </p>
      )}
      <Imports />
      {s.status === 'running' && (
        <div className="r-progress" data-testid="me-progress">
          <ProgressBar done={s.done} total={s.total} label="Meta-evaluation bootstrap" />
          <span className="small">
            Bootstrap: {s.done} of {s.total} resamples, on {s.workers} {s.workers === 1 ? 'worker' : 'workers'}
          </span>
        </div>
      )}
      {s.error && (
        <p className="r-error" role="alert">
          {s.error}
        </p>
      )}
      {report && table && (
        <div data-testid="me-results" data-status={s.status} aria-busy={s.status === 'running'} className={s.status === 'running' ? 'r-pending' : undefined}>
          <div className="r-table-wrap">
            <table className="r-table lab-agree" data-testid="me-table">
              <caption className="small">
                {table.title}. {table.note}.
              </caption>
              <thead>
                <tr>
                  {table.header.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((cells, k) => {
                  const id = String(table.csvRows[k][2]);
                  return (
                    <tr key={id} data-testid={`me-row-${id}`} data-cluster={String(table.csvRows[k][4])} className={`me-cluster-${Number(table.csvRows[k][4]) % 2 ? 'odd' : 'even'}`}>
                      {cells.map((c, i) => (i === 1 ? <th key={i} scope="row">{c}</th> : <td key={i}>{cellText(c)}</td>))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {s.aucs && <AucTable aucs={s.aucs} labels={report.rows} />}
          {s.judged && <JudgedOn judged={s.judged} />}
          {human && <HumanSlices />}
          {!s.ceiling && !human && (
            <p className="small muted" data-testid="me-ceiling-note">
              Human ceiling: this dataset carries one score per review. Add the annotators&apos; CSVs (as published, one file per
              annotator) above to see how well two people agree.
            </p>
          )}
          {s.ceiling && !s.ceiling.row && (
            <p className="small muted" data-testid="me-ceiling-note">
              Human ceiling: {s.ceiling.missing}.
            </p>
          )}
          <p className="small me-signature">
            Signature: <code data-testid="me-signature">{s.signature}</code>
          </p>
          <TableExports name="metaeval" file={(f) => formatMetaEval(report, f, s.signature, s.ceiling, dimension)} testId={(f) => `me-export-${f}`} />
          {curveRow && (
            <figure className="r-fig" data-testid="me-tie-fig">
              <figcaption>
                <h3>Tie calibration: acc_eq against ε</h3>{' '}
                <select value={curveRow.id} onChange={(e) => setCurveId(e.target.value)} aria-label="Metric" data-testid="me-curve-metric">
                  {report.rows.map((r) => (
                    <option key={r.id} value={r.id}>
                      {r.label}
                    </option>
                  ))}
                </select>{' '}
                {curveRow.stats.acc_eq.why ? (
                  <span className="small muted" data-testid="me-curve-undefined">
                    acc_eq undefined: {curveRow.stats.acc_eq.why}. {s.signature}
                  </span>
                ) : (
                  <span className="small muted">
                    in-sample ε {curveRow.ties.eps.toPrecision(3)} gives acc_eq {curveRow.ties.accInSample.toFixed(3)} (ε 0: {curveRow.ties.accAtZero.toFixed(3)});
                    cross-validated {Number.isFinite(curveRow.ties.accCv) ? curveRow.ties.accCv.toFixed(3) : '—'}; {curveRow.ties.method === 'exact' ? 'every candidate ε' : `${curveRow.ties.candidates} sampled candidates`}. {s.signature}
                  </span>
                )}
              </figcaption>
              <TieCurve row={curveRow} />
            </figure>
          )}
        </div>
      )}
    </section>
  );
}

function Imports() {
  const s = useMetaEval();
  return (
    <div className="me-imports">
      <label className="small">
        Your metric&apos;s per-review scores (CSV or JSONL with <code>id</code> and <code>system</code>; every numeric column is a
        metric):{' '}
        <input type="file" accept=".csv,.jsonl,.json" multiple data-testid="me-import" onChange={(e) => void s.importScores([...(e.target.files ?? [])])} />
      </label>
      <label className="small">
        Annotators&apos; CSVs for the human ceiling:{' '}
        <input type="file" accept=".csv" multiple data-testid="me-annotators" onChange={(e) => void s.importAnnotators([...(e.target.files ?? [])])} />
      </label>
      {s.importing.length > 0 && (
        <p className="small muted" role="status" data-testid="me-importing">
          Reading {s.importing.join(', ')} (in a worker: the page stays responsive)…
        </p>
      )}
      {s.importError && (
        <p className="r-error" role="alert" data-testid="me-import-error">
          {s.importError}
        </p>
      )}
      {s.coverage.length > 0 && (
        <ul className="small me-coverage" data-testid="me-coverage">
          {s.coverage.map((c) => (
            <li key={c.file}>
              {coverageLines(c).map((l, k) => (
                <div key={k}>{l}</div>
              ))}
              <button type="button" className="small" onClick={() => s.removeImport(c.file.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, ''))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "0.925 [0.532, 0.999]": the interval may go under its value, so twelve columns fit a 1024-pixel window. */
function cellText(c: string) {
  const k = c.indexOf(' [');
  if (k < 0) return c;
  return (
    <>
      <span className="me-v">{c.slice(0, k)}</span> <span className="me-ci">{c.slice(k + 1)}</span>
    </>
  );
}
