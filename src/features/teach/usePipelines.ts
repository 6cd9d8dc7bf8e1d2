// The metric's pipeline for one or more (pseudo-references, review) cases: sentences, matrix, scores. The
// matrix comes from the bundled encoder or lexical overlap (src/store/shared/bundledEncoder); everything after it
// is the core's own code, so every number the teaching view shows is the metric's.
import { useMemo } from 'react';
import { scoreAt } from '../../core/score';
import { splitReview } from '../../core/sentences';
import type { PseudoReference, Scores, SimilarityMatrix } from '../../core/types';
import { useMatrices, type SimilarityKind } from '../../store/shared/bundledEncoder';

export interface Case {
  refs: readonly PseudoReference[];
  review: string;
}

export interface Pipeline {
  pTexts: string[];
  sentences: string[];
  /** Null while the encoder works; then the last result for these texts' case, if any, stays in `shown`. */
  matrix: SimilarityMatrix | null;
  scores: Scores | null;
}

export interface Pipelines {
  cases: Pipeline[];
  pending: boolean;
  error: string | null;
  retry(): void;
}

export function usePipelines(kind: SimilarityKind, tau: number, cases: readonly Case[], delayMs = 250): Pipelines {
  const key = JSON.stringify(cases.map((c) => [c.refs.map((r) => r.text), c.review]));
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the texts
  const jobs = useMemo(() => cases.map((c) => ({ p: c.refs.map((r) => r.text), r: splitReview(c.review) })), [key]);
  const { matrices, last, pending, error, retry } = useMatrices(kind, jobs, delayMs);
  // While typing, show the newest finished matrices with the texts they belong to.
  const shown = matrices ? jobs : (last?.jobs ?? null);
  const ms = matrices ?? last?.matrices ?? null;
  const out = useMemo(
    () =>
      jobs.map((j, k) => {
        const jj = shown && shown.length === jobs.length ? shown[k] : j;
        const m = ms && ms.length === jobs.length ? ms[k] : null;
        return {
          pTexts: [...jj.p],
          sentences: [...jj.r],
          matrix: m,
          scores: m ? scoreAt(m, tau, { sentences: jj.r }) : null,
        };
      }),
    [jobs, shown, ms, tau],
  );
  return { cases: out, pending, error, retry };
}
