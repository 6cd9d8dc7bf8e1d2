// Issue 38: rows an attacker's file made the import take silently are named in Research's import report, with their
// line and why, and the other rows import: out-of-range human scores, a line that is not UTF-8 (read on the page
// for a small file, streamed in the worker for a large one), a line nested too deep.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sampleJsonl } from '../src/core/importers/sample';

test.setTimeout(180_000);

const row = (id: string, rel: unknown) => JSON.stringify({ id, diff: '@@ -1 +1 @@\n-a\n+b', reviews: [{ system: 's', review: 'r', con: 3, comp: 3, rel }] });
const latin1 = (s: string) => Buffer.from(s, 'latin1'); // é → 0xE9, not UTF-8

async function reported(page: Page) {
  const table = page.getByTestId('import-error-table');
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
}

test('bad rows are named with their line and why; the rest imports (small file on the page, large one in the worker)', async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-trust-'));
  try {
    const small = path.join(dir, 'attack.jsonl');
    const deep = `{"id": "deep", "diff": "d", "reviews": [{"system": "s", "claims_addressed": ${'['.repeat(200_000)}${']'.repeat(200_000)}}]}`;
    fs.writeFileSync(small, Buffer.concat([Buffer.from(`${[row('ok', 4), row('seven', 7), row('huge', 1e308), row('text', '4')].join('\n')}\n`), latin1(`${row('café', 3)}\n`), Buffer.from(`${deep}\n${row('last', 2)}\n`)]));
    await page.goto('/#research');
    await page.getByTestId('research-file').setInputFiles(small);
    await expect(page.getByTestId('import-rows')).toHaveText('3'); // ok, text ("4" read as 4), last
    await expect(page.getByTestId('import-errors')).toHaveText('4');
    expect(await reported(page)).toEqual([
      ['attack.jsonl', '2', 'reviews[0].rel 7 is outside the Likert range 1–5'],
      ['attack.jsonl', '3', 'reviews[0].rel 1e+308 is outside the Likert range 1–5'],
      ['attack.jsonl', '5', 'not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8'],
      ['attack.jsonl', '6', 'nested too deep (more than 64 levels of arrays and objects)'],
    ]);
    for (const [w, h] of [[1024, 768], [1440, 900]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('import-summary').screenshot({ path: test.info().outputPath(`import-bad-rows-${w}.png`) });
    }

    // Over 1 MB: streamed in the worker, each line decoded on its own.
    const large = path.join(dir, 'large.jsonl');
    const body = sampleJsonl(1_000, 5).trimEnd();
    const lines = body.split('\n').length;
    fs.writeFileSync(large, Buffer.concat([Buffer.from(`${body}\n`), latin1(`${row('café', 3)}\n`), Buffer.from(`${row('seven', 7)}\n`)]));
    expect(fs.statSync(large).size).toBeGreaterThan(1_000_000);
    await page.getByTestId('research-file').setInputFiles(large);
    await expect(page.getByTestId('import-errors')).toHaveText('2', { timeout: 120_000 });
    expect(await reported(page)).toEqual([
      ['large.jsonl', String(lines + 1), 'not valid UTF-8: byte 0xE9 is not UTF-8 (Latin-1 or Windows-1252?); save the file as UTF-8'],
      ['large.jsonl', String(lines + 2), 'reviews[0].rel 7 is outside the Likert range 1–5'],
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
