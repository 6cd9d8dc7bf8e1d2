// Issue 17 in real Chromium: paste a pull request, pick review comments, see them scored in the workbench; every
// error answered with the input kept; a GitHub Enterprise base URL; the whole pull request to Research. The token
// must travel in the Authorization header only: never in a URL, localStorage (unless remembered) or the console.
import { expect, test, type Page } from '@playwright/test';
import { samplePr, type FixturePr } from './stubs/githubFixture';
import { startGithubStub, type GithubStub, type StubMode } from './stubs/githubStub';
import { startLlmStub } from './stubs/llmStub';
import { hubUnreachable } from './hub';
import { openLlmSettings } from './helpers-workbench.ts';

const TOKEN = 'ghp_E2E0SECRET0TOKEN0qwerty0123456789';
// A link on the stub's own host: the app never picks the API from a link, so a link must be on the API base's host.
const url42 = () => `${stub.web}/octo-org/shop-service/pull/42`;

// Not the sample: another owner and repository, Java and a new Python file, a reply by the pull request's author.
const other: FixturePr = {
  owner: 'acme',
  repo: 'billing.core',
  number: 318,
  title: 'Invoice rounding',
  author: 'zoe',
  headSha: '9'.repeat(40),
  baseSha: '1'.repeat(40),
  files: [
    { path: 'src/main/java/acme/Invoice.java', before: 'package acme;\n\npublic class Invoice {\n  double total;\n}\n', after: 'package acme;\n\nimport java.util.List;\n\npublic class Invoice {\n  double total;\n  public double rounded() { return Math.round(total * 100) / 100.0; }\n}\n' },
    { path: 'tools/check.py', before: null, after: 'def check(x):\n    if x == None:\n        return False\n    return True\n' },
  ],
  comments: [
    { id: 7, path: 'src/main/java/acme/Invoice.java', line: 7, body: 'Use BigDecimal for money; doubles lose cents.', user: 'yuki' },
    { id: 8, path: 'tools/check.py', line: 2, body: 'Compare with None using is.', user: 'yuki' },
    { id: 9, path: 'tools/check.py', line: 2, body: 'Agreed, and add a docstring.', user: 'zoe', replyTo: 8 },
  ],
  reviews: [{ id: 1, user: 'yuki', body: 'Money handling needs care.', state: 'CHANGES_REQUESTED' }],
};

let stub: GithubStub;
let ghe: GithubStub;
const seen: string[] = [];

test.beforeAll(async () => {
  stub = await startGithubStub({ pulls: [samplePr({ extraComments: 3 })] });
  ghe = await startGithubStub({ prefix: '/api/v3', pulls: [other] });
});
test.afterAll(async () => {
  await stub?.close();
  await ghe?.close();
  expect(seen.join('\n')).not.toContain(TOKEN);
});

test.beforeEach(async ({ page, context }) => {
  await hubUnreachable(context);
  stub.requests.length = 0;
  stub.mode = 'ok';
  stub.token = null;
  stub.pageSize = 2;
  page.on('console', (m) => seen.push(m.text()));
  page.on('pageerror', (e) => seen.push(e.message));
  page.on('request', (r) => seen.push(r.url()));
  page.on('framenavigated', (f) => seen.push(f.url()));
});

async function load(page: Page, input: string, apiBase: string, token = '') {
  await page.goto('/#github');
  await page.getByTestId('gh-url').fill(input);
  await page.getByTestId('gh-api-base').fill(apiBase);
  await page.getByTestId('gh-token').fill(token);
  await page.getByTestId('gh-load').click();
}

test('a private pull request: paste, pick two comments, see them scored in the workbench', async ({ page }) => {
  stub.token = TOKEN;
  await load(page, url42(), stub.apiBase, TOKEN);
  await expect(page.getByTestId('gh-summary')).toContainText('8 review comments (1 reply) by 5 authors');
  const items = page.getByTestId('gh-item');
  await expect(items).toHaveCount(8);
  // The reply sits under the comment it answers and is not picked unless replies are scored.
  const thread = page.locator('.gh-thread').first();
  await expect(thread.getByTestId('gh-item')).toHaveCount(2);
  await expect(thread.locator('.gh-replies')).toContainText('Good point, I will catch OSError.');
  await expect(thread.locator('.gh-replies input[type=checkbox]')).toBeDisabled();
  await expect(items.first()).toContainText('cache/store.py:9');
  await expect(items.first()).toContainText('python');
  await expect(page.getByTestId('gh-open')).toHaveText('Open 7 in the workbench');
  await page.getByRole('button', { name: 'none' }).click();
  await page.getByRole('checkbox', { name: 'Score the comment by alice on cache/store.py' }).check();
  await page.getByRole('checkbox', { name: 'Score the comment by carol on web/cart.js' }).check();
  await page.getByTestId('gh-metric-lexical').click();
  await page.getByTestId('gh-open').click();

  // The workbench, on the first picked comment, with the analyzers' pseudo-references from the head-commit file.
  await expect(page.getByTestId('workbench')).toBeVisible();
  await expect(page.getByTestId('review-input')).toHaveValue(/bare except/);
  await expect(page.getByTestId('pref-item')).toHaveCount(1);
  await expect(page.getByTestId('pref-item')).toContainText('too general exception');
  await expect(page.getByTestId('score-rel')).toBeVisible();
  // Lexical sessions start at the lexical τ; the review names the analyzer's "too general exception".
  await expect(page.getByTestId('tau-value')).toHaveText(/^0\.149/);
  expect(Number(await page.getByTestId('score-rel').getAttribute('data-value'))).toBeGreaterThan(0);
  await expect(page.locator('[data-testid=session-item][data-active]')).toContainText('shop-service#42 · alice on store.py:9');
  // The second session: JSHint's warning on the head-commit file.
  await page.getByTestId('session-item').filter({ hasText: 'carol on cart.js:4' }).getByRole('button').first().click();
  await expect(page.getByTestId('pref-item')).toContainText('Missing semicolon');

  for (const r of stub.requests) {
    expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(r.url).not.toContain(TOKEN);
  }
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(TOKEN);
});

