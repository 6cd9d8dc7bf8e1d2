// The CLI's answer cache: one JSON file per answer under --cache-dir (default .crscore-cache/), written to a
// temporary name then renamed, so a run killed mid-write never leaves a half entry; the next run continues from it.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AnswerCache, CachedAnswer } from '../llmbatch/cache.ts';

export const DEFAULT_CACHE_DIR = '.crscore-cache';

export function folderCache(dir: string): AnswerCache {
  const file = (key: string) => path.join(dir, 'answers', key.slice(0, 2), `${key}.json`);
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
      await mkdir(path.dirname(f), { recursive: true });
      const tmp = `${f}.${process.pid}.tmp`;
      await writeFile(tmp, JSON.stringify(entry));
      await rename(tmp, f);
    },
  };
}
