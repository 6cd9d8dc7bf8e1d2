// Issue 38: an imported metric is parsed once and matched once per run; regrouping (compute) reuses the matched
// columns, and another run's reviews are matched afresh from the same parsed columns, never from the text.
// (Node has no workers: the same functions run on the calling thread.)
import { describe, expect, it } from 'vitest';
import { importedScores, importedScoresNow, parseInWorker } from './metricImports';

const keys = [
  { changeId: 'c1', system: 'a' },
  { changeId: 'c1', system: 'b' },
];

describe('importedScores', () => {
  it('matches a parsed file once per run and gives the same columns back on every regroup', async () => {
    const blob = new Blob(['id,system,m\nc1,a,0.5\nc1,b,1\nc1,msg,2\n']);
    const m = await parseInWorker({ name: 'mine', file: 'mine.csv', blob });
    const rows = [{ id: 'c1', lang: 'py', index: null, diff: '', oldFile: null, newFile: null, oldCode: null, newCode: null, pseudoRefs: [{ no: 1, type: 'claim' as const, text: 'x', necessary: 1 }], reviews: ['a', 'b', 'msg'].map((system) => ({ system, review: 'r', claimsAddressed: null, con: null, comp: null, rel: null })), referenceAnalyzerOutput: null }];
    const first = importedScores(m, keys, rows);
    expect([...(await first).metrics[0].values]).toEqual([0.5, 1]);
    expect((await first).coverage.unjudged).toEqual([{ row: 4, why: 'reference' }]);
    expect(importedScores(m, keys, rows)).toBe(first);
    expect(importedScoresNow(m, keys, rows)).toBe(await first);
    const other = [keys[1]];
    const again = importedScores(m, other, rows);
    expect(again).not.toBe(first);
    expect([...(await again).metrics[0].values]).toEqual([1]);
    expect(importedScoresNow(m, keys, rows)).toBeNull();
  });
});
