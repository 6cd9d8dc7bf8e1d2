// Model panel: pick the encoder, the backend and the pooling; watch the download; see what runs and which τ is in force.
import { useId } from 'react';
import { DEFAULT_MODEL_ID, type Backend, type Pooling } from '../../embed/types.ts';
import { loadFraction, loadText, summarizeLoad } from '../../embed/progress.ts';
import { filesFromFolder, useModelStore, type ModelChoice } from './store.ts';
import './model.css';

export function ModelPanel() {
  const s = useModelStore();
  const id = useId();
  const loading = s.status === 'loading';
  const files = Object.values(s.progress);

  return (
    <section className="model-panel" aria-label="Embedding model">
      <h2>Embedding model</h2>
      <fieldset disabled={loading}>
        <legend>Model</legend>
        {(
          [
            ['default', `${DEFAULT_MODEL_ID} (paper’s model, from the Hugging Face hub)`],
            ['hub', 'Another hub model'],
            ['local', 'A model folder on this computer'],
            ['use-lite', 'USE-lite (bundled, works offline)'],
          ] as [ModelChoice, string][]
        ).map(([value, label]) => (
          <label key={value} className="model-choice">
            <input
              type="radio"
              name={`${id}-model`}
              value={value}
              checked={s.choice === value}
              onChange={() => s.set({ choice: value })}
            />
            {label}
          </label>
        ))}
        {s.choice === 'hub' && (
          <label>
            Model id{' '}
            <input
              type="text"
              value={s.hubId}
              placeholder="Xenova/all-MiniLM-L6-v2"
              spellCheck={false}
              onChange={(e) => s.set({ hubId: e.target.value })}
            />
          </label>
        )}
        {s.choice === 'local' && (
          <label>
            Folder (read in this browser, never uploaded){' '}
            <input
              type="file"
              aria-label="Model folder"
              // webkitdirectory is not in React's types; the attribute picks a whole folder.
              {...{ webkitdirectory: '', directory: '' }}
              onChange={(e) => e.target.files && s.set({ local: filesFromFolder(e.target.files) })}
            />
            {s.local && (
              <span className="model-hint">
                {' '}
                {s.local.name}: {s.local.files.length} files
              </span>
            )}
          </label>
        )}
      </fieldset>

      <div className="model-row">
        <label>
          Backend{' '}
          <select
            value={s.backend}
            disabled={loading}
            onChange={(e) => s.set({ backend: e.target.value as Backend })}
          >
            <option value="auto">auto (WebGPU if available, else WASM)</option>
            <option value="webgpu">WebGPU</option>
            <option value="wasm">WASM</option>
          </select>
        </label>
        <label>
          Pooling{' '}
          <select
            value={s.pooling ?? 'default'}
            disabled={loading}
            onChange={(e) =>
              s.set({ pooling: e.target.value === 'default' ? null : (e.target.value as Pooling) })
            }
          >
            <option value="default">model’s default</option>
            <option value="crscore">CRScore (drop stopwords, “.” and “,”)</option>
            <option value="model">model card’s own</option>
          </select>
        </label>
        <button type="button" onClick={() => void s.load()} disabled={loading}>
          {loading ? 'Loading…' : 'Load model'}
        </button>
      </div>

      {files.length > 0 && (loading || s.status === 'error') && (
        <ul className="model-progress" aria-label="Download progress">
          {files.map((p) => (
            <li key={p.file}>
              <span className="model-file">{p.file}</span>
              <progress max={1} value={p.status === 'done' ? 1 : (loadFraction(summarizeLoad([p])) ?? 0)} />
              <span className="model-hint">{p.status === 'done' ? 'done' : (loadText(summarizeLoad([p])) ?? 'starting…')}</span>
            </li>
          ))}
        </ul>
      )}

      {s.error && (
        <p role="alert" className="model-error">
          {s.error}
        </p>
      )}

      {s.info?.fallbackNotice && (
        <p role="status" className="model-notice" data-testid="fallback-notice">
          {s.info.fallbackNotice}
        </p>
      )}

      {s.info && (
        <dl className="model-info" data-testid="engine-info">
          <dt>Model</dt>
          <dd>{s.info.model}</dd>
          <dt>Backend</dt>
          <dd data-testid="engine-backend">{s.info.backend}</dd>
          <dt>Weights</dt>
          <dd>{s.info.dtype}</dd>
          <dt>Threads</dt>
          <dd data-testid="engine-threads">
            {s.info.threads}
            {s.info.backend === 'tfjs-wasm' && s.info.crossOriginIsolated ? (
              <span className="model-hint"> (TF.js runs at most half the logical cores, {navigator.hardwareConcurrency || '?'} here, up to 8)</span>
            ) : null}
          </dd>
          <dt>Cross-origin isolated</dt>
          <dd>{s.info.crossOriginIsolated ? 'yes' : 'no (single-threaded WASM)'}</dd>
          <dt>Dimensions</dt>
          <dd>{s.info.dimensions}</dd>
          <dt>Pooling</dt>
          <dd>{s.info.pooling}</dd>
          <dt>Calibrated τ</dt>
          <dd data-testid="engine-tau">
            {s.info.defaultTau === null ? 'none known' : s.info.defaultTau} — {s.info.tauReason}
          </dd>
        </dl>
      )}
    </section>
  );
}
