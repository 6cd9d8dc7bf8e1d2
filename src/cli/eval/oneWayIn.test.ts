// One way in: `crscore eval` parses one set of options on every layout it reads (the human study's JSONL, a mapped
// table, GradedReviews' sheet). Every option either works or says, specifically, why it cannot apply to this file;
// none is an "Unknown option" because the file took another path. In-process (main), so the table stays cheap.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../main.ts';
import { studyShapedJsonl } from '../../testing/studyParity.ts';
import { nineLanguageTable } from '../../testing/nineLanguageTable.ts';
import { gradedReviewsRows } from '../../testing/workbook.ts';

let dir: string;
const at = (name: string) => path.join(dir, name);
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-oneway-'));
  writeFileSync(at('study.jsonl'), studyShapedJsonl(12));
  writeFileSync(at('table.csv'), nineLanguageTable(2));
  writeFileSync(at('graded.csv'), gradedReviewsRows(12).map((r) => r.map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(',')).join('\n'));
  writeFileSync(at('prompt.txt'), '{pseudo_references} {review_sentences} {{diff}} {{review}} {{pseudo_references}}');
  writeFileSync(at('ceiling.csv'), 'index,system,con,comp,rel\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function evalRun(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  try {
    const code = await main(['eval', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

// Each layout's file and the flags that make it a run (the mapped table names its columns; it has no reference,
// so CRScore on the analyzers' pseudo-references judges it).
const LAYOUTS: Record<string, { file: string; base: string[]; system: string; dim: string }> = {
  study: { file: 'study.jsonl', base: ['--tau', '0.2'], system: 'sys_a', dim: 'rel' },
  mapped: { file: 'table.csv', base: ['--map', 'diff=patch,review=msg,lang=lang', '--human', 'relevance:binary', '--metrics', 'crscore', '--pseudo-refs', 'analyzers', '--tau', '0.2'], system: 'none', dim: 'relevance' },
  graded: { file: 'graded.csv', base: ['--metrics', 'bleu,crscore', '--pseudo-refs', 'reference'], system: 'Auger', dim: 'grade' },
};

// Every option of either former path, with a value it takes.
const OPTIONS: Record<string, (l: (typeof LAYOUTS)[string]) => string[]> = {
  '--calibrate-on': (l) => ['--calibrate-on', l.system],
  '--split': () => ['--split', 'improved'],
  '--similarity': () => ['--similarity', 'tfidf'],
  '--scoring': () => ['--scoring', 'graded'],
  '--cv': () => ['--preset', 'plus', '--cv', '2'],
  '--idf': () => ['--preset', 'plus', '--idf', 'corpus'],
  '--links-out': () => ['--links-out', at('links.jsonl')],
  '--predictions': () => ['--predictions', at('prompt.txt')],
  '--links-prompt': () => ['--links-prompt', at('prompt.txt')],
  '--baseline': () => ['--baseline', 'bleu', '--metaeval'],
  '--judge-samples': () => ['--judge-samples', '1'],
  '--judge-with-pseudo-refs': () => ['--judge-with-pseudo-refs'],
  '--judge-prompt': () => ['--judge-prompt', at('prompt.txt')],
  '--test': () => ['--test', 'bootstrap', '--metaeval'],
  '--ceiling': () => ['--ceiling', at('ceiling.csv'), '--metaeval'],
  '--human-data': () => ['--human-data'],
  '--tokenizer': () => ['--tokenizer', 'nltk-3.10'],
  '--where': (l) => ['--where', `${l.dim}>=0`],
  '--by': () => ['--by', 'lang', '--metaeval'],
  '--eps-search': () => ['--eps-search', 'exhaustive'],
  '--dim': (l) => ['--dim', l.dim],
  '--grouping': () => ['--grouping', 'item'],
  '--statistic': () => ['--statistic', 'kendall'],
  '--metrics length,random': () => ['--metrics', 'length,random'],
};

describe('crscore eval: one way in', () => {
  for (const [layout, l] of Object.entries(LAYOUTS))
    for (const [option, args] of Object.entries(OPTIONS))
      it(`${option} on the ${layout} layout is never an unknown option`, async () => {
        const r = await evalRun(['--dataset', at(l.file), ...l.base, ...args(l), '--bootstrap', '0', '--json']);
        expect(r.stderr).not.toMatch(/Unknown option|unknown metric|is not available on a human-scored dataset|on a human-scored dataset crscore eval takes/);
        // A refusal is a usage error naming the option, never a crash.
        if (r.code !== 0) expect(r.stderr).toMatch(new RegExp(`crscore eval: .*${option.split(' ')[0].replace(/^--/, '')}`));
      }, 60_000);

  it('--by lang on the study file gives slices; --links-out on a mapped table writes its links', async () => {
    const by = await evalRun(['--dataset', at('study.jsonl'), '--tau', '0.2', '--by', 'system', '--bootstrap', '0', '--json']);
    expect(by.code).toBe(0);
    expect(JSON.parse(by.stdout).metaeval.slices.length).toBeGreaterThan(1);
    rmSync(at('links.jsonl'), { force: true });
    const links = await evalRun(['--dataset', at('table.csv'), ...LAYOUTS.mapped.base, '--links-out', at('links.jsonl'), '--bootstrap', '0', '--json']);
    expect(links.stderr).toBe(links.stderr);
    expect(links.code).toBe(0);
    expect(existsSync(at('links.jsonl')) && readFileSync(at('links.jsonl'), 'utf8').split('\n').length).toBeGreaterThan(1);
  }, 60_000);

  it("the study's scorers on the human-scored report give the study's report's figures: --preset plus --cv", async () => {
    const args = ['--dataset', at('study.jsonl'), '--preset', 'plus', '--cv', '3', '--calibrate-on', 'sys_a', '--bootstrap', '0', '--json'];
    const study = await evalRun(args);
    expect(study.code).toBe(0);
    const human = await evalRun([...args, '--by', 'system', '--metrics', 'crscore']);
    expect(human.code).toBe(0);
    const own = JSON.parse(study.stdout).plus.crossValidation;
    expect(own.folds.length).toBe(3);
    expect(JSON.parse(human.stdout).crscore.crossValidation).toEqual(own);
  }, 60_000);
});
