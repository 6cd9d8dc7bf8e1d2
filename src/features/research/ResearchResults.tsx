// What a run gives, in views: the overview (agreement with people, the systems, the τ study) first; the rest on
// demand (explore, exports). Only the open view is mounted, so a τ step repaints only what is on screen.
import { SHIPPED_CALIBRATION } from '../../core/research/index';
import { useRef } from 'react';
import { tauApplies, useResearch } from '../../store/research/research';
import { keyOf } from '../../store/research/researchConfig';
import { CorrelationTable, ByLanguage, Leaderboard } from './Tables';
import { CurveChart, DistributionChart, ScatterPlot } from './Charts';
import { ExamplesTable } from './ExamplesTable';
import { ExportBar } from './ExportBar';
import { LinksPanel } from './LinksPanel';
import { LlmLinksTauNote } from './LlmLinksPanel';
import { AgreementWithIntervals, Pairwise, SystemsCi, useUncertaintyRun } from './Uncertainty';

/**
 * Results on screen that are not those of the configuration chosen now (or being computed now) say so; after a run
 * that failed or was cancelled they are the last good run's, kept on screen (and across a reload), and say that.
 */
export function StaleNote() {
  const results = useResearch((s) => s.results);
  const stale = useResearch((s) => s.stale);
  const config = useResearch((s) => s.config);
  const phase = useResearch((s) => s.progress.phase);
  if (!results) return null;
  const rc = results.config;
  const differs = rc.similarity !== config.similarity || rc.scoring !== config.scoring || rc.split !== config.split || keyOf(rc) !== keyOf(config);
  const ended = phase === 'error' ? 'failed' : phase === 'cancelled' ? 'was cancelled' : null;
  if (!stale && !differs && !ended) return null;
  const rule = rc.scoring === 'hard' ? "the paper's hard τ" : 'graded credit';
  return (
    <p className="r-stale-note" role="status" data-testid="research-stale" data-ended={ended ?? undefined}>
      {stale
        ? `Re-scoring… the results below are stale: they are the previous run's (${results.label}, ${rule}).`
        : ended
          ? `The last run ${ended} (see Scoring above), so nothing changed: the results below are still the last good run's, ${results.label} with ${rule}, split ${rc.split}.`
          : `The results below are for ${results.label} with ${rule}, split ${rc.split}: press Re-run for the configuration chosen above.`}
    </p>
  );
}

/** τ, where it came from, and what the run was: the first half of the τ study. */
export function TauPanel({ title = 'Threshold τ' }: { title?: string }) {
  const results = useResearch((s) => s.results)!;
  const analysis = useResearch((s) => s.analysis)!;
  const tau = useResearch((s) => s.tau);
  const tauSource = useResearch((s) => s.tauSource);
  const cal = results.calibration;
  const rc = results.config;
  // The shipped calibration: a human-scored dataset's default, the τ and sd `crscore eval --dataset` takes.
  const shipped = cal.system === SHIPPED_CALIBRATION;
  return (
    <section className="panel r-tau" aria-labelledby="r-tau-h">
      <h2 id="r-tau-h">{title}</h2>
      <div className="r-controls">
        <input
          type="range"
          min={0}
          max={1}
          step={0.001}
          value={tau}
          aria-label="τ"
          disabled={!tauApplies(results)}
          onChange={(e) => useResearch.getState().setTau(Number(e.target.value))}
          data-testid="research-tau"
        />
        <strong data-testid="research-tau-value" data-value={tau}>
          τ = {tau.toFixed(4)}
        </strong>
        {rc.similarity === 'llm-links' ? (
          <LlmLinksTauNote />
        ) : !tauApplies(results) ? (
          <span className="muted small" data-testid="research-tau-source" data-source="fixed">
            τ has no effect here: under graded credit the learned linker&apos;s link probabilities are the credit themselves
          </span>
        ) : (
          <span className="muted small" data-testid="research-tau-source" data-source={tauSource}>
            {tauSource === 'manual' ? 'set by hand' : shipped ? 'shipped' : 'calibrated'} for {results.label} (τ belongs to its similarity) ·{' '}
            {rc.similarity === 'learned'
              ? `the linker's probability threshold, chosen by its cross-validation: τ = ${cal.tau.toFixed(4)}`
              : shipped
                ? `${rc.similarity === 'tfidf' ? "the plus preset's" : 'the lexical'} shipped calibration: τ = ${cal.tau.toFixed(4)}, sd ${cal.sd.toFixed(4)}, the paper's method on the human study's dev half (gpt3.5_pred), as crscore eval --dataset takes it; not calibrated on this dataset (pick a system under “Calibrate τ on” to calibrate on it)`
                : `paper's calibration on ${cal.system}: τ = ${cal.tau.toFixed(4)} (mean best similarity of ${cal.values.length} sentences, sd ${cal.sd.toFixed(4)})`}
          </span>
        )}
        {tauSource === 'manual' && tauApplies(results) && (
          <button type="button" className="small" onClick={() => useResearch.getState().useCalibratedTau()}>
            Use calibrated τ
          </button>
        )}
      </div>
      <p className="muted small">
        {results.prepared.items.length} reviews scored ({analysis.agreement.n} with human scores), {results.prepared.skippedDiffs.length} changes without pseudo-references
        skipped · similarity {results.engine ? `${results.engine.model} (${results.engine.backend}, ${results.engine.dtype}, pooling ${results.engine.pooling})` : results.label} · scoring{' '}
        {rc.similarity === 'learned'
          ? rc.scoring === 'hard'
            ? 'links where the probability > τ'
            : 'link probabilities as credit (τ does not apply)'
          : rc.scoring === 'hard'
            ? "the paper's hard τ"
            : `graded credit from τ − sd to τ (sd ${cal.sd.toFixed(4)})`}{' '}
        · split {rc.split} · scored in {(results.runMs / 1000).toFixed(1)} s
      </p>
    </section>
  );
}

