// The one per-review scores writer (CLI --scores-out and Research's scores CSV): its columns, spreadsheet-safe
// cells, and an exact round trip through the importer.
import { describe, expect, it } from 'vitest';
import { readMetricScores } from './scoresFile.ts';
import { namedColumns, writeScores, type ScoreRow, type ScoresHeader } from './scoresWrite.ts';

const rows: ScoreRow[] = [
  { changeId: 'c1', system: '=HYPERLINK("http://evil.test","x")', lang: 'py', human: { con: 0.25, comp: 0.5, rel: 1 }, review: '@SUM(1+1)*cmd' },
  { changeId: 'c1', system: 'good', lang: 'py', human: null, review: 'Line one,\nline "two"' },
  { changeId: '-c2', system: 'good', lang: 'js', human: { con: 0, comp: 0, rel: 0.75 }, review: null },
];
const metrics = [
  { id: 'crscore.rel', values: [0.1 + 0.2, null, -0.25] },
  { id: 'bleu', values: [1e-7, NaN, 0] },
];

const header: ScoresHeader = {
  signature: 'metric:paper|sim:lexical|tau:0.6(option)',
  dataset: { name: 'dev.jsonl\n=HYPERLINK("x")', rows: 2, sha256: 'ab'.repeat(32) },
  config: { configuration: 'crscore-lexical-t0.6', app: 'test' },
};
const body = (text: string) => text.split('\n').filter((l) => !l.startsWith('#')).join('\n');

describe('writeScores', () => {
  it('writes the id, lang, system, human scores, every metric, then the review', () => {
    const csv = writeScores('csv', rows, metrics, header);
    expect(body(csv).split('\n')[0]).toBe('id,lang,system,human.con,human.comp,human.rel,crscore.rel,bleu,review');
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv).not.toContain('\r');
  });

  it('neutralises formula cells and leaves numbers, negative ones included, as numbers', () => {
    const csv = writeScores('csv', rows, metrics, header);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv).toContain(`'@SUM(1+1)*cmd`);
    expect(csv).toContain(`"'-c2",js,good,0,0,0.75,-0.25,0,`);
    expect(csv).toContain(',0.30000000000000004,1e-7,');
    expect(body(csv)).not.toMatch(/'[-+]?\d/);
  });

  for (const format of ['csv', 'jsonl'] as const)
    it(`reads back exactly (${format}): the review and the human scores are not metrics`, () => {
      const text = writeScores(format, rows, metrics, header);
      const back = readMetricScores('x', `s.${format}`, text, rows);
      expect(back.metrics.map((m) => m.id)).toEqual(['x.crscore.rel', 'x.bleu']);
      expect(back.metrics[0].values).toEqual([0.1 + 0.2, null, -0.25]);
      expect(back.metrics[1].values).toEqual([1e-7, null, 0]);
      expect(back.coverage.matched).toBe(3);
    });

  it("reads Research's export back: its leading configuration lines are skipped, row numbers stay the file's", () => {
    const text = `# app: CRScore Studio\n# tau: 0.7314\n${writeScores('csv', rows, metrics, header)}c1,py,good,,,,1,1,x\n`;
    const back = readMetricScores('x', 's.csv', text, rows);
    expect(back.metrics[0].values).toEqual([0.1 + 0.2, null, -0.25]);
    expect(back.coverage.duplicate).toEqual([text.split('\n').length - 1]);
    expect(back.coverage.errors).toEqual([]);
  });

  it('a CSV starts with what it is: format, signature, dataset, then the configuration (safe lines)', () => {
    const lines = writeScores('csv', rows, metrics, header).split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '# crscore-scores: 1',
      '# signature: metric:paper|sim:lexical|tau:0.6(option)',
      `# dataset: dev.jsonl '=HYPERLINK("x")`,
      '# dataset-rows: 2',
      `# dataset-sha256: ${'ab'.repeat(32)}`,
      '# configuration: crscore-lexical-t0.6',
      '# app: test',
    ]);
    expect(lines[7]).toMatch(/^id,lang,system,/);
  });

  it('a JSONL file starts with a signature record, which the reader skips and reports', () => {
    const text = writeScores('jsonl', rows, metrics, header);
    expect(JSON.parse(text.split('\n')[0])).toEqual({ signature: header.signature, config: header.config, dataset: header.dataset });
    const back = readMetricScores('x', 's.jsonl', text, rows);
    expect(back.coverage).toMatchObject({ rows: 3, matched: 3, noKey: [], signature: header.signature, configuration: 'crscore-lexical-t0.6' });
    const csv = readMetricScores('x', 's.csv', writeScores('csv', rows, metrics, header), rows);
    expect(csv.coverage).toMatchObject({ rows: 3, signature: header.signature, configuration: 'crscore-lexical-t0.6' });
  });

  for (const format of ['csv', 'jsonl'] as const)
    it(`baseline columns are recognised, never imported as a metric (${format})`, () => {
      const withBaselines = [...metrics, { id: 'baseline.length', values: [3, 4, 5] }, { id: 'baseline.random', values: [0.1, 0.2, 0.3] }];
      const back = readMetricScores('x', `s.${format}`, writeScores(format, rows, withBaselines, header), rows);
      expect(back.metrics.map((m) => m.id)).toEqual(['x.crscore.rel', 'x.bleu']);
      expect(back.coverage.baselines).toEqual(['baseline.length', 'baseline.random']);
    });

  it("a human-scored dataset's own dimension (human.grade) is a human score, never read back as a metric", () => {
    const keys = [{ changeId: '1', system: 'Auger' }, { changeId: '2', system: 'Auger' }];
    const back = readMetricScores('x', 's.csv', 'id,lang,system,human.grade,human_rel,bleu\n1,,Auger,0.25,1,0.5\n2,,Auger,1,0,0.75\n', keys);
    expect(back.metrics.map((m) => m.id)).toEqual(['x.bleu']);
    expect(back.coverage.columns).toEqual(['bleu']);
  });

  for (const format of ['csv', 'jsonl'] as const)
    it(`writes the dimensions it is given as human.NAME columns, and reads back only the metrics (${format})`, () => {
      const graded: ScoreRow[] = [
        { changeId: '1', system: 'Auger', lang: '', human: { grade: 0.25 }, review: 'a' },
        { changeId: '2', system: 'Auger', lang: '', human: { grade: null }, review: 'b' },
      ];
      const text = writeScores(format, graded, [{ id: 'bleu', values: [0.5, 0.75] }], header, ['grade']);
      const head = format === 'csv' ? body(text).split('\n')[0] : Object.keys(JSON.parse(text.split('\n')[1]) as object).join(',');
      expect(head).toBe('id,lang,system,human.grade,bleu,review');
      const back = readMetricScores('x', `s.${format}`, text, graded);
      expect(back.metrics.map((m) => [m.id, m.values])).toEqual([['x.bleu', [0.5, 0.75]]]);
    });

  it("names the run's CRScore columns by configuration, and nothing else", () => {
    const cols = [
      { id: 'crscore.rel', kind: 'metric' }, { id: 'crscore.con', kind: 'metric' }, { id: 'crscore-plus.rel', kind: 'metric' }, { id: 'bleu.rel', kind: 'metric' },
      { id: 'crscore.rel', kind: 'imported' }, { id: 'baseline.length', kind: 'baseline' },
    ];
    expect(namedColumns(cols, 'crscore-lexical-t0.6').map((c) => c.id)).toEqual(['crscore-lexical-t0.6.rel', 'crscore-lexical-t0.6.con', 'crscore-plus.rel', 'bleu.rel', 'crscore.rel', 'baseline.length']);
  });
});
