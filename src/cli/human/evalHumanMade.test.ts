// `crscore eval` on a mapped table with no reference review (real reviewers' comments on bare hunks, a binary
// label): CRScore with pseudo-references made for every change (the analyzers, as crscore score makes them) judges
// every review; a run where nothing can be judged is an error with its reason; a table that needs a mapping prints
// its header and a guessed mapping.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore } from '../shared/testing';

let dir: string;
let csv: string;
const q = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** JavaScript hunks whose added lines JSHint warns on (a missing semicolon, ==), reviews that name it or not. */
function table(): string {
  const lines = ['patch,msg,lang,relevance'];
  for (let i = 1; i <= 12; i++) {
    const patch = `--- a/f${i}.js\n+++ b/f${i}.js\n@@ -1,3 +1,4 @@\n function f${i}(a) {\n-  return a;\n+  if (a == null) return 0\n+  return a + ${i};\n }`;
    const onPoint = i % 2 === 0;
    const review = onPoint ? `Missing semicolon after return 0, and use === to compare with null.` : `Nice work ${i}, thanks.`;
    lines.push([q(patch), q(review), 'js', onPoint ? '1' : '0'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-human-made-'));
  csv = path.join(dir, 'reviews.csv');
  writeFileSync(csv, table());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MAP = ['--map', 'diff=patch,review=msg,lang=lang', '--human', 'relevance:binary'];

describe('crscore eval on a table without a reference review', () => {
  it('--pseudo-refs analyzers makes every change its pseudo-references and judges every review', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'analyzers', '--metrics', 'crscore', '--json']);
    expect(r.stderr).not.toMatch(/Error|must be one of/);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/pseudo-references: 0 claims, \d+ issues over 12 changes/);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(out.crscore?.pseudoRefs).toBe('analyzers');
    const rel = out.metrics.find((m) => m.id === 'crscore.rel')!;
    expect(rel.n).toBe(12);
    // The reviews that name the analyzer's warnings are the ones labelled relevant: AUC 1 on this table.
    const auc = out.correlations!.find((c) => c.id === 'crscore.rel')!.auc!;
    expect(auc.auc).toBe(1);
  });

  it('--pseudo-refs tree-claims makes claims from the syntax trees of every change, with no model and no reference', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'tree-claims', '--metrics', 'crscore', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/pseudo-references: [1-9]\d* claims, 0 issues over 12 changes/);
    const out = JSON.parse(r.stdout) as HumanEvalOutput;
    expect(out.crscore?.pseudoRefs).toBe('tree-claims');
    expect(out.metrics.find((m) => m.id === 'crscore.rel')!.n).toBe(12);
  });

  it('the text report names the made pseudo-references', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--pseudo-refs', 'analyzers', '--metrics', 'crscore']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("pseudo-references = the analyzers' issues on the changed lines");
  });

  it('a run where no metric can judge a review is an error that says why, not a table of undefined figures', () => {
    const r = crscore(['eval', '--dataset', csv, ...MAP, '--metrics', 'bleu,chrf']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/nothing to judge/);
    expect(r.stderr).toMatch(/no reference review/);
    expect(r.stderr).toMatch(/--pseudo-refs offline/);
    expect(r.stdout).toBe('');
  });

  it('without a mapping, the table is not refused as an unknown format: its header and a guessed mapping are printed', () => {
    const r = crscore(['eval', '--dataset', csv, '--metrics', 'bleu']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(/not a format this app reads/);
    expect(r.stderr).toMatch(/its header: patch, msg, lang, relevance/);
    expect(r.stderr).toMatch(/a guess to check: --map \S*diff=patch/);
  });

  it('claims need the key, checked before the dataset is read', () => {
    const r = crscore(['eval', '--dataset', path.join(dir, 'missing.csv'), ...MAP, '--pseudo-refs', 'claims', '--metrics', 'crscore']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/CRSCORE_LLM_API_KEY/);
    expect(r.stderr).not.toMatch(/no such file/);
  });
});
