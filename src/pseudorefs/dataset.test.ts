import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../core/dataset';
import type { ChangeClaims } from './claimsBatch';
import { mergePseudoRefs } from './dataset';

const row: DatasetRow = {
  id: 'c1',
  lang: 'py',
  index: null,
  diff: '@@ -1 +1 @@\n-a\n+b',
  oldFile: null,
  newFile: null,
  oldCode: null,
  newCode: null,
  pseudoRefs: [
    { no: 1, type: 'claim', text: 'dataset claim one', necessary: 1 },
    { no: 2, type: 'claim', text: 'dataset claim two', necessary: 1 },
  ],
  reviews: [{ system: 's', review: 'r', claimsAddressed: '2', con: 3, comp: 3, rel: 3 }],
  referenceAnalyzerOutput: null,
};

describe("the annotators' links with generated pseudo-references", () => {
  it("keeps claims_addressed with the dataset's own pseudo-references", () => {
    const m = mergePseudoRefs([row], 'dataset', null, null, { requests: 0 });
    expect(m.rows[0].reviews[0].claimsAddressed).toBe('2');
  });
  it('drops it when the pseudo-references are generated (its numbers name the dataset ones)', () => {
    const claims: ChangeClaims[] = [{ id: 'c1', refs: [{ text: 'generated claim', kind: 'claim', source: 'llm' }], cached: false }];
    const m = mergePseudoRefs([row], 'claims', claims, null, { requests: 1 });
    expect(m.rows[0].pseudoRefs.map((p) => p.text)).toEqual(['generated claim']);
    expect(m.rows[0].reviews[0].claimsAddressed).toBeNull();
    expect(row.reviews[0].claimsAddressed).toBe('2');
  });
});

// Issue 28: a dataset where 144 of 150 changes carry their own pseudo-references planned 150 LLM requests.
describe('a dataset that carries pseudo-references keeps them', () => {
  const bare: DatasetRow = { ...row, id: 'c2', pseudoRefs: [], reviews: [{ ...row.reviews[0], claimsAddressed: null }] };
  it('generates only for the changes without, and keeps the others with their links', async () => {
    const { keptIds } = await import('../store/research/pseudoRefsBatch');
    const keep = keptIds([row, bare], true);
    expect([...keep]).toEqual(['c1']);
    // Every change carries its own: picking a generating source replaces them all (nothing to fill).
    expect(keptIds([row], true).size).toBe(0);
    expect(keptIds([row, bare], false).size).toBe(0);
    const claims: ChangeClaims[] = [{ id: 'c2', refs: [{ text: 'generated claim', kind: 'claim', source: 'llm' }], cached: false }];
    const m = mergePseudoRefs([row, bare], 'claims', claims, null, { requests: 1 }, keep);
    expect(m.rows[0].pseudoRefs.map((p) => p.text)).toEqual(['dataset claim one', 'dataset claim two']);
    expect(m.rows[0].reviews[0].claimsAddressed).toBe('2');
    expect(m.rows[1].pseudoRefs.map((p) => p.text)).toEqual(['generated claim']);
    expect(m.stats).toMatchObject({ kept: 1, claims: 3, notScorable: 0 });
  });
});