function useStaleClass(): string {
  return useResearch((s) => s.stale) ? 'r-results r-stale' : 'r-results';
}

/** The default view after a run: one agreement table, one system table, the τ study (τ and the curve). */
export function Overview() {
  const { report, stale } = useUncertaintyRun();
  const staleRun = useResearch((s) => s.stale);
  return (
    <div className={useStaleClass()} data-testid="research-results" data-stale={staleRun}>
      <StaleNote />
      <div className="r-grid">
        <CorrelationTable ci={report && !stale ? report.correlations : null} />
        <SystemsCi report={report} stale={stale} />
      </div>
      <TauPanel title="4 · τ study" />
      <div className="r-grid">
        <CurveChart />
      </div>
    </div>
  );
}

/** Everything else a run gives: the per-review picture, by language, the pairwise matrix, a baseline, the examples. */
export function Explore() {
  const { report, stale, records } = useUncertaintyRun();
  const staleRun = useResearch((s) => s.stale);
  return (
    <div className={useStaleClass()} data-testid="research-results" data-stale={staleRun}>
      <StaleNote />
      <TauPanel />
      <div className="r-grid">
        <ScatterPlot />
        <DistributionChart />
        <ByLanguage />
        <Leaderboard />
        <Pairwise report={report} stale={stale} />
        <AgreementWithIntervals report={report} stale={stale} records={records} />
      </div>
      <ExamplesTable />
    </div>
  );
}

/** The files: scores, tables and every figure (shown here, so what is downloaded is what is seen). */
export function Exports() {
  const { report, stale } = useUncertaintyRun();
  const figures = useRef<HTMLDivElement>(null);
  return (
    <div className="r-results" data-testid="research-results">
      <StaleNote />
      <ExportBar figures={figures} />
      <p className="muted small">
        The tables export from their own buttons (CSV, Markdown, LaTeX): the system table in Overview, the agreement table with intervals and the
        baseline in Explore, the link table in Links audit, the metric lab&apos;s in Metric lab.
      </p>
      <div ref={figures} className="r-grid">
        <CurveChart />
        <ScatterPlot />
        <DistributionChart />
        <Pairwise report={report} stale={stale} />
      </div>
    </div>
  );
}

/** The links audit follows τ: the slider sits above it. */
export function LinksAudit() {
  return (
    <div className="r-results" data-testid="research-results">
      <StaleNote />
      <TauPanel />
      <LinksPanel />
    </div>
  );
}
