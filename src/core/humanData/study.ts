// The CRScore human study (Naik et al. 2025) as a HumanDataset: its Con, Comp and Rel are three Likert 1–5
// dimensions with one annotator each, `msg` is each change's reference review, every other system is a system.
// Nothing is lost: each change keeps its own pseudo-references and the rest of its row (StudyDetail), each review
// its annotators' links, so the bridge (bridge.ts) gives back the very rows and items `crscore eval` reads. Pure.
import { REFERENCE_SYSTEM, type DatasetRow } from '../dataset.ts';
import type { PreparedDataset } from '../research/prepare.ts';
import type { SplitMode } from '../types.ts';
import { humanPrepared, matchedJudge } from './bridge.ts';
import type { Dimension, HumanChange, HumanDataset, HumanReview } from './model.ts';

/** The human study's three dimensions, in the paper's order. */
export const STUDY_DIMENSIONS = ['con', 'comp', 'rel'] as const;

const likert5 = (name: string): Dimension => ({ name, scale: { kind: 'likert', min: 1, max: 5 }, annotators: [''] });

/** The human study's rows (dev.jsonl, or its published CSVs as the importers merge them) as one HumanDataset. */
export function studyDataset(rows: readonly DatasetRow[], source: string): HumanDataset {
  const changes: HumanChange[] = [];
  const reviews: HumanReview[] = [];
  rows.forEach((row, k) => {
    const line = k + 1;
    const referenceReviews = row.reviews.flatMap((review, at) => (review.system === REFERENCE_SYSTEM ? [{ at, review }] : []));
    changes.push({
      id: row.id,
      lang: row.lang,
      code: row.codeKind === 'snippet' ? { kind: 'snippet', code: row.newCode ?? '' } : { kind: 'diff', diff: row.diff },
      references: referenceReviews.flatMap((r) => (r.review.review === null ? [] : [r.review.review])),
      line,
      pseudoReferences: row.pseudoRefs,
      study: {
        index: row.index,
        oldFile: row.oldFile,
        newFile: row.newFile,
        oldCode: row.oldCode,
        newCode: row.newCode,
        referenceAnalyzerOutput: row.referenceAnalyzerOutput,
        ...(row.codeAt ? { codeAt: row.codeAt } : {}),
        referenceReviews,
      },
    });
    for (const r of row.reviews)
      if (r.system !== REFERENCE_SYSTEM)
        reviews.push({ changeId: row.id, system: r.system, review: r.review ?? '', scores: { con: [r.con], comp: [r.comp], rel: [r.rel] }, line, claimsAddressed: r.claimsAddressed });
  });
  return { source, changes, reviews, dimensions: STUDY_DIMENSIONS.map(likert5), errors: [], notes: [] };
}

/**
 * The human study's rows (or any rows of its layout) prepared through the model: studyDataset, then humanPrepared
 * with their own pseudo-references, each of Con, Comp and Rel judged by its namesake. Each row's items depend on that
 * row only, so a caller may prepare slices and join them (Research paces a large dataset so).
 */
export function studyPrepared(rows: readonly DatasetRow[], split: SplitMode, source = ''): PreparedDataset {
  const d = studyDataset(rows, source);
  return humanPrepared(d, matchedJudge(d)!, { pseudoRefs: 'dataset', split }).prepared;
}
