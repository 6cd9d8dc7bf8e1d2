// `--pseudo-refs local`: LLM claims from a text-generation model run in this process (transformers.js on
// onnxruntime-node), with no key and nothing sent. It is registered as the in-browser provider's generator
// (src/claims/local.ts), so the prompt, parser, batch runner, answer cache and progress are those of `claims`;
// the load and the generation are the browser worker's own steps (src/llm/generateText.ts, src/llm/plan.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ClaimsError } from '../../claims/errors.ts';
import { localTimeoutMs, setLocalGenerator, type LocalGenerator } from '../../claims/local.ts';
import { PROVIDERS } from '../../claims/providers.ts';
import { semaphore } from '../../llmbatch/run.ts';
import { timedFetch } from '../../embed/fetch.ts';
import { CONFIG_FILES, dtypeCandidates, folderPlan, formatBytes, planDownload } from '../../llm/plan.ts';
import { LOCAL_FOLDER_PREFIX } from '../../llm/types.ts';
import { CliError, fileProgress, inert } from '../shared/io.ts';

/** The browser preset's model (what the page loads by default). */
export const DEFAULT_LOCAL_MODEL = PROVIDERS.browser.model;
/** On the CPU, the dtypes the browser's WASM backend tries, best first. */
const CANDIDATES = dtypeCandidates('wasm', false);

export type LocalModelRef =
  | { kind: 'hub'; id: string; model: string }
  | { kind: 'folder'; dir: string; dtype: string; bytes: number; model: string };

const HUB_ID = /^[\w.-]+\/[\w.-]+$/;

/** A folder's files (path inside it → bytes): its config and tokenizer files and everything under onnx/. */
function folderFiles(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const p of CONFIG_FILES) {
    const f = path.join(dir, p);
    if (fs.existsSync(f)) files.set(p, fs.statSync(f).size);
  }
  const onnx = path.join(dir, 'onnx');
  if (fs.existsSync(onnx) && fs.statSync(onnx).isDirectory())
    for (const name of fs.readdirSync(onnx)) {
      const f = path.join(onnx, name);
      if (fs.statSync(f).isFile()) files.set(`onnx/${name}`, fs.statSync(f).size);
    }
  return files;
}

/**
 * `--local-model ID|FOLDER` as the model to load (default: the browser preset's hub id). A folder is named in the
 * cache key, the output's configuration and the signature as "folder:NAME@HASH", the hash over the files it loads:
 * two folders of the same name are two models, and no path of this machine is written anywhere.
 */
export function resolveLocalModel(value: string | undefined): LocalModelRef {
  const v = (value ?? DEFAULT_LOCAL_MODEL).trim();
  if (!v) throw new CliError('--local-model: give a hub id (owner/name) or a model folder');
  const isDir = fs.existsSync(v) && fs.statSync(v).isDirectory();
  if (!isDir) {
    if (HUB_ID.test(v) && !fs.existsSync(v)) return { kind: 'hub', id: v, model: v };
    throw new CliError(
      `--local-model ${inert(v)}: no model folder there (a folder holds config.json, tokenizer.json and onnx/model*.onnx; a hub id reads owner/name)`,
    );
  }
  const dir = path.resolve(v);
  const files = folderFiles(dir);
  for (const need of ['config.json', 'tokenizer.json'])
    if (!files.has(need)) throw new CliError(`--local-model ${inert(v)}: the folder has no ${need}`);
  const plan = folderPlan(files, CANDIDATES);
  if (!plan)
    throw new CliError(`--local-model ${inert(v)}: the folder has no ONNX weights for ${CANDIDATES.join(', ')} (onnx/model_q4.onnx, onnx/model_quantized.onnx or onnx/model.onnx)`);
  const hash = createHash('sha256');
  const buf = Buffer.alloc(1 << 22);
  for (const f of plan.files.map((x) => x.path).sort()) {
    hash.update(`${f}\0`);
    const fd = fs.openSync(path.join(dir, f), 'r');
    try {
      for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
    } finally {
      fs.closeSync(fd);
    }
  }
  const model = `${LOCAL_FOLDER_PREFIX}${path.basename(dir)}@${hash.digest('hex').slice(0, 12)}`;
  return { kind: 'folder', dir, dtype: plan.dtype, bytes: plan.totalBytes, model };
}

