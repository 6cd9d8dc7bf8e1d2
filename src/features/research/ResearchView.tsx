// Research mode: import a dataset, score every review in a batch, and study agreement with the humans, τ, and
// reference-based metrics side by side. All numbers come from src/store/research.ts (same pipeline as the CLI).
import { useEffect, useMemo, useRef, useState } from 'react';
import { researchEmbedStats, tauApplies, useResearch } from '../../store/research';
import { keyOf } from '../../store/researchConfig';
import { FORMAT_LABELS, type ImportFile } from '../../core/importers/index';
import { CorrelationTable, ByLanguage, Leaderboard } from './Tables';
import { CurveChart, DistributionChart, ScatterPlot } from './Charts';
import { ExamplesTable } from './ExamplesTable';
import { ExportBar } from './ExportBar';
import { RunPanel } from './RunPanel';
import { LlmLinksTauNote } from './LlmLinksPanel';
import { Uncertainty } from './Uncertainty';
import { LinksPanel } from './LinksPanel';
import { PredictionsImport } from './PredictionsImport';
import { PseudoRefsPanel } from './PseudoRefsPanel';
import { LabView } from './lab/LabView';
import { LinkerPanel } from '../linker/LinkerPanel';
import './research.css';

// Test and bench hook: the research store (state only; it never holds a key).
(globalThis as { __crscoreResearch?: typeof useResearch }).__crscoreResearch = useResearch;
// Test hook: how many embedding calls the research workers received on this page (a resume embeds only what is missing).
(globalThis as { __crscoreResearchEmbeds?: typeof researchEmbedStats }).__crscoreResearchEmbeds = researchEmbedStats;

export default function ResearchView() {
  // After a reload: the last dataset comes back, and a run the reload cut off can be resumed.
  useEffect(() => void useResearch.getState().restore(), []);
  return (
    <div className="research" data-testid="research">
      <ImportPanel />
      <PredictionsImport />
      <PseudoRefsPanel />
      <RunPanel />
      <LinkerPanel />
      <Results />
      <LabView />
    </div>
  );
}

