// The human ceiling on the published annotator CSVs (../shared/data): the study split the diffs between its two
// annotators, so no review of the dev half has two scores and the ceiling must say so. Skipped without the data.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { humanStudyFileInfo, parseHumanStudyCsv } from '../../core/importers/humanStudy.ts';
import { humanCeiling, type AnnotatorFile } from '../../core/metaeval/ceiling.ts';

const RAW = path.resolve(process.cwd(), '../shared/data/crscore-human-study/raw');

describe.skipIf(!existsSync(RAW))('human ceiling on the dev half (needs ../shared/data)', () => {
  it('finds one annotator per review and says so', () => {
    const by = new Map<string, AnnotatorFile & { rows: AnnotatorFile['rows'][number][] }>();
    for (const f of readdirSync(RAW).filter((n) => n.endsWith('.csv'))) {
      const who = humanStudyFileInfo(f).annotator;
      if (!by.has(who)) by.set(who, { annotator: who, rows: [] });
      by.get(who)!.rows.push(...parseHumanStudyCsv({ name: f, text: readFileSync(path.join(RAW, f), 'utf8') }).rows.map((r) => r.row));
    }
    const c = humanCeiling([...by.values()]);
    expect(c.records).toHaveLength(0);
    expect(c.single).toBe(1296);
    expect(c.missing).toBe('single annotator per review: 1296 reviews, each scored by one of atharva, marcus, none by two; no human ceiling');
  });
});
