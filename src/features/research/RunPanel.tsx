// Batch scoring: the similarity and the scoring rule (two independent settings, with the paper's configuration
// and the plus preset as shortcuts), the run with its progress (model bytes, then texts), Cancel and Resume,
// and the vector cache.
import { useEffect, useMemo } from 'react';
import { PAPER_MODEL_ID, SHIPPED_CALIBRATION, SHIPPED_CALIBRATION_LABEL, shippedCalibration, type ScoringRule, type SimilarityKind } from '../../core/research/index';
import type { Backend } from '../../embed/types';
import { formatBytes, loadFraction, loadText } from '../../embed/progress';
import { filesFromFolder } from '../model/store';
import { useResearch } from '../../store/research/research';
import { startLinks } from '../../store/research/researchLinks';
import { useLlmProblem } from '../claims/LlmSettingsMissing';
import { overviewOf } from '../../store/dataset/datasetOverview';
import { LlmLinksPanel } from './LlmLinksPanel';
import { useHumanImport } from '../../store/research/humanImport';

const PHASE_TEXT: Record<string, string> = {
  idle: '',
  'loading-model': 'Loading the model…',
  'reading-cache': 'Reading cached embeddings…',
  embedding: 'Embedding sentences',
  scoring: 'Scoring…',
  done: 'Done',
  cancelled: 'Cancelled',
  error: 'Failed',
  interrupted: 'Interrupted',
};

const SIMILARITIES: [SimilarityKind, string][] = [
  ['paper', `${PAPER_MODEL_ID} (the paper's model, hub; WebGPU, else WASM)`],
  ['hub', 'Another hub model'],
  ['local', 'A model folder on this computer'],
  ['use-lite', 'Bundled USE-lite encoder (offline)'],
  ['lexical', 'Lexical (token overlap, instant)'],
  ['tfidf', "plus's TF-IDF (stemmed, instant)"],
  ['llm-links', 'LLM links (an LLM links sentences to pseudo-references, as the annotators did)'],
  ['learned', 'Learned linker (link probabilities, instant)'],
];

