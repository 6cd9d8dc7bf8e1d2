// The Teach lesson's real cases on the human study's dev half (../shared/data; skipped without it): both kinds of
// disagreement are found under lexical similarity, and a metric-only link is closer in words than an annotator-only one.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatasetJsonl } from '../../core/dataset.ts';
import { lexicalLessonCases } from '../../core/links/index.ts';

const DEV = path.resolve(process.cwd(), '../shared/data/crscore-human-study/dev.jsonl');
const haveDev = existsSync(DEV);
if (!haveDev) console.warn(`skipping the lesson-cases dev test: ${DEV} not found`);

describe.skipIf(!haveDev)('lesson cases on the dev half', () => {
  it('finds three of each kind, one per change', () => {
    const { rows } = parseDatasetJsonl(readFileSync(DEV, 'utf8'));
    const cases = lexicalLessonCases(rows, 0.149);
    expect(cases.searched).toBeGreaterThan(100);
    expect(cases.metricOnly).toHaveLength(3);
    expect(cases.annotatorOnly).toHaveLength(3);
    expect(new Set(cases.metricOnly.map((c) => c.rowId)).size).toBe(3);
    expect(cases.metricOnly.every((c) => c.s > 0.149)).toBe(true);
    expect(cases.annotatorOnly.every((c) => c.s <= 0.149)).toBe(true);
  });
});
