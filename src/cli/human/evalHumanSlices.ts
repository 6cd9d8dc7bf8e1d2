// `crscore eval --by FIELD` on a human-scored dataset: the meta-evaluation's tables again on each value's reviews
// (a language, a system, a grade, a column's value), each with its n, by the same humanMetaeval as the whole run.
import { fieldReader, slicesBy } from '../../core/humanData/slices.ts';
import type { Table } from '../../core/humanData/table.ts';
import type { LabMetric } from '../../core/lab/index.ts';
import { dimensionCeiling } from './evalHumanMeta.ts';
import { humanMetaeval, type HumanMetaOptions, type HumanRunInfo, type HumanSlice } from './evalHumanReport.ts';

const pick = <T>(xs: readonly T[] | undefined, idx: readonly number[]): T[] | undefined => xs && idx.map((k) => xs[k]);

export async function humanSlices(info: HumanRunInfo, columns: readonly LabMetric[], o: HumanMetaOptions, by: string, table: Pick<Table, 'header' | 'rows'> | null): Promise<HumanSlice[]> {
  const read = fieldReader(by, { dataset: info.dataset, table });
  const out: HumanSlice[] = [];
  for (const s of slicesBy(info.reviews, read)) {
    const idx = s.indices;
    const sub: HumanRunInfo = { ...info, reviews: pick(info.reviews, idx)!, noReference: 0, noPseudoReferences: 0 };
    const cols = columns.map((c) => ({ ...c, values: pick(c.values, idx)!, ...(c.gaps ? { gaps: pick(c.gaps, idx) } : {}) }));
    const imported = o.imported.map((m) => ({ ...m, values: pick(m.values as readonly number[], idx)! }));
    const r = await humanMetaeval(sub, cols, { ...o, imported, ceiling: dimensionCeiling(sub) });
    out.push({ by, value: s.value, n: idx.length, groupings: r.metaeval!.groupings });
  }
  return out;
}