export function RunPanel() {
  const imported = useResearch((s) => s.imported);
  const config = useResearch((s) => s.config);
  const progress = useResearch((s) => s.progress);
  const results = useResearch((s) => s.results);
  const local = useResearch((s) => s.localModel);
  const cache = useResearch((s) => s.cache);
  const { setConfig, run, cancel, applyPreset, setLocalModel, clearCache, refreshCacheSize } = useResearch.getState();
  useEffect(() => void refreshCacheSize(), [refreshCacheSize]);
  const busy = ['loading-model', 'reading-cache', 'embedding', 'scoring'].includes(progress.phase);
  const systems = useMemo(() => (imported ? overviewOf(imported.rows).systems.filter((s) => s !== 'msg') : []), [imported]);
  const loading = progress.phase === 'loading-model' && progress.bytes ? progress.bytes : null;
  const loadingFrac = loading ? loadFraction(loading) : null;
  const loadingLine = loading ? loadText(loading) : null;
  const frac = loadingFrac !== null
    ? loadingFrac
    : progress.total > 0
      ? progress.done / progress.total
      : progress.phase === 'done'
        ? 1
        : 0;
  const canResume = progress.phase === 'cancelled' || progress.phase === 'error' || progress.phase === 'interrupted';
  const llmLinks = config.similarity === 'llm-links';
  // LLM links without a key: the links panel says what is missing; Score plans and sends nothing.
  const llmProblem = useLlmProblem();
  // The shipped calibration (the human study's dev half) where this similarity has one; where it has none, the run
  // calibrates on the first system, and the picker shows that one.
  const shipped = shippedCalibration(config.similarity);
  const mapping = useHumanImport((s) => s.step !== null);
  const human = useResearch((s) => s.human !== null);
  // Why Score dataset is disabled, said beside it (busy: the progress below says what runs).
  const whyNot = busy
    ? null
    : !imported
      ? mapping
        ? 'Nothing to score yet: “Read the table with this mapping” in step 1 opens the dataset.'
        : 'Nothing to score yet: open a dataset in step 1.'
      : imported.rows.length === 0
        ? human
          ? 'No review can be scored: no change has a reference review, whose sentences are CRScore’s pseudo-references on a human-scored table. Map a reference column (Edit the mapping), or make pseudo-references in step 2 (offline needs no model and no key).'
          : 'This dataset has no row to score.'
        : null;
  const calibrateOn = config.calibrationSystem === SHIPPED_CALIBRATION && !shipped ? (systems[0] ?? '') : config.calibrationSystem;
  return (
    <section className="panel r-run" aria-labelledby="r-run-h">
      <h2 id="r-run-h">3 · Scoring</h2>
      <div className="r-controls">
        <label>
          Similarity{' '}
          <select value={config.similarity} disabled={busy} onChange={(e) => setConfig({ similarity: e.target.value as SimilarityKind })} data-testid="research-similarity">
            {SIMILARITIES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        {config.similarity === 'hub' && (
          <label>
            Model id{' '}
            <input type="text" value={config.hubId} disabled={busy} spellCheck={false} placeholder="Xenova/all-MiniLM-L6-v2" onChange={(e) => setConfig({ hubId: e.target.value })} data-testid="research-hub-id" />
          </label>
        )}
        {config.similarity === 'local' && (
          <label>
            Folder (read here, never uploaded){' '}
            <input
              type="file"
              aria-label="Model folder"
              disabled={busy}
              data-testid="research-model-folder"
              // webkitdirectory is not in React's types; the attribute picks a whole folder.
              {...{ webkitdirectory: '', directory: '' }}
              onChange={(e) => e.target.files && e.target.files.length > 0 && setLocalModel(filesFromFolder(e.target.files))}
            />
            {local && (
              <span className="muted small">
                {' '}
                {local.name}: {local.files.length} files
              </span>
            )}
            {!local && config.localName && <span className="muted small"> last used: {config.localName}</span>}
          </label>
        )}
        {(config.similarity === 'paper' || config.similarity === 'hub' || config.similarity === 'local') && (
          <label>
            Backend{' '}
            <select value={config.backend} disabled={busy} onChange={(e) => setConfig({ backend: e.target.value as Backend })} data-testid="research-backend">
              <option value="auto">auto (WebGPU, else WASM)</option>
              <option value="webgpu">WebGPU</option>
              <option value="wasm">WASM</option>
            </select>
          </label>
        )}
        <label>
          Scoring{' '}
          <select value={config.scoring} disabled={busy} onChange={(e) => setConfig({ scoring: e.target.value as ScoringRule })} data-testid="research-scoring">
            <option value="hard">{config.similarity === 'learned' ? 'hard: a link where the probability > τ' : "the paper's hard τ (best similarity > τ)"}</option>
            <option value="graded">{config.similarity === 'learned' ? 'graded: link probabilities as credit' : "plus's graded credit (τ − sd … τ, weighted)"}</option>
          </select>
        </label>
        <span className="r-presets small">
          Shortcuts:
          <button type="button" className="small" disabled={busy} onClick={() => applyPreset('paper')} data-testid="research-preset-paper">
            paper
          </button>
          <button type="button" className="small" disabled={busy} onClick={() => applyPreset('plus')} data-testid="research-preset-plus">
            plus preset
          </button>
          <button type="button" className="small" disabled={busy} onClick={() => applyPreset('learned')} data-testid="research-preset-learned">
            learned
          </button>
        </span>
      </div>
      {llmLinks && <LlmLinksPanel busy={busy} />}
      <div className="r-controls" style={{ marginTop: 8 }}>
        <label>
          Splitting{' '}
          <select value={config.split} disabled={busy} onChange={(e) => setConfig({ split: e.target.value as 'reference' | 'improved' })} data-testid="research-split">
            <option value="reference">Reference code</option>
            <option value="improved">Improved</option>
          </select>
        </label>
        <label title={llmLinks ? 'LLM links are 0 or 1: τ has no effect and nothing is calibrated' : undefined}>
          Calibrate τ on{' '}
          <select value={calibrateOn} disabled={llmLinks} onChange={(e) => useResearch.getState().recalibrate(e.target.value)} data-testid="research-calibration-system">
            {shipped && (
              <option value={SHIPPED_CALIBRATION} title={`τ ${shipped.tau}, sd ${shipped.sd}: the paper's method on the human study's dev half (gpt3.5_pred reviews)`}>
                {SHIPPED_CALIBRATION_LABEL}
              </option>
            )}
            {systems.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <button type="button" className="primary" disabled={!imported || imported.rows.length === 0 || busy || (llmLinks && !!llmProblem)} aria-describedby={whyNot ? 'r-run-why' : undefined} onClick={() => void (llmLinks ? startLinks() : run())} data-testid="research-run">
          {canResume && (progress.done > 0 || progress.phase === 'interrupted') ? 'Resume' : results ? 'Re-run' : canResume ? 'Try again' : 'Score dataset'}
        </button>
        {whyNot && (
          <span id="r-run-why" className="small muted" data-testid="research-run-why">
            {whyNot}
          </span>
        )}
        <button type="button" disabled={!busy} onClick={cancel} data-testid="research-cancel">
          Cancel
        </button>
        <span className="r-cache small muted" data-testid="research-cache" data-vectors={cache?.vectors ?? ''}>
          Vector cache: {cache ? `${cache.vectors.toLocaleString('en')} vectors, ${cache.estimated ? '≈ ' : ''}${formatBytes(cache.bytes)}` : '—'}
          <button type="button" className="small" disabled={busy || !cache || cache.vectors === 0} onClick={() => void clearCache()} data-testid="research-cache-clear">
            Clear
          </button>
        </span>
      </div>
      {progress.phase !== 'idle' && (
        <div className="r-progress" data-testid="research-progress" data-phase={progress.phase}>
          <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={1} aria-valuenow={frac} aria-label="Batch scoring progress">
            <span style={{ width: `${Math.round(frac * 100)}%` }} />
          </div>
          <span className="small">
            {llmLinks && progress.phase === 'embedding' ? 'Asking the LLM' : PHASE_TEXT[progress.phase]}
            {loadingLine && <span data-testid="research-bytes"> {loadingLine}</span>}
            {progress.phase !== 'loading-model' && progress.total > 0 && ` ${progress.done} / ${progress.total} ${llmLinks ? 'reviews' : 'texts'}`}
            {progress.cached > 0 && ` (${progress.cached} from the cache)`}
            {progress.elapsedMs != null && ` · ${(progress.elapsedMs / 1000).toFixed(1)} s`}
          </span>
          {progress.message && (
            <p className={progress.phase === 'error' ? 'r-error' : 'muted small'} role={progress.phase === 'error' ? 'alert' : undefined} data-testid="research-message">
              {progress.message}
            </p>
          )}
          {progress.offerUseLite && (
            <p className="r-notice" data-testid="research-hub-notice">
              The Hugging Face hub cannot be reached from this browser, so nothing was scored with {config.similarity === 'paper' ? "the paper's model" : 'that model'}.{' '}
              <button
                type="button"
                className="small"
                onClick={() => {
                  setConfig({ similarity: 'use-lite' });
                  void run();
                }}
                data-testid="research-use-lite"
              >
                Use USE-lite instead
              </button>
            </p>
          )}
        </div>
      )}
    </section>
  );
}
