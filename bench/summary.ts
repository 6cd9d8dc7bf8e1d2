// Benches append their headline figures here so that `npm run bench` (bench/run.ts) can print one table.
// Standalone runs (no BENCH_SUMMARY) only print their own tables.
import fs from 'node:fs';

export interface SummaryRow {
  what: string;
  value: string;
  target?: string;
  /** true / false when there is a target; undefined otherwise. */
  met?: boolean;
}

export function record(row: SummaryRow): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) fs.appendFileSync(file, JSON.stringify(row) + '\n');
}

export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
