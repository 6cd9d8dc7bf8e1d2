// Checks the C, C++, PHP and Python rule sets against cppcheck, PHPMD and pylint on generated code
// (./cases.ts): writes every case to a temporary folder, runs the reference tools there, records their findings
// per file in ./fixture.json (with the tools' versions and commands) and prints the per-rule precision and
// recall table of docs/analyzers.md. `npx tsx scripts/rules-reference/record.ts` (needs the three tools:
// `apt-get install -y cppcheck phpmd pylint`); `--print` prints the table from the recorded fixture alone.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nodeTreeSitterAssets } from '../../src/analyzers/treesitterNode.ts';
import { codeHash, ruleCases, TOOL_OF, type RefTool, type RuleCase } from './cases.ts';
import { ourFindings, scoreRules, scoreTable } from './compare.ts';
import { COMMANDS, runTool, toolVersion, type RefFinding } from './tools.ts';

export interface Fixture {
  tools: Record<RefTool, { version: string; command: string }>;
  files: { file: string; hash: string; findings: RefFinding[] }[];
}

export const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixture.json');

/** Writes the cases under `dir` and runs every tool on them. */
export function recordReference(cases: readonly RuleCase[], dir: string): Fixture {
  for (const c of cases) {
    mkdirSync(dirname(join(dir, c.file)), { recursive: true });
    writeFileSync(join(dir, c.file), c.code);
  }
  const tools = {} as Fixture['tools'];
  const found = new Map<string, RefFinding[]>();
  for (const tool of ['cppcheck', 'phpmd', 'pylint'] as const) {
    const version = toolVersion(tool);
    if (!version) throw new Error(`${tool} is not installed (apt-get install -y cppcheck phpmd pylint)`);
    tools[tool] = { version, command: `${COMMANDS[tool].join(' ')}${tool === 'phpmd' ? '' : ' FILES'}` };
    for (const [f, v] of runTool(tool, cases.filter((c) => TOOL_OF[c.language] === tool), dir)) found.set(f, v);
  }
  return { tools, files: cases.map((c) => ({ file: c.file, hash: codeHash(c.code), findings: found.get(c.file) ?? [] })) };
}

export function readFixture(): Fixture {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as Fixture;
}

async function main() {
  const cases = ruleCases();
  let fixture: Fixture;
  if (process.argv.includes('--print')) fixture = readFixture();
  else {
    const dir = mkdtempSync(join(tmpdir(), 'rules-reference-'));
    try {
      fixture = recordReference(cases, dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    writeFileSync(FIXTURE, `${JSON.stringify(fixture, null, 1)}\n`);
  }
  const scores = scoreRules(cases, await ourFindings(cases, nodeTreeSitterAssets()), new Map(fixture.files.map((f) => [f.file, f.findings])));
  for (const [t, v] of Object.entries(fixture.tools)) console.log(`${t}: ${v.version}; ${v.command}`);
  console.log(`${cases.length} files\n`);
  console.log(scoreTable(scores));
  for (const s of scores) for (const m of s.misses) console.log(`  ${s.rule}: ${m}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
