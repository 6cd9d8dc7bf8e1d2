// Similarity matrices for the commands: the lexical baseline (synchronous) or an embedding encoder from
// src/embed/node.ts, loaded only when asked for so the lexical path needs no model code.
import { lexicalSimilarityMatrix } from '../core/lexical.ts';
import { similarityMatrix } from '../core/similarity.ts';
import type { Encoder, SimilarityMatrix } from '../core/types.ts';
import { CliError, progress } from './io.ts';

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
    const specifier = '../embed/node.ts';
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

/** Model-file progress as src/embed reports it. */
interface FileProgress {
  file?: string;
  loaded?: number;
  total?: number;
  status?: string;
}

/** One stderr line per file when it starts and ends loading; downloads show a percentage every ~10%. */
function fileProgress(): (p: FileProgress) => void {
  const perFile = new Map<string, (done: number, total: number) => void>();
  return (p) => {
    const file = p.file ?? 'model';
    if (p.status === 'progress' && p.total) {
      if (!perFile.has(file)) perFile.set(file, progress(`loading ${file}:`));
      perFile.get(file)!(p.loaded ?? 0, p.total);
    } else if (p.status === 'error') process.stderr.write(`loading ${file}: failed\n`);
  };
}

/** Embed each distinct non-blank text once, in batches, with progress on stderr. */
export async function embedUnique(
  encoder: Encoder,
  texts: readonly string[],
  batchSize: number,
): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(texts.filter((t) => t.trim() !== ''))];
  const out = new Map<string, Float32Array>();
  const report = progress(`embedding sentences with ${encoder.id}:`);
  report(0, unique.length);
  for (let k = 0; k < unique.length; k += batchSize) {
    const batch = unique.slice(k, k + batchSize);
    const vecs = await encoder.embed(batch);
    if (vecs.length !== batch.length)
      throw new CliError(
        `encoder ${encoder.id} returned ${vecs.length} vectors for ${batch.length} sentences`,
      );
    batch.forEach((t, i) => out.set(t, vecs[i]));
    report(Math.min(k + batchSize, unique.length), unique.length);
  }
  return out;
}

/** Blank sentences are not embedded: a zero vector has similarity 0 with everything (see similarityMatrix). */
function zero(vectors: Map<string, Float32Array>): Float32Array {
  const first = vectors.values().next().value;
  return new Float32Array(first ? first.length : 1);
}
