// CRScore of a whole review (`pr-eval --evaluator crscore`): τ's default, and the reference-free form whose P is
// the PR's pseudo-references, each placed on its file and line (analyzer issues) or its hunk (claims).
import { describe, expect, it } from 'vitest';
import { prEval } from './evaluate.ts';
import { dataset, type PullRequest } from './model.ts';
import { DEFAULT_THRESHOLD } from './matchers.ts';
import { LEXICAL_TAU } from '../lexical.ts';

const pr = (over: Partial<PullRequest> = {}): PullRequest => ({
  id: 'o/r#1',
  languages: [],
  references: [{ text: 'the loop never ends when the list is empty', path: 'a.js', from: 10, to: 10 }],
  reviews: {
    // Shares one content word of eight with the issue: a text similarity far below the lexical τ, above 0.
    tool: [{ text: 'rename this variable, the list name is unclear to readers', path: 'a.js', from: 10, to: 10 }],
  },
  ...over,
});

describe('crscore τ', () => {
  it('defaults to the similarity\'s documented τ (lexical: LEXICAL_TAU), not 0, when no matcher is named', () => {
    const r = prEval(dataset('crscore-pr', [pr()], []), { evaluator: 'crscore', resamples: 10, locationWeight: 0 });
    expect(DEFAULT_THRESHOLD.lexical).toBe(LEXICAL_TAU);
    expect(r.signature).toContain(`tau:${LEXICAL_TAU}`);
    const row = r.rows[0];
    // A comment on another concern at the same line does not address the issue at the paper's τ.
    expect([row.comments_addressing, row.issues_found]).toEqual([0, 0]);
  });
  it('takes --threshold as τ when --tau is not given, and --tau over both', () => {
    const ds = dataset('crscore-pr', [pr()], []);
    expect(prEval(ds, { evaluator: 'crscore', threshold: 0.01, resamples: 10 }).signature).toContain('tau:0.01');
    expect(prEval(ds, { evaluator: 'crscore', threshold: 0.01, tau: 0.5, resamples: 10 }).signature).toContain('tau:0.5');
    expect(prEval(ds, { evaluator: 'crscore', matcher: 'bleu', resamples: 10 }).signature).toContain(`tau:${DEFAULT_THRESHOLD.bleu}`);
  });
});
