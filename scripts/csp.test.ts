// Every HTML entry carries the same CSP as the servers' header, before any script, and the policy has what
// issue 9 asks for: no inline scripts, no eval, WASM allowed, no plugins, no <base>.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONNECT_SRC, CSP_HEADER, CSP_META, extraConnectSources, SECURITY_HEADERS } from './vite-csp.ts';

const root = path.resolve(__dirname, '..');
const entries = fs.readdirSync(root).filter((f) => f.endsWith('.html'));

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k, v]),
  );

describe('Content-Security-Policy', () => {
  it('allows no inline script and no eval, only same-origin scripts and WebAssembly', () => {
    const d = directives(CSP_META);
    expect(d.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(CSP_META).not.toMatch(
      /'unsafe-eval'|'unsafe-inline'[^;]*;?\s*$|script-src[^;]*'unsafe-inline'/,
    );
    // Issue 27: only the hosts the app knows, never any https host.
    expect(d.get('connect-src')).toEqual(CONNECT_SRC);
    expect(d.get('connect-src')).not.toContain('https:');
    expect(d.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https://api.github.com',
        'https://api.openai.com',
        'https://api.anthropic.com',
        'http://localhost:*',
        'http://127.0.0.1:*',
        'https://huggingface.co',
        'https://*.hf.co',
      ]),
    );
    // The header is the meta policy plus what only a header can say.
    expect(CSP_HEADER.startsWith(`${CSP_META}; `)).toBe(true);
    expect(directives(CSP_HEADER).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it.each(entries)('%s carries the policy in a <meta> before any script', (file) => {
    const html = fs.readFileSync(path.join(root, file), 'utf8');
    const m = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html);
    expect(m?.[1]).toBe(CSP_META);
    expect(html.indexOf(m![0])).toBeLessThan(html.indexOf('<script'));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });
});

describe('connect-src additions and the other headers', () => {
  it('CRSCORE_CONNECT_SRC adds origins, and refuses anything that would widen the policy', () => {
    expect(extraConnectSources('https://ghe.corp.example, http://gpu-box:8080  https://*.corp.example/')).toEqual(['https://ghe.corp.example', 'http://gpu-box:8080', 'https://*.corp.example']);
    expect(extraConnectSources('')).toEqual([]);
    for (const bad of ['https:', '*', "'unsafe-inline'", 'https://x.example/path', 'ftp://x.example', 'x.example', 'https://x.example; script-src *', 'data:'])
      expect(() => extraConnectSources(bad), bad).toThrow(/is not an origin/);
  });

  it('sends nosniff, no referrer and a Permissions-Policy that turns off what the app does not use', () => {
    expect(SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
    expect(SECURITY_HEADERS['Referrer-Policy']).toBe('no-referrer');
    const pp = SECURITY_HEADERS['Permissions-Policy'];
    for (const f of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(pp).toContain(`${f}=()`);
  });
});
