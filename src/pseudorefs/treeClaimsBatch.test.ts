import { describe, expect, it } from 'vitest';
import { parseCode } from '../analyzers/linters';
import { nodeTreeSitterAssets } from '../analyzers/treesitterNode';
import { PSEUDO_REF_SOURCES, mergePseudoRefs, usesAnalyzers, usesLlm, usesTreeClaims } from './dataset';
import { pseudoRefSignature } from './signature';
import { treeClaimsForChanges } from './treeClaimsBatch';

const assets = nodeTreeSitterAssets();

describe('tree claims as a pseudo-reference source', () => {
  it('offline is tree claims and analyzers, with no model; the signature names the tree claims only for them', () => {
    expect(PSEUDO_REF_SOURCES).toEqual(expect.arrayContaining(['tree-claims', 'offline']));
    expect([usesTreeClaims('offline'), usesAnalyzers('offline'), usesLlm('offline')]).toEqual([true, true, false]);
    expect([usesTreeClaims('tree-claims'), usesAnalyzers('tree-claims')]).toEqual([true, false]);
    expect(pseudoRefSignature({ source: 'offline' })).toMatchObject({ pseudoRefs: 'offline', claimsModel: null, treeClaims: 'changedistiller-1' });
    expect(pseudoRefSignature({ source: 'analyzers' })).not.toHaveProperty('treeClaims');
  });

  it("gives each change of a bare-hunk table its claims, in the change's language, and merges them as claims", async () => {
    const rows = [
      { id: 'a', lang: 'go', newFile: null, diff: '@@ -1,3 +1,3 @@\n-func Close(a int) error {\n+func Close(a int64) error {\n \treturn nil\n }' },
      { id: 'b', lang: 'kotlin', newFile: null, diff: '@@ -1 +1 @@\n-val x = 1\n+val x = 2' },
    ];
    const claims = await treeClaimsForChanges(rows, (l, c) => parseCode(l, c, assets));
    expect(claims.map((c) => c.refs.map((r) => r.text))).toEqual([['The change changes the type of the parameter `a` of `Close` from `int` to `int64`.'], []]);
    const full = rows.map((r) => ({ ...r, index: null, oldFile: null, oldCode: null, newCode: null, pseudoRefs: [], reviews: [], referenceAnalyzerOutput: null }));
    const m = mergePseudoRefs(full, 'tree-claims', claims, null, { requests: 0 });
    expect(m.stats).toMatchObject({ source: 'tree-claims', claims: 1, issues: 0, notScorable: 1 });
  });
});
