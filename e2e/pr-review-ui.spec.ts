// The pull request view as a person uses it, in Research and in the Workbench: a line for each match, the tool's
// and the reference's comments told apart, τ and the location weight re-deciding the matrix as `crscore pr-eval`
// does; a GitHub pull request (through the stub) judged with the reviewers a person ticks as the reference; and
// judging the judges on Martian's folder, every figure equal to `crscore pr-eval --judges --json` on the same files.
// Screenshots at two sizes with PR_SHOTS=folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { hubUnreachable } from './hub';
import { prEvalCli as cli, shoot } from './helpers-pr';
import { samplePr, type FixturePr } from './stubs/githubFixture';
import { startGithubStub, type GithubStub } from './stubs/githubStub';
import { samplePrFiles, type JudgesReport } from '../src/core/prreview/index';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-pr-ui-'));
// Martian's layout with two judge folders: generated golden comments and candidates, each judge's decisions
// recorded by scripts/prreview/martian_fixture.py (Martian's step 3 with a stub LLM).
const MARTIAN = path.resolve('src/core/prreview/fixtures/martian');

/** The pairs the pins name (C ↔ I) and the pairs drawn as lines, as sets of "issue,comment". */
async function pairs(page: Page): Promise<{ named: string[]; drawn: string[] }> {
  const view = page.getByTestId('pr-view');
  const named = await view.locator('.pr-pin').evaluateAll((pins) => {
    const out = new Set<string>();
    for (const p of pins) {
      const [kind, k] = p.getAttribute('data-pin')!.split('-');
      const m = /↔ [CI](\d+)/.exec(p.querySelector('.hit')?.textContent ?? '');
      if (!m) continue;
      out.add(kind === 'tool' ? `${Number(m[1]) - 1},${k}` : `${k},${Number(m[1]) - 1}`);
    }
    return [...out].sort();
  });
  const drawn = await view.getByTestId('pr-line').evaluateAll((ls) => ls.map((l) => `${l.getAttribute('data-issue')},${l.getAttribute('data-comment')}`).sort());
  return { named, drawn };
}

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

function writeSweCare(): string[] {
  const root = path.join(tmp, 'swe-care');
  for (const f of samplePrFiles('swe-care')) {
    fs.mkdirSync(path.join(root, path.dirname(f.path)), { recursive: true });
    fs.writeFileSync(path.join(root, f.path), f.text);
  }
  return ['--dataset', path.join(root, 'swe-care/instances.jsonl'), '--predictions', `sys-a=${path.join(root, 'swe-care/sys-a.jsonl')}`, '--predictions', `sys-b=${path.join(root, 'swe-care/sys-b.jsonl')}`, '--evaluator', 'crscore', '--matcher', 'lexical'];
}

