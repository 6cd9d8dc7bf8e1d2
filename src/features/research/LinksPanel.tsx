// Research's "Links" section: which pseudo-references the run's metric credits, against the ones the annotators
// linked (claims_addressed): precision, recall and F1 with bootstrap intervals, overall and per system, language
// and pseudo-reference type, an F1 bar per row, exports, and the worst-agreeing reviews, each one click from the
// workbench. Numbers from src/store/research/researchLinkAgreement.ts (the core stage `crscore eval` runs).
import { memo, useEffect } from 'react';
import type { LinkAgreementRow } from '../../core/links/agreement';
import { fmtInterval, fmtNum, type TableFormat } from '../../core/researchTables';
import { formatLinkTable, linkRows, linkRowName, linkRuleText } from '../../core/linkTables';
import type { LinkCase, LinkStage } from '../../core/research/links';
import { useResearch } from '../../store/research/research';
import { useLinks } from '../../store/research/researchLinkAgreement';
import { exportConfig } from './exports';
import { TableExports } from './TableExports';
import { dataNum } from '../../ui/dataNum';

function Cell({ v, ci, testid }: { v: number | null; ci: [number, number]; testid: string }) {
  return (
    <td className="num" data-testid={testid} data-value={v ?? ''} data-lo={dataNum(ci[0])} data-hi={dataNum(ci[1])}>
      {v === null ? '—' : fmtNum(v)} <span className="r-ci">{fmtInterval(ci[0], ci[1])}</span>
    </td>
  );
}

/** F1 as a bar with its interval as a whisker, on a 0–1 scale shared by every row. */
function F1Bar({ row }: { row: LinkAgreementRow }) {
  const w = 120;
  const x = (v: number) => Math.max(0, Math.min(1, v)) * w;
  const [lo, hi] = row.f1Ci;
  return (
    <svg
      width={w}
      height={12}
      role="img"
      aria-label={`F1 ${row.f1 === null ? 'undefined' : fmtNum(row.f1)}`}
      className="r-link-bar"
    >
      <rect x={0} y={2} width={w} height={8} rx={3} fill="#eef0f3" />
      {row.f1 !== null && <rect x={0} y={2} width={x(row.f1)} height={8} rx={3} fill="#3b5bdb" />}
      {Number.isFinite(lo) && Number.isFinite(hi) && (
        <line x1={x(lo)} x2={x(hi)} y1={6} y2={6} stroke="#111827" strokeWidth={1.5} />
      )}
    </svg>
  );
}

