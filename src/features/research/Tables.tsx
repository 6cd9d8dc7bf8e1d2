// The research view's tables: metrics vs humans (the style of Naik et al. 2025, Table 2), the per-system leaderboard, and
// results by language. Cells carry their full-precision value in data-value for tests and the parity check.
import { useMemo, useState } from 'react';
import { InSampleNote, useInSample } from '../linker/InSampleNote';
import { useResearch } from '../../store/research/research';
import { leaderboard, systemGroups } from '../../store/research/researchAnalysis';
import { oracleOf } from '../../store/research/researchOracle';
import type { Correlation } from '../../core/types';
import type { BootstrapReport } from '../../core/bootstrap';
import { fmtInterval } from '../../core/researchTables';
import { dataNum } from '../../ui/dataNum';
import { unjudgedLanguages, type LanguageChange } from '../../core/research/analysis';
import { REFERENCE_SYSTEM } from '../../core/dataset';
import { hasOwnPseudoReferences } from '../../core/humanData/bridge';
import type { ResearchState } from '../../store/research/researchState';

/** The dataset's changes as By language counts them (a human-scored table's, those without a reference included). */
function languageChanges(s: Pick<ResearchState, 'imported' | 'human'>): { changes: LanguageChange[]; what: string } {
  const h = s.human;
  if (h) {
    const reviews = new Map<string, number>();
    for (const r of h.dataset.reviews) reviews.set(r.changeId, (reviews.get(r.changeId) ?? 0) + 1);
    const own = hasOwnPseudoReferences(h.dataset);
    return {
      changes: h.dataset.changes.map((c) => ({ lang: c.lang, reviews: reviews.get(c.id) ?? 0, hasPseudoReferences: own ? (c.pseudoReferences?.length ?? 0) > 0 : c.references.length > 0 })),
      what: own ? 'pseudo-references' : 'reference review (its sentences are the pseudo-references)',
    };
  }
  const rows = s.imported?.rows ?? [];
  return { changes: rows.map((r) => ({ lang: r.lang, reviews: r.reviews.filter((x) => x.system !== REFERENCE_SYSTEM).length, hasPseudoReferences: r.pseudoRefs.length > 0 })), what: 'pseudo-references' };
}

const DIMS = [
  ['con', 'Con'],
  ['comp', 'Comp'],
  ['rel', 'Rel'],
] as const;

export function fmt(x: number, d = 4): string {
  return Number.isFinite(x) ? x.toFixed(d) : '—';
}

function Corr({ c, testid, ci }: { c: Correlation; testid?: string; ci?: readonly [number, number] }) {
  const sig = Number.isFinite(c.p) && c.p < 0.05;
  return (
    <td className={`num ${sig ? '' : 'insig'}`} data-testid={testid} data-value={dataNum(c.r)} title={`p = ${Number.isFinite(c.p) ? c.p.toExponential(2) : '—'}`}>
      {fmt(c.r)}
      {ci && (
        <span className="r-ci" data-testid={testid && `${testid}-ci`}>
          {' '}
          {fmtInterval(ci[0], ci[1])}
        </span>
      )}
    </td>
  );
}

/** Correlations follow τ once the slider rests (they need not run on every step): shown dimmed until then. */
function usePending(): boolean {
  return useResearch((s) => s.correlationsPending);
}

/**
 * The one agreement table: every metric's Con, Comp and Rel against the people's, the oracle's rows beside them, and
 * (once the bootstrap has run for this τ) 95% intervals on CRScore's own dimension.
 */
