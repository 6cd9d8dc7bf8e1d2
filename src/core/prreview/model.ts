// Whole reviews of a pull request: one model that every benchmark's reader fills and every evaluator reads.
// A review is a list of comments, each optionally placed on a file, a line range and a side; a comment without a
// location is still a comment. References are the issues a review should find (a benchmark's golden or accepted
// comments). Pure data: no reader or evaluator lives here.

/** Where a comment sits. Every field is optional: the benchmarks place comments with different precision. */
export interface Location {
  path?: string | null;
  /** First line of the range (SWE-CARE's `start_line`, AACR-Bench's `from_line`). */
  from?: number | null;
  /** Last line, or the one line (SWE-CARE's `line`, AACR-Bench's `to_line`). Kept as given: a range may run backwards. */
  to?: number | null;
  /** `left` (old code) or `right` (new code), as the source spells it; `""` is kept as given (AACR-Bench). */
  side?: string | null;
  /** The diff hunk the comment is attached to (SWE-CARE's `diff_hunk`). */
  hunk?: string | null;
}

export interface ReviewComment extends Location {
  /** The source's own id, when it has one (AACR-Bench's published comments have none). */
  id?: string | null;
  text: string;
  /** Annotators' verdict on the comment (AACR-Bench's positive or negative samples). */
  label?: 'accepted' | 'rejected';
  category?: string | null;
  severity?: string | null;
}

/** An issue a review should find. `source` names who wrote it (AACR-Bench's `source_model`; `human` for `""`). */
export interface ReferenceIssue extends ReviewComment {
  source?: string;
}

/** One judge's recorded verdict on one tool's review of one PR (Martian's `results/<judge>/evaluations.json`). */
export interface JudgeRecord {
  /** The candidates the judge was shown: its own extraction (`candidates.json`), else those its record names. */
  candidates: ReviewComment[];
  /** Where `candidates` came from: the judge's candidates file, or rebuilt from the record's own lists. */
  candidatesFrom: 'candidates' | 'record';
  /** The record's `total_candidates` (what step 3 divides by). */
  totalCandidates: number;
  /** Golden comments the judge found, each with the candidate that matched it and the judge's confidence. */
  matched: { golden: string; candidate: string | null; confidence: number | null }[];
  /** Golden comments the judge did not find. */
  missed: string[];
  /** Candidates that matched no golden comment. */
  unmatched: string[];
  /** The record's own counts, as published. */
  tp: number;
  fp: number;
  fn: number;
  errors: number;
  skipped: boolean;
}

export interface PullRequest {
  /** The instance id, the PR URL, or Martian's key: what `--json` rows name as `pr`. */
  id: string;
  repository?: string;
  title?: string;
  url?: string;
  /** The unified diff under review, when the source carries it. */
  diff?: string;
  languages: string[];
  references: ReferenceIssue[];
  /** Each system's review: its comments, in the order the system gave them. */
  reviews: Record<string, ReviewComment[]>;
  /** Recorded judge decisions, by judge then by system. */
  judged?: Record<string, Record<string, JudgeRecord>>;
  /** Anything else a reader keeps (AACR-Bench's category and language, Martian's golden `url`). */
  meta?: Record<string, string | number | null>;
}

export type PrLayout = 'swe-care' | 'aacr' | 'martian' | 'crscore-pr' | 'github';

/** A record a reader could not read: the file, where in it (line, key or index), and why. The rest is kept. */
export interface ReadProblem {
  file: string;
  where: string;
  why: string;
}

export interface PrDataset {
  layout: PrLayout;
  prs: PullRequest[];
  /** Every system with a review of some PR, sorted. */
  systems: string[];
  /** Judges with recorded decisions (Martian), sorted. */
  judges: string[];
  problems: ReadProblem[];
}

/** AACR-Bench's `source_model` of `""` is a person. */
export const HUMAN = 'human';

/** Systems of a dataset, sorted, from its PRs' reviews. */
export function systemsOf(prs: readonly PullRequest[]): string[] {
  const s = new Set<string>();
  for (const pr of prs) for (const k of Object.keys(pr.reviews)) s.add(k);
  return [...s].sort();
}

export function judgesOf(prs: readonly PullRequest[]): string[] {
  const s = new Set<string>();
  for (const pr of prs) for (const k of Object.keys(pr.judged ?? {})) s.add(k);
  return [...s].sort();
}

export function dataset(layout: PrLayout, prs: PullRequest[], problems: ReadProblem[]): PrDataset {
  return { layout, prs, systems: systemsOf(prs), judges: judgesOf(prs), problems };
}

/** Which reference a system is judged against when the references include its own comments (AACR-Bench). */
export type ReferenceMode = 'others' | 'all';

/**
 * The reference issues a system's review is judged against. With `others`, issues the system itself wrote are
 * left out (leave-one-out: AACR-Bench's accepted comments come from the very systems it ranks); references
 * without a source are always kept.
 */
export function referencesFor(pr: PullRequest, system: string, mode: ReferenceMode): ReferenceIssue[] {
  if (mode === 'all') return pr.references;
  return pr.references.filter((r) => r.source === undefined || r.source !== system);
}

/** True when a comment has any location at all. */
export function isLocated(c: Location): boolean {
  return !!c.path || c.from != null || c.to != null || !!c.hunk;
}
