// Review records (the bootstrap's input) packed for a worker: the numbers in typed arrays that are transferred, the
// change ids and systems as tables of distinct strings with an index per record. Posting 100,000 record objects
// costs the page a structured clone of each; this costs it a few arrays.
import type { ReviewRecord } from '../../core/bootstrap';
import type { EvalItem } from '../../core/evaluate';
import type { ScoreColumns } from '../../core/scoreColumns';
import { interned, packedTriples } from '../../core/interned';
import { itemColumns } from './itemColumns';

export interface PackedRecords {
  changes: string[];
  systems: string[];
  change: Int32Array;
  system: Int32Array;
  /** con, comp, rel per record. */
  scores: Float64Array;
  /** Human con, comp, rel per record; NaN where unscored (null). */
  human: Float64Array;
}

export function packRecords(rs: readonly ReviewRecord[]): PackedRecords {
  const [changes, change] = interned(rs.length, (k) => rs[k].changeId);
  const [systems, system] = interned(rs.length, (k) => rs[k].system);
  return { changes, systems, change, system, scores: packedTriples(rs.length, (k) => rs[k]), human: packedTriples(rs.length, (k) => rs[k].human) };
}

/** What a run's records share at every τ: the change and system tables and indexes, the human scores. */
export type RecordsBase = Omit<PackedRecords, 'scores'>;

/** The τ-free part of packRecords(reviewRecords(items, ·)), built once per run. */
export function recordsBase(items: readonly EvalItem[]): RecordsBase {
  const { changes, systems, change, system, human } = itemColumns(items);
  return { changes, systems, change, system, human };
}

/**
 * Exactly packRecords(reviewRecords(items, scores)), from the run's base and the score columns: no record object
 * per review. The base's arrays are copied (the packed arrays are transferred to the worker).
 */
export function packScores(base: RecordsBase, s: ScoreColumns): PackedRecords {
  const n = base.change.length;
  const scores = new Float64Array(n * 3);
  for (let k = 0; k < n; k++) {
    scores[3 * k] = s.con[k];
    scores[3 * k + 1] = s.comp[k];
    scores[3 * k + 2] = s.rel[k];
  }
  return { changes: base.changes, systems: base.systems, change: base.change.slice(), system: base.system.slice(), scores, human: base.human.slice() };
}

export function unpackRecords(p: PackedRecords): ReviewRecord[] {
  const out: ReviewRecord[] = new Array(p.change.length);
  for (let k = 0; k < out.length; k++) {
    const h = p.human;
    out[k] = {
      changeId: p.changes[p.change[k]],
      system: p.systems[p.system[k]],
      con: p.scores[3 * k],
      comp: p.scores[3 * k + 1],
      rel: p.scores[3 * k + 2],
      human: Number.isNaN(h[3 * k]) ? null : { con: h[3 * k], comp: h[3 * k + 1], rel: h[3 * k + 2] },
    };
  }
  return out;
}

export const packedTransferables = (p: PackedRecords): ArrayBuffer[] => [p.change, p.system, p.scores, p.human].map((a) => a.buffer as ArrayBuffer);
