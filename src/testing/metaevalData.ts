// Synthetic meta-evaluation data for tests and the bench: `systems` reviews of each of `changes` changes, human
// scores on a 5-point scale (many ties), and `count` metrics around the same latent quality, the odd ones coarse
// (CRScore-like sixths), the even ones continuous. Seeded, so every caller gets the same rows for the same seed.
import { mulberry32 } from '../core/bootstrap.ts';
import type { MetaMetric, MetaRecord } from '../core/metaeval/index.ts';

export interface MetaEvalDataOptions {
  /** The metrics' noise grows from this by 0.1 per metric. */
  noise?: number;
  /** Share of reviews with no human score. */
  unscored?: number;
  /** Share of a metric's values that are missing (null). */
  missing?: number;
}

export function metaEvalData(changes: number, systems: number, count: number, seed: number, o: MetaEvalDataOptions = {}) {
  const { noise = 0.2, unscored = 0, missing = 0 } = o;
  const r = mulberry32(seed);
  const records: MetaRecord[] = [];
  const q: number[] = [];
  for (let c = 0; c < changes; c++)
    for (let s = 0; s < systems; s++) {
      const v = s / systems + r() - 0.5;
      q.push(v);
      const h = Math.min(4, Math.max(0, Math.round(v * 3 + 2))) / 4;
      // A draw only where the option asks for one, so that each caller's stream (and data) stays as it was.
      const none = unscored > 0 && r() < unscored;
      records.push({ changeId: `c${c}`, system: `s${s}`, human: none ? null : { con: h, comp: h, rel: h } });
    }
  const metrics: MetaMetric[] = Array.from({ length: count }, (_, k) => ({
    id: `m${k}`,
    label: `metric ${k}`,
    values: q.map((v) => {
      if (missing > 0 && r() < missing) return null;
      const x = v + (r() - 0.5) * (noise + k / 10);
      return k % 2 ? Math.round(x * 6) / 6 : x;
    }),
  }));
  return { records, metrics };
}
