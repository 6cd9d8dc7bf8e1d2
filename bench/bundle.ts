// The entry chunk: what the browser must download before the first paint (index.html's module script,
// its modulepreloads and its CSS), gzip-compressed. Monaco, charts, models and ORT load lazily.
//   npm run bench:bundle
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { record } from './summary.ts';

const tmp = mkdtempSync(path.join(tmpdir(), 'crscore-bundle-'));
const outDir = path.join(tmp, 'dist');
try {
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const kb = (n: number) => (n / 1024).toFixed(1);
  let raw = 0;
  let gz = 0;
  console.log('\nEntry (loaded by index.html before the first paint):\n\n| file | KB | gzip KB |\n|---|---:|---:|');
  for (const ref of refs) {
    const buf = readFileSync(path.join(outDir, ref.replace(/^\//, '')));
    const g = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gz += g;
    console.log(`| ${ref} | ${kb(buf.length)} | ${kb(g)} |`);
  }
  console.log(`| **total** | ${kb(raw)} | **${kb(gz)}** |`);
  // The largest lazy chunks, for context.
  const assets = readdirSync(path.join(outDir, 'assets'))
    .map((f) => ({ f, n: statSync(path.join(outDir, 'assets', f)).size }))
    .filter((a) => !refs.some((r) => r.endsWith(a.f)))
    .sort((a, b) => b.n - a.n)
    .slice(0, 6);
  console.log('\nLargest lazily loaded files: ' + assets.map((a) => `${a.f} ${kb(a.n)} KB`).join(', '));
  console.log(`\nentry gzip ${kb(gz)} KB (target < 250 KB: ${gz < 250 * 1024 ? 'met' : 'NOT met'})`);
  record({ what: 'entry chunk (index.html script + preloads + CSS), gzip', value: `${kb(gz)} KB`, target: '< 250 KB', met: gz < 250 * 1024 });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
