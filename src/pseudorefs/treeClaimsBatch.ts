// Tree claims for many changes: the claims the old and new syntax trees of each hunk give (src/analyzers/
// treeClaims), with no model and no key. The CLI injects Node's parser (treeClaimsForChanges); the browser injects
// the analyzers' worker, which runs the same treeClaims on its own parsers (treeClaimsWith), so no tree crosses to
// the main thread. A change in no language the grammars read gets none (not a failure).
import type { ParseFn } from '../analyzers/treeClaims/claims';
import { treeClaims } from '../analyzers/treeClaims/claims';
import type { CodeLanguage } from '../analyzers/languages';
import type { PseudoReference } from '../core/types';
import type { ChangeClaims } from './claimsBatch';
import { changeCodeLanguage, type IssuesChangeInput } from './issuesBatch';

type Change = Pick<IssuesChangeInput, 'id' | 'diff' | 'lang' | 'newFile'>;
type Options = { signal?: AbortSignal; onProgress?: (p: { total: number; done: number }) => void };

/** One change's tree claims: treeClaims itself, here or in a worker. */
export type TreeClaimsFn = (language: CodeLanguage, diff: string) => Promise<PseudoReference[]>;

export function treeClaimsForChanges(changes: readonly Change[], parse: ParseFn, opts: Options = {}): Promise<ChangeClaims[]> {
  return treeClaimsWith(changes, (language, diff) => treeClaims(language, diff, parse), opts);
}

/** The changes in turn (Cancel acts between changes); each failure is that change's alone. */
export async function treeClaimsWith(changes: readonly Change[], claimsOf: TreeClaimsFn, opts: Options = {}): Promise<ChangeClaims[]> {
  const out: ChangeClaims[] = [];
  for (const c of changes) {
    if (opts.signal?.aborted) break;
    const found = changeCodeLanguage(c);
    try {
      out.push({ id: c.id, refs: found ? await claimsOf(found.language, c.diff) : [], cached: false });
    } catch (e) {
      out.push({ id: c.id, refs: [], cached: false, failure: { id: c.id, kind: 'analyzer', reason: `tree claims failed: ${(e as Error).message}` } as ChangeClaims['failure'] });
    }
    opts.onProgress?.({ total: changes.length, done: out.length });
  }
  return out;
}
