// The one per-review scores writer (CLI --scores-out and Research's scores CSV): its columns, spreadsheet-safe
// cells, and an exact round trip through the importer.
import { describe, expect, it } from 'vitest';
import { readMetricScores, writeScores, type ScoreRow } from './scoresFile.ts';

const rows: ScoreRow[] = [
  { changeId: 'c1', system: '=HYPERLINK("http://evil.test","x")', lang: 'py', human: { con: 0.25, comp: 0.5, rel: 1 }, review: '@SUM(1+1)*cmd' },
  { changeId: 'c1', system: 'good', lang: 'py', human: null, review: 'Line one,\nline "two"' },
  { changeId: '-c2', system: 'good', lang: 'js', human: { con: 0, comp: 0, rel: 0.75 }, review: null },
];
const metrics = [
  { id: 'crscore.rel', values: [0.1 + 0.2, null, -0.25] },
  { id: 'bleu', values: [1e-7, NaN, 0] },
];

describe('writeScores', () => {
  it('writes the id, lang, system, human scores, every metric, then the review', () => {
    const csv = writeScores('csv', rows, metrics);
    expect(csv.split('\n')[0]).toBe('id,lang,system,human.con,human.comp,human.rel,crscore.rel,bleu,review');
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv).not.toContain('\r');
  });

  it('neutralises formula cells and leaves numbers, negative ones included, as numbers', () => {
    const csv = writeScores('csv', rows, metrics);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv).toContain(`'@SUM(1+1)*cmd`);
    expect(csv).toContain(`"'-c2",js,good,0,0,0.75,-0.25,0,`);
    expect(csv).toContain(',0.30000000000000004,1e-7,');
    expect(csv).not.toMatch(/'[-+]?\d/);
  });

  for (const format of ['csv', 'jsonl'] as const)
    it(`reads back exactly (${format}): the review and the human scores are not metrics`, () => {
      const text = writeScores(format, rows, metrics);
      const back = readMetricScores('x', `s.${format}`, text, rows);
      expect(back.metrics.map((m) => m.id)).toEqual(['x.crscore.rel', 'x.bleu']);
      expect(back.metrics[0].values).toEqual([0.1 + 0.2, null, -0.25]);
      expect(back.metrics[1].values).toEqual([1e-7, null, 0]);
      expect(back.coverage.matched).toBe(3);
    });

  it("reads Research's export back: its leading configuration lines are skipped, row numbers stay the file's", () => {
    const text = `# app: CRScore Studio\n# tau: 0.7314\n${writeScores('csv', rows, metrics)}c1,py,good,,,,1,1,x\n`;
    const back = readMetricScores('x', 's.csv', text, rows);
    expect(back.metrics[0].values).toEqual([0.1 + 0.2, null, -0.25]);
    expect(back.coverage.duplicate).toEqual([text.split('\n').length - 1]);
    expect(back.coverage.errors).toEqual([]);
  });
});
