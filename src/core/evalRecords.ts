// The adapter from the evaluation pipeline (items and their scores) to the bootstrap's review records, shared by
// `crscore eval` and the research view so both resample exactly the same records.
import type { ReviewRecord } from './bootstrap.ts';
import type { EvalItem, ItemScore } from './evaluate.ts';

export function reviewRecords(items: readonly EvalItem[], scores: readonly ItemScore[]): ReviewRecord[] {
  return items.map((it, k) => ({
    changeId: it.rowId,
    system: it.system,
    con: scores[k].con,
    comp: scores[k].comp,
    rel: scores[k].rel,
    human: it.human,
  }));
}