function ImportPanel() {
  const imported = useResearch((s) => s.imported);
  const name = useResearch((s) => s.datasetName);
  const importFiles = useResearch((s) => s.importFiles);
  const [reading, setReading] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const onFiles = async (list: FileList | null) => {
    if (!list || list.length === 0) return;
    setReading(true);
    const files: ImportFile[] = await Promise.all(Array.from(list).map(async (f) => ({ name: f.name, text: await f.text() })));
    importFiles(files);
    setReading(false);
  };
  const stats = useMemo(() => {
    if (!imported) return null;
    const reviews = imported.rows.reduce((a, r) => a + r.reviews.length, 0);
    const scored = imported.rows.reduce((a, r) => a + r.reviews.filter((x) => x.rel != null).length, 0);
    const withRefs = imported.rows.filter((r) => r.pseudoRefs.length > 0).length;
    return { reviews, scored, withRefs };
  }, [imported]);
  const errors = imported?.errors ?? [];
  return (
    <section className="panel r-import" aria-labelledby="r-import-h">
      <h2 id="r-import-h">1 · Dataset</h2>
      <p className="muted small">
        The CRScore human-study CSVs (one or both annotators), <code>dev.jsonl</code>, CodeReviewer JSONL (<code>patch</code>, <code>msg</code>,{' '}
        <code>oldf</code>), or a plain CSV/JSONL with <code>diff</code>, <code>review</code>, <code>system</code>, <code>pseudo_refs</code>,{' '}
        <code>con</code>/<code>comp</code>/<code>rel</code> (Likert 1–5). Files stay in this browser.
      </p>
      <div className="r-controls">
        <label className="file-pick">
          <input type="file" multiple accept=".csv,.jsonl,.json,text/csv,application/json" data-testid="research-file" onChange={(e) => void onFiles(e.target.files)} />
          {reading && <span className="muted small"> Reading…</span>}
        </label>
        <button type="button" className="small" onClick={() => useResearch.getState().loadSample()} data-testid="research-sample">
          Try it with a sample dataset
        </button>
        <span className="muted small">36 made-up changes in Python, Java and JavaScript, four reviewing systems, human-style scores</span>
      </div>
      {imported && stats && (
        <div className="r-import-summary" data-testid="import-summary">
          <p>
            <strong>{name}</strong> — {imported.formats.map((f) => FORMAT_LABELS[f]).join(', ') || 'no readable format'}:{' '}
            <span data-testid="import-rows">{imported.rows.length}</span> changes ({stats.withRefs} with pseudo-references), {stats.reviews} reviews, {stats.scored} with
            human scores; <span data-testid="import-errors">{errors.length}</span> bad row{errors.length === 1 ? '' : 's'} left out.
          </p>
          {imported.notes.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
          {errors.length > 0 && (
            <details open={errors.length <= 10} className="r-errors">
              <summary>Bad rows ({errors.length})</summary>
              <table className="r-table" data-testid="import-error-table">
                <thead>
                  <tr>
                    <th>File</th>
                    <th>Line</th>
                    <th>Why it was left out</th>
                  </tr>
                </thead>
                <tbody>
                  {(showAll ? errors : errors.slice(0, 50)).map((e, i) => (
                    <tr key={i}>
                      <td>{e.file}</td>
                      <td className="num">{e.line}</td>
                      <td>{e.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {errors.length > 50 && !showAll && (
                <button type="button" className="linklike small" onClick={() => setShowAll(true)}>
                  Show all {errors.length}
                </button>
              )}
            </details>
          )}
        </div>
      )}
    </section>
  );
}

function Results() {
  const results = useResearch((s) => s.results);
  const analysis = useResearch((s) => s.analysis);
  const tau = useResearch((s) => s.tau);
  const tauSource = useResearch((s) => s.tauSource);
  const stale = useResearch((s) => s.stale);
  const config = useResearch((s) => s.config);
  const figures = useRef<HTMLDivElement>(null);
  if (!results || !analysis) return null;
  const cal = results.calibration;
  const rc = results.config;
  // Results on screen that are not those of the configuration chosen now (or being computed now) say so.
  const differs = rc.similarity !== config.similarity || rc.scoring !== config.scoring || rc.split !== config.split || keyOf(rc) !== keyOf(config);
  return (
    <div className={stale ? 'r-results r-stale' : 'r-results'} data-testid="research-results" data-stale={stale}>
      {(stale || differs) && (
        <p className="r-stale-note" role="status" data-testid="research-stale">
          {stale
            ? `Re-scoring… the results below are stale: they are the previous run's (${results.label}, ${rc.scoring === 'hard' ? "the paper's hard τ" : 'graded credit'}).`
            : `The results below are for ${results.label} with ${rc.scoring === 'hard' ? "the paper's hard τ" : 'graded credit'}, split ${rc.split}: press Re-run for the configuration chosen above.`}
        </p>
      )}
      <section className="panel r-tau" aria-labelledby="r-tau-h">
        <h2 id="r-tau-h">3 · Threshold τ</h2>
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
          {rc.similarity === 'llm-links' ? <LlmLinksTauNote /> : !tauApplies(results) ? <span className="muted small" data-testid="research-tau-source" data-source="fixed">
            τ has no effect here: under graded credit the learned linker's link probabilities are the credit themselves
          </span> : <span className="muted small" data-testid="research-tau-source" data-source={tauSource}>
            {tauSource === 'calibrated' ? 'calibrated' : 'set by hand'} for {results.label} (τ belongs to its similarity) ·{' '}
            {rc.similarity === 'learned'
              ? `the linker's probability threshold, chosen by its cross-validation: τ = ${cal.tau.toFixed(4)}`
              : `paper's calibration on ${cal.system}: τ = ${cal.tau.toFixed(4)} (mean best similarity of ${cal.values.length} sentences, sd ${cal.sd.toFixed(4)})`}
          </span>}
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
      <ExportBar figures={figures} />
      <div ref={figures} className="r-grid">
        <CorrelationTable />
        <CurveChart />
        <Leaderboard />
        <Uncertainty />
        <ScatterPlot />
        <DistributionChart />
        <ByLanguage />
        <LinksPanel />
      </div>
      <ExamplesTable />
    </div>
  );
}
