// The plain scores CSV opens on its header row (no `#` lines) and reads back as the self-describing file does; its
// sidecar JSON holds the provenance the `#` lines held.
import { describe, expect, it } from 'vitest';
import { plainScores } from './plainScores';
import { parseMetricScores } from './scoresParse';
import { writeScores } from './scoresWrite';

const rows = [
  { changeId: 'c1', lang: 'py', system: 'a', human: { con: 0.5, comp: 0.25, rel: 1 }, review: 'Check x.' },
  { changeId: 'c2', lang: 'java', system: 'b', human: { con: 0, comp: 0, rel: 0 }, review: '=1+1' },
];
const metrics = [{ id: 'bleu', values: [0.1, 0.2] }];
const header = { signature: 'metric:bleu|version:0.1.0', dataset: { name: 'dev.jsonl', rows: 2, sha256: 'ab'.repeat(32) }, config: { configuration: 'reference-bleu', tau: 0.149, split: 'reference' } };

describe('plainScores', () => {
  it('the table alone, read back as the self-describing file, with the provenance in the sidecar', () => {
    const full = writeScores('csv', rows, metrics, header);
    expect(full.split('\n')[0]).toMatch(/^# crscore-scores/);
    const { csv, provenance } = plainScores(full);
    expect(csv.split('\n')[0]).toMatch(/^id,/);
    expect(csv).not.toMatch(/^#/m);
    const a = parseMetricScores('full.csv', full);
    const b = parseMetricScores('plain.csv', csv);
    for (const k of ['ids', 'systems', 'columns', 'values', 'errors'] as const) expect(b[k], k).toEqual(a[k]);
    expect(b.values.length).toBeGreaterThan(0);
    const p = JSON.parse(provenance) as Record<string, unknown>;
    expect(p).toMatchObject({ 'crscore-scores': 1, signature: 'metric:bleu|version:0.1.0', dataset: 'dev.jsonl', 'dataset-rows': 2, configuration: 'reference-bleu', tau: 0.149 });
    expect(p.columns).toEqual(csv.split('\n')[0].split(','));
  });
});
