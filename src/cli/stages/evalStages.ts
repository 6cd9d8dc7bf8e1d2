// `crscore eval`'s similarity and scoring stages: the same core stages the research view runs
// (src/core/research), so a similarity and a scoring rule give the same figures in both.
import type { EvalItem, ItemScore } from '../../core/evaluate.ts';
import { PLUS_DEFAULT_CALIBRATION } from '../../core/plus/preset.ts';
import {
  lexicalMatrices,
  scoreAll,
  scorer,
  tfidfMatrices,
  vectorMatrices,
  type ItemMatrices,
  type ScoringRule,
} from '../../core/research/index.ts';
import type { Idf } from '../../core/plus/idf.ts';
import { loadBackgroundIdf } from '../shared/background.ts';
import { embedUnique, loadEncoder, type Pooling } from '../score/matrices.ts';
import { rowsOf } from '../../core/scoreColumns.ts';

export type EvalSimilarity = 'lexical' | 'embedding' | 'tfidf' | 'llm-links';
export const EVAL_SIMILARITIES: readonly EvalSimilarity[] = ['lexical', 'embedding', 'tfidf', 'llm-links'];

export interface StageOptions {
  similarity: EvalSimilarity;
  scoring: ScoringRule;
  encoder?: string;
  pooling?: Pooling;
}

/** Stage 4: pseudo-references × sentences (and × pseudo-references) for every item; the IDF when a stage needs it. */
export async function evalMatrices(items: readonly EvalItem[], o: StageOptions): Promise<{ m: ItemMatrices; idf?: Idf }> {
  const idf = o.similarity === 'tfidf' || o.scoring === 'graded' ? await loadBackgroundIdf() : undefined;
  if (o.similarity === 'lexical') return { m: lexicalMatrices(items), idf };
  if (o.similarity === 'tfidf') return { m: tfidfMatrices(items, idf!), idf };
  if (o.similarity === 'llm-links') throw new Error('llm-links matrices come from evalLinks (src/cli/stages/evalLinks.ts)');
  const encoder = await loadEncoder(o.encoder!, o.pooling);
  try {
    const texts = items.flatMap((it) => [...it.pseudoReferences, ...it.sentences]);
    return { m: vectorMatrices(items, await embedUnique(encoder, texts, 32)), idf };
  } finally {
    await encoder.dispose?.();
  }
}

/**
 * Stage 5: scores at τ under the rule. Graded credit's ramp runs from τ − sd to τ, sd from the calibration
 * (or, without one, the plus preset's shipped calibration).
 */
export function evalScores(
  items: readonly EvalItem[],
  m: ItemMatrices,
  rule: ScoringRule,
  tau: number,
  sd: number | null,
  idf?: Idf,
): ItemScore[] {
  // The CLI's stages read one object per review; its one pass at one τ can afford them.
  return rowsOf(scoreAll(scorer(rule, items, m, sd ?? PLUS_DEFAULT_CALIBRATION.sd, idf), tau));
}
