// `crscore eval --by FIELD` in Research: on a human-scored dataset, the meta-evaluation's table again on each value's
// reviews (a language, a system, a label, a column's value), each with its n, as the CLI's humanSlices makes them:
// the slices by the core's slicesBy/fieldReader, each slice's baselines made on its own reviews, the statistics by
// the same pool the whole table runs on. The field chosen is `useSliceBy` (sliceBy.ts), which the signature names.
import { create } from 'zustand';
import { binaryAuc, humanRows } from '../../core/humanData/bridge';
import { fieldReader, slicesBy, type FieldValue } from '../../core/humanData/slices';
import { baselineMetrics, type AucEstimate, type MetaEvalReport, type MetaMetric } from '../../core/metaeval/index';
import { useLlmMetrics } from '../../settings/llmMetrics';
import { useLab } from '../lab/lab';
import { useResearch } from '../research/research';
import { humanBridgeOptions, judgedDataset } from '../research/researchState';
import { overJudged } from './humanJudging';
import { metaEvaluateInPool } from './metaevalPool';
import { useMetaEval } from './metaeval';
import { useSliceBy } from './sliceBy';

export interface SliceTable {
  value: FieldValue;
  n: number;
  report: MetaEvalReport;
  /** ROC AUC per metric on a binary dimension, pooled only (as the CLI's slices carry it). */
  aucs: Record<string, AucEstimate> | null;
}

interface SlicesState {
  status: 'idle' | 'running' | 'done' | 'error';
  by: string | null;
  slices: SliceTable[];
  error: string | null;
  /** Computes the slices of the table on screen (after the whole table is done). */
  compute(): Promise<void>;
}

let job = 0;
const pick = <T>(xs: ArrayLike<T>, idx: readonly number[]): T[] => idx.map((k) => xs[k]);

export const useHumanSlices = create<SlicesState>()((set) => ({
  status: 'idle',
  by: null,
  slices: [],
  error: null,

  async compute() {
    const id = ++job;
    const by = useSliceBy.getState().by;
    const { human, results } = useResearch.getState();
    const me = useMetaEval.getState();
    if (!by || !human || !results?.humanDimension || me.undefinedWhy) return set({ status: 'idle', by, slices: [], error: null });
    const items = results.prepared.items;
    // Over the items, then the kept reviews without one (no value there: CRScore leaves them out, the baselines judge them).
    const columns = useLab.getState().columns.filter((c) => c.values.length === items.length).map((c) => overJudged(c, results));
    // The run's judged reviews, aligned with its items and then its kept reviews (the bridge gives both in one order).
    const judged = judgedDataset(human);
    const reviews = humanRows(judged, results.humanDimension, humanBridgeOptions(human)).reviews;
    if (reviews.length !== items.length + (results.kept?.length ?? 0)) return set({ status: 'error', by, slices: [], error: 'the run on screen is not the dataset’s: score it again' });
    let read;
    try {
      read = fieldReader(by, { dataset: judged, table: human.table });
    } catch (e) {
      return set({ status: 'error', by, slices: [], error: `--by ${by}: ${(e as Error).message}` });
    }
    set({ status: 'running', by, error: null });
    const m = useLlmMetrics.getState();
    const options = { grouping: me.grouping, statistic: me.statistic, dim: 'rel' as const, resamples: m.resamples, seed: m.seed };
    const out: SliceTable[] = [];
    try {
      for (const s of slicesBy(reviews, read)) {
        const idx = s.indices;
        const sub = pick(reviews, idx);
        const records = sub.map((r) => ({ changeId: r.change.id, system: r.review.system, human: r.slots ?? null }));
        const metrics: MetaMetric[] = [
          ...columns.map((c) => ({ id: c.id, label: c.label, kind: 'metric' as const, dim: 'rel' as const, values: pick(c.values, idx) })),
          ...baselineMetrics(sub.map((r) => ({ changeId: r.change.id, system: r.review.system, review: r.review.review })), m.seed).map((x) => ({ ...x, dim: 'rel' as const })),
        ];
        const against = columns.find((c) => c.id === 'crscore.rel')?.id ?? columns[0]?.id;
        const report = await metaEvaluateInPool({ records, metrics, options: { ...options, against } }, { cancelled: () => id !== job });
        if (id !== job) return;
        const jr = sub.map((r) => ({ changeId: r.change.id, system: r.review.system, human: r.human }));
        const aucs = results.humanDimension.scale.kind === 'binary' && me.grouping === 'none' ? Object.fromEntries(metrics.map((x) => [x.id, binaryAuc(jr, x.values, m)])) : null;
        out.push({ value: s.value, n: idx.length, report, aucs });
        set({ slices: [...out] });
      }
      set({ status: 'done' });
    } catch (e) {
      if (id === job) set({ status: 'error', error: e instanceof Error ? e.message : String(e) });
    }
  },
}));

// Again whenever the whole table is done (choosing another field signs and computes the table again).
useMetaEval.subscribe((s, was) => {
  if (s.status === 'done' && (was.status !== 'done' || s.report !== was.report)) void useHumanSlices.getState().compute();
});