const LinkTable = memo(function LinkTable({ rows }: { rows: LinkAgreementRow[] }) {
  return (
    <table className="r-table" data-testid="link-table">
      <thead>
        <tr>
          <th>Group</th>
          <th className="num">Reviews</th>
          <th className="num">Pairs</th>
          <th className="num">Precision</th>
          <th className="num">Recall</th>
          <th className="num">F1</th>
          <th>F1 (95% interval)</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const id = `${r.group}-${r.key}`;
          return (
            <tr key={id} data-testid={`link-row-${id}`} className={r.group === 'all' ? 'ours' : ''}>
              <th scope="row">{linkRowName(r)}</th>
              <td className="num">{r.reviews}</td>
              <td className="num">{r.pairs}</td>
              <Cell v={r.precision} ci={r.precisionCi} testid={`link-${id}-precision`} />
              <Cell v={r.recall} ci={r.recallCi} testid={`link-${id}-recall`} />
              <Cell v={r.f1} ci={r.f1Ci} testid={`link-${id}-f1`} />
              <td>
                <F1Bar row={r} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
});

function Refs({
  list,
  label,
  kind,
  bySentence = false,
}: {
  list: LinkCase['metricOnly'];
  label: string;
  kind: 'metric' | 'annotator';
  /** Name the sentence behind each link (only worth it when the review has more than one). */
  bySentence?: boolean;
}) {
  if (list.length === 0) return <span className="muted small">none</span>;
  return (
    <ul className="r-link-refs" aria-label={label}>
      {list.map((d) => (
        // Text only, never HTML: pseudo-references and reviews are untrusted.
        <li key={d.index} className={`r-link-${kind}`}>
          <span className={`r-kind${d.kind === 'issue' ? ' r-kind-issue' : ''}`}>{d.kind}</span>{' '}
          {d.text}
          {d.strength > 0 && d.strength < 1 && (
            <span className="r-ci"> (credit {fmtNum(d.strength, 2)})</span>
          )}
          {bySentence && d.sentence && <span className="r-link-by"> ← “{d.sentence}”</span>}
        </li>
      ))}
    </ul>
  );
}

const WorstReviews = memo(function WorstReviews({ worst }: { worst: LinkCase[] }) {
  const open = (k: number) => void useResearch.getState().openInWorkbench(k);
  return (
    <details open className="r-link-worst" data-testid="link-worst">
      <summary>
        <strong>Worst-agreeing reviews</strong>{' '}
        <span className="muted small">
          (lowest link F1 first; both sides linking nothing counts as agreement)
        </span>
      </summary>
      <div className="r-link-scroll">
        <table className="r-table r-link-worst-table">
          <colgroup>
            <col style={{ width: '10em' }} />
            <col style={{ width: '5.5em' }} />
            <col style={{ width: '4em' }} />
            <col />
            <col />
            <col />
            <col style={{ width: '8.5em' }} />
          </colgroup>
          <thead>
            <tr>
              <th>System</th>
              <th>Change</th>
              <th className="num">F1</th>
              <th>Review</th>
              <th>Only the metric links</th>
              <th>Only the annotators link</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {worst.map((w) => (
              <tr key={w.item} data-testid="link-worst-row" data-item={w.item}>
                <td>{w.system}</td>
                <td>{w.changeId}</td>
                <td className="num r-nowrap">{w.f1 === null ? '—' : fmtNum(w.f1)}</td>
                <td>
                  <div className="r-link-review">
                    {w.review.join(' ').trim() || <span className="muted">(empty review)</span>}
                  </div>
                </td>
                <td>
                  <Refs
                    list={w.metricOnly}
                    label="Only the metric links"
                    kind="metric"
                    bySentence={w.review.filter((x) => x.trim()).length > 1}
                  />
                </td>
                <td>
                  <Refs list={w.annotatorOnly} label="Only the annotators link" kind="annotator" />
                </td>
                <td>
                  <button
                    type="button"
                    className="small"
                    onClick={() => open(w.item)}
                    data-testid="link-open"
                  >
                    Open in workbench
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
});

function Exports({ stage }: { stage: Extract<LinkStage, { available: true }> }) {
  const file = async (f: TableFormat) => {
    // A file never carries a stale table: recompute at the τ on screen first.
    await useLinks.getState().flush();
    const st = useLinks.getState().stage;
    if (!st?.available) return '';
    const r = st.report;
    const config = {
      ...exportConfig(useResearch.getState()),
      links: linkRuleText(st.rule),
      bootstrap: {
        resamples: r.resamples,
        seed: r.seed,
        level: r.level,
        changes: r.changes,
        over: 'changes',
      },
    };
    return formatLinkTable(r, st.rule, f, config);
  };
  return <TableExports name="links" file={file} testId={(f) => `export-links-${f}`} disabled={!stage} />;
}

export function LinksPanel() {
  const stage = useLinks((s) => s.stage);
  const of = useLinks((s) => s.of);
  const tau = useLinks((s) => s.tau);
  const ms = useLinks((s) => s.ms);
  const results = useResearch((s) => s.results);
  const tauNow = useResearch((s) => s.tau);
  // When the panel mounts after a run, compute once; later runs and τ are followed by the store.
  useEffect(() => void useLinks.getState().flush(), []);
  if (!results) return null;
  const stale = !stage || of !== results || tau !== tauNow;
  return (
    <figure
      className={`panel r-fig r-wide${stale ? ' r-pending' : ''}`}
      data-testid="links-panel"
      data-stale={stale}
    >
      <figcaption>
        <h3>Links</h3>{' '}
        <span className="muted small">
          Which pseudo-references each review is credited with (a review links a pseudo-reference
          when one of its sentences does), against those the annotators linked (
          <code>claims_addressed</code>). Precision: of the metric's links, the share the annotators
          made; recall: of theirs, the share the metric made.
          {stage?.available && ` Links under ${linkRuleText(stage.rule)}.`}
        </span>
      </figcaption>
      {!stage ? (
        <p className="muted small">Computing the links…</p>
      ) : !stage.available ? (
        <p className="muted small" data-testid="links-none">
          {stage.reason} The oracle row (scores from the annotators' links) needs them too.
        </p>
      ) : (
        <>
          <LinkTable rows={linkRows(stage.report)} />
          <p className="muted small" data-testid="links-note">
            {stage.report.overall.reviews} reviews with recorded links ({stage.report.unrecorded}{' '}
            without, left out; a <code>-</code> counts as “links none”)
            {stage.report.resamples > 0
              ? ` · 95% percentile bootstrap intervals over ${stage.report.changes} changes, ${stage.report.resamples} resamples, seed ${stage.report.seed} (the settings of the Overview’s “Systems” table)`
              : ' · no bootstrap'}
            {ms !== null && ` · computed in ${ms.toFixed(0)} ms`}. The oracle's rows in the
            agreement table score Con, Comp and Rel from the annotators' links: the ceiling for any
            linker.
          </p>
          <Exports stage={stage} />
          <WorstReviews worst={stage.worst} />
        </>
      )}
    </figure>
  );
}
