// `crscore eval` on generated files of the human study's layout, with a representative set of flags: what it prints
// (stdout, stderr, the exit code) and the files it writes (--links-out, --scores-out), captured in one process.
// scripts/studyGolden.test.ts compares the CLI against src/cli/eval/fixtures/study-golden.json, which this script
// wrote from the code before the human study's rows went through the one dataset model (studyDataset, humanPrepared):
//   npx tsx scripts/study-golden.ts src/cli/eval/fixtures/study-golden.json
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateJsonl } from '../bench/genDataset.ts';
import { studyShapedJsonl } from '../src/testing/studyParity.ts';
import { runEval } from '../src/cli/eval/eval.ts';

const B = ['--bootstrap', '40'];
/** name → the flags after --dataset FILE ('gen': generateJsonl's layout; 'shaped': msg anywhere, unscored, no pseudo-references). */
export const STUDY_GOLDEN_CASES: Record<string, [file: 'gen' | 'shaped', ...args: string[]]> = {
  'gen-text': ['gen'],
  'gen-json': ['gen', '--json', ...B],
  'gen-tau-split': ['gen', '--tau', '0.2', '--split', 'improved', '--json', ...B],
  'gen-calibrate-on': ['gen', '--calibrate-on', 'knn_pred', ...B],
  'gen-graded': ['gen', '--similarity', 'tfidf', '--scoring', 'graded', '--json', ...B],
  'gen-plus': ['gen', '--preset', 'plus', ...B],
  'gen-plus-json': ['gen', '--preset', 'plus', '--json', '--bootstrap', '30', '--seed', '4'],
  'gen-learned': ['gen', '--preset', 'learned', '--json', ...B],
  'gen-metrics': ['gen', '--metrics', 'crscore,bleu,chrf,rouge-l', '--json', ...B],
  'gen-metaeval': ['gen', '--metaeval', ...B],
  'gen-metaeval-json': ['gen', '--metaeval', '--json', '--grouping', 'system', '--statistic', 'kendall', '--seed', '2', ...B],
  'gen-metaeval-plus': ['gen', '--metaeval', '--preset', 'plus', '--json', ...B],
  'gen-links-out': ['gen', '--links-out', '<out>/links.jsonl', '--json', ...B],
  'gen-scores-out': ['gen', '--metaeval', '--scores-out', '<out>/scores.csv', '--metrics', 'crscore,bleu', ...B],
  'gen-signature': ['gen', '--signature', '--tau', '0.3'],
  'shaped-text': ['shaped', '--calibrate-on', 'sys_a', ...B],
  'shaped-json': ['shaped', '--calibrate-on', 'sys_a', '--split', 'improved', '--json', ...B],
  'shaped-metaeval': ['shaped', '--calibrate-on', 'sys_a', '--metaeval', '--metrics', 'crscore,bleu,chrf', ...B],
  'shaped-learned': ['shaped', '--preset', 'learned', '--metaeval', ...B],
  'shaped-links-out': ['shaped', '--calibrate-on', 'sys_a', '--links-out', '<out>/links.jsonl', ...B],
  'shaped-no-calibration': ['shaped'],
};

export interface GoldenRun {
  code: number | string;
  stdout: string;
  stderr: string;
  files: Record<string, string>;
}

/** Every case run once in this process, the temporary folder's name written '<dir>'. */
export async function studyGoldenRuns(): Promise<Record<string, GoldenRun>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'study-golden-'));
  const files = { gen: path.join(dir, 'gen.jsonl'), shaped: path.join(dir, 'shaped.jsonl') };
  writeFileSync(files.gen, generateJsonl({ changes: 16, seed: 5 }));
  writeFileSync(files.shaped, studyShapedJsonl(24));
  const out: Record<string, GoldenRun> = {};
  const { write: ow } = process.stdout;
  const { write: ew } = process.stderr;
  try {
    for (const [name, [file, ...args]] of Object.entries(STUDY_GOLDEN_CASES)) {
      const o = path.join(dir, name);
      mkdirSync(o);
      let stdout = '';
      let stderr = '';
      process.stdout.write = ((c: string | Uint8Array) => ((stdout += String(c)), true)) as typeof process.stdout.write;
      process.stderr.write = ((c: string | Uint8Array) => ((stderr += String(c)), true)) as typeof process.stderr.write;
      let code: number | string;
      try {
        code = await runEval(['--dataset', files[file], ...args.map((a) => a.replace('<out>', o))]);
      } catch (e) {
        code = `${(e as Error).name}: ${(e as Error).message}`;
      } finally {
        process.stdout.write = ow;
        process.stderr.write = ew;
      }
      const written: Record<string, string> = {};
      for (const f of ['links.jsonl', 'scores.csv']) if (existsSync(path.join(o, f))) written[f] = readFileSync(path.join(o, f), 'utf8');
      const clean = (s: string) => s.split(dir).join('<dir>');
      out[name] = { code: typeof code === 'string' ? clean(code) : code, stdout: clean(stdout), stderr: clean(stderr), files: Object.fromEntries(Object.entries(written).map(([k, v]) => [k, clean(v)])) };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const target = process.argv[2];
  if (!target) throw new Error('usage: tsx scripts/study-golden.ts OUT.json');
  writeFileSync(target, `${JSON.stringify(await studyGoldenRuns(), null, 1)}\n`);
  process.exit(0);
}
