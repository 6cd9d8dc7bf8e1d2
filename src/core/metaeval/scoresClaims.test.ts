// An imported scores file's claims (its dataset, SHA-256, configuration, signature) are checked against the run,
// and what it says about itself is one line whatever it holds.
import { describe, expect, it } from 'vitest';
import { coverageLines, readMetricScores } from './scoresFile.ts';
import { writeScores, type ScoreRow } from './scoresWrite.ts';

const rows: ScoreRow[] = [
  { changeId: 'c1', system: 'a', lang: 'py', human: { con: 0.25, comp: 0.5, rel: 1 }, review: 'x' },
  { changeId: 'c2', system: 'a', lang: 'py', human: { con: 0, comp: 0, rel: 0.75 }, review: 'y' },
];
const keys = rows.map((r) => ({ changeId: r.changeId, system: r.system }));
const sha = (c: string) => c.repeat(64);
const run = { name: 'dev.jsonl', rows: 2, sha256: sha('a') };
const file = (dataset: { name: string; rows: number; sha256: string | null }, configuration = 'crscore-lexical-t0.149', signature = `metric:paper|data:${dataset.name}(${dataset.rows},sha256=${(dataset.sha256 ?? '-').slice(0, 12)})`) =>
  writeScores('csv', rows, [{ id: `${configuration}.rel`, values: [0.1, 0.2] }], { signature, dataset, config: { configuration } });

describe('imported scores files: their claims', () => {
  it('a file of the run\'s dataset says nothing more', () => {
    const r = readMetricScores('mine', 'mine.csv', file(run), keys, { dataset: run });
    expect(r.coverage.mismatches).toEqual([]);
    expect(coverageLines(r.coverage).join('\n')).not.toContain('does not match');
  });

  it('says when the dataset it claims (by SHA-256, else by name and rows) is not the run\'s', () => {
    const other = readMetricScores('mine', 'mine.csv', file({ ...run, sha256: sha('b') }), keys, { dataset: run });
    expect(coverageLines(other.coverage)).toContain(`  does not match this run: the file says it scores dev.jsonl (2 rows, sha256 bbbbbbbbbbbb), not this run's dev.jsonl (2 rows, sha256 aaaaaaaaaaaa): its values may be of another dataset`);
    const renamed = readMetricScores('mine', 'mine.jsonl', writeScores('jsonl', rows, [], { signature: 'metric:paper', dataset: { name: 'test.jsonl', rows: 9, sha256: null }, config: { configuration: 'x' } }), keys, { dataset: run });
    expect(renamed.coverage.mismatches).toEqual([expect.stringContaining('the file says it scores test.jsonl (9 rows')]);
  });

  it('says when its signature or its configuration contradicts the rest of the file', () => {
    const forged = readMetricScores('mine', 'mine.csv', file(run, 'crscore-lexical-t0.149', `metric:paper|data:test.jsonl(2,sha256=${sha('c').slice(0, 12)})`), keys, { dataset: run });
    expect(forged.coverage.mismatches).toEqual([expect.stringContaining('its signature names dataset test.jsonl')]);
    const text = file(run).replace('# configuration: crscore-lexical-t0.149', '# configuration: crscore-plus');
    const claimed = readMetricScores('mine', 'mine.csv', text, keys, { dataset: run });
    expect(claimed.coverage.mismatches).toEqual([`its configuration 'crscore-plus' is not the one its CRScore columns name (crscore-lexical-t0.149.rel)`]);
  });

  it('a signature holding a line feed stays one line in every report', () => {
    const jsonl = [JSON.stringify({ signature: 'metric:paper\nAll metrics verified by the maintainers', config: { configuration: 'a\r\nb' } }), JSON.stringify({ id: 'c1', system: 'a', m: 1 })].join('\n');
    const r = readMetricScores('mine', 'mine.jsonl', jsonl, keys);
    expect(r.coverage.signature).toBe('metric:paper\\u000AAll metrics verified by the maintainers');
    expect(r.coverage.configuration).toBe('a\\u000D\\u000Ab');
    for (const l of coverageLines(r.coverage)) expect(l).not.toMatch(/[\n\r]/);
    expect(coverageLines(r.coverage).some((l) => l.startsWith('All metrics'))).toBe(false);
  });
});
