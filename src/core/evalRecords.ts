// The adapter from the evaluation pipeline (items and their scores) to the bootstrap's review records, shared by
// `crscore eval` and the research view so both resample exactly the same records.
import type { ReviewRecord } from './bootstrap.ts';
import type { EvalItem } from './evaluate.ts';
import { column, type ItemScores } from './scoreColumns.ts';

export function reviewRecords(items: readonly EvalItem[], scores: ItemScores): ReviewRecord[] {
  const [con, comp, rel] = [column(scores, 'con'), column(scores, 'comp'), column(scores, 'rel')];
  return items.map((it, k) => ({
    changeId: it.rowId,
    system: it.system,
    con: con[k],
    comp: comp[k],
    rel: rel[k],
    human: it.human,
  }));
}