export function CorrelationTable({ ci }: { ci?: BootstrapReport['correlations'] | null }) {
  const results = useResearch((s) => s.results)!;
  // The agreement and the rows change when the correlations are recomputed, not on every τ step.
  const agreement = useResearch((s) => s.analysis!.agreement);
  const crscore = useResearch((s) => s.correlations);
  const refs = useResearch((s) => s.refMetrics);
  // The oracle's rows come from a compute worker once per run (researchOracle.ts).
  const orc = oracleOf({ oracle: useResearch((s) => s.oracle), results });
  const rows = [...crscore, ...orc.rows, ...(refs.of === results ? refs.rows : [])];
  const pending = usePending();
  const sr = agreement.systemRanking;
  // The reference-based metrics (BLEU, chrF, …) are one click away: the metric lab compares every family.
  const [showRef, setShowRef] = useState(false);
  const isRef = (id: string) => !id.startsWith('crscore') && !id.startsWith('oracle');
  const refCount = rows.filter((r) => isRef(r.id)).length;
  const inSample = useInSample(results);
  // A human-scored dataset's one dimension fills every human slot: one column pair against it, by its name.
  const dimension = useResearch((s) => s.human?.dimension ?? null);
  const dims: readonly (readonly ['con' | 'comp' | 'rel', string])[] = dimension
    ? [['rel', dimension]]
    : DIMS.map(([d, l]) => [d, `human ${l}`] as const);
  return (
    <figure className={`panel r-fig r-wide${pending ? ' r-pending' : ''}`} data-testid="correlation-table" data-chart="correlations" data-pending={pending}>
      <figcaption>
        <h3>Agreement with human judgment</h3>{' '}
        <span className="muted small">
          Spearman r<sub>s</sub> and Kendall τ<sub>b</sub> against {dimension ?? 'the human Likert scores'} (n = {agreement.n}; <code>msg</code> left out). Grey: p ≥ 0.05.
          {ci ? ' Brackets: 95% bootstrap interval over changes.' : ''}
          {!results.prepared.hasReference && ' This dataset has no reference review (msg), so there are no reference-based metrics.'}
        </span>
      </figcaption>
      {/* A wide table (long labels, intervals) scrolls inside its panel, never the page sideways. */}
      <div className="r-scroll-x">
      <InSampleNote note={inSample} />
      <table className="r-table">
        <thead>
          <tr>
            <th rowSpan={2}>Metric</th>
            {dims.map(([d, l]) => (
              <th key={d} colSpan={2}>
                {l}
              </th>
            ))}
            <th rowSpan={2}>n</th>
          </tr>
          <tr>
            {dims.map(([d]) => [<th key={`${d}s`}>r<sub>s</sub></th>, <th key={`${d}k`}>τ<sub>b</sub></th>])}
          </tr>
        </thead>
        <tbody>
          {rows.filter((r) => showRef || !isRef(r.id)).map((r) => (
            <tr key={r.id} data-testid={`corr-row-${r.id}`} className={r.id.startsWith('crscore') ? 'ours' : r.id.startsWith('oracle') ? 'oracle' : ''}>
              <th scope="row">
                {r.label}
                {inSample && r.id.startsWith('crscore') && <span className="muted small" data-testid="in-sample-tag"> · in-sample</span>}
              </th>
              {dims.map(([d]) => [
                <Corr key={`${d}s`} c={r.byDim[d].spearman} testid={`corr-${r.id}-${d}-spearman`} ci={ci && r.id === `crscore-${d}` ? ci[d].spearmanCi : undefined} />,
                <Corr key={`${d}k`} c={r.byDim[d].kendall} testid={`corr-${r.id}-${d}-kendall`} ci={ci && r.id === `crscore-${d}` ? ci[d].kendallCi : undefined} />,
              ])}
              <td className="num">{r.n}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {/* One control: compute the reference-based metrics when first asked (in the workers), then show or hide them. */}
      {refCount > 0 ? (
        <button type="button" className="linklike small" aria-expanded={showRef} onClick={() => setShowRef(!showRef)} data-testid="corr-show-reference">
          {showRef ? 'Hide' : 'Show'} the {refCount} reference-based metrics (against the reference review, <code>msg</code>)
        </button>
      ) : (
        results.prepared.hasReference && <RefMetricsToggle onAsk={() => setShowRef(true)} />
      )}
      <p className="small">
        System ranking (mean Rel per system vs mean {dimension ?? 'human Rel'}, {sr.systems.length} systems): Spearman{' '}
        <strong data-testid="ranking-spearman" data-value={dataNum(sr.spearman.r)}>
          {fmt(sr.spearman.r)}
        </strong>
        , Kendall{' '}
        <strong data-testid="ranking-kendall" data-value={dataNum(sr.kendall.r)}>
          {fmt(sr.kendall.r)}
        </strong>
        {/* The ceiling next to the metric: the same ranking from the annotators' links (none without them). */}
        {orc.summary && (
          <span className="muted" data-testid="oracle-ranking" data-value={dataNum(orc.summary.systemRanking.spearman.r)}>
            {' '}
            · oracle (annotators' links, {orc.summary.reviews} reviews): Spearman {fmt(orc.summary.systemRanking.spearman.r)}, Kendall {fmt(orc.summary.systemRanking.kendall.r)}
          </span>
        )}
        {orc.pending && (
          <span className="muted" data-testid="oracle-pending">
            {' '}
            · the oracle&apos;s rows (annotators&apos; links) are being computed…
          </span>
        )}
      </p>
    </figure>
  );
}

/**
 * The reference-based metrics (BLEU, chrF, edit distance…) cost more than CRScore itself on a large dataset: they
 * are computed, in the workers, when someone asks to compare with them, once per dataset and split.
 */
function RefMetricsToggle({ onAsk }: { onAsk: () => void }) {
  const results = useResearch((s) => s.results);
  const refs = useResearch((s) => s.refMetrics);
  const status = refs.of === results ? refs.status : 'idle';
  if (status === 'done') return null;
  return (
    <p className="small" data-testid="ref-metrics" data-status={status}>
      {status === 'running' ? (
        <span className="muted" role="status">Computing the reference-based metrics (BLEU, chrF, edit distance, ROUGE-L)…</span>
      ) : (
        <button type="button" className="small" onClick={() => {
            onAsk();
            void useResearch.getState().ensureRefMetrics();
          }}
          data-testid="ref-metrics-show"
        >
          Compare with reference-based metrics (BLEU, chrF, edit distance, ROUGE-L)
        </button>
      )}
      {status === 'error' && <span className="r-error"> {refs.error}</span>}
    </p>
  );
}

export function Leaderboard() {
  const results = useResearch((s) => s.results)!;
  const analysis = useResearch((s) => s.analysis)!;
  const groups = useMemo(() => systemGroups(results.prepared.items), [results]);
  const rows = useMemo(() => leaderboard(groups, analysis.scores), [groups, analysis]);
  // A human-scored dataset's one dimension (every human slot holds it): one column, by its name.
  const dimension = useResearch((s) => s.human?.dimension ?? null);
  return (
    <figure className="panel r-fig" data-testid="leaderboard" data-chart="leaderboard">
      <figcaption>
        <h3>Systems</h3>{' '}
        <span className="muted small">Mean scores over reviews with human scores (human Likert normalised to [0, 1]); ranked by Rel.</span>
      </figcaption>
      {rows.length === 0 ? (
        // A dataset without human scores (predictions, a pull request) has its per-system means in the table with intervals.
        <p className="muted small" data-testid="leaderboard-empty">
          No review here has a human score. The mean CRScore of each system, with intervals, is in the Overview’s “Systems” table.
        </p>
      ) : (
        <table className="r-table">
          <thead>
            <tr>
              <th>#</th>
              <th>System</th>
              <th>Con</th>
              <th>Comp</th>
              <th>Rel</th>
              {dimension ? (
                <th>{dimension}</th>
              ) : (
                <>
                  <th>human Con</th>
                  <th>human Comp</th>
                  <th>human Rel</th>
                </>
              )}
              <th>human #</th>
              <th>n</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.system} data-testid={`leader-${r.system}`}>
                <td className="num">{r.metricRank}</td>
                <th scope="row">{r.system}</th>
                <td className="num">{fmt(r.metric.con, 3)}</td>
                <td className="num">{fmt(r.metric.comp, 3)}</td>
                <td className="num" data-value={dataNum(r.metric.rel)}>
                  {fmt(r.metric.rel, 3)}
                </td>
                {!dimension && <td className="num">{fmt(r.human.con, 3)}</td>}
                {!dimension && <td className="num">{fmt(r.human.comp, 3)}</td>}
                <td className="num">{fmt(r.human.rel, 3)}</td>
                <td className={`num ${r.humanRank === r.metricRank ? 'same-rank' : ''}`}>{r.humanRank}</td>
                <td className="num">{r.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </figure>
  );
}

/** A language with no review judged against the people: its reviews, n 0, and why. */
function GapRow({ lang, reviews, why }: { lang: string; reviews: number; why: string }) {
  return (
    <tr className="muted">
      <th scope="row">{lang || '(unknown)'}</th>
      <td className="num">{reviews}</td>
      <td className="num">0</td>
      <td colSpan={4} className="small" data-testid={`lang-${lang}-why`}>
        {why}
      </td>
    </tr>
  );
}

export function ByLanguage() {
  const rows = useResearch((s) => s.languages);
  const imported = useResearch((s) => s.imported);
  const human = useResearch((s) => s.human);
  const items = useResearch((s) => s.results?.prepared.items);
  const pending = usePending();
  // Every language of the dataset: one with no review judged against the people says why, with its reviews.
  const gaps = useMemo(() => {
    const { changes, what } = languageChanges({ imported, human });
    return new Map(unjudgedLanguages(changes, items ?? [], what).map((g) => [g.lang, g]));
  }, [imported, human, items]);
  const listed = new Set(rows.map((r) => r.lang));
  const missing = [...gaps.values()].filter((g) => !listed.has(g.lang));
  const [metric, setMetric] = useState<'spearman' | 'kendall'>('spearman');
  return (
    <figure className={`panel r-fig${pending ? ' r-pending' : ''}`} data-testid="by-language" data-chart="by-language" data-pending={pending}>
      <figcaption>
        <h3>By language</h3>{' '}
        <select value={metric} onChange={(e) => setMetric(e.target.value as 'spearman' | 'kendall')} aria-label="Correlation">
          <option value="spearman">Spearman</option>
          <option value="kendall">Kendall</option>
        </select>
      </figcaption>
      <table className="r-table">
        <thead>
          <tr>
            <th>Language</th>
            <th>reviews</th>
            <th>n (human)</th>
            <th>mean Rel</th>
            <th>Con</th>
            <th>Comp</th>
            <th>Rel</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) =>
            r.n === 0 && gaps.has(r.lang) ? (
              <GapRow key={r.lang} lang={r.lang} reviews={r.reviews} why={gaps.get(r.lang)!.why} />
            ) : (
              <tr key={r.lang}>
                <th scope="row">{r.lang || '(unknown)'}</th>
                <td className="num">{r.reviews}</td>
                <td className="num">{r.n}</td>
                <td className="num">{fmt(r.meanRel, 3)}</td>
                <Corr c={r.per.con[metric]} />
                <Corr c={r.per.comp[metric]} />
                <Corr c={r.per.rel[metric]} testid={`lang-${r.lang}-rel-${metric}`} />
              </tr>
            ),
          )}
          {missing.map((g) => (
            <GapRow key={g.lang} lang={g.lang} reviews={g.reviews} why={g.why} />
          ))}
        </tbody>
      </table>
    </figure>
  );
}
