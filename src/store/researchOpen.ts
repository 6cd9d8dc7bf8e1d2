// Opens one scored review of the research dataset in the workbench, as a new session built by sessionFromRow
// (the same session the pseudo-references panel opens), with the run's similarity, rule, split and τ.
import type { Results } from './researchRun';
import { sessionFromRow } from './sessionFromRow';
import { useSessions } from './sessions';

export function openInWorkbench(r: Results, k: number, tau: number, datasetName: string | null): void {
  const { row, review } = r.prepared.reviews[k];
  const s = {
    ...sessionFromRow(row, review, {
      tau,
      note: `From the research dataset ${datasetName ?? ''}: ${row.id}, review by ${review.system}.`,
    }),
    similarity: r.config.similarity === 'lexical' ? ('lexical' as const) : ('embedding' as const),
    ...(r.config.similarity === 'tfidf' && r.config.scoring === 'graded' ? { preset: 'plus' as const } : {}),
    splitMode: r.config.split,
  };
  useSessions.getState().add(s);
  if (typeof location !== 'undefined') location.hash = '#workbench';
}
