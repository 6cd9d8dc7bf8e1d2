// The one order in which a pseudo-reference source is made, for `crscore claims|eval|score|pr-eval`, Research's
// datasets and Research's pull requests alike: the LLM's claims (claims, generate, local), else the tree claims
// (tree-claims, offline), then the analyzers' issues (analyzers, generate, offline). A stage starts only while the
// run is not cancelled. The callers inject what differs by place: the runners (Node's parser or the analyzers'
// worker), the LLM's settings and cache, and what they do with progress.
import { claimsForChanges, type ChangeClaims, type ChangeInput, type ClaimsBatchOptions, type ClaimsProgress } from './claimsBatch';
import { issuesForChanges, type AnalyzeFn, type ChangeIssues, type IssuesChangeInput, type IssuesOptions } from './issuesBatch';
import { treeClaimsWith, type TreeClaimsFn } from './treeClaimsBatch';
import { usesAnalyzers, usesLlm, usesTreeClaims, type PseudoRefSource } from './dataset';

export type SourceStage = 'claims' | 'tree-claims' | 'analyzers';

/** Each stage's progress in its own shape (the LLM's counts requests, cache hits and failures). */
export type SourceProgress =
  | ({ stage: 'claims' } & ClaimsProgress)
  | { stage: 'tree-claims'; total: number; done: number }
  | { stage: 'analyzers'; total: number; done: number; failed: number };

export interface MakeSourcesOptions<C extends IssuesChangeInput> {
  source: PseudoRefSource;
  /** The changes claims are written for (a dataset's rows; a pull request's hunks). */
  claimRows: readonly (ChangeInput & Pick<IssuesChangeInput, 'lang' | 'newFile'>)[];
  /** The changes the analyzers read (a dataset's rows; a pull request's files). */
  issueRows: readonly C[];
  /** The LLM's batch settings; needed where the source asks an LLM. */
  llm?: Omit<ClaimsBatchOptions, 'signal' | 'onProgress'>;
  treeClaims: TreeClaimsFn;
  analyze: AnalyzeFn;
  analyzers: Pick<IssuesOptions<C>, 'filter' | 'options' | 'codeOf'>;
  signal: AbortSignal;
  /** A stage starts (its clock for the time left). */
  onStage?: (stage: SourceStage) => void;
  onProgress?: (p: SourceProgress) => void;
}

export interface MadeSources {
  /** The LLM's claims or the tree claims, by change; null where the source has neither. */
  claims: ChangeClaims[] | null;
  /** Which made `claims`. */
  claimsFrom: 'llm' | 'tree' | null;
  issues: ChangeIssues[] | null;
}

export async function makeSources<C extends IssuesChangeInput>(o: MakeSourcesOptions<C>): Promise<MadeSources> {
  let claims: ChangeClaims[] | null = null;
  let claimsFrom: MadeSources['claimsFrom'] = null;
  let issues: ChangeIssues[] | null = null;
  if (usesLlm(o.source)) {
    if (!o.llm) throw new Error(`--pseudo-refs ${o.source} asks an LLM: its settings are missing`);
    o.onStage?.('claims');
    claims = await claimsForChanges(
      o.claimRows.map((r) => ({ id: r.id, diff: r.diff })),
      { ...o.llm, signal: o.signal, onProgress: (p) => o.onProgress?.({ stage: 'claims', ...p }) },
    );
    claimsFrom = 'llm';
  }
  if (usesTreeClaims(o.source) && !o.signal.aborted) {
    o.onStage?.('tree-claims');
    claims = await treeClaimsWith(o.claimRows, o.treeClaims, { signal: o.signal, onProgress: (p) => o.onProgress?.({ stage: 'tree-claims', ...p }) });
    claimsFrom = 'tree';
  }
  if (usesAnalyzers(o.source) && !o.signal.aborted) {
    o.onStage?.('analyzers');
    issues = await issuesForChanges(o.issueRows, o.analyze, {
      ...o.analyzers,
      signal: o.signal,
      onProgress: (p) => o.onProgress?.({ stage: 'analyzers', ...p }),
    });
  }
  return { claims, claimsFrom, issues };
}
