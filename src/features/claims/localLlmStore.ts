// State of the in-browser claims model (download size, progress, what runs where, the last speed) and the
// generator that src/claims/generate.ts calls for the "In this browser" provider. Importing this module
// registers it; the workbench, the claims test page and Research's batch all reach it through generateClaimsText.
import { create } from 'zustand';
import { ClaimsError } from '../../claims/errors';
import {
  localTimeoutMs,
  setLocalGenerator,
  type LocalGenerateRequest,
  type LocalGenerateResult,
} from '../../claims/local';
import type { LlmSettings } from '../../claims/providers';
import type { LocalModelFile } from '../../embed/types';
import { cachedModelBytes, clearCachedModels, localLlm } from '../../llm/client';
import { classifyLlmError, explainLlmError, type LlmFailure } from '../../llm/errors';
import { dtypeCandidates, planDownload } from '../../llm/plan';
import {
  LOCAL_FOLDER_PREFIX,
  type DownloadPlan,
  type LlmBackend,
  type LlmInfo,
  type LlmProgress,
  type LlmSpec,
} from '../../llm/types';

const HUB = 'https://huggingface.co/';
const PLAN_TIMEOUT_MS = 15_000;

export interface LocalLlmState {
  /** WebGPU in this browser: unknown until detected. */
  webgpu: 'unknown' | 'yes' | 'no';
  shaderF16: boolean;
  folder: { name: string; files: LocalModelFile[] } | null;
  plan: { key: string; plan: DownloadPlan | null; error?: string } | null;
  status: 'idle' | 'loading' | 'ready' | 'generating' | 'error';
  progress: Record<string, LlmProgress>;
  info: LlmInfo | null;
  error: { kind: LlmFailure; message: string } | null;
  lastRun: { tokens: number; tokensPerSecond: number; device: string } | null;
  cachedBytes: number | null;
}

export const useLocalLlm = create<LocalLlmState>(() => ({
  webgpu: 'unknown',
  shaderF16: false,
  folder: null,
  plan: null,
  status: 'idle',
  progress: {},
  info: null,
  error: null,
  lastRun: null,
  cachedBytes: null,
}));

/** The model field as a spec: "folder:NAME" (the picked folder), "/models/x" (served by this app), else a hub id. */
export function specFromModel(model: string): LlmSpec {
  const m = model.trim();
  if (m.startsWith(LOCAL_FOLDER_PREFIX)) {
    const folder = useLocalLlm.getState().folder;
    if (!folder)
      throw new ClaimsError(
        'config',
        'Pick the model folder again (files are kept only while the tab is open).',
      );
    return { kind: 'local', name: folder.name, files: folder.files };
  }
  if (m.startsWith('/models/')) return { kind: 'served', path: m };
  return { kind: 'hub', id: m };
}

export async function detectWebGpu(): Promise<void> {
  if (useLocalLlm.getState().webgpu !== 'unknown') return;
  const gpu = (
    navigator as Navigator & {
      gpu?: { requestAdapter(): Promise<{ features: Set<string> } | null> };
    }
  ).gpu;
  const adapter = gpu ? await gpu.requestAdapter().catch(() => null) : null;
  useLocalLlm.setState({
    webgpu: adapter ? 'yes' : 'no',
    shaderF16: !!adapter?.features.has('shader-f16'),
  });
}

function deviceFor(backend: LlmBackend): 'webgpu' | 'wasm' {
  return backend === 'wasm' || useLocalLlm.getState().webgpu === 'no' ? 'wasm' : 'webgpu';
}

const planKey = (model: string, backend: LlmBackend) => `${backend}|${model.trim()}`;

