// From a pasted pull-request URL to scored review comments, in Chromium against the GitHub stub
// (e2e/stubs/githubStub.ts). Builds the app (production), serves it with `vite preview`, and times what a person
// does: paste the URL and press Load (→ the comments listed), pick all, Open in the workbench (→ analyzers on the
// head-commit files, sessions made, the first one scored). Each metric the import offers is timed; for the
// embedding model the hub is unreachable, so the app falls back to its bundled USE-lite encoder (cold load).
// Usage: npm run bench:github [-- --comments 60] [--latency 150]   (latency: ms the stub waits per request)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { build, preview } from 'vite';
import { samplePr } from '../e2e/stubs/githubFixture.ts';
import { startGithubStub } from '../e2e/stubs/githubStub.ts';
import { CHROMIUM_ARGS, record } from './summary.ts';

const args = process.argv.slice(2);
const opt = (name: string, d: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : d);
const comments = opt('--comments', 60);
const latency = opt('--latency', 150);
const port = Number(process.env.BENCH_PORT ?? 5214);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function run(page: Page, apiBase: string, metric: 'lexical' | 'plus' | 'embedding') {
  await page.goto(`http://localhost:${port}/#github`);
  await page.getByTestId('gh-api-base').fill(apiBase);
  const t0 = performance.now();
  await page.getByTestId('gh-url').fill('octo-org/shop-service#42');
  await page.getByTestId('gh-load').click();
  await page.getByTestId('gh-summary').waitFor();
  const listed = performance.now() - t0;
  const picked = await page.getByTestId('gh-open').textContent();
  await page.getByTestId(`gh-metric-${metric}`).click();
  const t1 = performance.now();
  await page.getByTestId('gh-open').click();
  await page.getByTestId('workbench').waitFor();
  const opened = performance.now() - t1;
  if (metric === 'embedding') await page.getByTestId('embed-run').click();
  await page.getByTestId('score-cards').waitFor({ timeout: 300_000 });
  const total = performance.now() - t0;
  return { metric, picked, listed, opened, total };
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'crscore-github-'));
  const outDir = path.join(tmp, 'dist');
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ preview: { port, strictPort: true }, build: { outDir }, logLevel: 'warn' });
  const stub = await startGithubStub({ pulls: [samplePr({ extraComments: comments - 5 })] });
  stub.pageSize = 30;
  stub.delayMs = latency;
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const rows: Awaited<ReturnType<typeof run>>[] = [];
  try {
    for (const metric of ['lexical', 'plus', 'embedding'] as const) {
      // A fresh context each time: cold caches, as a new user.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.route(/huggingface\.co|hf\.co/, (r) => r.abort('internetdisconnected'));
      const page = await context.newPage();
      rows.push(await run(page, stub.apiBase, metric));
      await context.close();
    }
  } finally {
    await browser.close();
    await stub.close();
    await new Promise<void>((res) => server.httpServer.close(() => res()));
    rmSync(tmp, { recursive: true, force: true });
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`\nGitHub import: ${comments} review comments (1 reply), ${Math.ceil(comments / 30)} pages of 30, stub latency ${latency} ms a request\n`);
  console.log('| metric | picked | paste → comments listed | Open → first session shown | paste → first comment scored |\n|---|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.metric} | ${r.picked} | ${s(r.listed)} | ${s(r.opened)} | ${s(r.total)} |`);
  for (const r of rows)
    record({ what: `PR URL → ${comments - 1} comments opened, first scored (${r.metric}, stub ${latency} ms/request)`, value: s(r.total), target: '< 60 s', met: r.total < 60_000 });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
