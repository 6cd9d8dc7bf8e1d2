// `crscore claims --pseudo-refs analyzers` on a change that JSHint reads only in part (a syntax error it cannot get
// past): a warning, counted in the summary, and the run still succeeds; it fails only when nothing could be made.
// The fixture is generated here: two JavaScript changes, one of which leaves a regular expression unclosed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { crscoreAsync } from '../shared/testing';

const dir = mkdtempSync(path.join(tmpdir(), 'crscore-partial-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A CodeReviewer JSONL line: the old file and the hunk that changes it. */
const line = (id: number, oldf: string, patch: string) => JSON.stringify({ oldf, patch, msg: 'A review.', id, lang: 'js', proj: 'fixture/js' });
// JSHint stops at the unclosed /abc on the changed line and reads nothing after it; what it read still counts
// (the syntax error on that line, as the paper's JSHint output has it).
const partial = line(
  1,
  'function total(items) {\n  var sum = 0;\n  return sum;\n}\n\nvar pattern = /abc/;\n',
  '@@ -1,6 +1,6 @@\n function total(items) {\n   var sum = 0;\n   return sum;\n }\n \n-var pattern = /abc/;\n+var pattern = /abc;\n',
);
// JSHint stops at line 1, before the changed line: nothing is read there, no pseudo-reference is made.
const unread = line(2, 'var pattern = /abc;\nvar a = 1;\nvar b = 2;\n', '@@ -1,3 +1,3 @@\n var pattern = /abc;\n var a = 1;\n-var b = 2;\n+var b = 3;\n');

function dataset(name: string, lines: string[]): string {
  const f = path.join(dir, name);
  writeFileSync(f, `${lines.join('\n')}\n`);
  return f;
}

describe('crscore claims: an analyzer that reads a change only in part', () => {
  it('is a warning counted in the summary, not a failure of the run', async () => {
    const r = await crscoreAsync(['claims', '--dataset', dataset('both.jsonl', [partial, unread]), '--pseudo-refs', 'analyzers']);
    expect(r.stderr).toMatch(/warning: change 1: JSHint could not analyze: JSHint stopped at a syntax error on line 6/);
    expect(r.stderr).toMatch(/warning: change 2: JSHint could not analyze: JSHint stopped at a syntax error on line 1/);
    expect(r.stderr).toContain('0 failed, 2 read in part by an analyzer; 1 changes without pseudo-references');
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; pseudo_refs: unknown[] });
    expect(rows.map((x) => [x.id, x.pseudo_refs.length > 0])).toEqual([['1', true], ['2', false]]);
  }, 60_000);

  it('fails the run when nothing could be made', async () => {
    const r = await crscoreAsync(['claims', '--dataset', dataset('unread.jsonl', [unread]), '--pseudo-refs', 'analyzers']);
    expect(r.stderr).toContain('1 read in part by an analyzer; 1 changes without pseudo-references');
    expect(r.stderr).toContain('error: no pseudo-reference could be made for any of the 1 changes');
    expect(r.code).toBe(1);
  }, 60_000);
});
