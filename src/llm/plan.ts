// What a model load will fetch, before it is fetched: the weights file for the chosen dtype and the small
// config/tokenizer files, with their sizes. The hub's tree API lists sizes (LFS files report the real size in
// `lfs.size`); where it cannot be used, a HEAD request's Content-Length; a local folder knows its own sizes.
import type { DownloadPlan, LlmSpec, PlannedFile } from './types.ts';

/** transformers.js's file suffix per dtype (onnx/model{suffix}.onnx). */
export const DTYPE_SUFFIX: Record<string, string> = {
  fp32: '',
  fp16: '_fp16',
  q8: '_quantized',
  int8: '_int8',
  uint8: '_uint8',
  q4: '_q4',
  q4f16: '_q4f16',
  bnb4: '_bnb4',
};

export const CONFIG_FILES = [
  'config.json',
  'generation_config.json',
  'tokenizer.json',
  'tokenizer_config.json',
];

/** dtypes to try, best first: q4f16 needs WebGPU with shader-f16; WASM runs 4-bit and 8-bit weights on the CPU. */
export function dtypeCandidates(device: 'webgpu' | 'wasm', hasF16: boolean): string[] {
  if (device === 'webgpu') return hasF16 ? ['q4f16', 'fp16', 'q4', 'fp32'] : ['q4', 'fp32'];
  return ['q4', 'q8', 'fp32'];
}

export const weightsPath = (dtype: string) =>
  `onnx/model${DTYPE_SUFFIX[dtype] ?? `_${dtype}`}.onnx`;

interface TreeEntry {
  type: string;
  path: string;
  size?: number;
  lfs?: { size?: number };
}

async function listTree(
  fetchImpl: typeof fetch,
  remoteHost: string,
  id: string,
  sub: string,
): Promise<TreeEntry[]> {
  const url = `${remoteHost.replace(/\/+$/, '')}/api/models/${id}/tree/main${sub ? `/${sub}` : ''}`;
  const res = await fetchImpl(url);
  if (!res.ok) throw new Error(`HTTP ${res.status} listing ${id}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error(`unexpected listing for ${id}`);
  return body as TreeEntry[];
}

/** Size from a HEAD request (the hub answers with a redirect to its CDN, which fetch follows). */
async function headSize(fetchImpl: typeof fetch, url: string): Promise<number | undefined | null> {
  const res = await fetchImpl(url, { method: 'HEAD' });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const n = Number(res.headers.get('x-linked-size') ?? res.headers.get('content-length'));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

function finish(dtype: string, files: PlannedFile[]): DownloadPlan {
  return {
    dtype,
    files,
    totalBytes: files.reduce((s, f) => s + (f.bytes ?? 0), 0),
    partial: files.some((f) => f.bytes === undefined),
  };
}

/**
 * A model folder's files (path inside it → bytes) for the first dtype in `candidates` whose weights it holds
 * (null: none): the picked folder in the browser, the `--local-model` folder in the CLI.
 */
export function folderPlan(files: ReadonlyMap<string, number>, candidates: string[]): DownloadPlan | null {
  const byPath = new Map([...files].map(([p, bytes]) => [p.replace(/^\/+/, ''), bytes]));
  for (const dtype of candidates) {
    const w = weightsPath(dtype);
    if (!byPath.has(w)) continue;
    const picked = [...byPath.entries()]
      .filter(([p]) => CONFIG_FILES.includes(p) || p === w || p.startsWith(`${w}_data`))
      .map(([path, bytes]) => ({ path, bytes }));
    return finish(dtype, picked);
  }
  return null;
}

/**
 * The files a load of `spec` will fetch, for the first dtype in `candidates` whose weights exist.
 * `base` is where served models live (the app's origin + /models/), `remoteHost` the hub.
 */
export async function planDownload(
  spec: LlmSpec,
  candidates: string[],
  opts: { fetchImpl: typeof fetch; remoteHost?: string; base?: string },
): Promise<DownloadPlan> {
  const { fetchImpl } = opts;
  if (spec.kind === 'local') {
    const plan = folderPlan(new Map(spec.files.map((f) => [f.path, f.file.size])), candidates);
    if (plan) return plan;
    throw new Error(
      `The folder has no ONNX weights for ${candidates.join(', ')} (looked for ${candidates.map(weightsPath).join(', ')}).`,
    );
  }
  if (spec.kind === 'hub') {
    const host = opts.remoteHost ?? 'https://huggingface.co/';
    try {
      const [root, onnx] = await Promise.all([
        listTree(fetchImpl, host, spec.id, ''),
        listTree(fetchImpl, host, spec.id, 'onnx'),
      ]);
      const size = (e: TreeEntry) => e.lfs?.size ?? e.size;
      for (const dtype of candidates) {
        const w = weightsPath(dtype);
        const weights = onnx.filter(
          (e) => e.type === 'file' && (e.path === w || e.path.startsWith(`${w}_data`)),
        );
        if (!weights.some((e) => e.path === w)) continue;
        const config = root.filter((e) => e.type === 'file' && CONFIG_FILES.includes(e.path));
        return finish(
          dtype,
          [...config, ...weights].map((e) => ({ path: e.path, bytes: size(e) })),
        );
      }
      throw new Error(
        `${spec.id} has no text-generation ONNX weights for ${candidates.join(', ')} in its onnx/ folder.`,
      );
    } catch (e) {
      if (/has no text-generation ONNX weights/.test(String((e as Error).message))) throw e;
      // The listing API is not reachable (a proxy, a mirror): ask each file's size directly.
    }
    const resolve = (p: string) => `${host.replace(/\/+$/, '')}/${spec.id}/resolve/main/${p}`;
    return planByHead(fetchImpl, resolve, candidates);
  }
  const base = opts.base ?? '/models/';
  const dir = spec.path.replace(/^\/?models\//, '').replace(/\/+$/, '');
  return planByHead(fetchImpl, (p) => `${base}${dir}/${p}`, candidates);
}

async function planByHead(
  fetchImpl: typeof fetch,
  url: (path: string) => string,
  candidates: string[],
): Promise<DownloadPlan> {
  for (const dtype of candidates) {
    const w = weightsPath(dtype);
    const bytes = await headSize(fetchImpl, url(w));
    if (bytes === null) continue;
    const files: PlannedFile[] = [];
    for (const p of CONFIG_FILES) {
      const b = await headSize(fetchImpl, url(p)).catch(() => undefined);
      if (b !== null) files.push({ path: p, bytes: b });
    }
    files.push({ path: w, bytes });
    return finish(dtype, files);
  }
  throw new Error(`No ONNX weights found for ${candidates.join(', ')}.`);
}

/** "1.07 GB", "906 KB" */
export function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} MB`;
  if (n >= 1e3) return `${Math.round(n / 1e3)} KB`;
  return `${n} B`;
}
