// Pseudo-references for a whole dataset from one of four sources, as the paper makes them: LLM claims (claimsBatch),
// analyzer issues (issuesBatch), both ("generate"), or the dataset's own. The result is the dataset with
// pseudo_refs filled in, the counts `crscore eval --json` prints, and the configuration every export records.
import type { DatasetPseudoReference, DatasetRow } from '../core/dataset';
import type { PseudoReference } from '../core/types';
import type { ChangeFailure, ChangeClaims } from './claimsBatch';
import type { ChangeIssues } from './issuesBatch';

/**
 * tree-claims: claims from the old and new syntax trees (no model); offline: those and the analyzers' issues;
 * local: LLM claims from a model run here (in the page, or in Node for the CLI), with no key and nothing sent.
 */
export type PseudoRefSource = 'dataset' | 'claims' | 'analyzers' | 'generate' | 'tree-claims' | 'offline' | 'local';
export const PSEUDO_REF_SOURCES: readonly PseudoRefSource[] = ['dataset', 'claims', 'analyzers', 'generate', 'tree-claims', 'offline', 'local'];

/**
 * What each `--pseudo-refs` source gives, in the words `crscore eval` prints (src/cli/human/evalHumanReport.ts reads them from here) and
 * Research shows; `reference` is a human-scored dataset's (its reference review's sentences).
 */
export const PSEUDO_REF_EXPLAINED: Record<PseudoRefSource | 'reference', string> = {
  dataset: "each change's own",
  reference: "the reference review's sentences",
  analyzers: "the analyzers' issues on the changed lines",
  claims: "the LLM's claims",
  generate: "the LLM's claims and the analyzers' issues",
  'tree-claims': 'claims from the old and new syntax trees (ChangeDistiller’s change types)',
  offline: "the analyzers' issues and claims from the syntax trees (no model)",
  local: "the claims of an LLM run on this machine (no key)",
};

/** LLM claims, through the one prompt, parser and batch runner (claimsBatch.ts), whichever model writes them. */
export const usesLlm = (s: PseudoRefSource) => s === 'claims' || s === 'generate' || s === 'local';
/** The LLM is a model run on this machine (the in-browser provider's, or Node's in the CLI), never a server. */
export const usesLocalModel = (s: PseudoRefSource) => s === 'local';
export const usesAnalyzers = (s: PseudoRefSource) => s === 'analyzers' || s === 'generate' || s === 'offline';
export const usesTreeClaims = (s: PseudoRefSource) => s === 'tree-claims' || s === 'offline';

/** How the pseudo-references were made. Never holds the key. */
export interface PseudoRefsConfig {
  source: PseudoRefSource;
  llm?: { provider: string; baseUrl: string; model: string; format: string; temperature: number };
  analyzers?: { filter: string; options: string };
  generatedAt?: string;
}

export interface PseudoRefsStats {
  source: PseudoRefSource;
  changes: number;
  /** Claims and implications (LLM pseudo-references) in all. */
  claims: number;
  /** Analyzer issues in all. */
  issues: number;
  /** Requests sent (retries included) and changes answered from the cache. */
  requests: number;
  cached: number;
  /** Changes whose claims failed, or whose analyzer could not run at all. */
  failed: number;
  /** Changes an analyzer read only in part (it stopped at a syntax error; what it read counts): a warning, not a failure. */
  readInPart: number;
  /** Changes left without any pseudo-reference: counted, shown, never scored. */
  notScorable: number;
  /** Changes that kept the dataset's own pseudo-references (generation filled only the others). */
  kept?: number;
}

export interface ChangeReport {
  id: string;
  claims: number;
  issues: number;
  failures: ChangeFailure[];
}

function toDatasetRef(r: PseudoReference, no: number): DatasetPseudoReference {
  return { no, type: r.kind === 'issue' ? 'issue' : 'claim', text: r.text, necessary: null };
}

/** The rows with their pseudo-references replaced by the generated ones (the input rows are not changed). */
export function mergePseudoRefs(
  rows: readonly DatasetRow[],
  source: PseudoRefSource,
  claims: readonly ChangeClaims[] | null,
  issues: readonly ChangeIssues[] | null,
  sent: { requests: number },
  /** Ids of changes whose own pseudo-references are kept as they are (their annotators' links stay valid). */
  keep?: ReadonlySet<string>,
): { rows: DatasetRow[]; stats: PseudoRefsStats; reports: ChangeReport[] } {
  const byIdC = new Map(claims?.map((c) => [c.id, c]));
  const byIdI = new Map(issues?.map((c) => [c.id, c]));
  const stats: PseudoRefsStats = { source, changes: rows.length, claims: 0, issues: 0, requests: sent.requests, cached: 0, failed: 0, readInPart: 0, notScorable: 0 };
  const reports: ChangeReport[] = [];
  if (keep?.size) stats.kept = 0;
  const out = rows.map((row) => {
    let refs: DatasetPseudoReference[];
    const failures: ChangeFailure[] = [];
    const own = source === 'dataset' || !!keep?.has(row.id);
    if (own) {
      refs = row.pseudoRefs;
      if (source !== 'dataset') stats.kept!++;
    }
    else {
      const c = byIdC.get(row.id);
      const i = byIdI.get(row.id);
      if (c?.cached) stats.cached++;
      if (c?.failure) failures.push(c.failure);
      for (const f of i?.failed ?? []) failures.push({ id: row.id, kind: f.partial ? 'analyzer-partial' : 'analyzer', reason: `${f.analyzer} could not analyze: ${f.reason}` });
      const made = [...(c?.refs ?? []), ...(i?.refs ?? [])];
      refs = made.map((r, k) => toDatasetRef(r, k + 1));
    }
    const nClaims = refs.filter((r) => r.type !== 'issue').length;
    stats.claims += nClaims;
    stats.issues += refs.length - nClaims;
    if (failures.some((f) => f.kind !== 'cancelled' && f.kind !== 'analyzer-partial')) stats.failed++;
    else if (failures.some((f) => f.kind === 'analyzer-partial')) stats.readInPart++;
    if (refs.length === 0) stats.notScorable++;
    reports.push({ id: row.id, claims: nClaims, issues: refs.length - nClaims, failures });
    if (own) return { ...row, pseudoRefs: refs };
    // claims_addressed numbers the dataset's own pseudo-references: against generated ones they would name the
    // wrong claims, so the annotators' links are left unrecorded (out of link agreement and the workbench's marks).
    return { ...row, pseudoRefs: refs, reviews: row.reviews.map((r) => (r.claimsAddressed === null ? r : { ...r, claimsAddressed: null })) };
  });
  return { rows: out, stats, reports };
}
