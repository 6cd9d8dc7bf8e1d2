import { describe, expect, it } from 'vitest';
import { importFiles } from './index';
import { sampleJsonl, SAMPLE_FILE_NAME } from './sample';

describe('the sample dataset', () => {
  it('imports cleanly as dev.jsonl with human scores, pseudo-references and a reference review', () => {
    const r = importFiles([{ name: SAMPLE_FILE_NAME, text: sampleJsonl() }]);
    expect(r.errors).toEqual([]);
    expect(r.rows).toHaveLength(36);
    expect(new Set(r.rows.map((x) => x.lang))).toEqual(new Set(['py', 'java', 'js']));
    expect(r.rows.every((x) => x.pseudoRefs.length === 4 && x.reviews.some((v) => v.system === 'msg'))).toBe(true);
    expect(r.rows.flatMap((x) => x.reviews).filter((v) => v.rel != null)).toHaveLength(36 * 4);
  });
  it('is the same on every call (seeded) and scales', () => {
    expect(sampleJsonl()).toBe(sampleJsonl());
    expect(sampleJsonl(36, 8)).not.toBe(sampleJsonl());
    expect(sampleJsonl(250).trim().split('\n')).toHaveLength(250);
  });
});
