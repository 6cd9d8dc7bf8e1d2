// One worker of the meta-evaluation's pool (metaevalPool.ts): src/core/metaeval's worker side through comlink.
// A share of the metrics' calibration and bootstrap, and ranges of the permutation tests; the resampled figures
// go back transferred, not copied.
import * as Comlink from 'comlink';
import { metaEvalWorkerApi, unitBuffers, type MetricUnit } from '../core/metaeval/index';

const core = metaEvalWorkerApi();

const api = {
  ...core,
  take(id: number): MetricUnit[] {
    const units = core.take(id);
    return Comlink.transfer(units, unitBuffers(units));
  },
};

export type MetaEvalWorkerApi = typeof api;
Comlink.expose(api);
