// What a model's download has come to, and how it is said. transformers.js reports each file as `progress` events
// with `loaded` and `total` in bytes (and `progress`, a percentage); TF.js (USE-lite) reports only the share of its
// weights loaded. Bytes are shown when they are known, else the percentage: never a percentage as bytes.
import type { ProgressEvent } from './types.ts';

export interface LoadProgress {
  /** Bytes received so far (0 when no file said). */
  loaded: number;
  /** Bytes expected (0 when the server did not say). */
  total: number;
  /** 0–100 when no file reports bytes but some report a share; else null. */
  percent: number | null;
}

export const NO_LOAD: LoadProgress = { loaded: 0, total: 0, percent: null };

/** The raw event a transformers.js `progress_callback` receives. */
export type RawProgress = {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
  progress?: number;
};

const STATUSES = ['initiate', 'download', 'progress', 'done'] as const;

/** transformers.js's event as ours; null for events about no file (its aggregate and 'ready' events). */
export function fromTransformers(raw: RawProgress): ProgressEvent | null {
  const status = STATUSES.find((s) => s === raw.status);
  if (!raw.file || !status) return null;
  const pct =
    typeof raw.progress === 'number' && Number.isFinite(raw.progress) ? raw.progress : undefined;
  return {
    file: raw.file,
    loaded: raw.loaded ?? 0,
    total: raw.total ?? 0,
    status,
    ...(pct === undefined ? {} : { progress: pct }),
  };
}

/** A file's latest event over its earlier one: its 'done' event carries no bytes, and must not forget them. */
export function withEarlier(prev: ProgressEvent | undefined, next: ProgressEvent): ProgressEvent {
  if (!prev) return next;
  return {
    ...next,
    loaded: next.loaded || prev.loaded,
    total: next.total || prev.total,
    ...((next.progress ?? prev.progress) !== undefined
      ? { progress: next.progress ?? prev.progress }
      : {}),
  };
}

/** All of a model's files at once: bytes summed where any file reports bytes, else the mean share. */
export function summarizeLoad(files: Iterable<ProgressEvent>): LoadProgress {
  const all = [...files];
  if (all.some((f) => f.loaded > 0 || f.total > 0)) {
    let loaded = 0;
    let total = 0;
    for (const f of all) {
      total += f.total;
      loaded += f.status === 'done' ? f.total || f.loaded : f.loaded;
    }
    return { loaded, total, percent: null };
  }
  const shares = all.filter((f) => f.status === 'done' || f.progress !== undefined);
  if (shares.length === 0) return NO_LOAD;
  const percent =
    shares.reduce(
      (s, f) => s + (f.status === 'done' ? 100 : Math.min(100, Math.max(0, f.progress!))),
      0,
    ) / shares.length;
  return { loaded: 0, total: 0, percent };
}

/** How far, 0–1, or null when nothing says. */
export function loadFraction(p: LoadProgress): number | null {
  if (p.total > 0) return Math.min(1, p.loaded / p.total);
  return p.percent === null ? null : p.percent / 100;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** "12.3 MB / 28.0 MB downloaded", "12.3 MB downloaded", "43% downloaded", or null before anything is known. */
export function loadText(p: LoadProgress): string | null {
  if (p.loaded > 0)
    return `${formatBytes(p.loaded)}${p.total > 0 ? ` / ${formatBytes(p.total)}` : ''} downloaded`;
  if (p.percent !== null) return `${Math.floor(p.percent)}% downloaded`;
  return null;
}
