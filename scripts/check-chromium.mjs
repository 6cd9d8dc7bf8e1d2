// Browser tests drive a Chromium; say exactly how to get one rather than fail obscurely.
import { findChromium, missingChromiumMessage } from './chromium.mjs';

let playwright = null;
try {
  playwright = (await import('playwright-core')).chromium.executablePath();
} catch {
  // playwright-core not installed: only the system and CHROMIUM_PATH count.
}
const env = process.env.CHROMIUM_PATH || undefined;
const found = findChromium({ env, playwright });
if (!found) {
  console.error(missingChromiumMessage({ env }));
  process.exit(1);
}
if (found.from === 'playwright') console.log(`Using Playwright's Chromium at ${playwright}.`);
