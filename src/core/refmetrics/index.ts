// Reference-based metrics for comparing against CRScore (Naik et al. 2025, Table 2): each takes the reference review
// (e.g. CodeReviewer's `msg`) and a candidate review and returns a value in [0, 1], higher = closer.
import { bleuReference, keepWord, smoothBleu, smoothBleuAgainst, smoothBleuNoStopwords, splitPuncts, type BleuReference } from './bleu.ts';
import { chrf, chrfBoth, chrfPlusPlus, chrfSide, type ChrfSide } from './chrf.ts';
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
  return refMetricScorer()(reference, candidate);
}

/**
 * A scorer of the metrics asked for (default: every lexical one), equal to lexicalRefMetrics on them. Scoring the
 * reviews of one change in a row, it builds the reference's n-grams once for all of them (BLEU's, and the
 * character n-grams chrF and chrF++ share), and computes nothing that was not asked for.
 */
export function refMetricScorer(ids?: readonly RefMetricId[]): (reference: string, candidate: string) => Partial<Record<RefMetricId, number>> {
  const want = (id: RefMetricId) => !ids || ids.includes(id);
  const lexical = REF_METRICS.filter((m) => m.fn && want(m.id));
  const bleu = want('bleu');
  const bleuNoStop = want('bleuNoStop');
  const chrfAny = want('chrf') || want('chrfpp');
  let lastRef: string | null = null;
  let side: { bleu?: BleuReference; bleuNoStop?: BleuReference; chrf?: ChrfSide } = {};
  return (reference, candidate) => {
    const out: Partial<Record<RefMetricId, number>> = {};
    if (candidate.trim() === '') {
      for (const m of lexical) out[m.id] = 0;
      return out;
    }
    if (reference !== lastRef) {
      lastRef = reference;
      const words = bleu || bleuNoStop ? splitPuncts(reference) : [];
      side = {
        bleu: bleu ? bleuReference(words) : undefined,
        bleuNoStop: bleuNoStop ? bleuReference(words.filter(keepWord)) : undefined,
        chrf: chrfAny ? chrfSide(reference, 6, want('chrfpp') ? 2 : 0) : undefined,
      };
    }
    const both = side.chrf ? chrfBoth(side.chrf, candidate) : null;
    const words = bleu || bleuNoStop ? splitPuncts(candidate) : [];
    // In the order of REF_METRICS, as lexicalRefMetrics always wrote them.
    for (const m of lexical) {
      if (m.id === 'bleu') out.bleu = smoothBleuAgainst(side.bleu!, words);
      else if (m.id === 'bleuNoStop') out.bleuNoStop = smoothBleuAgainst(side.bleuNoStop!, words.filter(keepWord));
      else if (m.id === 'chrf') out.chrf = both!.chrf;
      else if (m.id === 'chrfpp') out.chrfpp = both!.chrfpp;
      else out[m.id] = m.fn!(reference, candidate);
    }
    return out;
  };
}
