// `crscore score`'s output read back with --metric-scores: a row whose review could not be scored
// ("scorable": false) is left out and counted, never a 0; only the score columns (con, comp, rel) are metrics,
// never `line` or `tau`; a dataset with one system needs no `system` field; a row without an id is keyed by its
// `line`, the line of the dataset file the review was read from (score run on that same JSONL file).
import { describe, expect, it } from 'vitest';
import { coverageLines, readMetricScores, type ScoreKey } from './scoresFile.ts';

const out = (line: number, scorable: boolean, v: number) =>
  JSON.stringify({ line, scorable, con: scorable ? v : 0, comp: scorable ? v : 0, rel: scorable ? v : 0, preset: 'learned', tau: 0.22, matches: { sentences: [], pseudoReferences: [] } });

// Three reviews of one system ('human'), read from lines 1, 2 and 3 of the table; the second has no pseudo-references.
const keys: ScoreKey[] = [
  { changeId: 'change-1', system: 'human', line: 1 },
  { changeId: 'change-2', system: 'human', line: 2 },
  { changeId: 'change-3', system: 'human', line: 3 },
];
const file = [out(1, true, 0.5), out(2, false, 0), out(3, true, 0.25)].join('\n') + '\n';

describe('crscore score output as --metric-scores', () => {
  const r = readMetricScores('mine', 'scores.jsonl', file, keys);

  it('reads only the score columns: con, comp and rel, not line or tau', () => {
    expect(r.metrics.map((m) => m.id)).toEqual(['mine.con', 'mine.comp', 'mine.rel']);
    expect(r.coverage.columns).toEqual(['con', 'comp', 'rel']);
  });

  it('keys a row without id or system by its line, the one system taken as its', () => {
    expect(r.coverage.noKey).toEqual([]);
    expect(r.coverage.matched).toBe(2);
    expect(r.metrics.find((m) => m.id === 'mine.rel')!.values).toEqual([0.5, null, 0.25]);
  });

  it('leaves a "scorable": false row out and counted, not a score of 0, and names it', () => {
    expect(r.coverage.unscorable).toEqual([2]);
    expect(r.coverage.missingCount).toBe(0);
    expect(coverageLines(r.coverage).join('\n')).toMatch(/1 row not scorable .*left out: rows 2/);
  });

  it('an id-keyed row without a system matches on a one-system dataset', () => {
    const s = readMetricScores('x', 'x.csv', 'id,score\nchange-1,0.5\nchange-3,0.75\n', keys);
    expect(s.coverage.matched).toBe(2);
    expect(s.metrics[0].values).toEqual([0.5, null, 0.75]);
  });

  it('still wants a system where the dataset has two', () => {
    const two: ScoreKey[] = [...keys, { changeId: 'change-1', system: 'bot', line: 4 }];
    const s = readMetricScores('x', 'x.csv', 'id,score\nchange-1,0.5\n', two);
    expect(s.coverage.matched).toBe(0);
    expect(s.coverage.noKey).toEqual([2]);
  });
});
