import { describe, expect, it } from 'vitest';
import goldenA from './fixtures/martian/golden_comments/repo_a.json?raw';
import goldenB from './fixtures/martian/golden_comments/repo_b.json?raw';
import candX from './fixtures/martian/results/judge-x/candidates.json?raw';
import evalX from './fixtures/martian/results/judge-x/evaluations.json?raw';
import candY from './fixtures/martian/results/judge-y/candidates.json?raw';
import evalY from './fixtures/martian/results/judge-y/evaluations.json?raw';
import positives from './fixtures/aacr/positive_samples.json?raw';
import negatives from './fixtures/aacr/negative_samples.json?raw';
import { readMartian } from './readers/martian.ts';
import { readAacr } from './readers/aacr.ts';
import { acceptanceAuc, judgeTheJudges } from './judges.ts';
import { dataset, type PullRequest, type JudgeRecord } from './model.ts';

const rec = (o: Partial<JudgeRecord>): JudgeRecord => ({ candidates: [], candidatesFrom: 'candidates', totalCandidates: 0, matched: [], missed: [], unmatched: [], tp: 0, fp: 0, fn: 0, errors: 0, skipped: false, ...o });

describe('judging the judges', () => {
  it('counts golden decisions both judges made, κ and the tool ranking, by hand', () => {
    // Two tools on one PR with golden g1, g2. Judge A: t1 finds g1; t2 finds both. Judge B: t1 finds nothing; t2 finds g2.
    const pr: PullRequest = {
      id: 'p', languages: [], references: [{ text: 'g1' }, { text: 'g2' }], reviews: {},
      judged: {
        A: { t1: rec({ candidates: [{ text: 'c' }], totalCandidates: 1, matched: [{ golden: 'g1', candidate: 'c', confidence: 1 }], missed: ['g2'] }),
             t2: rec({ candidates: [{ text: 'd' }, { text: 'e' }], totalCandidates: 2, matched: [{ golden: 'g1', candidate: 'd', confidence: 1 }, { golden: 'g2', candidate: 'e', confidence: 1 }] }) },
        B: { t1: rec({ candidates: [{ text: 'c' }], totalCandidates: 1, missed: ['g1', 'g2'], unmatched: ['c'] }),
             t2: rec({ candidates: [{ text: 'd' }, { text: 'e' }], totalCandidates: 2, matched: [{ golden: 'g2', candidate: 'e', confidence: 1 }], missed: ['g1'], unmatched: ['d'] }) },
      },
    };
    const r = judgeTheJudges(dataset('martian', [pr], []), []);
    const ab = r.rows.find((x) => x.judge === 'A' && x.against === 'B')!;
    // Decisions (A, B): t1g1 (1,0) t1g2 (0,0) t2g1 (1,0) t2g2 (1,1): po = 2/4; pe = (3/4)(1/4) + (1/4)(3/4) = 6/16.
    expect(ab.golden).toEqual({ accuracy: 0.5, kappa: (0.5 - 6 / 16) / (1 - 6 / 16), n: 4 });
    expect(r.published.A.map((t) => t.f1)).toEqual([2 / 3, 1]);
    expect(ab.spearman).toBe(1); // B also ranks t2 above t1
  });
  it('runs every matcher against both fixture judges with the judges as ceiling', () => {
    const ds = readMartian({ golden: [{ file: 'a', text: goldenA }, { file: 'b', text: goldenB }], judges: [
      { name: 'judge-x', candidates: { file: 'x', text: candX }, evaluations: { file: 'x', text: evalX } },
      { name: 'judge-y', candidates: { file: 'y', text: candY }, evaluations: { file: 'y', text: evalY } }] });
    const r = judgeTheJudges(ds, [{ name: 'lexical' }, { name: 'bleu' }]);
    expect(r.rows.map((x) => `${x.judge}:${x.against}`)).toEqual(['judge-x:judge-y', 'judge-x:lexical', 'judge-x:bleu', 'judge-y:judge-x', 'judge-y:lexical', 'judge-y:bleu']);
    for (const x of r.rows) expect(x.golden.n).toBeGreaterThan(10);
  });
  it('AACR-Bench: ROC AUC of the best match for acceptance, PRs resampled', () => {
    const ds = readAacr({ file: 'p', text: positives }, { file: 'n', text: negatives });
    const [located, text] = acceptanceAuc(ds, 'lexical', {}, { resamples: 200 });
    expect(located.comments).toBe(text.comments);
    expect(located.positives + located.negatives).toBe(located.comments);
    expect(text.auc).not.toBeNull();
    expect(text.lo!).toBeLessThanOrEqual(text.auc!);
  });
});
