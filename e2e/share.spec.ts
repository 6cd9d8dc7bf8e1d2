// Issue 17, share a case by link: "Copy link" puts the case in the URL fragment; a fresh browser opens it after
// asking; the LLM key and the GitHub token never enter the link; a case too long for a link becomes a file.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { openLlmSettings } from './helpers-workbench.ts';

const KEY = 'sk-share-SECRET-KEY-5f4e3d2c1b';
const TOKEN = 'ghp_share0SECRET0TOKEN0abc123';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

/** The JSON a case link carries, read the way the app writes it (deflate-raw, base64url). */
function linkJson(link: string): string {
  const v = decodeURIComponent(link.split('#case=')[1]);
  expect(v.startsWith('1r.')).toBe(true);
  return inflateRawSync(Buffer.from(v.slice(3), 'base64url')).toString('utf8');
}

async function withSecrets(page: Page) {
  await page.goto('/#github');
  await page.getByTestId('gh-token').fill(TOKEN);
  await page.getByTestId('tab-workbench').click();
  await openLlmSettings(page);
  await page.getByLabel('API key').fill(KEY);
}

test('copy a link, open it in a fresh browser after being asked, and find the same case; no key or token in it', async ({ page, browser }) => {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await withSecrets(page);
  await page.getByTestId('similarity-lexical').click();
  const slider = page.getByTestId('tau-slider');
  await slider.focus();
  for (let k = 0; k < 300; k++) await page.keyboard.press('ArrowLeft');
  const tau = await page.getByTestId('tau-value').textContent();
  const review = await page.getByTestId('review-input').inputValue();
  const refs = await page.getByTestId('pref-item').count();
  expect(refs).toBeGreaterThan(0);
  await page.getByTestId('pref-enabled').first().uncheck();
  const rel = await page.getByTestId('score-rel').getAttribute('data-value');

  await page.getByTestId('share-copy').click();
  await expect(page.getByTestId('share-status')).toContainText('Link copied');
  const link = await page.getByTestId('share-link').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(/^http:\/\/localhost:\d+\/#case=1r\.[A-Za-z0-9_-]+$/);
  expect(link.length).toBeLessThan(8000);
  const json = linkJson(link);
  for (const secret of [KEY, TOKEN]) {
    expect(link).not.toContain(secret);
    expect(json).not.toContain(secret);
  }
  expect(json).toContain('"similarity":"lexical"');

  const fresh = await browser.newContext();
  await hubUnreachable(fresh);
  const other = await fresh.newPage();
  await other.goto(link);
  const prompt = other.getByTestId('shared-case');
  await expect(prompt).toContainText('Open the shared case');
  await expect(prompt).toContainText(`τ ${tau}`);
  await expect(prompt).toContainText('It opens as a new session');
  const before = await other.getByTestId('session-item').count();
  await other.getByTestId('shared-case-open').click();
  await expect(prompt).toBeHidden();
  await expect(other.getByTestId('session-item')).toHaveCount(before + 1);
  await expect(other.getByTestId('review-input')).toHaveValue(review);
  await expect(other.getByTestId('pref-item')).toHaveCount(refs);
  await expect(other.getByTestId('pref-enabled').first()).not.toBeChecked();
  await expect(other.getByTestId('similarity-lexical')).toHaveAttribute('aria-checked', 'true');
  await expect(other.getByTestId('tau-value')).toHaveText(tau!);
  await expect(other.getByTestId('score-rel')).toHaveAttribute('data-value', rel!);
  expect(other.url()).not.toContain('case=');
  // The same link again: the app says the case is already there and replaces nothing.
  await other.goto('about:blank');
  await other.goto(link);
  await expect(other.getByTestId('shared-case')).toContainText('You already have this case');
  await other.getByTestId('shared-case-existing').click();
  await expect(other.getByTestId('session-item')).toHaveCount(before + 1);
  await fresh.close();
});

test('a case too long for a link is saved as a session file, with a message', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await withSecrets(page);
  await page.getByTestId('session-new').click();
  // Random hex deflates to about half its size, and base64 adds a third: 20,000 hex digits need a ~13,000-character link.
  const noise = Array.from({ length: 200 }, (_, k) => `+x${k} = "${randomBytes(50).toString('hex')}"`).join('\n');
  await page.getByTestId('diff-input').fill(`--- a/n.py\n+++ b/n.py\n@@ -0,0 +1,200 @@\n${noise}\n`);
  await page.getByTestId('review-input').fill('Too much noise.');
  const download = page.waitForEvent('download');
  await page.getByTestId('share-copy').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.crscore\.json$/);
  await expect(page.getByTestId('share-status')).toHaveAttribute('data-kind', 'file');
  await expect(page.getByTestId('share-status')).toContainText('longer than the 8,000');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toContain('Too much noise.');
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(TOKEN);
});

test('a damaged link says so and changes nothing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  const before = await page.getByTestId('session-item').count();
  await page.goto('/#case=1r.AAAAbroken');
  await expect(page.getByTestId('shared-case-error')).toContainText('damaged');
  await expect(page.getByTestId('session-item')).toHaveCount(before);
});

// Issue 38: a link that brings its own similarity matrix (and names a model that never ran here) showed the
// matrix's scores as if the app had computed them. The app drops the matrix and asks to embed.
test('a crafted link with its own matrix shows no scores the app did not compute', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  const refs = ['The function now caches parsed configuration files.', 'A new test covers the cache eviction.'];
  const review = 'I like turtles and sunny weather.';
  const session = {
    name: 'Forged',
    input: { mode: 'diff', diff: '--- a/c.py\n+++ b/c.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n', fileName: 'c.py', language: 'python' },
    review,
    pseudoReferences: refs.map((text) => ({ text, kind: 'claim', source: 'user', enabled: true })),
    tau: 0.7314,
    similarity: 'embedding',
    splitMode: 'reference',
    embedding: { encoderId: 'mixedbread-ai/mxbai-embed-large-v1', rows: 2, cols: 1, data: [0.99, 0.99], selfData: [1, 0.99, 0.99, 1], pTexts: refs, rTexts: [review] },
  };
  const json = JSON.stringify({ format: 'crscore-studio/session', version: 1, session });
  await page.goto(`/#case=1r.${deflateRawSync(Buffer.from(json)).toString('base64url')}`);
  await page.getByTestId('shared-case-open').click();
  await expect(page.getByTestId('review-input')).toHaveValue(review);
  await expect(page.getByTestId('embed-needed')).toBeVisible();
  await expect(page.getByTestId('score-con')).toHaveCount(0);
  await expect(page.getByTestId('embed-ready')).toHaveCount(0);
  // No label credits the matrix to a model that never ran here (the paper's τ note and the model panel still name it).
  await expect(page.getByTestId('scored-by')).not.toContainText('mxbai');
});
