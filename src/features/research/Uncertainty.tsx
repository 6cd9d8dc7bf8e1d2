// The paper's system table with uncertainty: per-system means with 95% bootstrap intervals over changes
// (sortable), the pairwise-significance matrix, agreement with humans with intervals, and the current run
// against a pinned baseline. The numbers come from src/core/bootstrap.ts, run in a worker (src/store/research/uncertainty.ts).
import { memo, useEffect, useMemo, useState } from 'react';
import { useResearch } from '../../store/research/research';
import { useUncertainty, type RecordsOf } from '../../store/research/uncertainty';
import { packScores, recordsBase, type RecordsBase } from '../../store/research/recordsPack';
import { reviewRecords } from '../../core/evalRecords';
import type { BootstrapReport, Dim, Estimate, ReviewRecord, SystemSummary } from '../../core/bootstrap';
import { fmtInterval, fmtNum, formatAgreementTable, formatSystemTable } from '../../core/researchTables';
import { exportConfig } from './exports';
import { TableExports as TableExportButtons } from './TableExports';
import { PAIR_LEGEND, PairLegend, PairMatrix } from './PairMatrix';
import { BaselineCompare } from './BaselineCompare';
import { dataNum } from '../../ui/dataNum';

const DIMS: [Dim, string][] = [
  ['con', 'Con'],
  ['comp', 'Comp'],
  ['rel', 'Rel'],
];

/** The configuration every table export records: the run's, plus the bootstrap's. */
export function tableConfig(report: BootstrapReport) {
  return { ...exportConfig(useResearch.getState()), bootstrap: { resamples: report.resamples, seed: report.seed, level: report.level, changes: report.changes, over: 'changes' } };
}

function Ci({ e, testid }: { e: Estimate; testid?: string }) {
  return (
    <td className="num" data-testid={testid} data-mean={dataNum(e.mean)} data-lo={dataNum(e.lo)} data-hi={dataNum(e.hi)}>
      {fmtNum(e.mean)} <span className="r-ci">{fmtInterval(e.lo, e.hi)}</span>
    </td>
  );
}

type SortKey = 'system' | 'n' | Dim | `human-${Dim}`;

