// The tools' leaderboard of one evaluator (each statistic with its bootstrap interval over pull requests, the
// paired differences whose interval excludes 0), and the harness's own per-PR table beside it.
import type { PrEvalResult } from '../../core/prreview/index';

const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');

export function Leaderboard({ result }: { result: PrEvalResult }) {
  const a = result.aggregates;
  const stats = a.systems.length ? Object.keys(a.systems[0].stats) : [];
  const main = a.pairs[0]?.stat ?? stats[0];
  const sorted = [...a.systems].sort((x, y) => (y.stats[main]?.value ?? 0) - (x.stats[main]?.value ?? 0));
  const significant = a.pairs.filter((p) => p.significant);
  return (
    <section className="panel" data-testid="pr-leaderboard">
      <h3>Leaderboard</h3>
      <p className="muted">
        {a.prs} pull requests; {Math.round(a.level * 100)}% intervals from {a.resamples} bootstrap resamples of pull requests (seed {a.seed}). Ranked by {main}.
      </p>
      <div className="table-scroll">
        <table className="data pr-board">
          <thead>
            <tr>
              <th>#</th>
              <th>system</th>
              <th>PRs</th>
              {stats.map((k) => (
                <th key={k}>{k}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sorted.map((s, k) => (
              <tr key={s.system} data-system={s.system}>
                <td>{k + 1}</td>
                <td>{s.system}</td>
                <td>{s.prs}</td>
                {stats.map((st) => (
                  <td key={st} data-stat={st} data-value={s.stats[st].value}>
                    <span className="num">{f3(s.stats[st].value)}</span>
                    <span className="ci">
                      {' '}
                      [{f3(s.stats[st].lo)}, {f3(s.stats[st].hi)}]
                    </span>
                    <span className="bar" style={{ width: `${Math.max(0, Math.min(1, s.stats[st].value)) * 100}%` }} aria-hidden="true" />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p data-testid="pr-pairs">
        Paired differences in {main} whose interval excludes 0: {significant.length} of {a.pairs.length}
        {significant.length > 0 && ':'}
      </p>
      {significant.length > 0 && (
        <ul className="pr-pairs">
          {significant.map((p) => (
            <li key={`${p.a}|${p.b}`}>
              {p.a} − {p.b}: {f3(p.diff)} [{f3(p.lo)}, {f3(p.hi)}]
            </li>
          ))}
        </ul>
      )}
      <p className="muted sig">
        Signature: <code>{result.signature}</code>
      </p>
    </section>
  );
}

/** Scalar fields of a row, as the harness names them (lists such as the matches stay in the pull request view). */
function scalarFields(rows: PrEvalResult['rows']): string[] {
  const keys = new Set<string>();
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'pr' && k !== 'system' && (typeof v === 'number' || typeof v === 'string')) keys.add(k);
  return [...keys];
}

export function PrRows({ result, onOpen }: { result: PrEvalResult; onOpen: (pr: string, system: string) => void }) {
  const fields = scalarFields(result.rows);
  return (
    <section className="panel" data-testid="pr-rows">
      <h3>Per pull request and system, the harness's own fields</h3>
      <p className="muted">Open a row to see the pull request, every comment at its line and each decision.</p>
      <div className="table-scroll pr-rows">
        <table className="data">
          <thead>
            <tr>
              <th>pull request</th>
              <th>system</th>
              {fields.map((k) => (
                <th key={k}>{k}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((r) => (
              <tr key={`${r.pr}|${r.system}`}>
                <td>
                  <button type="button" className="link" onClick={() => onOpen(r.pr, r.system)} title={r.pr}>
                    {shortPr(r.pr)}
                  </button>
                </td>
                <td>{r.system}</td>
                {fields.map((k) => (
                  <td key={k}>{typeof r[k] === 'number' ? (Number.isInteger(r[k]) ? String(r[k]) : f3(r[k] as number)) : String(r[k] ?? '')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A PR's id as a person reads it: owner/repo#N for a GitHub URL. */
export function shortPr(id: string): string {
  const m = /github\.com\/([^/]+\/[^/]+)\/pull\/(\d+)/.exec(id);
  return m ? `${m[1]}#${m[2]}` : id;
}
