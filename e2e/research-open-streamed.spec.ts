// Issue 30 (Scale): a large JSONL file's rows leave their code in the file (src/store/dataset/rowCode.ts). Opening such a
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

test("batch analyzer pseudo-references, the export and the hand-off to Research use a streamed change's files", async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-prefs-'));
  try {
    // JSHint reports 'missing' only with the file's first line (its directive), outside the diff: the files reached it.
    const filler = Array.from({ length: 40 }, (_, k) => `console.log(${k}); // ${'padding '.repeat(24)}`);
    const rows = Array.from({ length: 60 }, (_, k) => {
      const head = `/* jshint undef: true, devel: true */ // change ${k}`;
      return {
        id: `js-${k}`,
        lang: 'js',
        new_file: `f${k}.js`,
        diff: ['--- a/f.js', '+++ b/f.js', '@@ -41,1 +41,2 @@', ` ${filler[39]}`, '+var total = missing + 1;'].join('\n'),
        old_code: [head, ...filler, ''].join('\n'),
        new_code: [head, ...filler, 'var total = missing + 1;', ''].join('\n'),
        reviews: [{ system: 's1', review: 'Where does missing come from?' }],
      };
    });
    const text = rows.map((r) => JSON.stringify(r)).join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    const file = path.join(dir, 'large-js.jsonl');
    fs.writeFileSync(file, text);

    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('import-rows')).toHaveText('60', { timeout: 120_000 });
    await page.locator('input[name="pseudo-ref-source"][value="analyzers"]').check();
    await page.getByTestId('prefs-generate').click();
    await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('prefs-failed-count')).toHaveText('0');
    await expect(page.getByTestId('prefs-not-scorable')).toHaveText(/^0 without/);

    // The export: every change with its own files and the issue found in them.
    const download = page.waitForEvent('download');
    await page.getByTestId('prefs-export').click();
    const lines = fs.readFileSync(await (await download).path(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; old_code: string; new_code: string; pseudo_refs: { text: string }[] });
    expect(lines.map((l) => l.id)).toEqual(rows.map((r) => r.id));
    lines.forEach((l, k) => {
      expect(l.old_code).toBe(rows[k].old_code);
      expect(l.new_code).toBe(rows[k].new_code);
      expect(l.pseudo_refs.map((p) => p.text)).toEqual(["line 42, col 13, 'missing' is not defined."]);
    });

    // Handed to Research as a Blob: imported streamed again, its rows' code left in it.
    await page.getByTestId('prefs-use').click();
    await expect(page.getByTestId('prefs-message')).toContainText('Research now scores this dataset');
    const handed = await page.evaluate(() => {
      const s = (globalThis as unknown as { __crscoreResearch: { getState(): { datasetName: string | null; imported: { rows: { codeAt?: unknown; pseudoRefs: unknown[] }[] } | null } } }).__crscoreResearch.getState();
      return { name: s.datasetName, streamed: s.imported!.rows.filter((r) => r.codeAt && r.pseudoRefs.length === 1).length };
    });
    expect(handed).toEqual({ name: 'large-js.with-pseudo-refs.jsonl', streamed: 60 });

    // The picked file deleted: the export of the batch's rows stops and says why, rather than dropping their code.
    fs.rmSync(file);
    await page.getByTestId('prefs-export').click();
    await expect(page.getByTestId('prefs-writing-error')).toContainText(/not written: The code of change js-0 could not be read from large-js\.jsonl/);
    for (const [w, h] of [
      [1024, 768],
      [1440, 900],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('prefs-writing-error').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`prefs-writing-error-${w}.png`) });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** 60 JavaScript changes whose files JSHint reads (their first line holds its directive): over 1 MB, so streamed. */
