// Issue 27 in real Chromium: the GitHub token goes only to the host it was entered for. Stub GitHub hosts on
// 127.0.0.1 record every Authorization header they receive; a pasted link to one of them (with a token entered for
// github.com) never sends the token there, an API base changed by the user holds the token until the user says so,
// and hostile answers (javascript: links, traversal paths, next links elsewhere, huge or slow answers) change nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { samplePr } from './stubs/githubFixture';
import { startGithubStub, type GithubStub } from './stubs/githubStub';
import { hubUnreachable } from './hub';

const TOKEN = 'ghp_TRUST0E2E0TOKEN0for0github0com0123';

// The HTTPS stub's certificate is self-signed: this browser context accepts it, as it would a company's own CA.
test.use({ ignoreHTTPSErrors: true });

let tls: GithubStub;
let plain: GithubStub;
let certDir: string;
const seen: string[] = [];

test.beforeAll(async () => {
  // An HTTPS host, so that the old behaviour (a link's host became https://HOST/api/v3) would have reached it.
  certDir = mkdtempSync(path.join(tmpdir(), 'crscore-trust-'));
  const [key, cert] = [path.join(certDir, 'key.pem'), path.join(certDir, 'cert.pem')];
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  tls = await startGithubStub({ prefix: '/api/v3', pulls: [samplePr()], tls: { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') } });
  plain = await startGithubStub({ prefix: '/api/v3', pulls: [samplePr()] });
});
test.afterAll(async () => {
  await tls?.close();
  await plain?.close();
  rmSync(certDir, { recursive: true, force: true });
  expect(seen.join('\n')).not.toContain(TOKEN);
});
test.beforeEach(async ({ page, context }) => {
  await hubUnreachable(context);
  for (const s of [tls, plain]) {
    s.requests.length = 0;
    s.hostile = {};
    s.delayMs = 0;
    s.pageSize = 100;
  }
  page.on('console', (m) => seen.push(m.text()));
  page.on('request', (r) => seen.push(r.url()));
  page.on('framenavigated', (f) => seen.push(f.url()));
});

const authorizations = (s: GithubStub) => s.requests.map((r) => r.headers.authorization ?? null);

async function tokenForGithubCom(page: Page) {
  await page.goto('/#github');
  await expect(page.getByTestId('gh-api-base')).toHaveValue('https://api.github.com');
  await page.getByTestId('gh-token').fill(TOKEN);
  await expect(page.getByTestId('gh-token-host')).toHaveText('Sent only to api.github.com.');
}

test('a pasted link to another host never receives the token, and never changes the API base', async ({ page }) => {
  await tokenForGithubCom(page);
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  for (const stub of [tls, plain]) {
    const link = `${stub.web}/octo-org/shop-service/pull/42`;
    await page.getByTestId('gh-url').fill(link);
    await page.getByTestId('gh-load').click();
    const error = page.getByTestId('gh-error');
    await expect(error).toHaveAttribute('data-kind', 'wrong-host');
    await expect(error).toContainText(`This link is on 127.0.0.1:${new URL(stub.web).port}, but the API base is https://api.github.com`);
    await expect(error).toContainText('The app never picks a server from a link');
    await expect(page.getByTestId('gh-api-base')).toHaveValue('https://api.github.com');
    await expect(page.getByTestId('gh-url')).toHaveValue(link);
  }
  expect(authorizations(tls)).toEqual([]);
  expect(authorizations(plain)).toEqual([]);
  expect(asked.filter((u) => u.includes('127.0.0.1'))).toEqual([]);
  // Nothing was saved: after a reload the API base is still GitHub's.
  await page.reload();
  await expect(page.getByTestId('gh-api-base')).toHaveValue('https://api.github.com');
});

test('after the user changes the API base, the token waits for a yes: load without it, or send it there', async ({ page }) => {
  await tokenForGithubCom(page);
  await page.getByTestId('gh-api-base').fill(plain.apiBase);
  const host = new URL(plain.web).host;
  await expect(page.getByTestId('gh-token-host')).toHaveText(`This token was entered for api.github.com; it is not sent to ${host} unless you confirm (or enter it again).`);
  await page.getByTestId('gh-url').fill(`${plain.web}/octo-org/shop-service/pull/42`);
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-error')).toHaveAttribute('data-kind', 'token-host');
  await expect(page.getByTestId('gh-error')).toContainText(`Your token was entered for api.github.com, and the API base is now ${host}.`);
  expect(plain.requests).toHaveLength(0);
  for (const size of [
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: test.info().outputPath(`token-host-${size.width}.png`) });
  }

  await page.getByTestId('gh-token-skip').click();
  await expect(page.getByTestId('gh-item')).toHaveCount(5);
  expect(plain.requests.length).toBeGreaterThan(3);
  expect(authorizations(plain).every((a) => a === null)).toBe(true);

  // A second load asks again: "without" was for that load only.
  plain.requests.length = 0;
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-error')).toHaveAttribute('data-kind', 'token-host');
  expect(plain.requests).toHaveLength(0);
  await page.getByRole('button', { name: `Send my token to ${host}` }).click();
  await expect(page.getByTestId('gh-summary')).toBeVisible();
  // The summary shows after the pull request's own request; its comments' pages may still be on their way.
  await expect.poll(() => authorizations(plain).length).toBeGreaterThan(3);
  expect(authorizations(plain).every((a) => a === `Bearer ${TOKEN}`)).toBe(true);
  await expect(page.getByTestId('gh-token-host')).toHaveText(`Sent only to ${host}.`);
});

test('hostile answers: javascript: and foreign links stay text, a traversal path reaches nothing, a next link away stops the import', async ({ page }) => {
  const pr = samplePr();
  pr.comments.push({ id: 9001, path: '../../../../user', line: 1, body: 'Traversal.', user: 'mallory' });
  const hostile = await startGithubStub({ pulls: [pr] });
  try {
    hostile.hostile = { prHtmlUrl: 'javascript:alert(document.domain)', commentHtmlUrl: 'https://evil.example/phish' };
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    await page.goto('/#github');
    await page.getByTestId('gh-api-base').fill(hostile.apiBase);
    await page.getByTestId('gh-url').fill('octo-org/shop-service#42');
    await page.getByTestId('gh-load').click();
    await expect(page.getByTestId('gh-item')).toHaveCount(6);
    await expect(page.getByTestId('gh-pull-link-text')).toHaveText('javascript:alert(document.domain)');
    await expect(page.getByTestId('gh-pull-link')).toHaveCount(0);
    await expect(page.getByTestId('gh-item-link')).toHaveCount(0);
    await expect(page.getByTestId('gh-item-link-text').first()).toHaveText('https://evil.example/phish');
    expect(await page.locator('a[href^="javascript:"], a[href*="evil.example"]').count()).toBe(0);
    await expect(page.getByTestId('gh-pull').locator('.alert.warn')).toContainText(['unusable file path']);
    const paths = hostile.requests.map((r) => new URL(r.url, 'http://x').pathname);
    expect(paths.every((p) => p.startsWith('/repos/octo-org/shop-service/'))).toBe(true);
    await page.getByTestId('gh-pull-link-text').click();
    expect(dialogs).toBe(0);
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: test.info().outputPath(`hostile-links-${size.width}.png`), fullPage: true });
    }

    // Real links still work: the stub's own github.com pages.
    hostile.hostile = {};
    await page.getByTestId('gh-load').click();
    await expect(page.getByTestId('gh-pull-link')).toHaveAttribute('href', 'https://github.com/octo-org/shop-service/pull/42');

    hostile.pageSize = 2;
    hostile.hostile = { nextLink: 'http://127.0.0.1:9/user?page=2' };
    await page.getByTestId('gh-load').click();
    await expect(page.getByTestId('gh-error')).toContainText(/next-page link for the .* points away from 127\.0\.0\.1:\d+ \(to 127\.0\.0\.1:9\/user\); stopped/);
  } finally {
    await hostile.close();
  }
});

