// The pull-request specs' shared steps: `crscore pr-eval --json` on the same files the page reads, and screenshots
// at the two sizes a view is looked at (with PR_SHOTS=folder).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Aggregates, PrRow } from '../src/core/prreview/index';

export type PrEvalOut = { signature: string; rows: PrRow[]; aggregates: Aggregates };

export async function prEvalCli<T = PrEvalOut>(args: string[], env: Record<string, string> = {}): Promise<T> {
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', 'pr-eval', ...args, '--json'], { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 << 20, env: { ...process.env, ...env } });
  return JSON.parse(stdout) as T;
}

const SHOTS = process.env.PR_SHOTS ? path.resolve(process.env.PR_SHOTS) : null;

/** At 1024×768 and 1440×900 (a PR view's whole page), then back to the specs' size. */
export async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const [w, h] of [[1024, 768], [1440, 900]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${w}.png`), fullPage: name.startsWith('pr-view') });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}