/** Asks for the sizes of what a load would fetch (nothing is downloaded). */
export async function checkSize(model: string, backend: LlmBackend): Promise<void> {
  const key = planKey(model, backend);
  await detectWebGpu();
  let spec: LlmSpec;
  try {
    spec = specFromModel(model);
  } catch (e) {
    useLocalLlm.setState({ plan: { key, plan: null, error: (e as Error).message } });
    return;
  }
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(input, { ...init, signal: AbortSignal.timeout(PLAN_TIMEOUT_MS) });
  try {
    const plan = await planDownload(
      spec,
      dtypeCandidates(deviceFor(backend), useLocalLlm.getState().shaderF16),
      {
        fetchImpl,
        remoteHost: HUB,
        base: new URL('/models/', location.origin).href,
      },
    );
    if (planKey(model, backend) === key) useLocalLlm.setState({ plan: { key, plan } });
  } catch (e) {
    const msg = String((e as Error).message ?? e);
    const why = /timed? ?out|abort/i.test(msg)
      ? 'the server did not answer'
      : /Failed to fetch|NetworkError/i.test(msg)
        ? 'the server could not be reached'
        : msg;
    useLocalLlm.setState({ plan: { key, plan: null, error: `Size unknown: ${why}.` } });
  }
}

export async function refreshCachedBytes(): Promise<void> {
  useLocalLlm.setState({ cachedBytes: await cachedModelBytes().catch(() => null) });
}

export async function clearModels(): Promise<void> {
  await clearCachedModels();
  await refreshCachedBytes();
}

function toClaimsError(e: unknown): ClaimsError {
  if (e instanceof ClaimsError) return e;
  const detail = String((e as Error)?.message ?? e);
  const kind = classifyLlmError(detail);
  const message = explainLlmError(kind, detail);
  useLocalLlm.setState({ status: 'error', error: { kind, message } });
  return new ClaimsError('model', message, kind === 'other' || kind === 'load' ? {} : { detail });
}

/** Loads the model of these settings (once; later calls reuse it). */
export async function loadLocalModel(
  settings: Pick<LlmSettings, 'model' | 'backend'>,
): Promise<LlmInfo> {
  const spec = specFromModel(settings.model);
  useLocalLlm.setState({ status: 'loading', error: null, progress: {} });
  try {
    const info = await localLlm.load(spec, { backend: settings.backend ?? 'auto' }, (p) =>
      useLocalLlm.setState((s) => ({ progress: { ...s.progress, [p.file]: p } })),
    );
    useLocalLlm.setState({ status: 'ready', info });
    void refreshCachedBytes();
    return info;
  } catch (e) {
    throw toClaimsError(e);
  }
}

async function generateLocally(req: LocalGenerateRequest): Promise<LocalGenerateResult> {
  const { settings, signal } = req;
  const aborted = new Promise<never>((_, reject) => {
    if (signal?.aborted) reject(new Error('aborted'));
    signal?.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    // Cancel during a download stops it: the worker is replaced (the next run starts a new one).
    await Promise.race([loadLocalModel(settings), aborted]);
  } catch (e) {
    if (signal?.aborted) {
      localLlm.restart('Loading was cancelled.');
      useLocalLlm.setState({ status: 'idle', info: null });
      return { text: '', elapsedMs: 0, tokens: 0, tokensPerSecond: 0, interrupted: true };
    }
    throw e;
  }
  useLocalLlm.setState({ status: 'generating' });
  try {
    const maxNewTokens = settings.maxNewTokens ?? 512;
    const r = await localLlm.generate(
      req.prompt,
      {
        maxNewTokens,
        temperature: settings.temperature,
        timeoutMs: localTimeoutMs(req),
      },
      req.onToken,
      signal,
    );
    const device = localLlm.info()?.device ?? '';
    useLocalLlm.setState({
      status: 'ready',
      lastRun: { tokens: r.tokens, tokensPerSecond: r.tokensPerSecond, device },
    });
    return r;
  } catch (e) {
    const err = toClaimsError(e);
    if (!localLlm.info()) useLocalLlm.setState({ info: null });
    throw err;
  }
}

setLocalGenerator(generateLocally);

// Tests kill the worker mid-generation through this handle, as e2e/embed.spec.ts does with the embedder.
(globalThis as { __crscoreLocalLlm?: typeof localLlm }).__crscoreLocalLlm = localLlm;
