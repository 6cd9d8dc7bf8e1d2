// Research pipeline, stage 4: similarity. Every choice the workbench has (an encoder's vectors, lexical overlap,
// plus's TF-IDF) gives the same two matrices per item: pseudo-references × review sentences (what every scoring
// rule reads) and pseudo-references × pseudo-references (graded credit's redundancy discount).
import type { EvalItem } from '../evaluate.ts';
import { lexicalSimilarityMatrix, lexicalTokenSets } from '../lexical.ts';
import { identityMatrix } from '../links/llmLinks.ts';
import type { Idf } from '../plus/idf.ts';
import { plusSimilarityMatrix, plusTextCache } from '../plus/similarity.ts';
import { similarityMatrix } from '../similarity.ts';
import type { SimilarityMatrix } from '../types.ts';

/** The paper's model, as the workbench and the CLI name it. */
export const PAPER_MODEL_ID = 'mixedbread-ai/mxbai-embed-large-v1';

/**
 * 'paper': the paper's model from the hub; 'hub': any hub id; 'local': a model folder on this computer (or, in
 * the CLI, a folder path); 'use-lite': the bundled encoder; 'lexical': token overlap; 'tfidf': plus's stemmed TF-IDF;
 * 'llm-links': an LLM says which pseudo-references each sentence addresses (1 where linked, 0 elsewhere);
 * 'learned': the learned linker's link probabilities.
 */
export type SimilarityKind = 'paper' | 'hub' | 'local' | 'use-lite' | 'lexical' | 'tfidf' | 'llm-links' | 'learned';
export const SIMILARITY_CHOICES: readonly SimilarityKind[] = ['paper', 'hub', 'local', 'use-lite', 'lexical', 'tfidf', 'llm-links', 'learned'];

/**
 * llm-links' cells are 0 or 1, so any τ in [0, 1) gives the same links: it runs at a fixed τ of 0.5 and is never
 * calibrated. Graded credit's ramp (τ − sd to τ) then gives credit 1 to a link and 0 elsewhere, so graded scoring
 * on llm-links is the plus preset's weighting (issues weighed less, IDF-weighted sentences) of the LLM's links.
 */
export const LLM_LINKS_TAU = 0.5;
export const LLM_LINKS_SD = 0.25;

/** The τ a similarity always runs at (llm-links), or undefined where τ is calibrated or set by hand. */
export function fixedTau(kind: SimilarityKind): number | undefined {
  return kind === 'llm-links' ? LLM_LINKS_TAU : undefined;
}

export interface SimilarityChoice {
  kind: SimilarityKind;
  /** The hub id for 'hub'. */
  hubId?: string;
  /** The folder's name for 'local'. */
  localName?: string;
}

/** True for the choices that embed texts with an encoder. */
export function usesEncoder(kind: SimilarityKind): boolean {
  return kind === 'paper' || kind === 'hub' || kind === 'local' || kind === 'use-lite';
}

/**
 * One name per similarity, what τ belongs to: two choices with the same key give the same matrices (the paper's
 * model is the hub id it names), two with different keys never share a hand-set τ.
 */
export function similarityKey(c: SimilarityChoice): string {
  switch (c.kind) {
    case 'paper':
      return `hub:${PAPER_MODEL_ID}`;
    case 'hub':
      return `hub:${(c.hubId ?? '').trim()}`;
    case 'local':
      return `local:${c.localName ?? ''}`;
    default:
      return c.kind;
  }
}

/** A label for tables, captions and exports. */
export function similarityLabel(c: SimilarityChoice): string {
  switch (c.kind) {
    case 'paper':
      return `${PAPER_MODEL_ID} (the paper's model)`;
    case 'hub':
      return (c.hubId ?? '').trim() || 'a hub model';
    case 'local':
      return `local folder ${c.localName ?? ''}`.trim();
    case 'use-lite':
      return 'USE-lite';
    case 'lexical':
      return 'lexical overlap';
    case 'tfidf':
      return "plus's TF-IDF";
    case 'llm-links':
      return 'LLM links';
    case 'learned':
      return 'learned linker';
  }
}

export interface ItemMatrices {
  /** Per item: pseudo-references × review sentences. */
  matrices: SimilarityMatrix[];
  /** Per item: pseudo-references × pseudo-references (shared by the reviews of one change). */
  self: SimilarityMatrix[];
}

type Pairwise = (rows: readonly string[], cols: readonly string[]) => SimilarityMatrix;

function build(items: readonly EvalItem[], f: Pairwise): ItemMatrices {
  // collectEvalItems gives the reviews of one change the same pseudo-reference array: one self matrix per change.
  const selfOf = new Map<readonly string[], SimilarityMatrix>();
  const matrices: SimilarityMatrix[] = [];
  const self: SimilarityMatrix[] = [];
  for (const it of items) {
    matrices.push(f(it.pseudoReferences, it.sentences));
    let s = selfOf.get(it.pseudoReferences);
    if (!s) selfOf.set(it.pseudoReferences, (s = f(it.pseudoReferences, it.pseudoReferences)));
    self.push(s);
  }
  return { matrices, self };
}

export function lexicalMatrices(items: readonly EvalItem[]): ItemMatrices {
  const sets = lexicalTokenSets();
  return build(items, (r, c) => lexicalSimilarityMatrix(r, c, {}, sets));
}

export function tfidfMatrices(items: readonly EvalItem[], idf: Idf): ItemMatrices {
  const texts = plusTextCache(idf);
  return build(items, (r, c) => plusSimilarityMatrix(r, c, idf, texts));
}

/**
 * llm-links: the parsed link matrix of each item as its similarity (a failed review has none: all 0), and the
 * identity as pseudo-references × pseudo-references (one pseudo-reference is redundant with itself only).
 */
export function linkMatrices(items: readonly EvalItem[], links: readonly (SimilarityMatrix | undefined)[]): ItemMatrices {
  const selfOf = new Map<readonly string[], SimilarityMatrix>();
  const matrices: SimilarityMatrix[] = [];
  const self: SimilarityMatrix[] = [];
  items.forEach((it, k) => {
    const P = it.pseudoReferences.length;
    const R = it.sentences.length;
    const m = links[k];
    matrices.push(m && m.rows === P && m.cols === R ? m : { rows: P, cols: R, data: new Float32Array(P * R) });
    let s = selfOf.get(it.pseudoReferences);
    if (!s) selfOf.set(it.pseudoReferences, (s = identityMatrix(P)));
    self.push(s);
  });
  return { matrices, self };
}

/** Cosine of vectors; a text without a vector (blank texts are never embedded) has similarity 0 with everything. */
export function vectorMatrices(items: readonly EvalItem[], vectors: ReadonlyMap<string, Float32Array>): ItemMatrices {
  const dims = vectors.values().next().value?.length ?? 1;
  const zero = new Float32Array(dims);
  const vec = (t: string) => vectors.get(t) ?? zero;
  return build(items, (r, c) => similarityMatrix(r.map(vec), c.map(vec)));
}

/** Cosine of two texts' vectors (the embedding-cosine reference metric). */
export function vectorCosine(vectors: ReadonlyMap<string, Float32Array>): (a: string, b: string) => number {
  const dims = vectors.values().next().value?.length ?? 1;
  const zero = new Float32Array(dims);
  const vec = (t: string) => vectors.get(t) ?? zero;
  return (a, b) => similarityMatrix([vec(a)], [vec(b)]).data[0];
}
