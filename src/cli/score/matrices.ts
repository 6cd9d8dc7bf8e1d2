// Similarity matrices for the commands: the lexical baseline (synchronous) or an embedding encoder from
// src/embed/node.ts, loaded only when asked for so the lexical path needs no model code.
import { lexicalSimilarityMatrix } from '../../core/lexical.ts';
import { similarityMatrix } from '../../core/similarity.ts';
import type { Encoder, SimilarityMatrix } from '../../core/types.ts';
import { CliError, fileProgress, progress, type FileProgress } from '../shared/io.ts';
import { batches, longestFirst } from '../../embed/batching.ts';

export type SimilarityKind = 'lexical' | 'embedding';
export const SIMILARITY_KINDS: readonly SimilarityKind[] = ['lexical', 'embedding'];
export type Pooling = 'crscore' | 'model';

export interface Pair {
  pseudoReferences: readonly string[];
  sentences: readonly string[];
}

export interface MatrixOptions {
  similarity: SimilarityKind;
  encoder?: string;
  pooling?: Pooling;
  batchSize?: number;
  /** An encoder to use instead of loading --encoder (tests, or a caller that already holds one). */
  encoderInstance?: Encoder;
}

/** The CLI's default model for --similarity embedding: the bundled encoder, which works offline. */
export const DEFAULT_ENCODER = 'use-lite';

export async function buildMatrices(
  pairs: readonly Pair[],
  opts: MatrixOptions,
): Promise<SimilarityMatrix[]> {
  if (opts.similarity === 'lexical')
    return pairs.map((p) => lexicalSimilarityMatrix(p.pseudoReferences, p.sentences));
  const encoder =
    opts.encoderInstance ?? (await loadEncoder(opts.encoder ?? DEFAULT_ENCODER, opts.pooling));
  try {
    const vectors = await embedUnique(
      encoder,
      pairs.flatMap((p) => [...p.pseudoReferences, ...p.sentences]),
      opts.batchSize ?? 32,
    );
    const vec = (s: string) => vectors.get(s) ?? zero(vectors);
    return pairs.map((p) => similarityMatrix(p.pseudoReferences.map(vec), p.sentences.map(vec)));
  } finally {
    if (!opts.encoderInstance) await encoder.dispose?.();
  }
}

export async function loadEncoder(spec: string, pooling?: Pooling): Promise<Encoder> {
  let mod: {
    createNodeEncoder?: (
      spec: string,
      opts?: { pooling?: Pooling; onProgress?: (p: FileProgress) => void },
    ) => Promise<Encoder>;
  };
  try {
    // A variable specifier keeps type-checking independent of whether the embed package has landed yet.
    const specifier = '../../embed/node.ts';
    mod = await import(specifier);
  } catch (e) {
    throw new CliError(
      `--similarity embedding needs the Node encoders (src/embed/node.ts), which could not be loaded: ${(e as Error).message}`,
    );
  }
  if (typeof mod.createNodeEncoder !== 'function')
    throw new CliError('src/embed/node.ts does not export createNodeEncoder');
  process.stderr.write(`loading encoder ${spec}${pooling ? ` (pooling ${pooling})` : ''}…\n`);
  try {
    return await mod.createNodeEncoder(spec, { pooling, onProgress: fileProgress() });
  } catch (e) {
    throw new CliError(`cannot load encoder "${spec}": ${(e as Error).message}`);
  }
}

/**
 * Embed each distinct non-blank text once, with progress on stderr. Texts go longest first (batching.ts: a batch
 * pads to its longest text) in chunks of `batchSize` × PIPELINE, two chunks in flight so that an encoder with several threads
 * always has batches to hand out; the encoder cuts each chunk into its batches.
 */
export async function embedUnique(
  encoder: Encoder,
  texts: readonly string[],
  batchSize: number,
): Promise<Map<string, Float32Array>> {
  const unique = longestFirst(texts.filter((t) => t.trim() !== ''));
  const out = new Map<string, Float32Array>();
  const report = progress(`embedding sentences with ${encoder.id}:`);
  report(0, unique.length);
  const chunks = batches(unique, batchSize * PIPELINE);
  const embed = async (chunk: string[]) => {
    const vecs = await encoder.embed(chunk);
    if (vecs.length !== chunk.length)
      throw new CliError(`encoder ${encoder.id} returned ${vecs.length} vectors for ${chunk.length} sentences`);
    return vecs;
  };
  const started = chunks.map(() => null as Promise<Float32Array[]> | null);
  const start = (k: number) => {
    if (k < chunks.length && !started[k]) {
      started[k] = embed(chunks[k]);
      started[k].catch(() => undefined); // awaited below; a failure after an earlier one is not "unhandled"
    }
  };
  let done = 0;
  for (let k = 0; k < chunks.length; k++) {
    start(k);
    start(k + 1);
    const vecs = await started[k]!;
    started[k] = null;
    chunks[k].forEach((t, i) => out.set(t, vecs[i]));
    done += chunks[k].length;
    report(done, unique.length);
  }
  return out;
}

/** Batches per chunk that embedUnique hands the encoder at once. */
const PIPELINE = 8;

/** Blank sentences are not embedded: a zero vector has similarity 0 with everything (see similarityMatrix). */
function zero(vectors: Map<string, Float32Array>): Float32Array {
  const first = vectors.values().next().value;
  return new Float32Array(first ? first.length : 1);
}