test('an oversize answer is refused, and a server that never answers times out, each with a clear message', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#github');
  await page.getByTestId('gh-api-base').fill(plain.apiBase);
  await page.getByTestId('gh-url').fill('octo-org/shop-service#42');
  plain.hostile = { padBytes: 21 * 1024 * 1024 };
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-error')).toHaveAttribute('data-kind', 'too-large');
  await expect(page.getByTestId('gh-error')).toHaveText('The answer for pull request octo-org/shop-service#42 is larger than 20 MB; refused (it would freeze the page). Is the API base a GitHub API?');
  plain.hostile = {};
  // 31 s: past the client's 30 s limit per request.
  plain.delayMs = 31_000;
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-progress')).toBeVisible();
  await expect(page.getByTestId('gh-error')).toHaveAttribute('data-kind', 'timeout', { timeout: 45_000 });
  await expect(page.getByTestId('gh-error')).toContainText(`${new URL(plain.web).host} did not answer within 30 s (pull request octo-org/shop-service#42)`);
  plain.delayMs = 0;
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-item')).toHaveCount(5);
});

// Issue 38: a field of the wrong type in an answer (diff_hunk: 5, a null comment) gave "Something went wrong".
test('an answer with a field of the wrong type is refused with the field named, and the view keeps working', async ({ page }) => {
  const broken = await startGithubStub({ pulls: [samplePr()] });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto('/#github');
    await page.getByTestId('gh-api-base').fill(broken.apiBase);
    await page.getByTestId('gh-url').fill('octo-org/shop-service#42');
    for (const [listItem, message] of [
      [(list: string, item: Record<string, unknown>, k: number) => (list === 'comments' && k === 1 ? { ...item, diff_hunk: 5 } : item), 'review comment 2 has "diff_hunk" a number (5), not a text'],
      [(list: string, item: Record<string, unknown>, k: number) => (list === 'comments' && k === 0 ? null : item), 'review comment 1 is null, not an object'],
    ] as const) {
      broken.hostile = { listItem };
      await page.getByTestId('gh-load').click();
      await expect(page.getByTestId('gh-error')).toHaveAttribute('data-kind', 'bad-response');
      await expect(page.getByTestId('gh-error')).toContainText(message);
    }
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    for (const size of [
      { width: 1024, height: 768 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await page.screenshot({ path: test.info().outputPath(`wrong-field-${size.width}.png`) });
    }
    // A good answer again: the pull request loads.
    broken.hostile = {};
    await page.getByTestId('gh-load').click();
    await expect(page.getByTestId('gh-item')).toHaveCount(5);
    expect(errors).toEqual([]);
  } finally {
    await broken.close();
  }
});
