// The CLI's answer cache: one JSON file per answer under --cache-dir (default .crscore-cache/), written to a
// temporary name then renamed, so a run killed mid-write never leaves a half entry; the next run continues from it.
// Two processes sharing the folder pay once per request: a lock file per answer (created exclusively, kept fresh
// while held, stale after a crash) makes the second wait and read the first's answer.
import { mkdir, open, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ClaimsError } from '../../claims/errors.ts';
import type { AnswerCache, CachedAnswer } from '../../llmbatch/cache.ts';
import { CliError, warn } from './io.ts';

export const DEFAULT_CACHE_DIR = '.crscore-cache';
/** A lock file not refreshed for this long belongs to a process that died: it is taken over. */
export const LOCK_STALE_MS = 30_000;
const LOCK_POLL_MS = 100;

function why(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'a file is in the way, not a folder';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'not writable';
  return (e as Error).message;
}

/** The folder cache, after checking the folder can be used: an error before any request, never a silent loss. */
export async function openFolderCache(dir: string): Promise<AnswerCache> {
  try {
    await mkdir(path.join(dir, 'answers'), { recursive: true });
    const probe = path.join(dir, `.write-check-${process.pid}`);
    await writeFile(probe, '');
    await unlink(probe);
  } catch (e) {
    throw new CliError(`--cache-dir ${dir}: cannot be used (${why(e)}); choose a folder this user can write to`);
  }
  return folderCache(dir);
}

export function folderCache(dir: string, staleMs = LOCK_STALE_MS): AnswerCache {
  const file = (key: string) => path.join(dir, 'answers', key.slice(0, 2), `${key}.json`);
  let warned = false;
  return {
    async get(key) {
      try {
        const v = JSON.parse(await readFile(file(key), 'utf8')) as CachedAnswer;
        return typeof v?.text === 'string' ? v : undefined;
      } catch {
        return undefined;
      }
    },
    async put(key, entry) {
      const f = file(key);
      try {
        await mkdir(path.dirname(f), { recursive: true });
        const tmp = `${f}.${process.pid}.tmp`;
        await writeFile(tmp, JSON.stringify(entry));
        await rename(tmp, f);
      } catch (e) {
        if (!warned) warn(`cannot write the answer cache in ${dir} (${why(e)}): answers not kept are asked (and paid for) again next run`);
        warned = true;
        throw e;
      }
    },
    async lock(key, fn, signal) {
      const f = path.join(dir, 'locks', `${key}.lock`);
      if (!(await acquire(f, staleMs, signal))) return fn(); // no lock possible here: ask unlocked, as before
      const beat = setInterval(() => void utimes(f, new Date(), new Date()).catch(() => undefined), Math.max(50, staleMs / 4));
      beat.unref();
      try {
        return await fn();
      } finally {
        clearInterval(beat);
        await unlink(f).catch(() => undefined);
      }
    },
  };
}

/** Creates the lock file (O_EXCL); waits while another live process holds it. False when locks cannot be made. */
async function acquire(f: string, staleMs: number, signal?: AbortSignal): Promise<boolean> {
  try {
    await mkdir(path.dirname(f), { recursive: true });
  } catch {
    return false;
  }
  for (;;) {
    if (signal?.aborted) throw new ClaimsError('cancelled', 'Cancelled before it was asked.');
    try {
      const h = await open(f, 'wx');
      await h.writeFile(String(process.pid));
      await h.close();
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    try {
      // A holder refreshes its file; one left by a killed process goes stale and is taken over.
      if (Date.now() - (await stat(f)).mtimeMs > staleMs) await unlink(f);
      else await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
    } catch {
      // released meanwhile: try again at once
    }
  }
}
