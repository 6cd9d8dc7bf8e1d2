// Keys that name one review each: a change's later reviews of one system are numbered past every name a real
// system of the change holds, and the lab's task ids never coincide, whatever the names hold ('#', '::').
import { describe, expect, it } from 'vitest';
import { labReviews } from './lab/metrics.ts';
import { prepare } from './research/index.ts';
import { reviewKeys } from './reviewKeys.ts';
import type { DatasetRow } from './dataset.ts';

const row = (id: string, systems: string[]): DatasetRow =>
  ({
    id, lang: 'py', index: null, diff: '@@ -1 +1 @@\n-a\n+b', oldFile: null, newFile: null, oldCode: null, newCode: null,
    pseudoRefs: [{ text: 'Rename the variable.', type: 'claim' }],
    reviews: systems.map((system, k) => ({ system, review: `review ${k}` })),
    referenceAnalyzerOutput: null,
  }) as unknown as DatasetRow;

describe('review keys', () => {
  it("a second review of A is never keyed as the real system A#2 of the same change", () => {
    const keys = reviewKeys([{ changeId: 'c', system: 'A' }, { changeId: 'c', system: 'A' }, { changeId: 'c', system: 'A#2' }, { changeId: 'd', system: 'A' }, { changeId: 'd', system: 'A' }]);
    expect(keys.map((k) => k.system)).toEqual(['A', 'A#3', 'A#2', 'A', 'A#2']);
    expect(new Set(keys.map((k) => `${k.changeId}\u0000${k.system}`)).size).toBe(keys.length);
  });

  it("the lab's review ids are unique: a repeated system, a real A#2, a change id holding '::'", () => {
    const p = prepare([row('c', ['A', 'A', 'A#2']), row('x::y', ['z']), row('x', ['y::z'])], 'reference');
    const ids = labReviews(p).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual(['c::A', 'c::A#3', 'c::A#2']);
  });
});
