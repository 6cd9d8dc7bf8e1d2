// Documents that cannot drift: every table marked `<!-- figures: ID KIND -->` in README.md and docs/*.md is
// compared, number by number at the precision it prints, with what its marked commands give on the human study's
// dev half (docFigures.ts says how the marks read). Needs ../shared/data. Slow: its 22 commands take about 4.5
// minutes of CPU (USE-lite embeddings, the learned linker's cross-validation and the meta-evaluation's resamples
// dominate); on a shared 2-core machine at load 25 the file took 33 minutes of wall time.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADAPTERS } from './docFigureAdapters.ts';
import { compareTable, parseCalls, readAllFigureMarks } from './docFigures.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DEV = path.join(ROOT, '../shared/data/crscore-human-study/dev.jsonl');
const have = fs.existsSync(DEV);
if (!have) console.warn(`docFigures.dev.test: ${DEV} is absent; the docs' figures are not checked against their commands`);

const marks = readAllFigureMarks(ROOT);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'crscore-doc-figures-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const runs = new Map<string, Map<string, string>>();
/** Runs a figure set's commands as written (once): `../` paths from the checkout, outputs in a scratch folder. */
function outputsOf(id: string): Map<string, string> {
  const done = runs.get(id);
  if (done) return done;
  const blocks = marks.commands.filter((c) => c.id === id);
  if (blocks.length !== 1) throw new Error(`figure set ${id}: ${blocks.length} command blocks marked (one expected)`);
  const cwd = path.join(work, id);
  fs.mkdirSync(cwd);
  const outputs = new Map<string, string>();
  for (const call of parseCalls(blocks[0])) {
    const argv = call.argv.map((w) => (w.startsWith('..') ? path.resolve(ROOT, w) : w));
    const t0 = Date.now();
    let stdout: string;
    try {
      stdout = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'src/cli/main.ts'), ...argv], {
        cwd, encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      throw new Error(`${blocks[0].file}:${call.line}: crscore ${call.argv.join(' ')} failed: ${String((e as { stderr?: string }).stderr ?? e).slice(-2000)}`, { cause: e });
    }
    console.log(`docFigures: ${id}: crscore ${call.argv.join(' ')}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    if (call.stdout) fs.writeFileSync(path.join(cwd, call.stdout), stdout);
    outputs.set(call.stdout ?? `#${call.line}`, stdout);
  }
  runs.set(id, outputs);
  return outputs;
}

describe.skipIf(!have)("the docs' figures are what their commands give on the dev half", () => {
  it('marks at least the README, presets, research and metaeval tables', () => {
    const files = new Set(marks.tables.map((t) => t.file));
    for (const f of ['README.md', 'docs/presets.md', 'docs/research.md', 'docs/metaeval.md']) expect(files.has(f), f).toBe(true);
  });

  for (const t of marks.tables)
    it(`${t.file}:${t.line} ${t.id} ${t.kind}${t.output ? `:${t.output}` : ''}`, () => {
      const adapter = ADAPTERS[t.kind];
      if (!adapter) throw new Error(`${t.file}:${t.line}: unknown table kind ${t.kind} (known: ${Object.keys(ADAPTERS).join(', ')})`);
      expect(compareTable(t, adapter.rows(outputsOf(t.id), t.output), adapter.ignore)).toEqual([]);
    }, 1_800_000);
});