test('the PR view draws a line per match, labels tool and reference, and τ and the location weight re-decide it as pr-eval does; the Workbench opens the same view', async ({ page }) => {
  test.setTimeout(480_000);
  const args = writeSweCare();
  const base = cli(args);
  const heavy = cli([...args, '--location-weight', '0.8', '--tau', '0.3']);
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-sample-swe-care').click();
  await expect(page.getByTestId('pr-rows')).toBeVisible({ timeout: 120_000 });
  const out = await base;
  // The pull request with the most matches at the default τ, so that lines are there to see.
  // Judged against reference issues (the CLI judges a PR without any against its pseudo-references; the browser does
  // so only with its Pseudo-references choice, e2e/pr-pseudorefs.spec.ts).
  const row = out.rows.filter((r) => r.system === 'sys-a' && r.p_from === 'reference issues').sort((a, b) => (b.issues_found as number) + (b.comments_addressing as number) - ((a.issues_found as number) + (a.comments_addressing as number)))[0];
  expect(row.issues_found as number).toBeGreaterThan(0);
  const rowsOnPage = await page.getByTestId('pr-rows').locator('tbody tr').evaluateAll((trs) => trs.map((tr) => `${tr.querySelector('button')!.getAttribute('title')}|${tr.children[1].textContent}`));
  await page.getByTestId('pr-rows').locator('tbody tr').nth(rowsOnPage.indexOf(`${row.pr}|${row.system}`)).locator('button').click();
  await expect(page.getByTestId('pr-con')).toHaveText((row.con as number).toFixed(3));
  await expect(page.getByTestId('pr-comp')).toHaveText((row.comp as number).toFixed(3));

  // Every pin says whose it is in words, not colour alone; a line for each pair the pins name, none else.
  const view = page.getByTestId('pr-view');
  await expect(view.locator('.pr-pin[data-kind=tool] .pr-pin-tag')).toHaveText(Array(row.num_comments as number).fill('tool'));
  await expect(view.locator('.pr-pin[data-kind=reference] .pr-pin-tag')).toHaveText(Array(row.num_issues as number).fill('reference'));
  let p = await pairs(page);
  expect(p.drawn.length).toBeGreaterThan(0);
  expect(p.drawn).toEqual(p.named);
  const d = await view.getByTestId('pr-line').first().getAttribute('d');
  expect(d).toMatch(/^M [\d.]+ [\d.]+ C /);

  // A pair's decision: its location score, its text similarity and the rule, which τ flips.
  // The pair with the highest similarity: a located pair scores its text similarity, which may be 0.
  const open = view.locator('td[data-testid^=pr-cell-]:not(.gated)');
  const values = (await open.allTextContents()).map(Number);
  const cell = open.nth(values.indexOf(Math.max(...values)));
  const s = Number(await cell.textContent());
  expect(s).toBeGreaterThan(0.02);
  await cell.click();
  await page.getByTestId('pr-tau').fill(String(Math.min(1, s + 0.01)));
  await expect(page.getByTestId('pr-decision-rule')).toHaveText('at or below τ');
  await expect(page.getByTestId('pr-decision')).toContainText('text similarity');
  await expect(page.getByTestId('pr-decision-location')).toHaveText(/^[01]$/);
  await page.getByTestId('pr-tau').fill(String(Math.max(0, s - 0.02)));
  await expect(page.getByTestId('pr-decision-rule')).toHaveText('above τ');
  await expect(cell).toHaveAttribute('data-match', '1');

  // τ 1: nothing matches, no line. τ 0.3 and location weight 0.8: the CLI's row under the same flags.
  await page.getByTestId('pr-tau').fill('1');
  await expect(view.getByTestId('pr-line')).toHaveCount(0);
  const hv = (await heavy).rows.find((r) => r.pr === row.pr && r.system === row.system)!;
  await page.getByTestId('pr-tau').fill('0.3');
  await page.getByTestId('pr-weight').fill('0.8');
  await expect(page.getByTestId('pr-con')).toHaveText((hv.con as number).toFixed(3));
  await expect(page.getByTestId('pr-comp')).toHaveText((hv.comp as number).toFixed(3));
  p = await pairs(page);
  expect(p.drawn).toEqual(p.named);

  // One slider step, from the input event to the next frame: the matrix re-decided and the lines redrawn.
  const steps: number[] = [];
  for (const v of ['0.35', '0.25', '0.3']) {
    steps.push(
      await page.evaluate(
        (value) =>
          new Promise<number>((resolve) => {
            const el = document.querySelector<HTMLInputElement>('[data-testid=pr-tau]')!;
            const t0 = performance.now();
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
            el.dispatchEvent(new Event('input', { bubbles: true }));
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0)));
          }),
        v,
      ),
    );
  }
  console.log(`PR-VIEW-STEP ms ${steps.map((x) => x.toFixed(1)).join(' ')} (${row.num_issues}×${row.num_comments})`);
  await page.getByTestId('pr-weight').fill('0.2');
  await page.getByTestId('pr-tau').fill('0.149');
  await shoot(page, 'pr-view');

  // The Workbench: the same view on the same store, its PR and system picked there.
  await page.getByTestId('tab-workbench').click();
  await page.getByTestId('wb-view-pr').click();
  await expect(page).toHaveURL(/#workbench\/pull-request$/);
  await expect(page.getByTestId('pr-workbench').getByTestId('pr-view')).toBeVisible();
  await expect(page.getByTestId('prw-pr')).toHaveValue(row.pr);
  await expect(page.getByTestId('pr-con')).toHaveText((row.con as number).toFixed(3));
  const other = out.rows.find((r) => r.pr === row.pr && r.system === 'sys-b')!;
  await page.getByTestId('prw-system').selectOption('sys-b');
  await expect(page.getByTestId('pr-view').locator('h3')).toContainText('sys-b');
  await expect(page.getByTestId('pr-con')).toHaveText((other.con as number).toFixed(3));
  await shoot(page, 'pr-workbench');
  await page.getByTestId('pr-back').click();
  await expect(page).toHaveURL(/#research\/pull-requests$/);
  await page.getByTestId('tab-workbench').click();
  await page.getByTestId('wb-view-session').click();
  await expect(page.getByTestId('sessions')).toBeVisible();
});

const reviewed = (): FixturePr => {
  const pr = samplePr({ owner: 'octo-org', repo: 'shop-service', number: 77 });
  pr.comments = [
    { id: 1, path: 'cache/store.py', line: 9, body: 'Do not use a bare except here; catch OSError and ValueError instead.', user: 'maria' },
    { id: 2, path: 'web/cart.js', line: 6, body: 'Validate the discount: it may be undefined.', user: 'maria' },
    { id: 3, path: 'cache/store.py', line: 9, body: 'A bare except hides errors: catch OSError instead.', user: 'coderabbitai[bot]' },
    { id: 4, path: 'cache/store.py', line: 2, body: 'The os import is unused.', user: 'coderabbitai[bot]' },
    { id: 5, path: 'web/cart.js', line: 6, body: 'The discount may be undefined here; validate it.', user: 'copilot-pull-request-reviewer[bot]' },
    { id: 6, path: 'web/cart.js', line: 6, body: 'Thanks, will do.', user: 'bob', replyTo: 2 },
  ];
  return pr;
};

