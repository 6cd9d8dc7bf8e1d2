// Review records (the bootstrap's input) packed for a worker: the numbers in typed arrays that are transferred, the
// change ids and systems as tables of distinct strings with an index per record. Posting 100,000 record objects
// costs the page a structured clone of each; this costs it a few arrays.
import type { ReviewRecord } from '../core/bootstrap';
import type { EvalItem } from '../core/evaluate';
import type { ScoreColumns } from '../core/scoreColumns';

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
  const changes = new Map<string, number>();
  const systems = new Map<string, number>();
  const p: PackedRecords = {
    changes: [],
    systems: [],
    change: new Int32Array(rs.length),
    system: new Int32Array(rs.length),
    scores: new Float64Array(rs.length * 3),
    human: new Float64Array(rs.length * 3).fill(NaN),
  };
  const id = (m: Map<string, number>, list: string[], s: string) => {
    let k = m.get(s);
    if (k === undefined) {
      m.set(s, (k = list.length));
      list.push(s);
    }
    return k;
  };
  rs.forEach((r, k) => {
    p.change[k] = id(changes, p.changes, r.changeId);
    p.system[k] = id(systems, p.systems, r.system);
    p.scores[3 * k] = r.con;
    p.scores[3 * k + 1] = r.comp;
    p.scores[3 * k + 2] = r.rel;
    if (r.human) {
      p.human[3 * k] = r.human.con;
      p.human[3 * k + 1] = r.human.comp;
      p.human[3 * k + 2] = r.human.rel;
    }
  });
  return p;
}

/** What a run's records share at every τ: the change and system tables and indexes, the human scores. */
export type RecordsBase = Omit<PackedRecords, 'scores'>;

/** The τ-free part of packRecords(reviewRecords(items, ·)), built once per run. */
export function recordsBase(items: readonly EvalItem[]): RecordsBase {
  const n = items.length;
  const b: RecordsBase = { changes: [], systems: [], change: new Int32Array(n), system: new Int32Array(n), human: new Float64Array(n * 3).fill(NaN) };
  const changes = new Map<string, number>();
  const systems = new Map<string, number>();
  const id = (m: Map<string, number>, list: string[], s: string) => {
    let k = m.get(s);
    if (k === undefined) {
      m.set(s, (k = list.length));
      list.push(s);
    }
    return k;
  };
  // A change's reviews are consecutive items: its id is looked up once, not once per review (150 ms at 86k).
  let last: string | null = null;
  let lastId = 0;
  for (let k = 0; k < n; k++) {
    const it = items[k];
    if (it.rowId !== last) lastId = id(changes, b.changes, (last = it.rowId));
    b.change[k] = lastId;
    b.system[k] = id(systems, b.systems, it.system);
    if (it.human) {
      b.human[3 * k] = it.human.con;
      b.human[3 * k + 1] = it.human.comp;
      b.human[3 * k + 2] = it.human.rel;
    }
  }
  return b;
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
