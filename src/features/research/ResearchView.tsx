// Research mode: import a dataset, score every review in a batch, and study agreement with the humans, τ, and
// reference-based metrics side by side. All numbers come from src/store/research.ts (same pipeline as the CLI).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResearch } from '../../store/research';
import { FORMAT_LABELS, type ImportFile } from '../../core/importers/index';
import { CorrelationTable, ByLanguage, Leaderboard } from './Tables';
import { CurveChart, DistributionChart, ScatterPlot } from './Charts';
import { ExamplesTable } from './ExamplesTable';
import { ExportBar } from './ExportBar';
import { PredictionsImport } from './PredictionsImport';
import { PseudoRefsPanel } from './PseudoRefsPanel';
import './research.css';

// Test and bench hook: the research store (state only; it never holds a key).
(globalThis as { __crscoreResearch?: typeof useResearch }).__crscoreResearch = useResearch;

export default function ResearchView() {
  // After a reload: the last dataset comes back, and a run the reload cut off can be resumed.
  useEffect(() => void useResearch.getState().restore(), []);
  return (
    <div className="research" data-testid="research">
      <ImportPanel />
      <PredictionsImport />
      <PseudoRefsPanel />
      <RunPanel />
      <Results />
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
      <label className="file-pick">
        <input type="file" multiple accept=".csv,.jsonl,.json,text/csv,application/json" data-testid="research-file" onChange={(e) => void onFiles(e.target.files)} />
        {reading && <span className="muted small"> Reading…</span>}
      </label>
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

const PHASE_TEXT: Record<string, string> = {
  idle: '',
  'loading-model': 'Loading the encoder…',
  'reading-cache': 'Reading cached embeddings…',
  embedding: 'Embedding sentences',
  scoring: 'Scoring…',
  done: 'Done',
  cancelled: 'Cancelled',
  error: 'Failed',
  interrupted: 'Interrupted',
};

function RunPanel() {
  const imported = useResearch((s) => s.imported);
  const config = useResearch((s) => s.config);
  const progress = useResearch((s) => s.progress);
  const results = useResearch((s) => s.results);
  const { setConfig, run, cancel } = useResearch.getState();
  const busy = ['loading-model', 'reading-cache', 'embedding', 'scoring'].includes(progress.phase);
  const systems = useMemo(
    () => [...new Set((imported?.rows ?? []).flatMap((r) => r.reviews.map((x) => x.system)))].filter((s) => s !== 'msg').sort(),
    [imported],
  );
  const frac = progress.total > 0 ? progress.done / progress.total : progress.phase === 'done' ? 1 : 0;
  const canResume = progress.phase === 'cancelled' || progress.phase === 'error' || progress.phase === 'interrupted';
  return (
    <section className="panel r-run" aria-labelledby="r-run-h">
      <h2 id="r-run-h">2 · Batch scoring</h2>
      <div className="r-controls">
        <label>
          Similarity{' '}
          <select value={config.similarity} disabled={busy} onChange={(e) => setConfig({ similarity: e.target.value as 'use-lite' | 'lexical' })} data-testid="research-similarity">
            <option value="use-lite">Bundled USE-lite encoder (offline)</option>
            <option value="lexical">Lexical (token overlap, instant)</option>
          </select>
        </label>
        <label>
          Splitting{' '}
          <select value={config.split} disabled={busy} onChange={(e) => setConfig({ split: e.target.value as 'reference' | 'improved' })} data-testid="research-split">
            <option value="reference">Reference code</option>
            <option value="improved">Improved</option>
          </select>
        </label>
        <label>
          Calibrate τ on{' '}
          <select
            value={config.calibrationSystem}
            onChange={(e) => useResearch.getState().recalibrate(e.target.value)}
            data-testid="research-calibration-system"
          >
            {systems.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" disabled={!imported || imported.rows.length === 0 || busy} onClick={() => void run()} data-testid="research-run">
          {canResume ? 'Resume' : results ? 'Re-run' : 'Score dataset'}
        </button>
        <button type="button" disabled={!busy} onClick={cancel} data-testid="research-cancel">
          Cancel
        </button>
      </div>
      {progress.phase !== 'idle' && (
        <div className="r-progress" data-testid="research-progress" data-phase={progress.phase}>
          <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={progress.total || 1} aria-valuenow={progress.done} aria-label="Batch scoring progress">
            <span style={{ width: `${Math.round(frac * 100)}%` }} />
          </div>
          <span className="small">
            {PHASE_TEXT[progress.phase]}
            {progress.total > 0 && ` ${progress.done} / ${progress.total} texts`}
            {progress.cached > 0 && ` (${progress.cached} from the cache)`}
            {progress.elapsedMs != null && ` · ${(progress.elapsedMs / 1000).toFixed(1)} s`}
          </span>
          {progress.message && <p className={progress.phase === 'error' ? 'r-error' : 'muted small'}>{progress.message}</p>}
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
  const figures = useRef<HTMLDivElement>(null);
  if (!results || !analysis) return null;
  const cal = results.calibration;
  return (
    <>
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
            onChange={(e) => useResearch.getState().setTau(Number(e.target.value))}
            data-testid="research-tau"
          />
          <strong data-testid="research-tau-value" data-value={tau}>
            τ = {tau.toFixed(4)}
          </strong>
          <span className="muted small">
            {tauSource === 'calibrated' ? 'calibrated' : 'set by hand'} · paper's calibration on {cal.system}: τ = {cal.tau.toFixed(4)} (mean best similarity of {cal.values.length}{' '}
            sentences, sd {cal.sd.toFixed(4)})
          </span>
          {tauSource === 'manual' && (
            <button type="button" className="small" onClick={() => useResearch.getState().useCalibratedTau()}>
              Use calibrated τ
            </button>
          )}
        </div>
        <p className="muted small">
          {results.prepared.items.length} reviews scored ({analysis.agreement.n} with human scores), {results.prepared.skippedDiffs.length} changes without pseudo-references
          skipped · similarity {results.engine ? `${results.engine.model} (${results.engine.backend}, ${results.engine.dtype}, pooling ${results.engine.pooling})` : 'lexical'} ·
          split {results.config.split} · scored in {(results.runMs / 1000).toFixed(1)} s
        </p>
      </section>
      <ExportBar figures={figures} />
      <div ref={figures} className="r-grid">
        <CorrelationTable />
        <CurveChart />
        <Leaderboard />
        <ScatterPlot />
        <DistributionChart />
        <ByLanguage />
      </div>
      <ExamplesTable />
    </>
  );
}
