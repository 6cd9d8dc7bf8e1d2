// The Content-Security-Policy: sent as a header by the dev and preview servers, and written as a <meta> in every
// HTML entry (so a static host without headers still applies it; scripts/csp.test.ts keeps them equal).
// No inline scripts anywhere: in dev, the one inline script Vite's React plugin injects (the Fast Refresh
// preamble) is served as a same-origin file instead, so dev runs under exactly the production policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Connect, Plugin } from 'vite';

const DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  // 'wasm-unsafe-eval': ORT and TF.js compile WebAssembly; nothing may eval JavaScript.
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  // Monaco's editor worker, the embedding and analyzer workers; ORT may start its threads from blob: URLs.
  ['worker-src', ["'self'", 'blob:']],
  // Monaco and Vite's dev client insert <style> elements and style attributes.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  // data: for the favicon, blob: for the PNG export (an SVG drawn through an <img>).
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'", 'data:']],
  // The LLM base URL is the user's choice (any https host, or a local server); so is the GitHub API base
  // (api.github.com, or https://HOST/api/v3 for GitHub Enterprise), which `https:` covers. The Hugging Face hub
  // and its CDN are https too, and are listed to say so.
  [
    'connect-src',
    [
      "'self'",
      'https:',
      'http://localhost:*',
      'http://127.0.0.1:*',
      'https://huggingface.co',
      'https://*.huggingface.co',
      'https://*.hf.co',
    ],
  ],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'self'"]],
];

const join = (ds: [string, string[]][]) => ds.map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');

/** The policy as the HTML entries carry it in <meta http-equiv="Content-Security-Policy">. */
export const CSP_META = join(DIRECTIVES);
/**
 * The header adds what a <meta> cannot carry: who may frame the app, and (for audits, when CSP_REPORT_FILE is
 * set) where the browser reports violations, from pages and workers alike.
 */
export const CSP_HEADER = join([
  ...DIRECTIVES,
  ['frame-ancestors', ["'none'"]],
  ...(process.env.CSP_REPORT_FILE
    ? ([['report-uri', ['/__csp-report']]] as [string, string[]][])
    : []),
]);

/**
 * Worker scripts get the same policy except that they may import blob: scripts: TF.js's threaded WASM backend
 * (USE-lite) starts its pthread workers from blob: URLs and importScripts() a blob: copy of its glue code. The
 * page itself never may; a blob: URL can only come from script already running in this origin.
 */
export const CSP_WORKER_HEADER = CSP_HEADER.replace("script-src 'self' 'wasm-unsafe-eval'", "script-src 'self' 'wasm-unsafe-eval' blob:");

/** Audit mode: appends every violation report the browser posts to CSP_REPORT_FILE, one JSON a line. */
export function cspReports(): Plugin {
  const file = process.env.CSP_REPORT_FILE;
  const collect: Connect.NextHandleFunction = (req, res, next) => {
    if (!file || req.method !== 'POST' || !(req.url ?? '').startsWith('/__csp-report'))
      return next();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      fs.appendFileSync(file, `${body.replace(/\n/g, ' ')}\n`);
      res.statusCode = 204;
      res.end();
    });
  };
  return {
    name: 'crscore:csp-reports',
    configureServer: (server) => void server.middlewares.use(collect),
    configurePreviewServer: (server) => void server.middlewares.use(collect),
  };
}

/** Dev only: turns inline module scripts that plugins inject into same-origin script files. */
export function externalInlineScripts(): Plugin {
  const PREFIX = '/@csp-inline/';
  const scripts = new Map<string, string>();
  return {
    name: 'crscore:csp-external-inline-scripts',
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_, code: string) => {
          const id = createHash('sha256').update(code).digest('hex').slice(0, 16);
          scripts.set(id, code);
          return `<script type="module" src="${PREFIX}${id}.js"></script>`;
        });
      },
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const m = /^\/@csp-inline\/([0-9a-f]{16})\.js$/.exec((req.url ?? '').split('?')[0]);
        const code = m && scripts.get(m[1]);
        if (!code) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(code);
      });
    },
  };
}
