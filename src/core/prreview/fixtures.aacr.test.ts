// AACR-Bench's evaluator, recorded on generated samples by scripts/prreview/aacr_fixture.py (the shipped Python
// with a stub LLM); ours must give the same counts and rates on every PR and system.
import { describe, expect, it } from 'vitest';
import positives from './fixtures/aacr/positive_samples.json?raw';
import negatives from './fixtures/aacr/negative_samples.json?raw';
import expected from './fixtures/aacr/expected.evaluator.json';
import { addGeneratedComments, readAacr } from './readers/aacr.ts';
import { aacrEvaluate, firstWordAnswer, pyRound3, shippedAnswer, aacrLocationMatch } from './evaluators/aacr.ts';
import { referencesFor } from './model.ts';
import { stubAacrAnswer } from './samples.ts';
import { prEval } from './evaluate.ts';

const generated = import.meta.glob('./fixtures/aacr/generated/toolx/*.txt', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

function load() {
  const ds = readAacr({ file: 'positive_samples.json', text: positives }, { file: 'negative_samples.json', text: negatives });
  addGeneratedComments(ds, 'toolx', Object.entries(generated).map(([file, text]) => ({ file, text })));
  return ds;
}

const FIELDS = ['positive_expected_nums', 'total_generated_nums', 'positive_match_nums', 'positive_line_match_nums', 'unmatched_nums',
  'positive_match_rate', 'positive_recall_rate', 'positive_line_match_rate', 'positive_line_recall_rate', 'unmatched_rate'] as const;

describe('aacr equals AACR-Bench evaluator_runner on its layout', () => {
  const ds = load();
  const byId = new Map(ds.prs.map((p) => [p.id, p]));
  it.each(expected.rows.map((r, k) => [k, r] as const))('row %i', (_k, row) => {
    const pr = byId.get(row.pr)!;
    const gen = pr.reviews[row.system];
    // Reference as the script builds it: the other sources' positives (toolx: all positives).
    const refs = referencesFor(pr, row.system, 'others');
    const semantic = row.semantic ? (g: string, r: string) => shippedAnswer(stubAacrAnswer(g, r)) : undefined;
    const got = aacrEvaluate(gen, refs, { variant: 'aacr', semantic });
    for (const f of FIELDS) expect(got[f], f).toBe(row[f]);
  });
  it('reads the generated files as parse_generated_comments_file', () => {
    for (const row of expected.rows.filter((r) => r.system === 'toolx' && 'generated' in r)) {
      const got = byId.get(row.pr)!.reviews.toolx.map((c) => ({ path: c.path, side: c.side, from_line: c.from, to_line: c.to, note: c.text }));
      expect(got).toEqual((row as { generated: unknown }).generated);
    }
  });
});

describe('the three shipped behaviours and their mends', () => {
  const loc = { path: 'a.go', side: 'right', from: 10, to: 12 };
  it('without ids every reference is one key, so a PR earns at most one match; aacr-fixed keys each', () => {
    const refs = [{ ...loc, text: 'r1' }, { ...loc, text: 'r2' }, { ...loc, text: 'r3' }];
    const gen = [{ ...loc, text: 'g1' }, { ...loc, text: 'g2' }, { ...loc, text: 'g3' }];
    const yes = () => true;
    const shipped = aacrEvaluate(gen, refs, { variant: 'aacr', semantic: yes });
    expect([shipped.positive_match_nums, shipped.positive_line_match_nums, shipped.unmatched_nums]).toEqual([1, 1, 2]);
    const fixed = aacrEvaluate(gen, refs, { variant: 'aacr-fixed', semantic: yes });
    expect([fixed.positive_match_nums, fixed.positive_line_match_nums, fixed.unmatched_nums]).toEqual([3, 3, 0]);
    // With ids, the shipped code keys them apart too.
    const withIds = aacrEvaluate(gen, refs.map((r, i) => ({ ...r, id: `c${i}` })), { variant: 'aacr', semantic: yes });
    expect(withIds.positive_match_nums).toBe(3);
  });
  it('"No, they are not the same." is yes as shipped, no by its first word', () => {
    expect(shippedAnswer('No, they are not the same.')).toBe(true);
    expect(shippedAnswer('no')).toBe(false);
    expect(shippedAnswer('Yes.')).toBe(true);
    expect(shippedAnswer('I know, yes')).toBe(false); // "no" in "know" before "yes"
    expect(firstWordAnswer('No, they are not the same.')).toBe(false);
    expect(firstWordAnswer('  Yes, same.')).toBe(true);
    expect(firstWordAnswer('They differ.')).toBeNull();
  });
  it('a missing <side> never matches as shipped; "" is no side and sides compare case-insensitively when fixed', () => {
    const ref = { ...loc, text: 'r' };
    expect(aacrLocationMatch({ ...loc, side: '', text: 'g' }, ref, 'aacr')).toBe(false);
    expect(aacrLocationMatch({ ...loc, side: '', text: 'g' }, ref, 'aacr-fixed')).toBe(true);
    expect(aacrLocationMatch({ ...loc, side: 'RIGHT', text: 'g' }, ref, 'aacr')).toBe(false);
    expect(aacrLocationMatch({ ...loc, side: 'RIGHT', text: 'g' }, ref, 'aacr-fixed')).toBe(true);
    expect(aacrLocationMatch({ ...loc, side: 'left', text: 'g' }, ref, 'aacr-fixed')).toBe(false);
    expect(aacrLocationMatch({ ...loc, from: 14, to: 20, text: 'g' }, ref, 'aacr')).toBe(false); // 2 lines apart
    expect(aacrLocationMatch({ ...loc, from: 13, to: 20, text: 'g' }, ref, 'aacr')).toBe(true); // 1 line apart
  });
  it('rounds as Python round(x, 3) does, ties to even', () => {
    expect(pyRound3(0.0625)).toBe(0.062);
    expect(pyRound3(0.1875)).toBe(0.188);
    expect(pyRound3(2 / 3)).toBe(0.667);
    expect(pyRound3(1 / 7)).toBe(0.143);
  });
  it('pr-eval runs aacr and aacr-fixed with an offline matcher on every PR and system', () => {
    const ds = load();
    const a = prEval(ds, { evaluator: 'aacr', matcher: 'lexical', resamples: 50 });
    const b = prEval(ds, { evaluator: 'aacr-fixed', matcher: 'lexical', resamples: 50 });
    expect(a.rows.length).toBe(b.rows.length);
    const sum = (rs: typeof a.rows) => rs.reduce((s, r) => s + (r.positive_match_nums as number), 0);
    expect(sum(b.rows)).toBeGreaterThanOrEqual(sum(a.rows));
    expect(a.aggregates.systems.map((s) => s.system)).toEqual(['Claude-Code/Claude-4.5-Sonnet', 'GLM-4.7', 'GPT-5.2', 'human', 'toolx']);
  });
});

describe('the prompt', () => {
  it('is SEMANTIC_COMPARISON_PROMPT_TEMPLATE, character for character (recorded from the harness)', async () => {
    const { aacrPrompt } = await import('./evaluators/aacr.ts');
    const recorded = (await import('./fixtures/aacr/prompt.txt?raw')).default;
    expect(aacrPrompt('COMMENT-1', 'COMMENT-2')).toBe(recorded);
  });
});
