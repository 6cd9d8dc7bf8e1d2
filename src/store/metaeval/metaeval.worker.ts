// One worker of the meta-evaluation's pool (metaevalPool.ts): src/core/metaeval's worker side through comlink.
// A share of the metrics' calibration and bootstrap, and ranges of the permutation tests; the resampled figures
// go back transferred, not copied. The page sends typed jobs (metaPool.ts) and asks one worker for the baselines,
// so it builds no object per review.
import * as Comlink from 'comlink';
import { baselineColumns, metaEvalWorkerApi, unitBuffers, type MetaTable, type MetricUnit, type TypedMetaMetric } from '../../core/metaeval/index';

const core = metaEvalWorkerApi();

const api = {
  ...core,
  take(id: number): MetricUnit[] {
    const units = core.take(id);
    return Comlink.transfer(units, unitBuffers(units));
  },
  /** The baseline columns of a run's reviews (their texts for the length baseline). */
  baselines(table: MetaTable, texts: (string | null)[], seed: number): TypedMetaMetric[] {
    const columns = baselineColumns(table, texts, seed);
    return Comlink.transfer(columns, columns.map((c) => c.values.buffer as ArrayBuffer));
  },
};

export type MetaEvalWorkerApi = typeof api;
Comlink.expose(api);