export interface LocalModelRun {
  /** Answers written by the model in this run, their tokens and the time they took. */
  stats: { answers: number; tokens: number; ms: number };
  dtype: string;
  /** Unregisters the generator and frees the model. */
  dispose(): Promise<void>;
}

/** Loads the model (its load failure is a CliError naming it, exit 2) and registers it as the local generator. */
export async function startLocalModel(ref: LocalModelRef): Promise<LocalModelRun> {
  const { env, InterruptableStoppingCriteria } = await import('@huggingface/transformers');
  const { generateText, loadTextModel } = await import('../../llm/generateText.ts');
  let id: string;
  let dtype: string;
  env.allowLocalModels = true;
  if (ref.kind === 'folder') {
    env.allowRemoteModels = false;
    id = ref.dir;
    dtype = ref.dtype;
  } else {
    env.allowRemoteModels = true;
    const fetchImpl = timedFetch(globalThis.fetch.bind(globalThis), () => 30_000);
    env.fetch = fetchImpl;
    try {
      dtype = (await planDownload({ kind: 'hub', id: ref.id }, CANDIDATES, { fetchImpl, remoteHost: env.remoteHost })).dtype;
    } catch (e) {
      throw new CliError(`--local-model ${inert(ref.id)}: ${(e as Error).message}; offline, give --local-model FOLDER (a downloaded model)`);
    }
    id = ref.id;
  }
  const where = ref.kind === 'folder' ? `folder ${path.basename(ref.dir)} (${formatBytes(ref.bytes)})` : `${ref.id} from the Hugging Face hub`;
  process.stderr.write(`local model: loading ${where}, ${dtype} on the CPU…\n`);
  const t0 = performance.now();
  let tm: Awaited<ReturnType<typeof loadTextModel>>;
  try {
    // Download progress for a hub model; a folder's files are read at once.
    tm = await loadTextModel(id, { device: 'cpu', dtype, ...(ref.kind === 'hub' ? { progress_callback: fileProgress() } : {}) });
  } catch (e) {
    throw new CliError(`--local-model ${inert(ref.kind === 'folder' ? ref.dir : ref.id)}: the model could not be loaded: ${(e as Error).message}`);
  }
  process.stderr.write(`local model: loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  const stats = { answers: 0, tokens: 0, ms: 0 };
  // One generation at a time (the provider's cap says so too): one session, one CPU budget.
  const one = semaphore(1);
  const generator: LocalGenerator = (req) =>
    one(async () => {
      if (req.settings.model !== ref.model) throw new ClaimsError('config', `Only ${ref.model} is loaded in this process.`);
      const stopping = new InterruptableStoppingCriteria();
      const stop = () => stopping.interrupt();
      req.signal?.addEventListener('abort', stop, { once: true });
      let timedOut = false;
      const limit = localTimeoutMs(req);
      const timer = setTimeout(() => {
        timedOut = true;
        stopping.interrupt();
      }, limit);
      try {
        const r = await generateText(tm, req.prompt, { maxNewTokens: req.settings.maxNewTokens ?? 512, temperature: req.settings.temperature }, { stopping, onText: req.onToken });
        if (timedOut && !req.signal?.aborted)
          throw new ClaimsError('timeout', `No answer within ${Math.round(limit / 1000)} s: raise --llm-timeout, or lower --local-max-tokens.`);
        stats.answers++;
        stats.tokens += r.tokens;
        stats.ms += r.elapsedMs;
        return { ...r, interrupted: stopping.interrupted };
      } catch (e) {
        if (e instanceof ClaimsError) throw e;
        throw new ClaimsError('model', `The local model failed: ${(e as Error).message}`);
      } finally {
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', stop);
      }
    });
  setLocalGenerator(generator);
  return {
    stats,
    dtype,
    dispose: async () => {
      setLocalGenerator(null);
      await tm.model.dispose().catch(() => undefined);
    },
  };
}

/** "local model: 6 answers, 42 tokens in 0.3 s (140.0 tokens/s)". */
export function localModelSummary(s: LocalModelRun['stats']): string {
  const rate = s.ms > 0 ? s.tokens / (s.ms / 1000) : 0;
  return `local model: ${s.answers} answer${s.answers === 1 ? '' : 's'}, ${s.tokens} tokens in ${(s.ms / 1000).toFixed(1)} s (${rate.toFixed(1)} tokens/s)`;
}
