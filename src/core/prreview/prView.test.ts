import { describe, expect, it } from 'vitest';
import { crscoreEvaluate } from './evaluators/crscore.ts';
import { explainDecision, prMatches, viewHunks } from './prView.ts';

const mat = (rows: number, cols: number, data: number[]) => ({ rows, cols, data: Float64Array.from(data) }) as never;

describe('the pull request view of a CRScore row', () => {
  const issues = [{ text: 'a', path: 'x.py', to: 10 }, { text: 'b', path: 'y.py', to: 3 }];
  const comments = [{ text: 'c', path: 'x.py', to: 11 }, { text: 'd', path: 'x.py', to: 40 }, { text: 'e' }];
  const text = mat(2, 3, [0.5, 0.9, 0.2, 0.3, 0.3, 0.6]);
  const o = { tau: 0.4, locationWeight: 0.2, lineWindow: 3 };
  const row = crscoreEvaluate(issues, comments, text, o);

  it('links each comment to its best issue and each issue to its best comment at τ, each pair once', () => {
    const m = prMatches(row, o.tau);
    // C1: 0.8·0.5 + 0.2 = 0.6 with I1; C2 is beyond the window; C3 has no place: 0.8·0.2 = 0.16 and 0.8·0.6 = 0.48.
    expect(m.ofComment).toEqual([0, -1, 1]);
    expect(m.ofIssue).toEqual([0, 2]);
    expect(m.links.map((l) => [l.issue, l.comment])).toEqual([[0, 0], [1, 2]]);
    expect(prMatches(row, 0.7).links).toEqual([]);
  });

  it('names the rule that decided each pair', () => {
    const R = 3;
    expect(explainDecision(row.cells[0 * R + 1], issues[0], comments[1], o).rule).toBe('beyond the line window');
    expect(explainDecision(row.cells[1 * R + 0], issues[1], comments[0], o).because).toContain('different files (y.py and x.py)');
    const d = explainDecision(row.cells[0], issues[0], comments[0], o);
    expect([d.rule, d.location, d.match]).toEqual(['above τ', 1, true]);
    expect(d.because).toContain('text similarity 0.500');
    expect(explainDecision(row.cells[2], issues[0], comments[2], o).rule).toBe('at or below τ');
  });

  it("pins on the PR's diff, else on the longest of the hunks a file's comments carry", () => {
    const diff = 'diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,3 @@\n a\n+b\n c\n';
    expect(viewHunks(diff, [])).toEqual([{ file: 'x.py', newStart: 1, hunk: '@@ -1,2 +1,3 @@\n a\n+b\n c\n' }]);
    const h = viewHunks(undefined, [
      { text: '', path: 'x.py', hunk: '@@ -5,2 +5,3 @@\n a\n+b' },
      { text: '', path: 'x.py', hunk: '@@ -5,2 +5,3 @@\n a\n+b\n c\n' },
      { text: '', path: 'a.py', hunk: '@@ -1 +1 @@\n-q\n+r' },
      { text: '', path: 'z.py' },
    ]);
    expect(h).toEqual([{ file: 'a.py', newStart: 1, hunk: '@@ -1 +1 @@\n-q\n+r' }, { file: 'x.py', newStart: 5, hunk: '@@ -5,2 +5,3 @@\n a\n+b\n c' }]);
  });
});
