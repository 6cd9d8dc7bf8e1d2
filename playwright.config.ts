import { chromium, defineConfig } from '@playwright/test';
import { findChromium, SYSTEM_CHROMIUM } from './scripts/chromium.mjs';

// CHROMIUM_PATH, else Debian's Chromium, else Playwright's own build if `npx playwright install chromium` made one
// (scripts/check-chromium.mjs says what to install when there is none). The tests never download a browser.
const found = findChromium({ env: process.env.CHROMIUM_PATH || undefined, playwright: chromium.executablePath() });
const executablePath = found ? found.path : process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM;
const port = Number(process.env.E2E_PORT ?? 4173);
// E2E_MODE=dev serves sources live (for quick local runs); the default serves the production build.
const dev = process.env.E2E_MODE === 'dev';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Real WebGPU through SwiftShader; only offered to http://localhost pages.
        '--enable-unsafe-webgpu',
        '--use-webgpu-adapter=swiftshader',
      ],
    },
  },
  // The preview serves dist/ built with `vite build --mode e2e` (the test pages included); a production build
  // lacks them, and the setup says so instead of letting specs fail on a 404.
  globalSetup: dev ? undefined : './e2e/global-setup.ts',
  webServer: {
    command: dev
      ? `npx vite --port ${port} --strictPort`
      : `npx vite preview --port ${port} --strictPort`,
    url: `http://localhost:${port}`,
    // Never reuse a server already on the port: a stray one (another worktree's build, an old dev server) would
    // make the run test something else, and a pass would mean nothing.
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
