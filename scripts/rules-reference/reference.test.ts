// Our C, C++, PHP and Python rules against the reference tools' findings on the generated code: always against
// the recorded output (fixture.json), and live against the tools where they are installed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeTreeSitterAssets } from '../../src/analyzers/treesitterNode.ts';
import { codeHash, ruleCases, TOOL_OF } from './cases.ts';
import { ourFindings, scoreRules, scoreTable } from './compare.ts';
import { readFixture } from './record.ts';
import { runTool, toolVersion } from './tools.ts';

const cases = ruleCases();
const fixture = readFixture();
const DOC = join(dirname(fileURLToPath(import.meta.url)), '../../docs/analyzers.md');

describe('the rules against the recorded reference findings', () => {
  it('the fixture was recorded from the cases as they are now (re-record with scripts/rules-reference/record.ts)', () => {
    expect(fixture.files.map((f) => `${f.file} ${f.hash}`)).toEqual(cases.map((c) => `${c.file} ${codeHash(c.code)}`));
  });

  it("the per-rule precision and recall are docs/analyzers.md's table", async () => {
    const scores = scoreRules(cases, await ourFindings(cases, nodeTreeSitterAssets()), new Map(fixture.files.map((f) => [f.file, f.findings])));
    const doc = readFileSync(DOC, 'utf8');
    const table = /<!-- rules-reference:table -->\n([\s\S]*?)\n<!-- \/rules-reference:table -->/.exec(doc)?.[1];
    expect(table).toBe(scoreTable(scores));
    // Every rule is read on both sides: a case set that never triggers a rule measures nothing.
    for (const s of scores) expect([s.rule, s.ours > 0, s.reference > 0]).toEqual([s.rule, true, true]);
  });
});

describe('the recorded findings are what the tools say now', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rules-reference-'));
  for (const c of cases) {
    mkdirSync(dirname(join(dir, c.file)), { recursive: true });
    writeFileSync(join(dir, c.file), c.code);
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (const tool of ['cppcheck', 'phpmd', 'pylint'] as const) {
    const version = toolVersion(tool);
    const mine = cases.filter((c) => TOOL_OF[c.language] === tool);
    const title = version ? `${tool} (live, ${version})` : `${tool} (live): skipped, ${tool} is not installed (apt-get install -y ${tool})`;
    it.skipIf(!version)(title, () => {
      // A newer release may differ: the fixture names the version it was recorded with.
      if (version !== fixture.tools[tool].version) console.warn(`${tool}: installed ${version}, recorded with ${fixture.tools[tool].version}`);
      const live = runTool(tool, mine, dir);
      expect(mine.map((c) => [c.file, live.get(c.file)])).toEqual(mine.map((c) => [c.file, fixture.files.find((f) => f.file === c.file)!.findings]));
    });
  }
});
