// Issue 30 (Scale): a large JSONL file's rows leave their code in the file (src/store/rowCode.ts). Opening such a
// change in the workbench reads its old and new files back from the picked file; a file gone from the disk since
// opens the diff and says why the files are missing, never showing empty files as the change's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sampleRows } from '../src/core/importers/sample';
import { hubUnreachable } from './hub';
import { researchView } from './helpers-research';

test.setTimeout(180_000);

test.beforeEach(async ({ context }) => {
  await hubUnreachable(context);
});

type Hook = { getState(): { imported: { rows: { oldCode: string | null; codeAt?: unknown }[] } | null } };

/** A marker without spaces (Monaco draws spaces as no-break spaces). */
const mark = (side: 'old' | 'new', id: string) => `${side}_file_of_${id.replace(/-/g, '_')}`;

async function openFirstExample(page: Page): Promise<string> {
  // The same page (no reload): the picked file stays the one the rows were read from.
  await page.evaluate(() => void (location.hash = '#research'));
  await researchView(page, 'explore');
  await page.getByTestId('example-row').first().click();
  await expect(page).toHaveURL(/#workbench/);
  const name = await page.locator('[data-testid="session-item"][data-active] .session-name').textContent();
  return name!.split(' · ')[0];
}

test('a streamed change opens in the workbench with its old and new files; a file gone since opens without them, and says so', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-open-'));
  try {
    const rows = (sampleRows(900, 11) as { id: string }[]).map((r) => ({
      ...r,
      old_code: `# ${mark('old', r.id)}\nvalue = 1\n`.repeat(3),
      new_code: `# ${mark('new', r.id)}\nvalue = 2\n`.repeat(3),
    }));
    const text = rows.map((r) => JSON.stringify(r)).join('\n');
    // Above the 1 MB the page streams in the import worker (importRun.ts WORKER_CHARS).
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    const file = path.join(dir, 'large-with-code.jsonl');
    fs.writeFileSync(file, text);

    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('import-rows')).toHaveText('900', { timeout: 120_000 });
    // Streamed: the page's rows hold where their code is, not the code.
    const left = await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().imported!.rows.filter((r) => r.codeAt && r.oldCode === null).length);
    expect(left).toBe(900);
    await page.getByTestId('research-similarity').selectOption('lexical');
    await page.getByTestId('research-run').click();
    await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });

    const id = await openFirstExample(page);
    await expect(page.getByTestId('diff-input')).toHaveValue(/@@ -\d+,2/);
    await page.getByTestId('mode-files').click();
    await expect(page.getByTestId('editor-old')).toContainText(mark('old', id));
    await expect(page.getByTestId('editor-new')).toContainText(mark('new', id));
    await expect(page.getByTestId('code-unread')).toHaveCount(0);

    // The picked file is deleted: the next change opens with its diff, and the workbench says why it has no files.
    fs.rmSync(file);
    await openFirstExample(page);
    await expect(page.getByTestId('code-unread')).toContainText(/could not be read from large-with-code\.jsonl .*Import the file again/);
    await expect(page.getByTestId('diff-input')).toHaveValue(/@@ -\d+,2/);
    for (const [w, h] of [
      [1024, 768],
      [1440, 900],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('code-unread').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`code-unread-${w}.png`) });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
