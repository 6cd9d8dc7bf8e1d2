// Whether the metric lab's columns are still to be completed: BLEU and chrF are ticked and the compute workers are
// still scoring them for this run. The lab's statistics and the meta-evaluation wait for them rather than run once
// without them and again with them (on a 2-core machine the first run only delayed the second).
import { useLlmMetrics } from '../../settings/llmMetrics';
import { useResearch } from '../research/research';

export function refColumnsPending(): boolean {
  const r = useResearch.getState();
  if (!r.results || !r.results.prepared.hasReference) return false;
  if (!useLlmMetrics.getState().metrics.some((m) => m === 'bleu' || m === 'chrf')) return false;
  const refs = r.refMetrics;
  return refs.of !== r.results || refs.status === 'idle' || refs.status === 'running';
}
