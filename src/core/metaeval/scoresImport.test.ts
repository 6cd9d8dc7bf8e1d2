// Issues 35 and 38: what the metric importer matches and reads. The dataset's reference reviews (`msg`) are named
// as such, never as missing from the dataset; only decimal numbers are numbers; a file named after the run's own
// metric cannot shadow it; ids and systems with edge whitespace survive --scores-out → --metric-scores exactly;
// and the file is parsed once, then matched (regrouping reuses the parsed columns).
import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../dataset.ts';
import { labReviews } from '../lab/index.ts';
import { prepare } from '../research/index.ts';
import { coverageLines, matchMetricScores, readMetricScores, unjudgedReviews } from './scoresFile.ts';
import { parseMetricScores } from './scoresParse.ts';
import { writeScores, type ScoreRow } from './scoresWrite.ts';

const review = (system: string, text: string, s: number | null = 3) => ({ system, review: text, claimsAddressed: null, con: s, comp: s, rel: s });
const row = (id: string, reviews: DatasetRow['reviews'], refs = 1): DatasetRow => ({
  id, lang: 'py', index: null, diff: '@@ -1 +1 @@\n-a\n+b', oldFile: null, newFile: null, oldCode: null, newCode: null,
  pseudoRefs: Array.from({ length: refs }, (_, k) => ({ no: k + 1, type: 'claim' as const, text: `claim ${k}`, necessary: 1 })),
  reviews, referenceAnalyzerOutput: null,
});
const rows: DatasetRow[] = [
  row('c1', [review('sysA', 'fix it'), review('sysB', 'ok'), review('msg', 'the human review', null)]),
  row('c2', [review('sysA', 'rename'), review('msg', 'another', null)]),
  row('c3', [review('sysA', 'no claims here')], 0),
];
const keys = labReviews(prepare(rows, 'reference'));

describe('readMetricScores: reviews the dataset has but does not judge', () => {
  it("names the reference reviews (msg) and the reviews of a change without pseudo-references, never 'no such review'", () => {
    const text = 'id,system,m\nc1,sysA,0.5\nc1,sysB,0.25\nc1,msg,1\nc2,sysA,0\nc2,msg,1\nc3,sysA,0.5\nzz,sysA,1\n';
    const r = readMetricScores('x', 's.csv', text, keys, { unjudged: unjudgedReviews(rows) });
    expect(r.coverage.matched).toBe(3);
    expect(r.coverage.unknown).toEqual([8]);
    expect(r.coverage.unjudged).toEqual([
      { row: 4, why: 'reference' },
      { row: 6, why: 'reference' },
      { row: 7, why: 'no-pseudo-refs' },
    ]);
    const lines = coverageLines(r.coverage).join('\n');
    expect(lines).toContain('reference reviews (msg), not judged: rows 4, 6');
    expect(lines).toContain('no pseudo-references, not scored: rows 7');
    expect(lines).toContain('no such review in the dataset (id and system), rows 8');
  });
});

describe('readMetricScores: what is a number', () => {
  it('reads decimals with an optional exponent, and names hex, binary, octal and other forms as not numeric', () => {
    const text = 'id,system,m,h\nc1,sysA,1e-3,0x10\nc1,sysB, -.5 ,0b11\nc2,sysA,+2.,0o7\n';
    const r = readMetricScores('x', 's.csv', text, keys);
    expect(r.metrics.map((m) => m.id)).toEqual(['x.m']);
    expect(r.metrics[0].values).toEqual([0.001, -0.5, 2]);
    expect(r.coverage.ignored).toEqual(['h']);
    for (const bad of ['0x10', '0b11', '0o7', 'Infinity', '1_000', '١٢', '.', '1e', '--1'])
      expect(readMetricScores('x', 's.csv', `id,system,m,k\nc1,sysA,${bad},1\nc1,sysB,1,1\n`, keys).coverage.nonNumeric, bad).toEqual([{ row: 2, column: 'm', value: JSON.stringify(bad) }]);
  });
});

describe("readMetricScores: the run's own metric names", () => {
  it("renames a file called crscore (its crscore.rel would shadow the run's) and says so", () => {
    const r = readMetricScores('crscore', 'crscore.csv', 'id,system,rel,con\nc1,sysA,0.5,1\n', keys);
    expect(r.metrics.map((m) => m.id)).toEqual(['imported-crscore.rel', 'imported-crscore.con']);
    expect(r.coverage.renamed).toEqual({ from: 'crscore', to: 'imported-crscore' });
    expect(coverageLines(r.coverage).join('\n')).toContain("renamed 'imported-crscore'");
    for (const name of ['baseline', 'crscore-plus', 'crscore-learned-cv5', 'CRScore', 'llm-judge'])
      expect(readMetricScores(name, 'f.csv', 'id,system,v\nc1,sysA,1\n', keys).metrics[0].id).toBe(`imported-${name}.v`);
    // bleu's own id has no column, so an import called bleu (bleu.x) shadows nothing and keeps its name.
    expect(readMetricScores('bleu', 'f.csv', 'id,system,bleu\nc1,sysA,1\n', keys).metrics[0].id).toBe('bleu.bleu');
    expect(readMetricScores('mine', 'f.csv', 'id,system,crscore.rel\nc1,sysA,1\n', keys).metrics[0].id).toBe('mine.crscore.rel');
  });
});

describe('--scores-out → --metric-scores', () => {
  const edgy: ScoreRow[] = [' c1', 'c2\t', '\u00a0c3', '\tc4', 'c5 ', 'c6'].flatMap((id, k) => [
    { changeId: id, system: ['sys ', ' sys', '\tsys', 'sys\u00a0', ' sys ', 'sys\t'][k], lang: 'py', human: null },
    { changeId: id, system: 'sys', lang: 'py', human: null },
  ]);
  const values = edgy.map((_, k) => k / 10);
  for (const format of ['csv', 'jsonl'] as const)
    it(`keeps ids and systems with leading or trailing spaces, tabs and no-break spaces (${format})`, () => {
      const text = writeScores(format, edgy, [{ id: 'm', values }], { signature: 'sig', dataset: { name: 'd', rows: 1, sha256: null }, config: { configuration: 'test' } });
      const r = readMetricScores('x', `s.${format}`, text, edgy);
      expect(r.coverage.missingCount).toBe(0);
      expect(r.coverage.matched).toBe(edgy.length);
      expect(r.metrics[0].values).toEqual(values);
    });

  it('still matches a hand-written file with a space after the comma, where that is not ambiguous', () => {
    const r = readMetricScores('x', 's.csv', 'id,system,m\nc1, sysA,0.5\n', keys);
    expect(r.coverage.matched).toBe(1);
    expect(r.metrics[0].values[0]).toBe(0.5);
  });
});

describe('parse once, match per dataset', () => {
  it('parseMetricScores then matchMetricScores is readMetricScores, and the parsed columns are typed', () => {
    const text = 'id,system,m,n\nc1,sysA,0.5,x\nc2,sysA,,1\n';
    const parsed = parseMetricScores('s.csv', text);
    expect(parsed.values[0]).toBeInstanceOf(Float64Array);
    expect(matchMetricScores('x', parsed, keys)).toEqual(readMetricScores('x', 's.csv', text, keys));
  });
});
