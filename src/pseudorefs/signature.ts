// The reproducibility signature's pseudo-reference fields: the source, the claims model with a hash of its prompt,
// the analyzers with a hash of their options. One function for the browser and `crscore eval`, so the same
// configuration prints the same signature in both.
import { buildClaimsPrompt, type OutputFormat } from '../claims/prompt';
import { sha256Hex } from '../core/sha256';
import { usesAnalyzers, usesLlm, usesTreeClaims, type PseudoRefSource } from './dataset';

export interface PseudoRefSignatureInput {
  source: PseudoRefSource;
  model?: string | null;
  format?: OutputFormat | null;
  analyzerFilter?: string | null;
  analyzerOptions?: string | null;
}

/** Bumped when the tree claims' wording or change types change. */
export const TREE_CLAIMS_VERSION = 'changedistiller-1';

const TEMPLATE_DIFF = '@@ -1 +1 @@\n-a = 1\n+a = 2';

export function pseudoRefSignature(p: PseudoRefSignatureInput) {
  const llm = usesLlm(p.source);
  const analyzers = usesAnalyzers(p.source);
  return {
    pseudoRefs: p.source,
    claimsModel: llm ? (p.model ?? null) : null,
    // The prompt's template, built on a fixed one-line diff: the hash changes when the prompt or its format does.
    claimsPromptHash: llm ? sha256Hex(buildClaimsPrompt(TEMPLATE_DIFF, p.format ?? 'paper')) : null,
    analyzers: analyzers ? [`jshint+pmd(${sha256Hex(JSON.stringify([p.analyzerFilter ?? null, p.analyzerOptions ?? null])).slice(0, 8)})`] : null,
    // Present only for the sources that use them, so the other sources' signatures stay as they were.
    ...(usesTreeClaims(p.source) ? { treeClaims: TREE_CLAIMS_VERSION } : {}),
  };
}
