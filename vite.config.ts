import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { pthreadSafeTfjs, serveUseLite } from './scripts/vite-use-lite.ts';
import { serveWordNet } from './scripts/vite-wordnet.ts';
import { CSP_HEADER, cspMeta, cspReports, externalInlineScripts, SECURITY_HEADERS } from './scripts/vite-csp.ts';

// Cross-origin isolation lets ORT use SharedArrayBuffer, hence multithreaded WASM.
// The CSP (scripts/vite-csp.ts) rides along: no inline scripts, no eval, WASM allowed; so do nosniff, no referrer
// and a restrictive Permissions-Policy (docs/security.md lists what a static host should send).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Content-Security-Policy': CSP_HEADER,
  ...SECURITY_HEADERS,
};

/**
 * The HTML entries: the app, plus in `--mode e2e` (npm run test:e2e) the two test pages. A production build
 * (npm run build) never ships them.
 */
export function entries(mode: string): Record<string, string> {
  const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  return {
    main: page('index.html'),
    ...(mode === 'e2e'
      ? {
          // Test page for e2e/embed.spec.ts: the model panel and the embedder hook, nothing else.
          'e2e-embed': page('e2e-embed.html'),
          // Test page for e2e/claims.spec.ts: the claims panel alone, with stub LLM servers.
          'e2e-claims': page('e2e-claims.html'),
        }
      : {}),
  };
}

export default defineConfig(({ mode }) => ({
  // serveUseLite: serves the bundled USE-lite encoder's files at /models/use-lite/ (same origin).
  // serveWordNet: serves WordNet, packed for METEOR, at /wordnet/ (fetched by a compute worker only for METEOR).
  // externalInlineScripts: in dev, the React Fast Refresh preamble becomes a file, so the CSP needs no exception;
  // cspReports: with CSP_REPORT_FILE set, violation reports are written there (an audit of the e2e runs).
  plugins: [react(), serveUseLite(), serveWordNet(), cspMeta(), externalInlineScripts(), cspReports()],
  // 'mpa' makes a missing /models/... file a real 404 instead of index.html with status 200.
  appType: 'mpa',
  server: { headers: isolation, port: 5173, strictPort: false },
  preview: { headers: isolation, port: 4173 },
  // pthreadSafeTfjs: USE-lite's threaded TF.js build survives minification (scripts/vite-use-lite.ts).
  worker: { format: 'es', plugins: () => [pthreadSafeTfjs()] },
  optimizeDeps: {
    exclude: ['@huggingface/transformers', 'onnxruntime-web'],
    include: ['jshint', 'comlink', '@energetic-ai/core', '@energetic-ai/embeddings'],
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: entries(mode),
    },
  },
}));
