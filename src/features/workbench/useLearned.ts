// The learned preset in the workbench: the linker's features of this review against each pseudo-reference, its link
// probabilities, and the P×S matrix of probabilities the heatmap draws. Instant (no encoder); recomputed only when
// the texts, the diff or the linker change, never on a τ step.
import { createTwoFilesPatch } from 'diff';
import { useMemo } from 'react';
import { featureCache, probabilityMatrix, reviewFeatures, reviewProbabilities, modelOf, type LinkerWeights, type ReviewFeatures } from '../../core/learned/index';
import type { LinkMatrix } from '../../core/links/links';
import type { Idf } from '../../core/plus/idf';
import type { SimilarityMatrix } from '../../core/types';
import { useLinker } from '../../store/shared/linker';
import type { PseudoReferenceItem, Session } from '../../store/session/session';

export interface LearnedState {
  weights: LinkerWeights;
  linkerName: string;
  features: ReviewFeatures;
  /** Per pseudo-reference: the probability that the review addresses it. */
  probabilities: Float64Array;
  /** P×S probabilities in double precision (graded credit reads these) and as a similarity matrix (the heatmap). */
  links: LinkMatrix;
  matrix: SimilarityMatrix;
}

/** The session's change as a unified diff (files mode: the two files' patch). */
export function sessionDiff(i: Session['input']): string {
  if (i.mode === 'diff') return i.diff;
  const name = i.fileName || 'file';
  return i.oldCode || i.newCode ? createTwoFilesPatch(`a/${name}`, `b/${name}`, i.oldCode, i.newCode, '', '', { context: 3 }) : '';
}

export function useLearned(enabled: boolean, input: Session['input'], sentences: string[], refs: PseudoReferenceItem[], idf: Idf | null): LearnedState | null {
  const weights = useLinker((s) => s.weights);
  const linkerName = useLinker((s) => s.name);
  const diff = useMemo(() => (enabled ? sessionDiff(input) : ''), [enabled, input]);
  const refKey = refs.map((r) => `${r.kind}\u0001${r.text}`).join('\u0000');
  return useMemo(() => {
    if (!enabled || !idf) return null;
    const features = reviewFeatures({ diff, pseudoReferences: refs.map((r) => ({ text: r.text, kind: r.kind })), sentences }, featureCache(idf));
    const probabilities = reviewProbabilities(modelOf(weights), features);
    const links = probabilityMatrix(probabilities, features, weights.spread);
    return { weights, linkerName, features, probabilities, links, matrix: { rows: links.rows, cols: links.cols, data: Float32Array.from(links.data) } };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the texts and kinds, not the item objects
  }, [enabled, idf, diff, refKey, sentences, weights, linkerName]);
}
