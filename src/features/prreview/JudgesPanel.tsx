// Judging the judges on Martian's benchmark: how closely every offline matcher reproduces each LLM judge's
// published decisions, with the judges' agreement with one another as the ceiling row. The figures are the core's
// judgeTheJudges, the function `crscore pr-eval --judges` prints; the chart shows the gap to the ceiling in κ.
import { lazy, Suspense } from 'react';
import type { AgreementRow, JudgesReport } from '../../core/prreview/index';
import { usePrReview } from '../../store/prreview/prReview';

const JudgesChart = lazy(() => import('./JudgesChart'));
const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');
const nameOf = (r: AgreementRow) => (r.kind === 'judge' ? `${r.against} (ceiling)` : `${r.against} ≥ ${r.threshold}`);

export function JudgesPanel() {
  const judges = usePrReview((s) => s.judges);
  const run = usePrReview((s) => s.judgeJudges);
  const names = usePrReview((s) => s.dataset?.judges ?? []);
  return (
    <section className="panel" data-testid="pr-judges">
      <h3>Judging the judges</h3>
      <p className="muted">
        How far is an offline matcher from an LLM judge at ranking code review tools? Each judge's published decisions ({names.join(', ')}) against each matcher's on
        that judge's own candidates, and against the other judges (the ceiling): accuracy and Cohen's κ over the decisions (one per pull request, tool and golden
        comment, found or not; and one per candidate, matched or not), each tool's F1, and the Spearman and Kendall of the tools' ranking by F1. Matchers at their
        default thresholds, as <code>crscore pr-eval --judges</code>.
      </p>
      {judges.status !== 'done' && (
        <button type="button" onClick={() => void run()} disabled={judges.status === 'running'} data-testid="pr-judges-run">
          {judges.status === 'running' ? 'Judging…' : 'Judge the judges (bleu, lexical, plus, learned)'}
        </button>
      )}
      {judges.error && (
        <p className="error" role="alert">
          {judges.error}
        </p>
      )}
      {judges.report && <JudgesTables report={judges.report} />}
    </section>
  );
}

function JudgesTables({ report }: { report: JudgesReport }) {
  const tools = [...new Set(Object.values(report.published).flatMap((ts) => ts.map((t) => t.tool)))].sort();
  return (
    <>
      <div className="table-scroll">
        <table className="data pr-judges-table" data-testid="pr-judges-table">
          <thead>
            <tr>
              <th>reference judge</th>
              <th>against</th>
              <th>golden acc</th>
              <th>κ</th>
              <th>n</th>
              <th>candidate acc</th>
              <th>κ</th>
              <th>Spearman</th>
              <th>Kendall</th>
            </tr>
          </thead>
          <tbody>
            {report.judges.flatMap((j) =>
              report.rows
                .filter((r) => r.judge === j)
                .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'judge' ? -1 : 1))
                .map((r) => (
                  <tr key={`${r.judge}|${r.against}`} className={r.kind === 'judge' ? 'ceiling' : ''} data-judge={r.judge} data-against={r.against} data-kind={r.kind}>
                    <td>{r.judge}</td>
                    <td>{nameOf(r)}</td>
                    <td data-f="golden.accuracy" data-value={r.golden.accuracy}>{f3(r.golden.accuracy)}</td>
                    <td data-f="golden.kappa" data-value={r.golden.kappa}>{f3(r.golden.kappa)}</td>
                    <td data-f="golden.n" data-value={r.golden.n}>{r.golden.n}</td>
                    <td data-f="candidates.accuracy" data-value={r.candidates?.accuracy ?? ''}>{r.candidates ? f3(r.candidates.accuracy) : '—'}</td>
                    <td data-f="candidates.kappa" data-value={r.candidates?.kappa ?? ''}>{r.candidates ? f3(r.candidates.kappa) : '—'}</td>
                    <td data-f="spearman" data-value={r.spearman}>{f3(r.spearman)}</td>
                    <td data-f="kendall" data-value={r.kendall}>{f3(r.kendall)}</td>
                  </tr>
                )),
            )}
          </tbody>
        </table>
      </div>
      <Suspense fallback={<p className="muted">Loading the chart…</p>}>
        <JudgesChart report={report} />
      </Suspense>
      <h4>Each tool's F1, by judge</h4>
      <p className="muted">The judge's own (from its published decisions), then each matcher's on that judge's candidates.</p>
      <div className="table-scroll">
        <table className="data" data-testid="pr-judges-f1">
          <thead>
            <tr>
              <th>tool</th>
              {report.judges.flatMap((j) => [
                <th key={j}>{j}</th>,
                ...report.rows.filter((r) => r.judge === j && r.kind === 'matcher').map((r) => <th key={`${j}|${r.against}`}>{r.against}</th>),
              ])}
            </tr>
          </thead>
          <tbody>
            {tools.map((t) => (
              <tr key={t} data-tool={t}>
                <td>{t}</td>
                {report.judges.flatMap((j) => {
                  const own = report.published[j].find((x) => x.tool === t);
                  return [
                    <td key={j} className="judge-own" data-judge={j} data-against="" data-value={own?.f1 ?? ''}>
                      {own ? f3(own.f1) : '—'}
                    </td>,
                    ...report.rows
                      .filter((r) => r.judge === j && r.kind === 'matcher')
                      .map((r) => {
                        const x = r.tools.find((u) => u.tool === t);
                        return (
                          <td key={`${j}|${r.against}`} data-judge={j} data-against={r.against} data-value={x?.f1 ?? ''}>
                            {x ? f3(x.f1) : '—'}
                          </td>
                        );
                      }),
                  ];
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