function jsRows(n = 60) {
  const filler = Array.from({ length: 40 }, (_, k) => `console.log(${k}); // ${'padding '.repeat(24)}`);
  return Array.from({ length: n }, (_, k) => {
    const head = `/* jshint undef: true, devel: true */ // Public API ${k}`;
    return {
      id: `js-${k}`,
      lang: 'js',
      new_file: `f${k}.js`,
      diff: ['--- a/f.js', '+++ b/f.js', '@@ -41,1 +41,2 @@', ` ${filler[39]}`, '+var total = missing + 1;'].join('\n'),
      old_code: [head, ...filler, ''].join('\n'),
      new_code: [head, ...filler, 'var total = missing + 1;', ''].join('\n'),
      pseudo_refs: [{ text: 'The total now adds missing and one.' }],
      reviews: [{ system: 's1', review: 'Where does missing come from?' }],
    };
  });
}

// Issue 38: a picked file rewritten in place at the same size, its modification time restored, reads back without
// an error from the browser. The analyzers reported "0 failures" (60 not scorable) and the export wrote null code;
// a valid edit of the same size was taken as the change's own code. Each line's hash is checked on reading back.
test('a streamed file changed on disk at the same size and time is said to have changed, never read as the changes’ code', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-changed-'));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const rows = jsRows();
    const text = rows.map((r) => JSON.stringify(r)).join('\n');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_000_000);
    const file = path.join(dir, 'large-js.jsonl');
    fs.writeFileSync(file, text);
    // A whole second, so the time written back is exactly the time the page saw (as `touch -r` would restore it).
    const atime = 1_700_000_000;
    const mtime = 1_700_000_000;
    fs.utimesSync(file, atime, mtime);
    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('import-rows')).toHaveText('60', { timeout: 120_000 });

    // The same size and time: every line's bytes shifted by a space (none parses), then a valid same-size edit.
    fs.writeFileSync(file, ` ${text.slice(0, -1)}`);
    fs.utimesSync(file, atime, mtime);
    await page.locator('input[name="pseudo-ref-source"][value="analyzers"]').check();
    await page.getByTestId('prefs-generate').click();
    await expect(page.getByTestId('prefs-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expect(page.getByTestId('prefs-failed-count')).toHaveText('60');
    await page.getByTestId('prefs-export').click();
    await expect(page.getByTestId('prefs-writing-error')).toContainText(/large-js\.jsonl changed since it was imported/);

    fs.writeFileSync(file, text.replaceAll('Public API', 'HACKED API'));
    fs.utimesSync(file, atime, mtime);
    await page.getByTestId('prefs-export').click();
    await expect(page.getByTestId('prefs-writing-error')).toContainText(/not written: large-js\.jsonl changed since it was imported: the code of change js-0/);
    await page.getByTestId('research-similarity').selectOption('lexical');
    await page.getByTestId('research-run').click();
    await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await researchView(page, 'explore');
    await page.getByTestId('example-row').first().click();
    await expect(page).toHaveURL(/#workbench/);
    await expect(page.getByTestId('code-unread')).toContainText(/large-js\.jsonl changed since it was imported/);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// Issue 38: a 200 MB line opened in "Old & new files" froze the tab for minutes and raised an uncaught AbortError.
// What is read back of one line is capped (rowCode.ts MAX_CODE_LINE_BYTES); the change opens with its diff and says why.
test('a change whose files are larger than the cap opens with its diff and says the files were left out', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-huge-'));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const [small, big] = jsRows(2);
    const huge = { ...big, old_code: `${big.old_code}${'// filler\n'.repeat(1_000_000)}` };
    const file = path.join(dir, 'huge-line.jsonl');
    // The small change first: the format is told from the file's first 2 MB.
    fs.writeFileSync(file, `${JSON.stringify(small)}\n${JSON.stringify(huge)}\n`);
    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(file);
    await expect(page.getByTestId('import-rows')).toHaveText('2', { timeout: 120_000 });
    await page.getByTestId('research-similarity').selectOption('lexical');
    await page.getByTestId('research-run').click();
    await expect(page.getByTestId('research-progress')).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await researchView(page, 'explore');
    await page.getByTestId('example-row').filter({ hasText: 'js-1' }).click();
    await expect(page).toHaveURL(/#workbench/);
    await expect(page.getByTestId('code-unread')).toContainText(/change js-1 take 11 MB of huge-line\.jsonl, more than the 8 MB this app reads back/);
    await page.getByTestId('mode-files').click();
    await expect(page.getByTestId('code-unread')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
