// Agreement with human judgment over a dataset: the pieces `crscore eval` and the research view share,
// so both report the same figures for the same configuration.
import { calibrate } from './calibrate.ts';
import { parseClaimsAddressed, type AnnotatorLinks } from './links/annotator.ts';
import { normaliseLikert, REFERENCE_SYSTEM, type DatasetRow } from './dataset.ts';
import { splitReview } from './sentences.ts';
import { scoreAt } from './score.ts';
import { column, type ItemScore, type ItemScores } from './scoreColumns.ts';
import { groupMeans, kendallTauB, spearman, systemRanking } from './stats.ts';
import type {
  Calibration,
  Correlation,
  PseudoReferenceKind,
  SimilarityMatrix,
  SplitMode,
} from './types.ts';

export type Dimension = 'con' | 'comp' | 'rel';
export const DIMENSIONS: readonly Dimension[] = ['con', 'comp', 'rel'];

/** One system review of one diff, ready to score. */
export interface EvalItem {
  rowId: string;
  lang: string;
  system: string;
  /** splitReview of the review ([""] for a null or empty review, which scores 0). */
  sentences: string[];
  pseudoReferences: string[];
  /** Claim or analyzer issue, per pseudo-reference (the plus preset weighs issues less). */
  pseudoReferenceKinds: PseudoReferenceKind[];
  /** Human scores normalised to [0, 1]; null when any is unscored (left out of correlations). */
  human: Record<Dimension, number> | null;
  /** The pseudo-references the annotators linked (`claims_addressed`); absent where a dataset has no such field. */
  annotatorLinks?: AnnotatorLinks;
}

export interface EvalItems {
  items: EvalItem[];
  /** Diffs left out because they have no pseudo-references. */
  skippedDiffs: string[];
}

/** Every review except `msg`, of every diff that has pseudo-references. */
export function collectEvalItems(
  rows: readonly DatasetRow[],
  split: SplitMode = 'reference',
): EvalItems {
  const items: EvalItem[] = [];
  const skippedDiffs: string[] = [];
  for (const row of rows) {
    const pseudoReferences = row.pseudoRefs.map((p) => p.text);
    const pseudoReferenceKinds = row.pseudoRefs.map((p): PseudoReferenceKind =>
      p.type === 'issue' ? 'issue' : 'claim',
    );
    const refNumbers = row.pseudoRefs.map((p) => p.no);
    if (pseudoReferences.length === 0) {
      skippedDiffs.push(row.id);
      continue;
    }
    for (const r of row.reviews) {
      if (r.system === REFERENCE_SYSTEM) continue;
      const human =
        r.con != null && r.comp != null && r.rel != null
          ? {
              con: normaliseLikert(r.con),
              comp: normaliseLikert(r.comp),
              rel: normaliseLikert(r.rel),
            }
          : null;
      items.push({
        rowId: row.id,
        lang: row.lang,
        system: r.system,
        sentences: splitReview(r.review ?? '', split),
        pseudoReferences,
        pseudoReferenceKinds,
        human,
        annotatorLinks: parseClaimsAddressed(r.claimsAddressed, refNumbers),
      });
    }
  }
  return { items, skippedDiffs };
}

export type { ItemScore, ScoreColumns, ItemScores } from './scoreColumns.ts';

/** τ by the paper's calibration on one system's reviews. */
export function calibrateOnSystem(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  system: string,
): Calibration {
  const idx = items.map((it, k) => (it.system === system ? k : -1)).filter((k) => k >= 0);
  return calibrate(
    idx.map((k) => matrices[k]),
    idx.map((k) => items[k].sentences),
  );
}

export function scoreItems(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  tau: number,
): ItemScore[] {
  return items.map((it, k) => {
    const s = scoreAt(matrices[k], tau, { sentences: it.sentences });
    return { con: s.con, comp: s.comp, rel: s.rel };
  });
}

export interface CorrelationPair {
  spearman: Correlation;
  kendall: Correlation;
}

export interface Agreement {
  /** Reviews with human scores that entered the correlations. */
  n: number;
  correlations: Record<Dimension, CorrelationPair>;
  /** Mean metric Rel per system against mean human Rel per system. */
  systemRanking: CorrelationPair & {
    systems: { system: string; metricRel: number; humanRel: number; n: number }[];
  };
  /** Per language, Rel only. */
  byLanguage: Record<string, { n: number; rel: CorrelationPair }>;
}

/** Spearman and Kendall of each metric dimension against the same human dimension, plus the system ranking. */
export function agreement(items: readonly EvalItem[], scores: ItemScores): Agreement {
  const col = { con: column(scores, 'con'), comp: column(scores, 'comp'), rel: column(scores, 'rel') };
  const scored = items.map((it, k) => ({ it, k })).filter((x) => x.it.human !== null);
  const pair = (xs: typeof scored, d: Dimension): CorrelationPair => {
    const m = xs.map((x) => col[d][x.k]);
    const h = xs.map((x) => x.it.human![d]);
    return { spearman: spearman(m, h), kendall: kendallTauB(m, h) };
  };
  const correlations = Object.fromEntries(DIMENSIONS.map((d) => [d, pair(scored, d)])) as Record<
    Dimension,
    CorrelationPair
  >;
  const metricRel = groupMeans(
    scored,
    (x) => x.it.system,
    (x) => col.rel[x.k],
  );
  const humanRel = groupMeans(
    scored,
    (x) => x.it.system,
    (x) => x.it.human!.rel,
  );
  const ranking = systemRanking(metricRel, humanRel);
  const byLanguage: Agreement['byLanguage'] = {};
  for (const lang of [...new Set(scored.map((x) => x.it.lang))].sort()) {
    const xs = scored.filter((x) => x.it.lang === lang);
    byLanguage[lang] = { n: xs.length, rel: pair(xs, 'rel') };
  }
  return {
    n: scored.length,
    correlations,
    systemRanking: {
      spearman: ranking.spearman,
      kendall: ranking.kendall,
      systems: ranking.systems.map((s, k) => ({
        system: s,
        metricRel: ranking.metric[k],
        humanRel: ranking.human[k],
        n: scored.filter((x) => x.it.system === s).length,
      })),
    },
    byLanguage,
  };
}
