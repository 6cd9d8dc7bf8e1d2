// Every HTML entry carries the same CSP as the servers' header, before any script, and the policy has what
// issue 9 asks for: no inline scripts, no eval, WASM allowed, no plugins, no <base>.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CSP_HEADER, CSP_META } from './vite-csp.ts';

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
    expect(d.get('connect-src')).toEqual(
      expect.arrayContaining([
        'https:',
        'http://localhost:*',
        'http://127.0.0.1:*',
        'https://huggingface.co',
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