test('each error is answered clearly and the input is kept', async ({ page }) => {
  const cases: [StubMode | 'private' | 'bad-token', string, RegExp][] = [
    ['not-found', '', /Not found: pull request octo-org\/shop-service#42.*private, add a token/],
    ['private', '', /private, add a token/],
    ['bad-token', 'ghp_wrong', /refused the token \(401/],
    ['rate-limit', '', /rate limit is used up; it resets at \d\d:\d\d \(in \d+ min\).*add a token/],
    ['drop', '', /Could not reach 127\.0\.0\.1:\d+ .*Check your connection and the API base URL/],
    ['no-cors', '', /Could not reach .*ask whoever runs this app to allow it/],
  ];
  for (const [mode, token, message] of cases) {
    stub.mode = mode === 'private' || mode === 'bad-token' ? 'ok' : mode;
    stub.token = mode === 'private' || mode === 'bad-token' ? TOKEN : null;
    await load(page, url42(), stub.apiBase, token);
    await expect(page.getByTestId('gh-error'), mode).toHaveText(message);
    // Plain words on screen; the technical cause (CORS, the Content-Security-Policy) only in the collapsed details.
    await expect(page.getByTestId('gh-error-message'), mode).not.toContainText(/CORS|Content-Security-Policy|docs\//);
    if (mode === 'drop' || mode === 'no-cors') {
      await expect(page.getByTestId('gh-error-details'), mode).not.toHaveAttribute('open', '');
      await expect(page.getByTestId('gh-error-details').locator('p')).toBeHidden();
      await expect(page.getByTestId('gh-error-details')).toContainText('CORS');
    }
    await expect(page.getByTestId('gh-url')).toHaveValue(url42());
    await expect(page.getByTestId('gh-api-base')).toHaveValue(stub.apiBase);
  }
  stub.mode = 'ok';
  stub.token = null;
  await page.getByTestId('gh-url').fill('https://github.com/octo-org/shop-service/issues/42');
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-error')).toHaveText(/is not a pull request\. This is an issue/);
  await expect(page.getByTestId('gh-url')).toHaveValue('https://github.com/octo-org/shop-service/issues/42');
  // And after the errors, the same input loads.
  await page.getByTestId('gh-url').fill('octo-org/shop-service#42');
  await page.getByTestId('gh-load').click();
  await expect(page.getByTestId('gh-item')).toHaveCount(8);
});

test('GitHub Enterprise base URL, replies scored, and the whole pull request to Research, one system per author', async ({ page }) => {
  await load(page, `${ghe.web}/acme/billing.core/pull/318`, ghe.apiBase);
  await expect(page.getByTestId('gh-summary')).toContainText('3 review comments (1 reply) by 2 authors');
  expect(ghe.requests.every((r) => r.url.startsWith('/api/v3/repos/acme/billing.core/'))).toBe(true);
  await expect(page.getByTestId('gh-item').first()).toContainText('java');
  await page.getByTestId('gh-include-replies').check();
  await expect(page.getByTestId('gh-research')).toHaveText('Send all 3 to Research');
  await page.getByTestId('gh-research').click();
  await expect(page.getByTestId('research')).toBeVisible();
  await expect(page.getByTestId('import-rows')).toHaveText('3');
  await expect(page.getByTestId('import-errors')).toHaveText('0');
  await expect(page.getByTestId('research-calibration-system').locator('option')).toHaveText(['yuki', 'zoe']);
});

test("an imported comment gets the LLM's claims with one click, and the analyzers' issue only once", async ({ page }) => {
  const llm = await startLlmStub('openai');
  try {
    await load(page, url42(), stub.apiBase);
    await page.getByRole('button', { name: 'none' }).click();
    await page.getByRole('checkbox', { name: 'Score the comment by alice on cache/store.py' }).check();
    await page.getByTestId('gh-open').click();
    await expect(page.getByTestId('pref-item')).toHaveCount(1);
    await openLlmSettings(page);
    await page.getByLabel('Base URL').fill(llm.baseUrl);
    await page.getByLabel('API key').fill('sk-e2e-github-llm');
    await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
    await expect(page.getByTestId('claims-summary')).toContainText('LLM: 2 claims, 2 implications');
    // The analyzer runs again on the same head-commit file: its issue is already listed and is not added twice.
    await expect(page.getByTestId('pref-item')).toHaveCount(5);
    await expect(page.getByTestId('pref-item').filter({ hasText: 'too general exception' })).toHaveCount(1);
    // The prompt carried the comment's hunk with its file header.
    expect(JSON.stringify(llm.requests[0].body)).toContain('+++ b/cache/store.py');
  } finally {
    await llm.close();
  }
});
