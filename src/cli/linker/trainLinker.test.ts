import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedDatasetJsonl } from '../../testing/linkedDataset.ts';
import { crscore } from '../shared/testing.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'crscore-linker-'));
const dataset = path.join(dir, 'linked.jsonl');
writeFileSync(dataset, linkedDatasetJsonl({ changes: 24 }));
const weights = path.join(dir, 'w.json');

describe('crscore train-linker and eval --preset learned', () => {
  it('trains on a generated dataset, prints the cross-validation report and writes weights', () => {
    const r = crscore(['train-linker', '--dataset', dataset, '--out', weights, '--folds', '3', '--no-ablations']);
    expect(r.stderr).not.toMatch(/error/i);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Cross-validation: 3 folds of changes/);
    expect(r.stdout).toMatch(/learned, hard \(attributed\)/);
    expect(r.stdout).toMatch(/plus \(TF-IDF, graded\)/);
    expect(r.stdout).toMatch(/oracle/);
    const w = JSON.parse(readFileSync(weights, 'utf8'));
    expect(w.format).toBe('crscore-learned-linker');
    expect(w.training).toMatchObject({ dataset: 'linked.jsonl', changes: 24, reviews: 144 });
  });
  it('eval --preset learned --linker uses them; the rule decides the links', () => {
    const r = crscore(['eval', '--dataset', dataset, '--preset', 'learned', '--linker', weights, '--bootstrap', '0', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.config.preset).toBe('learned');
    expect(out.learned.linker).toBe(weights);
    // Links follow a rule the features see (the review names the function): Rel tracks the human scores.
    expect(out.correlations.rel.spearman).toBeGreaterThan(0.9);
    const shipped = crscore(['eval', '--dataset', dataset, '--preset', 'learned', '--bootstrap', '0', '--json']);
    expect(JSON.parse(shipped.stdout).learned.linker).toMatch(/shipped/);
  });
  it('a corrupt or foreign weights file gets a clear error', () => {
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ format: 'something-else' }));
    const r = crscore(['eval', '--dataset', dataset, '--preset', 'learned', '--linker', bad]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/is not a linker weights file/);
    writeFileSync(bad, '{ not json');
    expect(crscore(['eval', '--dataset', dataset, '--preset', 'learned', '--linker', bad]).stderr).toMatch(/is not JSON/);
  });
  it('a dataset without links gets a clear message', () => {
    const bare = path.join(dir, 'bare.jsonl');
    writeFileSync(bare, linkedDatasetJsonl({ changes: 6, withoutLinks: true }));
    const r = crscore(['train-linker', '--dataset', bare, '--out', path.join(dir, 'x.json')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/records no links/);
  });
});
