// SWE-CARE's RuleBasedEvaluator, recorded on generated samples by scripts/prreview/swecare_fixture.py (Debian's
// NLTK with Punkt's untrained defaults). Ours must give the same defects, hunks and every field, to the last bit.
import { describe, expect, it } from 'vitest';
import instances from './fixtures/swe-care/instances.jsonl?raw';
import predA from './fixtures/swe-care/predictions/sys-a.jsonl?raw';
import predB from './fixtures/swe-care/predictions/sys-b.jsonl?raw';
import expected from './fixtures/swe-care/expected.rulebased.json';
import { readSweCare } from './readers/swecare.ts';
import { codefuseEvaluate, HarnessError, locationSimilarity } from './evaluators/codefuse.ts';
import { nltkBleu } from './nltkBleu.ts';
import { prEval } from './evaluate.ts';

const ds = readSweCare({ file: 'instances.jsonl', text: instances }, [
  { system: 'sys-a', file: 'sys-a.jsonl', text: predA },
  { system: 'sys-b', file: 'sys-b.jsonl', text: predB },
]);
const byId = new Map(ds.prs.map((p) => [p.id, p]));

describe('codefuse equals SWE-CARE RuleBasedEvaluator on its layout', () => {
  it('reads every record', () => expect(ds.problems).toEqual([]));
  it.each(expected.rows.map((r) => [`${r.pr} ${r.system}`, r] as const))('%s', (_n, row) => {
    const pr = byId.get(row.pr)!;
    const preds = pr.reviews[row.system];
    expect(preds.map((d) => ({ text: d.text, path: d.path, line: d.to, diff_hunk: d.hunk }))).toEqual(row.defects);
    const { matches, ...got } = codefuseEvaluate(preds, pr.references, { description: (p, r) => nltkBleu(p, r) });
    const { matches: em, ...want } = row.result as typeof row.result & { matches: unknown[] };
    expect(got).toEqual(want);
    expect(matches).toEqual(em);
  });
});

describe('codefuse edge cases as coded', () => {
  const d = (text: string, to: number | null, hunk: string | null = null, path = 'a.py') => ({ text, path, to, hunk });
  const bleu = () => 0;
  it('no prediction and no reference scores 1; predictions without reference have recall 1', () => {
    expect(codefuseEvaluate([], [], { description: bleu })).toMatchObject({ score: 1, recall: 1, f1: 1 });
    expect(codefuseEvaluate([d('x', 1)], [], { description: bleu })).toMatchObject({ score: 0, precision: 0, recall: 1, num_predicted: 1 });
    expect(codefuseEvaluate([], [d('x', 1)], { description: bleu })).toMatchObject({ score: 0, recall: 0, num_reference: 1 });
  });
  it('a reference without a hunk raises, as its division by zero does', () => {
    expect(() => codefuseEvaluate([d('x', 1)], [d('y', 1)], { description: bleu })).toThrow(HarnessError);
  });
  it('location = 0.7 path + 0.15 line + 0.15 hunk, with the five-line window when a defect has no hunk', () => {
    const ref = d('r', 12, '@@ -10,3 +10,4 @@');
    expect(locationSimilarity(d('p', 12), ref)).toBe(0.7 + 0.15 + 0.15 * (4 / 4));
    expect(locationSimilarity(d('p', 15), ref)).toBe(0.7 + 0.15 * (1 - 3 / 10) + 0.15 * 1);
    expect(locationSimilarity(d('p', null), d('r', null, '@@ -1 +1 @@', 'b.py'))).toBe(0.15 * 0.5);
  });
  it('the true-positive threshold is 0.5, or 0.3 as before January 2026', () => {
    const ref = d('same words here', 12, '@@ -10,3 +10,4 @@');
    const pred = d('other', 30, null, 'b.py'); // location 0.15·0.1 = 0.015; description 0.8 → combined 0.4075
    const o = { description: () => 0.8 };
    expect(codefuseEvaluate([pred], [ref], o).num_true_positives).toBe(0);
    expect(codefuseEvaluate([pred], [ref], { ...o, tpThreshold: 0.3 }).num_true_positives).toBe(1);
  });
  it('pr-eval gives one row per PR and system with the harness fields, and mean aggregates', () => {
    const res = prEval(ds, { evaluator: 'codefuse', resamples: 100 });
    expect(res.rows).toHaveLength(expected.rows.length);
    const a = res.rows.filter((r) => r.system === 'sys-a');
    const mean = a.reduce((s, r) => s + (r.score as number), 0) / a.length;
    expect(res.aggregates.systems[0]).toMatchObject({ system: 'sys-a' });
    expect(res.aggregates.systems[0].stats.score.value).toBeCloseTo(mean, 12);
    expect(res.signature).toContain('bleu-nltk3.9');
  });
});
