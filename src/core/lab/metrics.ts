// The lab's reviews and metric columns: one LabReview per eval item of a prepared dataset (the same order as
// Research's items), and builders that turn CRScore scores, reference-metric values and LLM outcomes into
// LabMetric columns with their gaps. Pure.
import type { Dim } from '../bootstrap.ts';
import { column, type ItemScores } from '../scoreColumns.ts';
import type { PreparedDataset } from '../research/prepare.ts';
import { refMetricValues } from '../research/analysis.ts';
import { meteor, meteorLabel, meteorStages, meteorTokenizerName } from '../refmetrics/meteor.ts';
import { DEFAULT_NLTK_VERSION, type NltkVersion } from '../nltk/wordTokenize.ts';
import { rougeLStemmed } from '../refmetrics/rouge.ts';
import type { WordNetData } from '../refmetrics/wordnet.ts';
import { numberRepeats } from '../reviewKeys.ts';
import type { JudgeGrades } from './rubric.ts';
import type { LabGap, LabMetric, LabRecord } from './types.ts';

/** The lab's metrics by name (`crscore eval --metrics` and the lab view use the same names). */
export const LAB_METRIC_NAMES = ['crscore', 'crscore-plus', 'bleu', 'chrf', 'rouge-l', 'meteor', 'embed-ref', 'llm-grade', 'llm-judge'] as const;
export type LabMetricName = (typeof LAB_METRIC_NAMES)[number];
export type ReferenceMetricName = 'bleu' | 'chrf' | 'rouge-l' | 'meteor' | 'embed-ref';

/** One system review with everything any lab metric needs. */
export interface LabReview {
  /** `${changeId}::${system}`: unique per review, the LLM tasks' id. */
  id: string;
  changeId: string;
  system: string;
  lang: string;
  /** The review as written ('' for a review the system did not produce). */
  review: string;
  /** The human reference review of the change (`msg`), or null when there is none. */
  reference: string | null;
  diff: string;
  pseudoRefs: string[];
  human: Record<Dim, number> | null;
}

/**
 * The prepared items as the lab's reviews. Each gets an id of its own: a change with several reviews of one system
 * (a human-scored table without a system column: all are `human`) numbers the later ones `#2`, `#3` (past any
 * real name), so no two reviews share an LLM task's id (the grades are aligned by it).
 */
export function labReviews(p: PreparedDataset): LabReview[] {
  // Unique over the whole dataset (numberRepeats): a real system `A#2`, or a change id holding '::', never shares
  // another review's id, so no two reviews' grades are aligned to one.
  const ids = numberRepeats(p.items.map((it) => `${it.rowId}::${it.system}`));
  return p.items.map((it, k) => {
    const r = p.reviews[k];
    return {
      id: ids[k],
      changeId: it.rowId,
      system: it.system,
      lang: it.lang,
      review: r.review.review ?? '',
      reference: r.reference,
      diff: r.row.diff,
      pseudoRefs: it.pseudoReferences,
      human: it.human,
    };
  });
}

export function labRecords(reviews: readonly { changeId: string; system: string; human: Record<Dim, number> | null }[]): LabRecord[] {
  return reviews.map((r) => ({ changeId: r.changeId, system: r.system, human: r.human }));
}

/** How an LLM metric's answer for one review came about. */
export type LlmStatus =
  /** Graded by the model. */
  | 'graded'
  /** The review is its reference, word for word: 5 without a call. */
  | 'exact-match'
  /** The system wrote nothing: the lowest grade without a call. */
  | 'empty-review'
  /** No reference review for a reference-based grade. */
  | 'not-applicable'
  /** The model never gave a grade in 1–5 (after the re-asks). */
  | 'no-grade'
  | 'failed'
  | 'cancelled';

export interface GradeOutcome {
  id: string;
  /** The final grade (1–5), or null (see status). */
  grade: number | null;
  status: LlmStatus;
  /** Each sample's parsed grade (null where none could be read). */
  samples: (number | null)[];
  /** Each sample's raw answer, kept for exports and for the reader to check the parser. */
  answers: (string | null)[];
  /** Every sample came from the answer cache. */
  cached: boolean;
  reason?: string;
}

export interface JudgeOutcome {
  id: string;
  /** Per dimension, the final grade or null (the answer lacked it, or no valid grade came after the re-asks). */
  grades: JudgeGrades;
  status: LlmStatus;
  samples: JudgeGrades[];
  answers: (string | null)[];
  cached: boolean;
  reason?: string;
}

const gapOf = (s: LlmStatus): LabGap | null =>
  s === 'not-applicable' || s === 'no-grade' || s === 'failed' || s === 'cancelled' ? s : null;

/**
 * CRScore's Con, Comp and Rel as three columns ('<prefix>.con' …). `names: 'paper'` labels them by the paper's names
 * (`CRScore conciseness` …): on a human-scored dataset, where each is judged against a dimension of another name
 * and "Con" would read as a human dimension.
 */
export function crscoreMetrics(
  scores: ItemScores,
  config: Record<string, unknown>,
  prefix = 'crscore',
  label = 'CRScore',
  names: 'short' | 'paper' = 'short',
): LabMetric[] {
  const name: Record<Dim, string> = names === 'paper' ? { con: 'conciseness', comp: 'comprehensiveness', rel: 'relevance' } : { con: 'Con', comp: 'Comp', rel: 'Rel' };
  return (['con', 'comp', 'rel'] as const).map((d) => ({
    id: `${prefix}.${d}`,
    label: `${label} ${name[d]}`,
    family: 'crscore',
    config,
    values: Array.from(column(scores, d)),
  }));
}

