// Issue 14, item 3: a diff-only JavaScript hunk that starts inside a function. JSHint on the hunk as it stands
// stops at line 1 and used to be reported as "JSHint: 0 issues"; the workbench now analyzes it inside a
// function wrapper (issues on the right new-file lines), and says "could not analyze" when nothing parses.
import { expect, test } from '@playwright/test';
import { newSession } from './helpers-workbench.ts';
import { hubUnreachable } from './hub';

const MID_FUNCTION = `--- a/src/cart.js
+++ b/src/cart.js
@@ -20,6 +20,7 @@ function total(items) {
       sum += items[i].price;
     }
-    return sum;
+    count = items.length
+    return sum / count;
   }
 
 module.exports = total;
`;

const BROKEN = `--- a/src/cart.js
+++ b/src/cart.js
@@ -1,2 +1,2 @@
-const a = f(1,
+const a = f(1, ,
+  2;; ) )) => {
`;

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

test('a diff-only JS hunk that starts mid-function: issues found, never a silent "0 issues"', async ({ page }) => {
  await newSession(page);
  await page.getByTestId('diff-input').fill(MID_FUNCTION);
  await expect(page.getByTestId('language-select')).toHaveValue('javascript');
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  const summary = page.getByTestId('claims-summary');
  await expect(summary).toContainText('JSHint: 1 issue (hunk 1: inside a function)');
  await expect(page.getByTestId('pref-item')).toHaveCount(1);
  await expect(page.getByTestId('pref-item').first()).toContainText('line 22, col 25, Missing semicolon.');

  await page.getByTestId('diff-input').fill(BROKEN);
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  await expect(summary).toContainText('JSHint: could not analyze: hunk 1 (new lines 1–2) does not parse on its own');
  await expect(summary).toContainText('whole file');
  await expect(summary).not.toContainText('0 issues');
});