test.describe('a GitHub pull request as whole reviews', () => {
  let stub: GithubStub;
  test.beforeAll(async () => {
    stub = await startGithubStub({ pulls: [reviewed()] });
  });
  test.afterAll(async () => {
    await stub?.close();
  });

  test('each reviewer a system (bots included), the ticked one the reference, and the leaderboard equals pr-eval on the same rows', async ({ page }) => {
    test.setTimeout(300_000);
    await page.goto('/#github');
    await page.getByTestId('gh-url').fill(`${stub.web}/octo-org/shop-service/pull/77`);
    await page.getByTestId('gh-api-base').fill(stub.apiBase);
    await page.getByTestId('gh-load').click();
    const whole = page.getByTestId('gh-whole');
    await expect(whole).toBeVisible();
    // The reply's author wrote no review of their own: not offered.
    await expect(whole.getByTestId('gh-ref')).toHaveCount(3);
    await expect(page.getByTestId('gh-whole-research')).toBeDisabled();
    await whole.locator('[data-author="maria"]').check();
    await shoot(page, 'pr-github-whole');
    await page.getByTestId('gh-whole-research').click();
    await expect(page).toHaveURL(/#research\/pull-requests$/);
    await expect(page.getByTestId('pr-summary')).toContainText('a GitHub pull request; 1 pull requests, 2 systems (coderabbitai[bot], copilot-pull-request-reviewer[bot])');
    // The importer asked GitHub's documented endpoints.
    const asked = stub.requests.map((r) => new URL(r.url, stub.web).pathname);
    for (const tail of ['/pulls/77', '/pulls/77/comments', '/pulls/77/reviews', '/pulls/77/files']) expect(asked.some((u) => u.endsWith(tail)), tail).toBe(true);

    const rows = await page.evaluate(() => (globalThis as unknown as { __crscorePrReview: { getState(): { files: { path: string; text: string }[] } } }).__crscorePrReview.getState().files[0].text);
    const file = path.join(tmp, 'octo-org-shop-service-pr77.jsonl');
    fs.writeFileSync(file, rows);
    const out = await cli(['--dataset', file, '--reference-systems', 'maria', '--evaluator', 'codefuse']);
    const lb = page.getByTestId('pr-leaderboard');
    await expect(lb).toContainText(out.signature, { timeout: 120_000 });
    const cells = await lb.locator('td[data-stat]').evaluateAll((tds) => tds.map((td) => ({ system: td.closest('tr')!.getAttribute('data-system')!, stat: td.getAttribute('data-stat')!, value: Number(td.getAttribute('data-value')) })));
    expect(cells.length).toBe(out.aggregates.systems.reduce((n, s) => n + Object.keys(s.stats).length, 0));
    for (const c of cells) expect(c.value, `${c.system} ${c.stat}`).toBeCloseTo(out.aggregates.systems.find((s) => s.system === c.system)!.stats[c.stat].value, 10);

    // Another reference: re-read, not re-fetched.
    const before = stub.requests.length;
    await page.getByTestId('pr-github-refs').locator('[data-author="coderabbitai[bot]"]').check();
    await expect(page.getByTestId('pr-summary')).toContainText('1 pull requests, 1 systems (copilot-pull-request-reviewer[bot])');
    expect(stub.requests.length).toBe(before);

    // The Workbench's pull request view: the comments pinned on the hunks they were written on, a line per match.
    await page.goto('/#github');
    await page.getByTestId('gh-url').fill(`${stub.web}/octo-org/shop-service/pull/77`);
    await page.getByTestId('gh-api-base').fill(stub.apiBase);
    await page.getByTestId('gh-load').click();
    await page.getByTestId('gh-whole').locator('[data-author="maria"]').check();
    await page.getByTestId('gh-whole-workbench').click();
    await expect(page).toHaveURL(/#workbench\/pull-request$/);
    const view = page.getByTestId('pr-view');
    await expect(view).toBeVisible();
    await expect(view.locator('h3')).toContainText('octo-org/shop-service#77 · coderabbitai[bot]');
    expect(await view.locator('.pr-hunk').count()).toBeGreaterThan(0);
    await expect(page.getByTestId('pr-unplaced').locator('.pr-pin')).toHaveCount(0);
    const p = await pairs(page);
    expect(p.drawn).toEqual(p.named);
    expect(p.drawn).toContain('0,0');
    // Review text is shown as text: the comment's words, never markup.
    await expect(view.locator('.pr-pin[data-pin="tool-0"] .pin-text')).toHaveText('A bare except hides errors: catch OSError instead.');
    await shoot(page, 'pr-view-github');

    // Reference-free in the Workbench: the same Pseudo-references choice as Research's; the rows become the diff's
    // tree claims, each pinned on its hunk and tagged as a pseudo-reference.
    const choice = page.getByTestId('pr-workbench').getByTestId('pr-pseudo-refs');
    await choice.selectOption('tree-claims');
    await expect(page.getByTestId('pr-workbench').getByTestId('pr-pseudo')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    await expect(view.getByText('the pseudo-references of its diff (tree-claims)')).toBeVisible();
    expect(await view.locator('.pr-pin-tag.pseudo').count()).toBeGreaterThan(0);
    await expect(view.locator('.pr-pin-tag.reference')).toHaveCount(0);
    await shoot(page, 'pr-workbench-pseudo');
    await choice.selectOption('none');
    await expect(view.locator('.pr-pin-tag.reference').first()).toBeVisible();

    // Pasted in the Workbench: the importer reads it (its API base and token rules), ready to tick a reference.
    const asked0 = stub.requests.length;
    await page.getByTestId('prw-url').fill(`${stub.web}/octo-org/shop-service/pull/77`);
    await page.getByTestId('prw-load').click();
    await expect(page).toHaveURL(/#github$/);
    await expect(page.getByTestId('gh-url')).toHaveValue(`${stub.web}/octo-org/shop-service/pull/77`);
    await expect(page.getByTestId('gh-whole').getByTestId('gh-ref')).toHaveCount(3);
    await expect.poll(() => stub.requests.length).toBeGreaterThan(asked0);
  });
});

test("judging the judges on Martian's folder equals crscore pr-eval --judges --json", async ({ page }) => {
  test.setTimeout(480_000);
  const cliOut = cli<JudgesReport>(['--dataset', MARTIAN, '--judges']);
  await page.goto('/#research/pull-requests');
  await page.getByTestId('pr-folder').setInputFiles(MARTIAN);
  await expect(page.getByTestId('pr-summary')).toContainText('judges judge-x, judge-y');
  await page.getByTestId('pr-judges-run').click();
  const table = page.getByTestId('pr-judges-table');
  await expect(table).toBeVisible({ timeout: 240_000 });
  const out = await cliOut;
  const shown = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      judge: tr.getAttribute('data-judge')!,
      against: tr.getAttribute('data-against')!,
      kind: tr.getAttribute('data-kind')!,
      f: Object.fromEntries([...tr.querySelectorAll('td[data-f]')].map((td) => [td.getAttribute('data-f')!, td.getAttribute('data-value')!])),
    })),
  );
  expect(shown).toHaveLength(out.rows.length);
  // The ceiling: each judge against the other is on the page.
  expect(shown.filter((r) => r.kind === 'judge').map((r) => `${r.judge}>${r.against}`).sort()).toEqual(['judge-x>judge-y', 'judge-y>judge-x']);
  for (const r of out.rows) {
    const s = shown.find((x) => x.judge === r.judge && x.against === r.against)!;
    const want: Record<string, number | null> = {
      'golden.accuracy': r.golden.accuracy,
      'golden.kappa': r.golden.kappa,
      'golden.n': r.golden.n,
      'candidates.accuracy': r.candidates?.accuracy ?? null,
      'candidates.kappa': r.candidates?.kappa ?? null,
      spearman: r.spearman,
      kendall: r.kendall,
    };
    for (const [k, v] of Object.entries(want)) {
      if (v === null || !Number.isFinite(v)) expect(s.f[k], `${r.judge} ${r.against} ${k}`).toMatch(/^(|NaN|null)$/);
      else expect(Number(s.f[k]), `${r.judge} ${r.against} ${k}`).toBeCloseTo(v, 12);
    }
  }
  // Each tool's F1: the judge's own, and each matcher's on that judge's candidates.
  const f1 = page.getByTestId('pr-judges-f1');
  for (const j of out.judges)
    for (const t of out.published[j]) expect(Number(await f1.locator(`tr[data-tool="${t.tool}"] td[data-judge="${j}"][data-against=""]`).getAttribute('data-value'))).toBeCloseTo(t.f1, 12);
  for (const r of out.rows.filter((x) => x.kind === 'matcher'))
    for (const t of r.tools) expect(Number(await f1.locator(`tr[data-tool="${t.tool}"] td[data-judge="${r.judge}"][data-against="${r.against}"]`).getAttribute('data-value'))).toBeCloseTo(t.f1, 12);
  await expect(page.getByTestId('pr-judges-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByTestId('pr-judges').scrollIntoViewIfNeeded();
  await shoot(page, 'pr-judges');
});
