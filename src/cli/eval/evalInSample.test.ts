// `crscore eval --preset learned` on the linker's own training data says the figures are in-sample and prints the
// cross-validated figure beside them (issue 28); on other data it says nothing of the kind. Tiny p-values print as
// "p < 1e-16", never "p 0".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fmtP } from '../shared/io.ts';
import { crscore, FIXTURES } from '../shared/testing.ts';

describe('p-values', () => {
  it('print below double precision as < 1e-16', () => {
    expect(fmtP(0)).toBe('< 1e-16');
    expect(fmtP(3.1e-108)).toBe('3.1e-108');
    expect(fmtP(0.0002)).toBe('0.0002');
  });
  it('from resampling, print 0 as below one over the number of resamples', () => {
    expect(fmtP(0, 1000)).toBe('< 0.001');
    expect(fmtP(0, 200)).toBe('< 0.005');
    expect(fmtP(0.012, 1000)).toBe('0.0120');
  });
});

describe('crscore eval --preset learned, out of sample', () => {
  it('a dataset the linker never saw carries no in-sample label', () => {
    const r = crscore(['eval', '--preset', 'learned', '--dataset', path.join(FIXTURES, 'mini.jsonl'), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).learned.inSample).toBeNull();
  });
});

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping the dev-data in-sample test: ${DEV} not found`);

describe.skipIf(!haveDev)('crscore eval --preset learned on the dev half (the shipped linker’s training data)', () => {
  it('labels the figures in-sample, with the cross-validated Rel beside them', () => {
    const json = JSON.parse(crscore(['eval', '--preset', 'learned', '--dataset', DEV, '--json', '--bootstrap', '0']).stdout);
    expect(json.learned.inSample).toMatchObject({ overlap: 144, changes: 150 });
    expect(json.learned.training.changeKeys).toBeUndefined();
    const text = crscore(['eval', '--preset', 'learned', '--dataset', DEV, '--bootstrap', '0']).stdout;
    expect(text.split('\n')[0]).toBe(
      'In-sample: 144 of 150 changes of this dataset trained the linker (dev.jsonl), so these figures flatter it; cross-validated (5 folds of changes) Rel ρ 0.623 ± 0.041, system ranking ρ 0.944 ± 0.037.',
    );
    expect(text).not.toMatch(/\(p 0\)/);
  }, 120_000);
});
