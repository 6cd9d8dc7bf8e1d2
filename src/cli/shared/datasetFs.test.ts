// The CLI streams JSONL files of STREAM_FROM_BYTES or more through the page's reader and leaves their code on disk
// (datasetFs.ts). CRSCORE_STREAM_BYTES=0 streams even the fixtures: every command's output must be what it is when
// the same file is read whole, and code read back from a file changed since must fail naming the file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { crscoreAsync, FIXTURES } from './testing.ts';
import { importDatasetFile, rowCodeFs } from './datasetFs.ts';
import { fillPseudoRefs, loadDataset, readPseudoRefOptions } from '../pseudorefs/pseudoRefs.ts';
import { importFiles } from '../../core/importers/index.ts';
import { CodeUnreadableError } from '../../core/importers/codeAt.ts';

const STREAM = { CRSCORE_STREAM_BYTES: '0' };
const WHOLE = { CRSCORE_STREAM_BYTES: String(1e12) };

let dir: string;
let coded: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-stream-'));
  // analyze-mini's changes (old and new code the analyzers read) with mini.jsonl's reviews and human scores.
  const reviews = (JSON.parse(readFileSync(path.join(FIXTURES, 'mini.jsonl'), 'utf8').split('\n')[0]) as { reviews: unknown[] }).reviews;
  const rows = readFileSync(path.join(FIXTURES, 'analyze-mini.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"'))
    .map((l) => JSON.stringify({ ...(JSON.parse(l) as object), reviews }));
  // A change whose file has a warning outside its diff (line 1): found only when the code is read back.
  const outside = { id: 'js-outside', lang: 'js', diff: '@@ -2,2 +2,2 @@\n var a = 1;\n-var b = 2;\n+var b = 2\n', old_code: 'var z = 1\nvar a = 1;\nvar b = 2;\n', new_code: 'var z = 1\nvar a = 1;\nvar b = 2\n', pseudo_refs: [], reviews };
  rows.push(JSON.stringify(outside));
  coded = path.join(dir, 'coded.jsonl');
  // A CRLF, a blank line and a bad line: the streamed reader must read them as the whole text is read.
  writeFileSync(coded, `${rows[0]}\r\n\n{not json\n${rows.slice(1).join('\n')}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function both(args: string[]) {
  const [s, w] = await Promise.all([crscoreAsync(args, { env: STREAM }), crscoreAsync(args, { env: WHOLE })]);
  expect(w.code).toBe(0);
  expect(s.code).toBe(0);
  return { s, w };
}

describe('crscore on a streamed JSONL file', () => {
  it('eval gives the output the whole-text read gives (dataset pseudo-references)', async () => {
    const { s, w } = await both(['eval', '--dataset', path.join(FIXTURES, 'mini.jsonl'), '--tau', '0.6', '--json', '--bootstrap', '50']);
    expect(JSON.parse(s.stdout)).toMatchObject({ n: 6 });
    expect(s.stdout).toBe(w.stdout);
  }, 60_000);

  it('eval --pseudo-refs analyzers reads each change back from the file and scores as the whole read does', async () => {
    const { s, w } = await both(['eval', '--dataset', coded, '--pseudo-refs', 'analyzers', '--analyzer-filter', 'none', '--json', '--bootstrap', '50']);
    const out = JSON.parse(s.stdout) as { pseudoRefs: { issues: number; changes: number }; counts: { badLines: number } };
    // The analyzers found the missing semicolons in the code left on disk: the code was read back.
    expect(out.pseudoRefs.issues).toBeGreaterThan(0);
    expect(out.counts.badLines).toBe(1);
    const noTime = (t: string) => t.replace(/"generatedAt": "[^"]*"/g, '');
    expect(noTime(s.stdout)).toBe(noTime(w.stdout));
  }, 60_000);

  it('claims writes every change with its code, as read whole', async () => {
    const { s, w } = await both(['claims', '--dataset', coded, '--pseudo-refs', 'analyzers', '--analyzer-filter', 'none']);
    // Line 1 of js-outside is not in its diff: its warning comes from the code read back from the file.
    expect(s.stdout).toMatch(/"id":"js-outside".*line 1, col 10, Missing semicolon/);
    const noTime = (t: string) => t.replace(/"generatedAt":"[^"]*"/g, '');
    expect(s.stdout).toContain('"old_code":"var a = 1;\\nvar b = 2;\\n"');
    expect(noTime(s.stdout)).toBe(noTime(w.stdout));
  }, 60_000);

  it('score and analyze give the output the whole-text read gives', async () => {
    const score = await both(['score', '--input', path.join(FIXTURES, 'score.jsonl'), '--tau', '0.6']);
    expect(score.s.stdout.trim().split('\n').length).toBeGreaterThan(1);
    expect(score.s.stdout).toBe(score.w.stdout);
    const analyze = await both(['analyze', '--dataset', coded, '--compare-reference', '--json']);
    expect(analyze.s.stdout).toBe(analyze.w.stdout);
    expect(analyze.s.stderr).toBe(analyze.w.stderr);
  }, 60_000);
});

describe('rowCodeFs', () => {
  const saved = process.env.CRSCORE_STREAM_BYTES;
  afterEach(() => {
    if (saved === undefined) delete process.env.CRSCORE_STREAM_BYTES;
    else process.env.CRSCORE_STREAM_BYTES = saved;
  });

  it('reads back the code the whole read keeps, and refuses a file changed since, naming it', async () => {
    process.env.CRSCORE_STREAM_BYTES = '0';
    const file = path.join(dir, 'changing.jsonl');
    writeFileSync(file, readFileSync(coded));
    const r = await importDatasetFile(file, (f) => importFiles([f]));
    const whole = importFiles([{ name: file, text: readFileSync(file, 'utf8') }]);
    expect(r.rows.every((row) => row.codeAt && row.oldCode === null)).toBe(true);
    expect(await Promise.all(r.rows.map(rowCodeFs))).toEqual(whole.rows.map((row) => ({ oldCode: row.oldCode, newCode: row.newCode })));
    // The same size, one byte of the first change's code changed: only the hash can tell.
    writeFileSync(file, readFileSync(file, 'utf8').replace('var b = 2;', 'var c = 2;'));
    await expect(rowCodeFs(r.rows[0])).rejects.toThrow(CodeUnreadableError);
    await expect(rowCodeFs(r.rows[0])).rejects.toThrow(`${file} changed since it was imported: the code of change js-ok`);
    rmSync(file);
    await expect(rowCodeFs(r.rows[1])).rejects.toThrow(`could not be read from ${file}`);
  });

  it("makes the analyzers fail a change of a file changed since it was read, naming the file (never '0 issues')", async () => {
    process.env.CRSCORE_STREAM_BYTES = '0';
    const file = path.join(dir, 'changed-before-analyzers.jsonl');
    writeFileSync(file, readFileSync(coded));
    const { rows } = await loadDataset(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('var b = 2;', 'var c = 2;'));
    const filled = await fillPseudoRefs(rows, readPseudoRefOptions({ 'pseudo-refs': 'analyzers' }, 'dataset'));
    const failed = filled.reports.find((r) => r.id === 'js-ok')!.failures;
    expect(failed).toHaveLength(1);
    expect(failed[0].reason).toContain(`${file} changed since it was imported: the code of change js-ok is no longer the bytes that were read.`);
    // The changes whose bytes are untouched are still read back and analyzed.
    expect(filled.reports.find((r) => r.id === 'js-outside')!.failures).toEqual([]);
    expect(filled.stats.failed).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
