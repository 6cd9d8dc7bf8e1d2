// Issue 5, analyzers in the workbench: "Generate pseudo-references" with no LLM set up runs the analyzer
// that fits the diff's language in a worker (JSHint, the PyScent smells, the PMD rules on tree-sitter);
// its issues land in the pseudo-reference list with source and line, and clicking one reveals that line.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newSession } from './helpers-workbench.ts';
import { hubUnreachable } from './hub';

const JS_DIFF = `--- a/src/cart.js
+++ b/src/cart.js
@@ -20,7 +20,8 @@
 function total(items) {
   var sum = 0;
   for (var i = 0; i < items.length; i++) {
-    sum += items[i].price;
+    sum += items[i].price * items[i].qty
+    count++;
   }
   return sum;
 }
`;

// A new function with seven parameters: PyScent's long parameter list (more than 6).
const PY_DIFF = `--- a/app/report.py
+++ b/app/report.py
@@ -1,3 +1,5 @@
 import os
+def render(title, rows, width, height, margin, padding, border):
+    return title
 def main():
     pass
`;

// An import nothing uses: PMD's UnnecessaryImport.
const JAVA_DIFF = `--- a/src/main/java/shop/Cart.java
+++ b/src/main/java/shop/Cart.java
@@ -1,7 +1,8 @@
 package shop;
 
+import java.util.List;
 public class Cart {
     int total() {
         return 0;
     }
 }
`;

async function generateFor(page: Page, diff: string, language: string) {
  await newSession(page);
  await page.getByTestId('diff-input').fill(diff);
  await expect(page.getByTestId('language-select')).toHaveValue(language);
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
}

const issueItems = (page: Page, source: string): Locator =>
  page.getByTestId('pref-item').filter({ has: page.locator('.badge.source', { hasText: source }) });

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('JSHint issues appear with source and line; clicking one reveals that line in the code view', async ({ page }) => {
  await generateFor(page, JS_DIFF, 'javascript');
  await expect(page.getByTestId('claims-summary')).toHaveText(
    /LLM: not set up .* · JSHint: 1 issue$/,
  );
  const items = issueItems(page, 'JSHint');
  await expect(items).toHaveCount(1);
  const item = items.first();
  await expect(item.locator('.badge.kind-issue')).toHaveText('issue');
  await expect(item.getByTestId('reveal-line')).toHaveText('line 23');
  await expect(item.locator('.pref-text')).toHaveText('line 23, col 41, Missing semicolon.');
  await expect(item.getByTestId('pref-readable')).toHaveText('Missing semicolon. (JSHint W033, line 23, column 41)');

  // The code view shows the hunk with the file's numbering; the revealed line is new-file line 23.
  const modified = page.locator('.monaco-diff-editor .editor.modified');
  await expect(modified.locator('.view-line', { hasText: 'items[i].qty' })).toBeVisible();
  await expect(modified.locator('.monaco-reveal-line')).toHaveCount(0);
  await item.locator('.pref-text').click();
  const mark = modified.locator('.monaco-reveal-line');
  await expect(mark).toHaveCount(1);
  const top = async (l: Locator) => (await l.boundingBox())!.y;
  const lineTop = await top(modified.locator('.view-line', { hasText: 'items[i].qty' }));
  expect(Math.abs((await top(mark)) - lineTop)).toBeLessThan(2);
  const gutter = modified.locator('.line-numbers', { hasText: /^23$/ });
  expect(Math.abs((await top(gutter)) - lineTop)).toBeLessThan(2);
});

test('the Python smells run in the browser and add a PyScent issue on the changed line', async ({ page }) => {
  await generateFor(page, PY_DIFF, 'python');
  await expect(page.getByTestId('claims-summary')).toContainText(/PyScent: [1-9]\d* issues?$/);
  const item = issueItems(page, 'PyScent').first();
  await expect(item.locator('.badge.kind-issue')).toHaveText('issue');
  await expect(item.getByTestId('reveal-line')).toHaveText('line 2');
  await expect(item.locator('.pref-text')).toContainText('render');
});

test('the PMD rules run in the browser and add an UnnecessaryImport issue in the study\'s form', async ({ page }) => {
  await generateFor(page, JAVA_DIFF, 'java');
  await expect(page.getByTestId('claims-summary')).toContainText('PMD: 1 issue');
  const item = issueItems(page, 'PMD').first();
  await expect(item.getByTestId('reveal-line')).toHaveText('line 3');
  expect(await item.locator('.pref-text').textContent()).toBe("line 3, UnnecessaryImport:\tUnused import 'java.util.List'");
});

test('a worker that fails to load gives a clear failure, and the next click starts a fresh one', async ({ page }) => {
  // The analyzers' worker script (dev: /src/analyzers/worker.ts; build: /assets/worker-<hash>.js) fails once.
  let refused = 0;
  await page.route(/\/src\/analyzers\/worker\.ts|\/assets\/worker-[^/]*\.js/, async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (refused === 0 && body.includes('tree-sitter')) {
      refused++;
      await route.fulfill({ status: 503, body: 'unavailable' });
    } else await route.fulfill({ response: res, body });
  });
  await generateFor(page, JS_DIFF, 'javascript');
  await expect(page.getByTestId('claims-summary')).toContainText(
    'JSHint: failed (The analyzer worker failed to load or crashed.)',
  );
  expect(refused).toBe(1);
  await expect(issueItems(page, 'JSHint')).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  await expect(page.getByTestId('claims-summary')).toContainText('JSHint: 1 issue');
  await expect(issueItems(page, 'JSHint')).toHaveCount(1);
});
