// Reference-based metrics for comparing against CRScore (seed 000, Table 2): each takes the reference review
// (e.g. CodeReviewer's `msg`) and a candidate review and returns a value in [0, 1], higher = closer.
import { smoothBleu, smoothBleuNoStopwords } from './bleu.ts';
import { chrf, chrfPlusPlus } from './chrf.ts';
import { editSimilarity } from './edit.ts';
import { rougeL } from './rouge.ts';

export * from './bleu.ts';
export * from './chrf.ts';
export * from './edit.ts';
export * from './rouge.ts';

export type RefMetricId = 'bleu' | 'bleuNoStop' | 'editSim' | 'rougeL' | 'chrf' | 'chrfpp' | 'embedCos';

export interface RefMetricDef {
  id: RefMetricId;
  label: string;
  /** Lexical metrics compute here; 'embedCos' needs an encoder and is filled in by the caller. */
  fn?: (reference: string, candidate: string) => number;
}

/** In the order of the paper's Table 2. */
export const REF_METRICS: readonly RefMetricDef[] = [
  { id: 'bleu', label: 'BLEU', fn: smoothBleu },
  { id: 'bleuNoStop', label: 'BLEU (without stopwords)', fn: smoothBleuNoStopwords },
  { id: 'editSim', label: 'Normalised edit distance (1 − d)', fn: editSimilarity },
  { id: 'rougeL', label: 'ROUGE-L F', fn: rougeL },
  { id: 'chrf', label: 'chrF', fn: chrf },
  { id: 'chrfpp', label: 'chrF++', fn: chrfPlusPlus },
  { id: 'embedCos', label: 'Embedding cosine (whole review)' },
];

/** Every lexical reference-based metric of one candidate; an empty candidate scores 0 everywhere. */
export function lexicalRefMetrics(
  reference: string,
  candidate: string,
): Partial<Record<RefMetricId, number>> {
  const out: Partial<Record<RefMetricId, number>> = {};
  for (const m of REF_METRICS) if (m.fn) out[m.id] = candidate.trim() === '' ? 0 : m.fn(reference, candidate);
  return out;
}