// memo: a τ step re-renders the view; these redraw only when a new report arrives.
const SystemTable = memo(function SystemTable({ report }: { report: BootstrapReport }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'rel', desc: true });
  const hasHuman = report.systems.some((s) => s.human);
  const value = (s: SystemSummary, k: SortKey): number | string =>
    k === 'system' ? s.system : k === 'n' ? s.n : k.startsWith('human-') ? (s.human?.[k.slice(6) as Dim].mean ?? -Infinity) : s[k as Dim].mean;
  const rows = [...report.systems].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return sort.desc ? -c : c;
  });
  const relRank = new Map([...report.systems].sort((a, b) => b.rel.mean - a.rel.mean).map((s, i) => [s.system, i + 1]));
  const head = (key: SortKey, label: string) => (
    <th key={key} className={key === 'system' ? '' : 'num'} aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="linklike" onClick={() => setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'system' }))} data-testid={`sort-${key}`}>
        {label}
        {sort.key === key ? (sort.desc ? ' ▾' : ' ▴') : ''}
      </button>
    </th>
  );
  return (
    <table className="r-table" data-testid="system-ci-table">
      <thead>
        <tr>
          <th className="num">#</th>
          {head('system', 'System')}
          {head('n', 'n')}
          {DIMS.map(([d, l]) => head(d, l))}
          {hasHuman && DIMS.map(([d, l]) => head(`human-${d}`, `human ${l}`))}
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr key={s.system} data-testid={`sysci-${s.system}`}>
            <td className="num">{relRank.get(s.system)}</td>
            <th scope="row">{s.system}</th>
            <td className="num">{s.n}</td>
            {DIMS.map(([d]) => (
              <Ci key={d} e={s[d]} testid={`sysci-${s.system}-${d}`} />
            ))}
            {hasHuman && DIMS.map(([d]) => (s.human ? <Ci key={`h${d}`} e={s.human[d]} /> : <td key={`h${d}`} className="num">—</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

const AgreementCi = memo(function AgreementCi({ report }: { report: BootstrapReport }) {
  const c = report.correlations;
  return (
    <table className="r-table" data-testid="agreement-ci-table">
      <thead>
        <tr>
          <th>CRScore vs human</th>
          <th className="num">n</th>
          <th className="num">Spearman r<sub>s</sub> [95% CI]</th>
          <th className="num">Kendall τ<sub>b</sub> [95% CI]</th>
        </tr>
      </thead>
      <tbody>
        {DIMS.map(([d, l]) => (
          <tr key={d}>
            <th scope="row">{l}</th>
            <td className="num">{c.n}</td>
            <Ci e={{ mean: c[d].spearman, lo: c[d].spearmanCi[0], hi: c[d].spearmanCi[1] }} testid={`agree-${d}-spearman`} />
            <Ci e={{ mean: c[d].kendall, lo: c[d].kendallCi[0], hi: c[d].kendallCi[1] }} testid={`agree-${d}-kendall`} />
          </tr>
        ))}
      </tbody>
    </table>
  );
});

function TableExports({ report, which }: { report: BootstrapReport; which: 'systems' | 'agreement' }) {
  const fmt = which === 'systems' ? formatSystemTable : formatAgreementTable;
  return <TableExportButtons name={which} file={(f) => fmt(report, f, tableConfig(report))} testId={(f) => `export-${which}-${f}`} />;
}

function Settings() {
  const resamples = useUncertainty((s) => s.resamples);
  const seed = useUncertainty((s) => s.seed);
  const status = useUncertainty((s) => s.status);
  const progress = useUncertainty((s) => s.progress);
  const ms = useUncertainty((s) => s.ms);
  const error = useUncertainty((s) => s.error);
  const { setOptions } = useUncertainty.getState();
  const line =
    status === 'waiting'
      ? 'Waiting for τ to settle…'
      : status === 'running'
        ? `Resampling changes… ${progress.done} / ${progress.total}`
        : status === 'done'
          ? `${resamples} resamples in ${((ms ?? 0) / 1000).toFixed(1)} s (in a worker; τ never waits for it)`
          : '';
  return (
    <div className="r-controls small">
      <label>
        Resamples{' '}
        <input type="number" min={0} step={100} value={resamples} onChange={(e) => setOptions({ resamples: Number(e.target.value) })} data-testid="bootstrap-resamples" />
      </label>
      <label>
        Seed <input type="number" min={0} value={seed} onChange={(e) => setOptions({ seed: Number(e.target.value) })} data-testid="bootstrap-seed" />
      </label>
      <span className="muted" data-testid="bootstrap-status" data-status={status} role="status">
        {line}
      </span>
      {status === 'running' && progress.total > 0 && (
        <span className="bar r-mini-bar" role="progressbar" aria-label="Bootstrap progress" aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
          <span style={{ width: `${Math.round((progress.done / progress.total) * 100)}%` }} />
        </span>
      )}
      {error && <span className="r-error">{error}</span>}
    </div>
  );
}

/** The bootstrap report for this run: requested once per run and τ (in a worker), read by every table below. */
export function useUncertaintyRun(): { records: RecordsOf; report: BootstrapReport | null; stale: boolean } {
  const results = useResearch((s) => s.results)!;
  const scores = useResearch((s) => s.analysis!.scores);
  // A getter, built on first call: a τ step builds no records; a pin builds them once, and the bootstrap packs
  // the score columns beside the run's τ-free base (no record object per review).
  const base = useMemo(() => {
    let b: RecordsBase | undefined;
    return () => (b ??= recordsBase(results.prepared.items));
  }, [results]);
  const records = useMemo(() => {
    let v: ReviewRecord[] | undefined;
    return Object.assign(() => (v ??= reviewRecords(results.prepared.items, scores)), { packed: () => packScores(base(), scores) }) satisfies RecordsOf;
  }, [results, scores, base]);
  useEffect(() => useUncertainty.getState().request(records), [records]);
  useEffect(() => void useUncertainty.getState().restore(), []);
  const report = useUncertainty((s) => s.report);
  const of = useUncertainty((s) => s.of);
  return { records, report, stale: of !== records };
}

function intervalNote(report: BootstrapReport | null): string {
  return report
    ? `${Math.round(report.level * 100)}% percentile bootstrap intervals: ${report.resamples} resamples of the ${report.changes} changes (a change keeps all its reviews), seed ${report.seed}.`
    : '';
}

interface Run {
  report: BootstrapReport | null;
  stale: boolean;
}

/** The one system table: per-system means with intervals, sortable, with its exports. */
export function SystemsCi({ report, stale }: Run) {
  return (
    <figure className="panel r-fig r-wide" data-testid="system-ci" data-chart="system-table" data-stale={stale}>
      <figcaption>
        <h3>Systems</h3>{' '}
        <span className="muted small">
          Mean CRScore per system over all its reviews, and the human means (Likert normalised to [0, 1]). Click a column to sort. {intervalNote(report)}
        </span>
      </figcaption>
      <Settings />
      {report ? (
        <div className={stale ? 'r-ci-stale' : ''}>
          <SystemTable report={report} />
          <TableExports report={report} which="systems" />
        </div>
      ) : (
        <p className="muted small">Computing intervals…</p>
      )}
    </figure>
  );
}

/** Which systems differ significantly in mean Rel (paired bootstrap). */
export function Pairwise({ report, stale }: Run) {
  if (!report) return null;
  return (
    <figure
      className="panel r-fig"
      data-testid="pairwise"
      data-chart="pairwise-significance"
      data-stale={stale}
      data-legend={JSON.stringify(PAIR_LEGEND)}
      data-x-label="system (subtracted)"
      data-y-label="system"
    >
      <figcaption>
        <h3>Pairwise differences in mean Rel</h3>{' '}
        <span className="muted small">
          Row minus column, paired bootstrap over changes; green: the row is significantly higher (interval above 0), red: lower, grey: the interval includes 0.{' '}
          {report.pairs.filter((p) => p.significant).length / 2} of {report.pairs.length / 2} pairs differ.
        </span>
      </figcaption>
      <div className={`r-pairs-wrap ${stale ? 'r-ci-stale' : ''}`}>
        <PairMatrix report={report} />
      </div>
      <PairLegend />
    </figure>
  );
}

/** CRScore's three dimensions against the people's, with intervals, and the run against a pinned baseline. */
export function AgreementWithIntervals({ report, stale, records }: Run & { records: RecordsOf }) {
  if (!report) return null;
  return (
    <figure className="panel r-fig" data-testid="agreement-ci" data-chart="agreement-table" data-stale={stale}>
      <figcaption>
        <h3>Agreement with humans, with intervals</h3>{' '}
        <span className="muted small">Each CRScore dimension against the same human dimension. {intervalNote(report)}</span>
      </figcaption>
      <div className={stale ? 'r-ci-stale' : ''}>
        <AgreementCi report={report} />
        <TableExports report={report} which="agreement" />
      </div>
      <BaselineCompare records={records} stale={stale} />
    </figure>
  );
}
