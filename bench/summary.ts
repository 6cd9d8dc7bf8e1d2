// Benches append their headline figures here so that `npm run bench` (bench/run.ts) can print one table.
// Standalone runs (no BENCH_SUMMARY) only print their own tables.
import fs from 'node:fs';

export interface SummaryRow {
  what: string;
  value: string;
  target?: string;
  /** true / false when there is a target; undefined otherwise. */
  met?: boolean;
  /** The row of issue 30's target table this figure answers (ISSUE_TARGETS), printed there by `npm run bench`. */
  issue?: string;
  /** The same figure for the bare loop measured in the same run (the floor), where there is one. */
  floor?: string;
}

/** The target table of the scale issue, in its order; `npm run bench` prints each measured figure under its row. */
export const ISSUE_TARGETS = [
  { row: 'Browser, 86k reviews lexical, scored', target: '< 30 s, longest main-thread task < 50 ms' },
  { row: 'Browser, dev half, scored', target: '< 1 s, longest task < 50 ms' },
  { row: 'CLI eval 86k, 1,000 resamples, lexical', target: '< 20 s wall' },
  { row: 'CLI eval 86k, 1,000 resamples, learned', target: '< 45 s wall' },
  { row: 'CLI peak RSS, 86k learned', target: '< 800 MB' },
  { row: 'Browser renderer, 86k', target: '< 1 GB' },
] as const;

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
