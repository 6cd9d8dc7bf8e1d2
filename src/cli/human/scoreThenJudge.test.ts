// docs/cli.md's worked example, run exactly as written: a table's reviews scored with `crscore score`, then judged
// with `crscore eval --metric-scores`, on a generated table of CodeReviewer's nine languages with three binary
// labels and no reference review. Score's rows join the table with no edit (no id, no system, no placeholder
// reference); its "scorable": false rows are left out and counted; only con, comp and rel are read as metrics.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../shared/testing';
import { nineLanguageJsonl } from '../../testing/nineLanguageTable';

/** The shell block after `<!-- runs: NAME -->` in a doc. */
function block(doc: string, name: string): string {
  const text = readFileSync(path.join(ROOT, doc), 'utf8');
  const at = text.indexOf(`<!-- runs: ${name} -->`);
  if (at < 0) throw new Error(`${doc}: no block ${name}`);
  const m = /```sh\n([\s\S]*?)```/.exec(text.slice(at));
  if (!m) throw new Error(`${doc}: block ${name} has no sh fence`);
  return m[1];
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-score-judge-'));
  writeFileSync(path.join(dir, 'table.jsonl'), nineLanguageJsonl());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("docs/cli.md: score a table's reviews with crscore score, then judge them with crscore eval --metric-scores", () => {
  it('runs as written; unscorable rows are left out and counted, only the scores are metrics', () => {
    // `crscore` is the launcher, as an installed command is.
    const script = `set -e\ncrscore() { "${process.execPath}" "${path.join(ROOT, 'bin/crscore.mjs')}" "$@"; }\n${block('docs/cli.md', 'score-then-judge')}`;
    const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
    expect(r.stderr).not.toMatch(/crscore eval:|Error/);
    expect(r.status).toBe(0);
    const scored = readFileSync(path.join(dir, 'scores.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { scorable: boolean });
    const unscorable = scored.filter((x) => !x.scorable).length;
    expect(unscorable).toBeGreaterThan(0);
    expect(unscorable).toBeLessThan(scored.length);
    expect(r.stderr).toContain(`${scored.length} rows (jsonl), ${scored.length - unscorable} matched; metrics: con, comp, rel`);
    expect(r.stderr).toContain(`${unscorable} rows not scorable ("scorable": false), left out`);
    // Each imported score is judged on the reviews score could score; the baselines on every review.
    for (const c of ['con', 'comp', 'rel']) expect(r.stdout).toMatch(new RegExp(`analyzers ${c}\\s+${scored.length - unscorable}\\s`));
    expect(r.stdout).toMatch(new RegExp(`Length \\(words\\)\\s+${scored.length}\\s`));
    expect(r.stdout).not.toMatch(/analyzers (line|tau)/);
    expect(r.stdout).toMatch(/imports:analyzers=unsigned/);
  });
});
