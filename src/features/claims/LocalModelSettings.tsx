// Settings of the "In this browser (WebGPU)" provider: which model, where it runs, how long an answer may be,
// the size to download before anything is downloaded, download progress in bytes, the measured speed, the
// browser's model cache, and what to do when WebGPU is missing or the GPU gives up.
import { useEffect, useId, useState } from 'react';
import { formatBytes } from '../../llm/plan';
import { DEFAULT_LOCAL_LLM, LOCAL_FOLDER_PREFIX, SMALL_LOCAL_LLM } from '../../llm/types';
import { filesFromFolder } from '../model/store';
import {
  checkSize,
  clearModels,
  detectWebGpu,
  loadLocalModel,
  refreshCachedBytes,
  useLocalLlm,
} from './localLlmStore';
import { useClaimsSettings } from '../../store/shared/claimsSettings';

type Choice = 'default' | 'small' | 'other' | 'folder';

function choiceOf(model: string): Choice {
  if (model === DEFAULT_LOCAL_LLM) return 'default';
  if (model === SMALL_LOCAL_LLM) return 'small';
  if (model.startsWith(LOCAL_FOLDER_PREFIX)) return 'folder';
  return 'other';
}

export function LocalModelSettings() {
  const s = useClaimsSettings();
  const llm = useLocalLlm();
  const id = useId();
  const [other, setOther] = useState(() => (choiceOf(s.model) === 'other' ? s.model : ''));
  const choice = choiceOf(s.model);
  const key = `${s.backend}|${s.model.trim()}`;

  useEffect(() => {
    void detectWebGpu();
    void refreshCachedBytes();
  }, []);
  // The size of what a load would fetch, asked as soon as the model or backend is chosen (nothing downloads).
  useEffect(() => {
    if (!s.model.trim()) return;
    const t = setTimeout(() => void checkSize(s.model, s.backend), 300);
    return () => clearTimeout(t);
  }, [s.model, s.backend, llm.folder]);

  const plan = llm.plan?.key === key ? llm.plan : null;
  const files = Object.values(llm.progress);
  const loaded = files.reduce(
    (a, p) => a + (p.status === 'done' ? p.total || p.loaded : p.loaded),
    0,
  );
  const total = files.reduce((a, p) => a + (p.total || 0), 0);
  const noGpu = llm.webgpu === 'no' && s.backend !== 'wasm';
  const gpuTrouble = llm.error?.kind === 'out-of-memory' || llm.error?.kind === 'device-lost';
  const pick = (c: Choice) => {
    if (c === 'default') s.update({ model: DEFAULT_LOCAL_LLM });
    else if (c === 'small') s.update({ model: SMALL_LOCAL_LLM });
    else if (c === 'other') s.update({ model: other || '' });
    else s.update({ model: `${LOCAL_FOLDER_PREFIX}${llm.folder?.name ?? ''}` });
  };

  return (
    <>
      <span>Privacy</span>
      <p className="claims-private" role="note" data-testid="local-llm-privacy">
        The model runs in this browser: your diff and the prompt never leave this page. The model
        files are downloaded once (from the Hugging Face hub, or read from your folder) and cached
        by the browser.
      </p>

      <label htmlFor={`${id}-lmodel`}>Model</label>
      <div className="claims-local-model">
        <select id={`${id}-lmodel`} value={choice} onChange={(e) => pick(e.target.value as Choice)}>
          <option value="default">Qwen2.5-Coder 1.5B Instruct (default)</option>
          <option value="small">Qwen2.5-Coder 0.5B Instruct (smaller, faster)</option>
          <option value="other">Another hub model id</option>
          <option value="folder">A model folder on this computer</option>
        </select>
        {choice === 'other' && (
          <input
            aria-label="Hub model id"
            spellCheck={false}
            placeholder="owner/model with text-generation ONNX weights"
            value={other}
            onChange={(e) => {
              setOther(e.target.value);
              s.update({ model: e.target.value });
            }}
          />
        )}
        {choice === 'folder' && (
          <input
            type="file"
            aria-label="Model folder"
            // webkitdirectory is not in React's types; the attribute picks a whole folder.
            {...{ webkitdirectory: '', directory: '' }}
            onChange={(e) => {
              if (!e.target.files?.length) return;
              const folder = filesFromFolder(e.target.files);
              useLocalLlm.setState({ folder });
              s.update({ model: `${LOCAL_FOLDER_PREFIX}${folder.name}` });
            }}
          />
        )}
      </div>

      <label htmlFor={`${id}-backend`}>Run on</label>
      <select
        id={`${id}-backend`}
        value={s.backend}
        onChange={(e) => s.update({ backend: e.target.value as typeof s.backend })}
      >
        <option value="auto">WebGPU (this computer&apos;s GPU)</option>
        <option value="wasm">WASM (CPU, slower)</option>
      </select>

      {noGpu && (
        <>
          <span />
          <div className="claims-warning" role="alert" data-testid="local-llm-no-webgpu">
            This browser offers no WebGPU, so the model cannot run on the GPU here.{' '}
            <button type="button" onClick={() => s.update({ backend: 'wasm' })}>
              Run on WASM (CPU) instead
            </button>{' '}
            Its speed is measured when it loads and shown here.
          </div>
        </>
      )}

      <label htmlFor={`${id}-maxnew`}>Max new tokens</label>
      <input
        id={`${id}-maxnew`}
        type="number"
        min={1}
        max={8192}
        step={1}
        value={s.maxNewTokens}
        onChange={(e) => {
          const v = e.target.valueAsNumber;
          if (Number.isInteger(v) && v > 0) s.update({ maxNewTokens: v });
        }}
      />

      <span>Download</span>
      <div data-testid="local-llm-size">
        {plan?.plan ? (
          <span>
            {plan.plan.partial ? 'at least ' : ''}
            {formatBytes(plan.plan.totalBytes)} ({plan.plan.dtype} weights +{' '}
            {plan.plan.files.length - 1} small files)
            {s.model.startsWith('/models/') || choice === 'folder'
              ? ', not from the internet'
              : ', cached after the first download'}
          </span>
        ) : plan?.error ? (
          <span className="claims-hint">{plan.error}</span>
        ) : (
          <span className="claims-hint">checking the size…</span>
        )}{' '}
        <button
          type="button"
          onClick={() =>
            void loadLocalModel({ model: s.model, backend: s.backend }).catch(() => undefined)
          }
          disabled={llm.status === 'loading' || noGpu}
        >
          {llm.status === 'loading' ? 'Loading…' : 'Load model now'}
        </button>
      </div>

      {llm.status === 'loading' && files.length > 0 && (
        <>
          <span />
          <div className="claims-progress" role="status" data-testid="local-llm-progress">
            <span>
              Downloading {formatBytes(loaded)}
              {total ? ` of ${formatBytes(total)}` : ''}
            </span>
            <progress
              max={total || 1}
              value={Math.min(loaded, total || 1)}
              aria-label="Model download"
            />
          </div>
        </>
      )}

      {llm.info && llm.status !== 'loading' && (
        <>
          <span />
          <p className="claims-hint" data-testid="local-llm-info">
            Loaded: {llm.info.model} on {llm.info.device === 'webgpu' ? 'WebGPU' : 'WASM (CPU)'},{' '}
            {llm.info.dtype}; measured {llm.info.warmupTokensPerSecond.toFixed(1)} tokens/s
            {llm.lastRun ? `, last answer ${llm.lastRun.tokensPerSecond.toFixed(1)} tokens/s` : ''}
            {llm.info.hasChatTemplate ? '' : '. No chat template: the prompt is sent as it is'}.
          </p>
        </>
      )}

      {llm.error && llm.status === 'error' && (
        <>
          <span />
          <div className="claims-warning" role="alert" data-testid="local-llm-error">
            {llm.error.message}{' '}
            {gpuTrouble && s.model !== SMALL_LOCAL_LLM && (
              <button type="button" onClick={() => s.update({ model: SMALL_LOCAL_LLM })}>
                Use the smaller model (0.5B)
              </button>
            )}{' '}
            {llm.error.kind === 'load' && /could not be reached/.test(llm.error.message) && !s.model.startsWith(LOCAL_FOLDER_PREFIX) && (
              <button type="button" onClick={() => pick('folder')} data-testid="local-llm-use-folder">
                Use a model folder on this computer
              </button>
            )}{' '}
            {(gpuTrouble || llm.error.kind === 'no-webgpu') && s.backend !== 'wasm' && (
              <button type="button" onClick={() => s.update({ backend: 'wasm' })}>
                Run on WASM (CPU)
              </button>
            )}
          </div>
        </>
      )}

      <span>Model cache</span>
      <div>
        <span className="claims-hint">
          {llm.cachedBytes === null
            ? ''
            : `${formatBytes(llm.cachedBytes)} of downloaded models in this browser. `}
        </span>
        <button type="button" onClick={() => void clearModels()}>
          Clear cached models
        </button>
      </div>
    </>
  );
}
