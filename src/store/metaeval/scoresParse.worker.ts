// Imported metrics' scores files off the page's thread (a 1M-row file froze the page for 12 s, and again
// at every regroup). The worker reads and parses each file once (parseMetricScores) and keeps its columns; the page
// sends the run's reviews once per run, and each file is matched here (matchMetricScores). What goes back is the
// coverage and each metric's values as a Float64Array (NaN: no value), transferred (metricImports.ts).
import * as Comlink from 'comlink';
import { matchMetricScores, parseMetricScores, type ParsedScores, type ScoreKey, type ScoresCoverage, type Unjudged } from '../../core/metaeval/index';

const files = new Map<number, ParsedScores>();
let run: { id: number; keys: ScoreKey[]; unjudged: Map<string, Unjudged> | undefined } | null = null;

export interface MatchedColumns {
  coverage: ScoresCoverage;
  metrics: { id: string; label: string; dim: 'con' | 'comp' | 'rel'; values: Float64Array }[];
}

const api = {
  async parse(token: number, file: string, blob: Blob): Promise<void> {
    files.set(token, parseMetricScores(file, await blob.text()));
  },
  drop(token: number): void {
    files.delete(token);
  },
  /** The run's reviews (in the order the metrics' values follow) and the dataset's reviews it does not judge. */
  setRun(id: number, changeIds: string[], systems: string[], unjudged: [string, Unjudged][] | null): void {
    run = { id, keys: changeIds.map((changeId, i) => ({ changeId, system: systems[i] })), unjudged: unjudged ? new Map(unjudged) : undefined };
  },
  match(token: number, name: string, runId: number): MatchedColumns {
    const p = files.get(token);
    if (!p) throw new Error('the imported file is no longer held by the worker');
    if (run?.id !== runId) throw new Error('the run changed while the file was matched');
    const r = matchMetricScores(name, p, run.keys, { unjudged: run.unjudged });
    const metrics = r.metrics.map((m) => ({ id: m.id, label: m.label, dim: m.dim ?? 'rel', values: Float64Array.from(m.values, (v) => (v === null ? NaN : v)) }));
    return Comlink.transfer({ coverage: r.coverage, metrics }, metrics.map((m) => m.values.buffer as ArrayBuffer));
  },
};

export type ScoresParseApi = typeof api;
Comlink.expose(api);
