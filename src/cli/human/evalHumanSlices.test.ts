// `crscore eval --dataset … --where EXPR --by FIELD --tokenizer … --eps-search …` on a generated GradedReviews
// workbook, through the real launcher: the rows judged, every table per slice with its n, METEOR's tokenizer and the
// ε search named in the signature.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradedReviewsRows, workbook } from '../../testing/workbook';
import type { HumanEvalOutput } from './evalHumanReport';
import { crscore } from '../shared/testing';

let dir: string;
let file: string;
const rows = gradedReviewsRows(30);
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'crscore-slices-'));
  file = path.join(dir, 'dataset.xlsx');
  writeFileSync(file, Buffer.from(await workbook(rows)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const json = (r: { code: number | null; stdout: string; stderr: string }): HumanEvalOutput => {
  expect(r.stderr).not.toMatch(/Error:/);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as HumanEvalOutput;
};
const graded = () => rows.slice(1).flatMap((row) => [4, 6, 8, 10].map((k) => Number(row[k])));

describe('--where and --by on a human-scored dataset', () => {
  it('--where grade<=4 judges only those reviews and names them in the signature', () => {
    const expected = graded().filter((g) => g <= 4).length;
    expect(expected).toBeLessThan(120);
    const r = crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--where', 'grade<=4', '--metaeval', '--json', '--bootstrap', '20']);
    const out = json(r);
    expect(r.stderr).toContain(`${expected} of 120 reviews are judged`);
    expect(out.metrics[0].n).toBe(expected);
    expect(out.signature).toMatch(/\|where:grade<=4(\||$)/);
    const plain = crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--signature']);
    expect(plain.stdout).toMatch(/^metric:bleu\|/);
    expect(plain.stdout).not.toMatch(/where:/);
  });

  it('--by system repeats every table for each system, each with its n, in metaeval.slices', () => {
    const out = json(crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--by', 'system', '--json', '--bootstrap', '20']));
    const slices = out.metaeval!.slices!;
    expect(slices.map((s) => s.by)).toEqual(['system', 'system', 'system', 'system']);
    expect(slices.map((s) => s.n)).toEqual([30, 30, 30, 30]);
    expect(new Set(slices.map((s) => s.value)).size).toBe(4);
    for (const s of slices) {
      const pooled = s.groupings.pooled!;
      if ('undefined' in pooled) throw new Error(pooled.undefined);
      expect(pooled.rows.find((x) => x.id === 'bleu')!.n).toBe(30);
      // One system: nothing to rank at system level.
      expect(s.groupings.system).toHaveProperty('undefined');
    }
    expect(out.signature).toMatch(/\|by:system(\||$)/);
  });

  it('refuses a field the dataset does not have, naming the fields there are', () => {
    const r = crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--where', 'colour=red', '--metaeval']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/"colour" is not a field of the dataset \(its fields: grade, lang, system, id/);
    const bad = crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--where', 'grade', '--metaeval']);
    expect(bad.stderr).toMatch(/not FIELD OP VALUE/);
  });
});

describe("METEOR's tokenizer and acc_eq's ε search in the signature", () => {
  it('signs METEOR as meteor@nltk-3.9 by default and meteor@nltk-3.10 with --tokenizer nltk-3.10', () => {
    const a = crscore(['eval', '--dataset', file, '--metrics', 'bleu,meteor', '--signature']);
    expect(a.stdout).toMatch(/^metric:bleu\+meteor@nltk-3\.9\|/);
    const b = crscore(['eval', '--dataset', file, '--metrics', 'bleu,meteor', '--signature', '--tokenizer', 'nltk-3.10']);
    expect(b.stdout).toMatch(/^metric:bleu\+meteor@nltk-3\.10\|/);
    expect(crscore(['eval', '--dataset', file, '--metrics', 'meteor', '--signature', '--tokenizer', 'nltk-3.8']).stderr).toMatch(/--tokenizer: "nltk-3.8" is not nltk-3.9 or nltk-3.10/);
  });
  it('--eps-search exhaustive is named in the ties field', () => {
    expect(crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--signature']).stdout).toMatch(/\|ties:in-sample\+cv5\|/);
    expect(crscore(['eval', '--dataset', file, '--metrics', 'bleu', '--signature', '--eps-search', 'exhaustive']).stdout).toMatch(/\|ties:in-sample\+cv5\+eps-exhaustive\|/);
  });
});
