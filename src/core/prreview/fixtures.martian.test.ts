// Martian's step 3, recorded on generated samples by scripts/prreview/martian_fixture.py (its evaluate_review and
// call_llm with a stub LLM). Ours must equal every record, and replaying a judge's records must recount them.
import { describe, expect, it } from 'vitest';
import goldenA from './fixtures/martian/golden_comments/repo_a.json?raw';
import goldenB from './fixtures/martian/golden_comments/repo_b.json?raw';
import candX from './fixtures/martian/results/judge-x/candidates.json?raw';
import evalX from './fixtures/martian/results/judge-x/evaluations.json?raw';
import candY from './fixtures/martian/results/judge-y/candidates.json?raw';
import evalY from './fixtures/martian/results/judge-y/evaluations.json?raw';
import { readMartian } from './readers/martian.ts';
import { martianEvaluate, martianPrompt, martianTotals, parseJudgeReply, replayRecord } from './evaluators/martian.ts';
import { stubMartianAnswer } from './samples.ts';
import { prEval } from './evaluate.ts';

const files = {
  golden: [{ file: 'golden_comments/repo_a.json', text: goldenA }, { file: 'golden_comments/repo_b.json', text: goldenB }],
  judges: [
    { name: 'judge-x', candidates: { file: 'x/candidates.json', text: candX }, evaluations: { file: 'x/evaluations.json', text: evalX } },
    { name: 'judge-y', candidates: { file: 'y/candidates.json', text: candY }, evaluations: { file: 'y/evaluations.json', text: evalY } },
  ],
};
type Rec = { skipped: boolean; tp: number; fp: number; fn: number; errors_count: number; total_candidates: number; total_golden: number; precision: number; recall: number; false_positives: { candidate: string }[] };

describe('martian equals step 3 on its layout', () => {
  const ds = readMartian(files);
  it('reads every record and names nothing as bad', () => {
    expect(ds.problems).toEqual([]);
    expect(ds.judges).toEqual(['judge-x', 'judge-y']);
    expect(ds.prs).toHaveLength(8);
  });
  for (const [judge, text] of [['judge-x', evalX], ['judge-y', evalY]] as const) {
    const published = JSON.parse(text) as Record<string, Record<string, Rec>>;
    it(`re-judging ${judge}'s candidates with the stub gives its records`, () => {
      let n = 0;
      for (const pr of ds.prs) {
        const url = pr.meta!.url as string;
        for (const [tool, rec] of Object.entries(published[url])) {
          const jr = pr.judged![judge][tool];
          if (jr.candidatesFrom !== 'candidates') continue; // raw comments: not in the model's candidates
          const got = martianEvaluate(pr.references.map((r) => r.text), jr.candidates.map((c) => c.text), (g, c) => parseJudgeReply(stubMartianAnswer(g, c)));
          if (rec.skipped) {
            expect(got.skipped).toBe(true);
            continue;
          }
          const pick = (r: Rec | typeof got) => [r.tp, r.fp, r.fn, r.errors_count, r.total_candidates, r.total_golden, r.precision, r.recall];
          expect(pick(got), `${url} ${tool}`).toEqual(pick(rec));
          expect(got.false_positives).toEqual(rec.false_positives.map((f) => f.candidate));
          n++;
        }
      }
      expect(n).toBeGreaterThan(10);
    });
    it(`replaying ${judge} recounts its published tp, fp, fn`, () => {
      for (const pr of ds.prs)
        for (const [tool, rec] of Object.entries(published[pr.meta!.url as string])) {
          if (rec.skipped) continue;
          const r = replayRecord(pr.judged![judge][tool], pr.references.length);
          expect([r.tp, r.fp, r.fn, r.total_candidates, r.precision, r.recall]).toEqual([rec.tp, rec.fp, rec.fn, rec.total_candidates, rec.precision, rec.recall]);
        }
    });
  }
  it('the aggregate micro-sums tp, fp and fn over PRs as step 3 prints them', () => {
    const res = prEval(ds, { evaluator: 'martian', judge: 'judge-x', resamples: 100 });
    const alpha = res.rows.filter((r) => r.system === 'alpha') as unknown as Parameters<typeof martianTotals>[0];
    const t = martianTotals(alpha);
    const published = Object.values(JSON.parse(evalX) as Record<string, Record<string, Rec>>).map((t) => t.alpha).filter((r) => !r.skipped);
    const tp = published.reduce((s, r) => s + r.tp, 0);
    const fp = published.reduce((s, r) => s + r.fp, 0);
    expect(t.precision).toBe(tp / (tp + fp));
    const agg = res.aggregates.systems.find((s) => s.system === 'alpha')!;
    expect(agg.stats.precision.value).toBe(t.precision);
    expect(agg.stats.f1.lo).toBeLessThanOrEqual(agg.stats.f1.value);
  });
  it('parses replies as call_llm does and writes its prompt', () => {
    expect(parseJudgeReply('```json\n{"match": true, "confidence": 0.5}\n```')).toEqual({ match: true, confidence: 0.5 });
    expect(parseJudgeReply('nope')).toEqual({ error: 'JSON parse failed' });
    expect(martianPrompt('G', 'C')).toContain('Golden Comment (the issue we\'re looking for):\nG\n\nCandidate Issue (from the tool\'s review):\nC\n');
  });
});

describe('the judge prompt', () => {
  it('is step 3\'s JUDGE_PROMPT, character for character (recorded from the harness)', async () => {
    const recorded = (await import('./fixtures/martian/prompt.txt?raw')).default;
    expect(martianPrompt('GOLDEN', 'CANDIDATE')).toBe(recorded);
  });
});
