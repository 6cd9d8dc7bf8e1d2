// The Content-Security-Policy: sent as a header by the dev and preview servers, and written as a <meta> in every
// HTML entry (so a static host without headers still applies it; scripts/csp.test.ts keeps them equal).
// No inline scripts anywhere: in dev, the one inline script Vite's React plugin injects (the Fast Refresh
// preamble) is served as a same-origin file instead, so dev runs under exactly the production policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Connect, Plugin } from 'vite';

/**
 * Where the page may connect: its own origin (models under /models/), GitHub's API, the LLM providers the app
 * ships (src/claims/providers.ts), the Hugging Face hub and its download hosts (cdn-lfs.hf.co, cas-bridge.xethub.hf.co
 * and the like, any depth under *.hf.co), and servers on this machine (Ollama, LM Studio, llama.cpp, a proxy), over
 * http or https on any port.
 */
export const CONNECT_SRC = [
  "'self'",
  'https://api.github.com',
  'https://api.openai.com',
  'https://api.anthropic.com',
  'https://openrouter.ai',
  'https://huggingface.co',
  'https://*.huggingface.co',
  'https://*.hf.co',
  'http://localhost:*',
  'http://127.0.0.1:*',
  'https://localhost:*',
  'https://127.0.0.1:*',
];

/**
 * CRSCORE_CONNECT_SRC: more origins, separated by spaces or commas, for a build that must reach them (a GitHub
 * Enterprise server, an LLM server elsewhere on the network): https://ghe.corp.example http://gpu-box:8080 or a
 * wildcard host https://*.corp.example. Anything that is not an origin is refused at build time, so a typo never
 * widens the policy (no bare "https:", no paths, no quotes).
 */
export function extraConnectSources(value = process.env.CRSCORE_CONNECT_SRC ?? ''): string[] {
  const out: string[] = [];
  for (const item of value.split(/[\s,]+/).filter(Boolean)) {
    if (!/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?\/?$/i.test(item))
      throw new Error(`CRSCORE_CONNECT_SRC: "${item}" is not an origin (expected e.g. https://ghe.corp.example or http://gpu-box:8080)`);
    out.push(item.replace(/\/$/, '').toLowerCase());
  }
  return out;
}

/**
 * Headers beside the CSP for every page and file the servers send (a static host should send the same:
 * docs/security.md): no MIME sniffing, no Referer to other sites (a pull-request URL in the address bar stays
 * here), and no powerful features the app does not use.
 */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), bluetooth=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()',
};

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
  // Only the hosts the app knows: see CONNECT_SRC. Other servers (a GitHub Enterprise host, the user's own LLM
  // server on another machine) are added at build time with CRSCORE_CONNECT_SRC (docs/security.md).
  ['connect-src', [...CONNECT_SRC, ...extraConnectSources()]],
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

/** Writes the policy (with any CRSCORE_CONNECT_SRC origins) into every HTML entry's <meta>, in dev and build. */
export function cspMeta(): Plugin {
  return {
    name: 'crscore:csp-meta',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/, `$1${CSP_META}$2`),
    },
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
