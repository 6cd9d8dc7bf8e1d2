// A large dataset is parsed in a worker (src/store/dataset/importRun.ts): the page shows what it is doing and how far,
// offers Cancel, and ends with exactly the rows of the one-thread parser; Cancel keeps the dataset on screen.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { sampleJsonl } from '../src/core/importers/sample';
import { importFiles } from '../src/core/importers/index';

test.setTimeout(180_000);

type Hook = { getState(): { imported: { rows: { id: string; reviews: unknown[] }[] } | null; datasetName: string | null } };

test('a large file is parsed in a worker, with progress, into the rows the parser gives, again after a reload; Cancel keeps the dataset on screen', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-import-'));
  try {
    // About 4 MB: above the size that goes to the worker (1 M characters).
    const text = sampleJsonl(3_000, 5);
    const file = path.join(dir, 'large.jsonl');
    fs.writeFileSync(file, text);
    const expected = importFiles([{ name: 'large.jsonl', text }]);
    await page.goto('/#research');
    await page.getByTestId('research-sample').click();
    await expect(page.getByTestId('import-rows')).toHaveText('36');

    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('import-rows')).toHaveText(String(expected.rows.length), { timeout: 120_000 });
    await expect(page.getByTestId('research-import-progress')).toHaveCount(0);
    const got = await page.evaluate(() => {
      const s = (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState();
      return { ids: s.imported!.rows.map((r) => r.id), reviews: s.imported!.rows.reduce((a, r) => a + r.reviews.length, 0), name: s.datasetName };
    });
    expect(got.ids).toEqual(expected.rows.map((r) => r.id));
    expect(got.reviews).toBe(expected.rows.reduce((a, r) => a + r.reviews.length, 0));
    expect(got.name).toBe('large.jsonl');
    // Saved for reload as the File itself (IndexedDB keeps a Blob without the page reading it), not as its text.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const r = indexedDB.open('crscore-research');
              r.onsuccess = () => {
                const get = r.result.transaction('meta').objectStore('meta').get('dataset');
                get.onsuccess = () => {
                  const f = (get.result as { files?: { name: string; blob?: unknown }[] } | undefined)?.files?.[0];
                  resolve(f ? `${f.name}:${f.blob instanceof Blob ? 'blob' : 'text'}` : 'none');
                };
              };
            }),
        ),
      )
      .toBe('large.jsonl:blob');
    // After a reload the saved copy is parsed in the worker again, into the same rows.
    await page.reload();
    await expect(page.getByTestId('import-rows')).toHaveText(String(expected.rows.length), { timeout: 120_000 });
    expect(await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().imported!.rows.map((r) => r.id))).toEqual(
      expected.rows.map((r) => r.id),
    );

    // A larger one, cancelled while it is parsed: the dataset on screen stays, nothing is refused.
    const huge = path.join(dir, 'huge.jsonl');
    fs.writeFileSync(huge, sampleJsonl(30_000, 6));
    await page.getByTestId('research-file').setInputFiles(huge);
    const progress = page.getByTestId('research-import-progress');
    await expect(progress).toBeVisible({ timeout: 60_000 });
    await expect(progress).toContainText(/Reading huge\.jsonl/);
    // At once: parsing 40 MB takes seconds, a click tens of milliseconds.
    await page.getByTestId('research-import-cancel').click({ timeout: 10_000 });
    await expect(progress).toHaveCount(0);
    await expect(page.getByTestId('import-rows')).toHaveText(String(expected.rows.length));
    expect(await page.evaluate(() => (globalThis as unknown as { __crscoreResearch: Hook }).__crscoreResearch.getState().datasetName)).toBe('large.jsonl');
    await expect(page.getByTestId('import-rejected')).toHaveCount(0);

    // The panel while a large file is parsed, to look at (best effort: the parse may end first).
    await page.getByTestId('research-file').setInputFiles(huge);
    for (const [w, h] of [[1024, 768], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.locator('.r-import').screenshot({ path: test.info().outputPath(`import-progress-${w}.png`), timeout: 5_000 }).catch(() => undefined);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
