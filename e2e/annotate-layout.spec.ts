// Issue 14, item 8: at 1024×768 the sticky key bar must not cover what is being coded or rated: each
// pseudo-reference's code buttons in stage 1, each rating row in stage 2; and the Relevance rules (Table 6)
// get the guideline's full width, not one word per line.
import { expect, test, type Locator, type Page } from '@playwright/test';

async function clearOfKeyBar(page: Page, what: Locator) {
  await page.waitForTimeout(150); // the scroll into view is smooth in no way, but let layout settle
  const bar = (await page.getByTestId('an-keys').boundingBox())!;
  const box = (await what.boundingBox())!;
  expect(box.y + box.height, 'bottom of the row is above the key bar').toBeLessThanOrEqual(bar.y + 1);
  expect(box.y, 'top of the row is below the app header').toBeGreaterThanOrEqual(40);
}

test('1024×768: the key bar covers neither stage-1 buttons nor stage-2 rows; Relevance rules are readable', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/#annotate');
  await page.evaluate(() => localStorage.clear());
  await page.getByTestId('an-start-paper').click();
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
  const active = page.locator('.an-ref.active');
  for (const k of ['1', 'y', '0', 'n', 'u']) {
    await clearOfKeyBar(page, active.locator('.an-ref-controls'));
    await page.keyboard.press(k);
  }
  await page.keyboard.press('y');
  await page.keyboard.press('Enter'); // all coded → stage 2
  await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
  await clearOfKeyBar(page, page.getByTestId('an-field-links'));
  await page.keyboard.press('1');
  await page.keyboard.press('Enter');
  await clearOfKeyBar(page, page.getByTestId('an-field-con'));
  await page.keyboard.press('3');
  await clearOfKeyBar(page, page.getByTestId('an-field-comp'));
  await page.keyboard.press('4');
  await clearOfKeyBar(page, page.getByTestId('an-field-rel'));
  const rules = page.getByTestId('an-rules');
  await expect(rules).toContainText('Relevance (Table 6)');
  // Every rule line uses the guideline's width: far wider than the 56 px value column it used to fall into.
  const widths = await rules.locator('li > span').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().width));
  expect(widths.length).toBeGreaterThan(0);
  const ruleBox = (await rules.boundingBox())!;
  for (const w of widths) expect(w).toBeGreaterThan(ruleBox.width * 0.6);
});

// Issue 28: the key bar never covers the guideline beside what is being coded (Table 7 in stage 1, Table 6 or the
// linking hint in stage 2), at either size, at every step of a keyboard pass.
for (const [w, h] of [[1024, 768], [1440, 900]] as const)
  test(`${w}×${h}: the key bar never covers the guideline`, async ({ page }) => {
    const dir = process.env.SHOTS_DIR;
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#annotate');
    await page.evaluate(() => localStorage.clear());
    await page.getByTestId('an-start-paper').click();
    await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
    const guide = page.getByTestId('an-codebook');
    await clearOfKeyBar(page, guide);
    if (dir) await page.screenshot({ path: `${dir}/annotate-stage1-${w}.png` });
    for (const k of ['1', 'y', '0', 'n', 'u']) {
      await page.keyboard.press(k);
      await clearOfKeyBar(page, guide);
      await clearOfKeyBar(page, page.locator('.an-ref.active .an-ref-controls'));
    }
    await page.keyboard.press('y');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
    const rules = page.getByTestId('an-rules');
    await clearOfKeyBar(page, rules);
    for (const [k, field] of [['1', 'links'], ['Enter', 'con'], ['3', 'comp'], ['4', 'rel']] as const) {
      await page.keyboard.press(k);
      await clearOfKeyBar(page, page.getByTestId(`an-field-${field}`));
      await clearOfKeyBar(page, rules);
    }
    if (dir) await page.screenshot({ path: `${dir}/annotate-stage2-${w}.png` });
  });

/** Points across the key bar where something other than the bar (or what holds it) is drawn: text behind it. */
async function behindKeyBar(page: Page): Promise<string[]> {
  return page.getByTestId('an-keys').evaluate((bar) => {
    const r = bar.getBoundingClientRect();
    const found = new Set<string>();
    for (let fx = 0.02; fx < 1; fx += 0.08)
      for (const fy of [0.05, 0.5, 0.95]) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        for (const el of document.elementsFromPoint(x, y)) {
          if (bar.contains(el) || el.contains(bar)) continue;
          if ((el.textContent ?? '').trim()) found.add(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
    return [...found];
  });
}

// Issue 35, item 4: the sidebar's diff list is a list, not a 57 px scroll box, and no text lies behind the key bar.
for (const [w, h] of [[1024, 768], [1440, 900]] as const)
  test(`${w}×${h}: the diff list shows its diffs, and nothing is hidden behind the key bar`, async ({ page }) => {
    const dir = process.env.SHOTS_DIR;
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#annotate');
    await page.evaluate(() => localStorage.clear());
    await page.getByTestId('an-start-paper').click();
    await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '1');
    const list = page.getByTestId('an-items');
    const { client, scroll } = await list.evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    // The paper's three diffs fit whole; a longer list gets at least 200 px before it scrolls.
    expect(client, 'diff list height').toBeGreaterThanOrEqual(Math.min(scroll, 200));
    const box = (await list.boundingBox())!;
    for (const item of await list.locator('li').all()) {
      const b = (await item.boundingBox())!;
      expect(b.y + b.height, 'each diff is inside the list').toBeLessThanOrEqual(box.y + box.height + 1);
      expect(b.y + b.height, 'and inside the window').toBeLessThanOrEqual(h);
    }
    expect(await behindKeyBar(page)).toEqual([]);
    // Mid-way through stage 1 and in stage 2, scrolled to the middle of the work.
    await page.keyboard.press('1');
    await page.keyboard.press('y');
    await page.mouse.move(w / 2, h / 2);
    await page.mouse.wheel(0, 300);
    expect(await behindKeyBar(page)).toEqual([]);
    await page.keyboard.press('Enter');
    for (const k of ['1', 'y', '1', 'y', 'Enter']) await page.keyboard.press(k);
    await expect(page.getByTestId('an-work')).toHaveAttribute('data-stage', '2');
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    expect(await behindKeyBar(page)).toEqual([]);
    if (dir) await page.screenshot({ path: `${dir}/annotate-keys-${w}.png` });
  });