/** A reference-based metric (BLEU, chrF, embedding cosine…): null values are reviews without a reference. */
export function referenceMetric(id: string, label: string, values: readonly (number | null)[], config: Record<string, unknown>): LabMetric {
  return {
    id,
    label,
    family: 'reference',
    config,
    values: [...values],
    gaps: values.map((v) => (v === null ? 'not-applicable' : null)),
  };
}

/** The LLM grade column, aligned with `reviews` by id (a review with no outcome counts as cancelled). */
export function gradeMetric(reviews: readonly { id: string }[], outcomes: readonly GradeOutcome[], config: Record<string, unknown>): LabMetric {
  const by = new Map(outcomes.map((o) => [o.id, o]));
  const values: (number | null)[] = [];
  const gaps: (LabGap | null)[] = [];
  for (const r of reviews) {
    const o = by.get(r.id);
    values.push(o?.grade ?? null);
    gaps.push(!o ? 'cancelled' : o.grade === null ? (gapOf(o.status) ?? 'no-grade') : null);
  }
  return { id: 'llm-grade', label: 'LLM grade vs reference (1–5)', family: 'llm-grade', config, values, gaps };
}

/** The judge's three columns ('llm-judge.rel', '.con', '.comp'), aligned with `reviews` by id. */
export function judgeMetrics(reviews: readonly { id: string }[], outcomes: readonly JudgeOutcome[], config: Record<string, unknown>): LabMetric[] {
  const by = new Map(outcomes.map((o) => [o.id, o]));
  const name: Record<Dim, string> = { con: 'conciseness', comp: 'comprehensiveness', rel: 'relevance' };
  return (['rel', 'con', 'comp'] as const).map((d) => {
    const values: (number | null)[] = [];
    const gaps: (LabGap | null)[] = [];
    for (const r of reviews) {
      const o = by.get(r.id);
      const v = o?.grades[d] ?? null;
      values.push(v);
      gaps.push(!o ? 'cancelled' : v === null ? (gapOf(o.status) ?? 'no-grade') : null);
    }
    return { id: `llm-judge.${d}`, label: `LLM judge ${name[d]} (1–5)`, family: 'llm-judge' as const, config, values, gaps };
  });
}

/**
 * The reference-based columns (Jiang et al. 2025's embedding similarity and the lexical BLEU and chrF, all against the
 * change's reference review `msg`), from Research's refMetricValues; `embedCos` is the caller's encoder cosine
 * (vectorCosine over embedded reviews and references). Without a reference, or without `embedCos` for
 * embed-ref, a review's value is null and 'not-applicable'.
 */
export function referenceColumns(
  p: PreparedDataset,
  names: readonly ReferenceMetricName[],
  o: {
    embedCos?: (review: string, reference: string) => number;
    encoder?: string;
    pooling?: string | null;
    wordnet?: WordNetData | null;
    /** METEOR's word-tokenizer rules (NLTK 3.9 by default). */
    tokenizer?: NltkVersion;
  } = {},
): LabMetric[] {
  const ids = names.flatMap((n) => (n === 'embed-ref' ? ['embedCos' as const] : n === 'bleu' || n === 'chrf' ? [n] : []));
  const v = ids.length ? refMetricValues(p, o.embedCos, ids) : {};
  const or = (x: (number | null)[] | undefined) => x ?? p.items.map(() => null);
  const each = (name: 'rouge-l' | 'meteor') => {
    const f = labReferenceScorer(name, o.wordnet, o.tokenizer);
    return p.reviews.map((r) => (r.reference ? f(r.reference, r.review.review ?? '') : null));
  };
  return names.map((n) => {
    switch (n) {
      case 'bleu':
        return referenceMetric('bleu', 'BLEU (smoothed)', or(v.bleu), { reference: 'msg' });
      case 'chrf':
        return referenceMetric('chrf', 'chrF', or(v.chrf), { reference: 'msg' });
      case 'rouge-l':
        return rougeLColumn(each('rouge-l'));
      case 'meteor':
        return meteorColumn(each('meteor'), o.wordnet, o.tokenizer);
      case 'embed-ref':
        return referenceMetric('embed-ref', `Embedding cosine to the reference (${o.encoder ?? 'no encoder'})`, or(v.embedCos), {
          reference: 'msg',
          encoder: o.encoder ?? null,
          pooling: o.pooling ?? null,
        });
    }
  });
}

/**
 * ROUGE-L's or METEOR's score of one review against its reference, as GradedReviews ran them (Jiang et al. 2025):
 * rouge_score with use_stemmer=True, NLTK's meteor_score (its synonym stage only with WordNet). The CLI calls it
 * through referenceColumns, the browser's compute workers on their slice of reviews.
 */
export function labReferenceScorer(
  name: 'rouge-l' | 'meteor',
  wordnet?: WordNetData | null,
  tokenizer: NltkVersion = DEFAULT_NLTK_VERSION,
): (reference: string, review: string) => number {
  return name === 'rouge-l' ? rougeLStemmed : (reference, review) => meteor(reference, review, { wordnet, tokenizer });
}

export function rougeLColumn(values: readonly (number | null)[]): LabMetric {
  return referenceMetric('rouge-l', 'ROUGE-L (stemmed)', values, { reference: 'msg', stemmer: 'porter-nltk' });
}

/** METEOR's column, labelled by the stages it had: "METEOR" only with WordNet's synonym stage; its tokenizer named. */
export function meteorColumn(
  values: readonly (number | null)[],
  wordnet: Pick<WordNetData, 'version'> | null | undefined,
  tokenizer: NltkVersion = DEFAULT_NLTK_VERSION,
): LabMetric {
  return referenceMetric('meteor', meteorLabel(wordnet), values, {
    reference: 'msg',
    stages: meteorStages(wordnet).join('+'),
    wordnet: wordnet?.version ?? null,
    tokenizer: meteorTokenizerName(tokenizer),
  });
}
