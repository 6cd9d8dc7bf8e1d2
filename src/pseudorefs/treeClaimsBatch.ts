// Tree claims for many changes: the claims the old and new syntax trees of each hunk give (src/analyzers/
// treeClaims), with no model and no key. The parser is injected: the analyzers' worker in the browser,
// Node's tree-sitter assets in the CLI. A change in no language the grammars read gets none (not a failure).
import type { ParseFn } from '../analyzers/treeClaims/claims';
import { treeClaims } from '../analyzers/treeClaims/claims';
import type { ChangeClaims } from './claimsBatch';
import { changeCodeLanguage, type IssuesChangeInput } from './issuesBatch';

export async function treeClaimsForChanges(
  changes: readonly Pick<IssuesChangeInput, 'id' | 'diff' | 'lang' | 'newFile'>[],
  parse: ParseFn,
  opts: { signal?: AbortSignal; onProgress?: (p: { total: number; done: number }) => void } = {},
): Promise<ChangeClaims[]> {
  const out: ChangeClaims[] = [];
  for (const c of changes) {
    if (opts.signal?.aborted) break;
    const found = changeCodeLanguage(c);
    try {
      out.push({ id: c.id, refs: found ? await treeClaims(found.language, c.diff, parse) : [], cached: false });
    } catch (e) {
      out.push({ id: c.id, refs: [], cached: false, failure: { id: c.id, kind: 'analyzer', reason: `tree claims failed: ${(e as Error).message}` } as ChangeClaims['failure'] });
    }
    opts.onProgress?.({ total: changes.length, done: out.length });
  }
  return out;
}
