// The Workbench's one diff with the pseudo-reference sources `crscore score --pseudo-refs` has: tree claims (no
// model, no key) made in the analyzers' worker by the CLI's function, and offline (tree claims + analyzer issues).
import { expect, test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { newSession } from './helpers-workbench';

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

const GO = '@@ -1,3 +1,3 @@\n-func Close(a int) error {\n+func Close(a int64) error {\n \treturn nil\n }\n';
const JAVA = '@@ -1,4 +1,6 @@\n   public void start(Output output) {\n-    register(listener, 3);\n+    if (output != null) {\n+      output.onDestroy(listener);\n+    }\n   }\n';

test('tree claims on a Go hunk and offline on a Java one, chosen by their CLI names; no LLM is asked', async ({ page }) => {
  await newSession(page);
  await page.getByTestId('diff-input').fill(GO);
  await page.getByTestId('claims-source').selectOption('tree-claims');
  await expect(page.locator('.claims-hint').last()).toHaveText('Tree claims: go');
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  await expect(page.getByTestId('claims-summary')).toHaveText('Tree claims: 1 claim');
  // The sentence the CLI's tree claims give for this hunk (src/pseudorefs/treeClaimsBatch.test.ts).
  await expect(page.getByTestId('pref-item').filter({ hasText: 'The change changes the type of the parameter' })).toHaveCount(1);

  await newSession(page);
  await page.getByTestId('diff-input').fill(JAVA);
  await page.getByTestId('language-select').selectOption('java');
  await page.getByTestId('claims-source').selectOption('offline');
  await page.getByRole('button', { name: 'Generate pseudo-references' }).click();
  await expect(page.getByTestId('claims-summary')).toContainText(/PMD: .* · Tree claims: [1-9]\d* claims?/);
  await expect(page.getByTestId('claims-summary')).not.toContainText('LLM');
});
