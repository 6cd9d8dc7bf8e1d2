// The learned preset scored on the linker's own training data: its figures are in-sample and flatter it. Said
// beside every such figure (Research's agreement table, the metric lab), with the cross-validated figure the weights
// record.
import { useMemo } from 'react';
import { inSampleNote, trainingOverlap } from '../../core/learned/index';
import type { Results } from '../../store/research/researchRun';
import { useLinker } from '../../store/shared/linker';

/** The note when `results` is a learned run on changes that trained the linker in use, else null. */
export function useInSample(results: Pick<Results, 'config' | 'prepared'> | null): string | null {
  const weights = useLinker((s) => s.weights);
  return useMemo(() => {
    if (!results || results.config.similarity !== 'learned') return null;
    const o = trainingOverlap(weights, results.prepared.reviews.map((r) => r.row.diff));
    return o && inSampleNote(o, weights);
  }, [results, weights]);
}

export function InSampleNote({ note }: { note: string | null }) {
  if (!note) return null;
  return (
    <p className="alert warn small" role="note" data-testid="in-sample-note">
      {note}.
    </p>
  );
}
