// Which Chromium the browser tests drive, and what to tell someone who has none. Shared by
// playwright.config.ts and scripts/check-chromium.mjs so both look in the same places.
import { existsSync } from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * CHROMIUM_PATH if set; else Debian's Chromium; else Playwright's own build when `npx playwright install
 * chromium` put one in its cache (`undefined`: Playwright launches it itself); else null (none).
 * @param {{ env?: string, system?: string, playwright?: string | null, exists?: (p: string) => boolean }} o
 * @returns {{ path: string | undefined, from: 'env' | 'system' | 'playwright' } | null}
 */
export function findChromium({ env, system = SYSTEM_CHROMIUM, playwright = null, exists = existsSync } = {}) {
  if (env) return exists(env) ? { path: env, from: 'env' } : null;
  if (exists(system)) return { path: system, from: 'system' };
  if (playwright && exists(playwright)) return { path: undefined, from: 'playwright' };
  return null;
}

/** The message for a machine without a usable Chromium: every way to get one, most common first. */
export function missingChromiumMessage({ env, system = SYSTEM_CHROMIUM } = {}) {
  const where = env ? `CHROMIUM_PATH=${env} does not exist.` : `No Chromium found (looked at ${system} and Playwright's browser cache).`;
  return [
    `${where} The browser tests need one. Install it in one of these ways, then run npm test again:`,
    '  Debian or Ubuntu:     sudo apt-get install -y chromium',
    '  Fedora:               sudo dnf install -y chromium',
    "  anywhere (macOS, Windows, other Linux): npx playwright install chromium",
    "                        (Playwright's own build; npm test finds it without further settings)",
    '  or use a Chromium or Chrome you already have:',
    '                        CHROMIUM_PATH=/path/to/chrome npm test',
    '                        (macOS: CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")',
  ].join('\n');
}
