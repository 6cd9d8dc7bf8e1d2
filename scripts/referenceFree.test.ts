// The reference-free measurement's pipeline on a small generated table: the real CLI's per-language coverage is
// what the analyzers and the tree claims find on each row's hunk, called here directly (not a figure written down).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze } from '../src/analyzers/run.ts';
import { parseCode } from '../src/analyzers/linters.ts';
import { treeClaims } from '../src/analyzers/treeClaims/claims.ts';
import { nodeTreeSitterAssets } from '../src/analyzers/treesitterNode.ts';
import { TABLE_LANGS, TABLE_LANG_CODES, type TableRow } from '../src/testing/reviewTable.ts';
import { coverage, runEval, writeTable } from './referenceFree.ts';

let dir: string;
let csv: string;
let rows: TableRow[];
const assets = nodeTreeSitterAssets();

/** Per language, the rows whose hunk has at least one pseudo-reference by `has`. */
async function expected(has: (r: TableRow) => Promise<boolean>): Promise<Record<string, number>> {
  const out: Record<string, number> = Object.fromEntries(TABLE_LANG_CODES.map((l) => [l, 0]));
  for (const r of rows) if (await has(r)) out[r.lang]++;
  return out;
}
const issues = async (r: TableRow) => (await analyze({ language: TABLE_LANGS[r.lang], diff: r.patch, filter: 'paper', options: 'paper' }, assets)).some((x) => x.refs.length > 0);
const claims = async (r: TableRow) => (await treeClaims(TABLE_LANGS[r.lang], r.patch, (l, c) => parseCode(l, c, assets))).length > 0;
const covered = (c: ReturnType<typeof coverage>) => Object.fromEntries(TABLE_LANG_CODES.map((l) => [l, c[l].covered]));

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-reference-free-'));
  csv = path.join(dir, 'table.csv');
  rows = writeTable(csv, { rows: 54, seed: 7 });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the reference-free measurement on a generated table', () => {
  it('writes the shape: patch, msg, lang and three binary labels, no reference, bare hunks in the nine languages', () => {
    const text = readFileSync(csv, 'utf8');
    expect(text.split('\n')[0]).toBe('patch,msg,lang,relevance,informativeness,expression');
    expect(new Set(rows.map((r) => r.lang))).toEqual(new Set(TABLE_LANG_CODES));
    expect(rows.every((r) => r.patch.startsWith('@@ ') && !r.patch.includes('+++ '))).toBe(true);
    // Labels follow what the review does: most on-point reviews are labelled relevant, most others not.
    const agree = rows.filter((r) => (r.relevance === 1) === r.onPoint).length;
    expect(agree / rows.length).toBeGreaterThan(0.8);
  });

  it("analyzers: the CLI's coverage in each language is the rows the analyzers find an issue in", { timeout: 240_000 }, async () => {
    const want = await expected(issues);
    const run = runEval(csv, 'analyzers', 'relevance', 20);
    expect(covered(coverage(run, rows))).toEqual(want);
    // Not every language is covered alike, so the comparison above can fail.
    expect(Object.values(want).some((n) => n > 0)).toBe(true);
    expect(Object.values(want).reduce((s, n) => s + n, 0)).toBeLessThan(rows.length);
    // The baselines need no pseudo-reference: their n is reported whatever it is (every row once they judge all).
    expect(run.pooled['baseline.length'].n).toBeGreaterThanOrEqual(run.pooled['crscore.rel'].n);
  });

  it("tree claims and offline: the CLI's coverage is the rows with a tree claim, and with either", { timeout: 240_000 }, async () => {
    const tree = await expected(claims);
    expect(covered(coverage(runEval(csv, 'tree-claims', 'relevance', 20), rows))).toEqual(tree);
    const either = await expected(async (r) => (await issues(r)) || (await claims(r)));
    expect(covered(coverage(runEval(csv, 'offline', 'relevance', 20), rows))).toEqual(either);
  });
});
