// `crscore eval` on a mapped table with no reference review, in CodeReviewer's nine languages with binary labels:
// the reference-free metrics judge every review they can score. The baselines (length, random) need neither a
// reference nor pseudo-references and judge every review; CRScore judges the reviews whose change has
// pseudo-references; a reference-based metric is skipped with an info line, not reported as n 0.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore } from '../shared/testing';
import { nineLanguageTable } from '../../testing/nineLanguageTable';

let dir: string;
let csv: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-human-free-'));
  csv = path.join(dir, 'nine.csv');
  writeFileSync(csv, nineLanguageTable());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAP = ['--map', 'diff=patch,review=msg,lang=lang', '--human', 'relevance:binary,informativeness:binary,expression:binary'];
const REVIEWS = 27;

const pooled = (out: HumanEvalOutput) => {
  const g = out.metaeval!.groupings.pooled!;
  if ('undefined' in g) throw new Error(g.undefined);
  return new Map(g.rows.map((r) => [r.id, r.n]));
};

describe('reference-free metrics on a table with no reference review', () => {
  it('the baselines judge every review, CRScore every review with pseudo-references, BLEU is skipped with an info line', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'analyzers', '--metrics', 'crscore,bleu', '--metaeval', '--json']);
    expect(r.code).toBe(0);
    const without = Number(/(\d+) changes without pseudo-references/.exec(r.stderr)?.[1]);
    expect(without).toBeGreaterThan(0);
    expect(without).toBeLessThan(REVIEWS);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    const n = pooled(out);
    expect(n.get('baseline.length')).toBe(REVIEWS);
    expect(n.get('baseline.random')).toBe(REVIEWS);
    expect(n.get('crscore.rel')).toBe(REVIEWS - without);
    // Each metric's n and why the others are left out, in the coverage.
    const rel = out.metrics.find((m) => m.id === 'crscore.rel')!;
    expect(rel).toMatchObject({ n: REVIEWS - without, leftOut: { 'no pseudo-references': without } });
    expect(out.metrics.map((m) => m.id)).not.toContain('bleu');
    expect(n.has('bleu')).toBe(false);
    expect(r.stderr).toMatch(/--metrics bleu: skipped: no change of .* has a reference review/);
    expect(r.stderr).not.toMatch(/reviews are left out/);
  });

  it('the text report gives the baselines every review and CRScore its own n', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'analyzers', '--metrics', 'crscore', '--metaeval']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`Length \\(words\\)\\s+${REVIEWS}\\s`));
    expect(r.stdout).toMatch(new RegExp(`Random \\(seed 1\\)\\s+${REVIEWS}\\s`));
    expect(r.stdout).toMatch(/CRScore relevance\s+n\s+\d+/);
  });

  it('only reference-based metrics on a table without a reference: an error that names the skipped metrics', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--metrics', 'bleu,rouge-l']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/nothing to judge/);
    expect(r.stderr).toMatch(/--metrics bleu: skipped/);
    expect(r.stderr).toMatch(/--pseudo-refs offline/);
  });

  it('--pseudo-refs without --metrics judges CRScore beside the default metrics (a new user names the source, not the metric)', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'offline', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/applies to --metrics crscore only/);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(out.metrics.find((m) => m.id === 'crscore.rel')!.n).toBe(REVIEWS);
  });
});
