// Issue 27: the preview server (what the e2e run and `npm run preview` serve) sends the security headers on the
// page and on every file, and the page runs under them (cross-origin isolated, CSP without `https:` in connect-src).
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';

test('the page and its files carry CSP, nosniff, no referrer, a Permissions-Policy and isolation', async ({ page, request, context }) => {
  await hubUnreachable(context);
  const files: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).host === new URL(page.url() || 'http://localhost').host || r.url().includes('localhost')) files.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const urls = ['/', ...files.filter((u) => /\.(js|css|wasm|json)(\?|$)/.test(u)).slice(0, 5)];
  expect(urls.length).toBeGreaterThan(1);
  for (const url of urls) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const h = res.headers();
    expect(h['x-content-type-options'], url).toBe('nosniff');
    expect(h['referrer-policy'], url).toBe('no-referrer');
    expect(h['permissions-policy'], url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(h['cross-origin-opener-policy'], url).toBe('same-origin');
    expect(h['cross-origin-embedder-policy'], url).toBe('require-corp');
    const csp = h['content-security-policy'] ?? '';
    expect(csp, url).toContain("frame-ancestors 'none'");
    const connect = /connect-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
    expect(connect).toContain('https://api.github.com');
    expect(connect).not.toContain('https:');
  }
  // A fetch to a host the app does not know is blocked by the policy before it leaves the browser (the violation
  // event says which directive), while the app's known hosts are allowed.
  const violated = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    await fetch('https://unknown-host.example/x').catch(() => null);
    await new Promise((r) => setTimeout(r, 200));
    return seen;
  });
  // Once per policy: the header's and the <meta>'s.
  expect([...new Set(violated)]).toEqual(['connect-src https://unknown-host.example/x']);
});
