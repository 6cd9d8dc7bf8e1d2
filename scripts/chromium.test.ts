import { describe, expect, it } from 'vitest';
import { findChromium, missingChromiumMessage } from './chromium.mjs';

const only = (...paths: string[]) => (p: string) => paths.includes(p);

describe('findChromium', () => {
  it('prefers CHROMIUM_PATH, then the system Chromium, then Playwright’s own build', () => {
    const all = only('/c', '/usr/bin/chromium', '/pw/chrome');
    expect(findChromium({ env: '/c', playwright: '/pw/chrome', exists: all })).toEqual({ path: '/c', from: 'env' });
    expect(findChromium({ playwright: '/pw/chrome', exists: all })).toEqual({ path: '/usr/bin/chromium', from: 'system' });
    expect(findChromium({ playwright: '/pw/chrome', exists: only('/pw/chrome') })).toEqual({ path: undefined, from: 'playwright' });
  });
  it('finds nothing on a machine without any, and a wrong CHROMIUM_PATH is not silently replaced', () => {
    expect(findChromium({ playwright: '/pw/chrome', exists: only() })).toBeNull();
    expect(findChromium({ env: '/nope', exists: only('/usr/bin/chromium') })).toBeNull();
  });
});

describe('missingChromiumMessage', () => {
  it('names the Debian package, Playwright’s installer and CHROMIUM_PATH', () => {
    const m = missingChromiumMessage({});
    expect(m).toContain('apt-get install -y chromium');
    expect(m).toContain('npx playwright install chromium');
    expect(m).toContain('CHROMIUM_PATH=');
    expect(missingChromiumMessage({ env: '/nope' })).toContain('CHROMIUM_PATH=/nope does not exist');
  });
});
