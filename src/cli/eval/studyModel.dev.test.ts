// The human study's dev half (../shared/data) through the human-data model: humanPrepared(studyDataset(rows),
// its own pseudo-references, matched) is prepare(rows) exactly, and every meta-evaluation figure on the two is the
// same. Skipped without the data.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFiles } from '../../core/importers/index.ts';
import { bothPrepared, metaFigures } from '../../testing/studyParity.ts';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');

describe.skipIf(!existsSync(DEV))('the human study as a HumanDataset, on the dev half (needs ../shared/data)', () => {
  const { rows, errors } = importFiles([{ name: 'dev.jsonl', text: readFileSync(DEV, 'utf8') }]);

  it('is prepare(rows) exactly: items, human values, annotator links, rows', () => {
    expect(errors).toEqual([]);
    const { own, model, skipped } = bothPrepared(rows, { pseudoRefs: 'dataset' });
    expect(own.items.length).toBeGreaterThan(1000);
    expect(model).toEqual(own);
    expect(model.skippedDiffs).toEqual(own.skippedDiffs);
    expect(skipped).toBeGreaterThan(0);
  });

  it('gives every meta-evaluation figure byte for byte', () => {
    const { own, model } = bothPrepared(rows, { pseudoRefs: 'dataset' });
    expect(JSON.stringify(metaFigures(model, 20))).toBe(JSON.stringify(metaFigures(own, 20)));
  });
});
