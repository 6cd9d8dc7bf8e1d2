// Shared by the worker and the Node encoders: one queue, length-sorted batches, a vector cache.

/**
 * Sentences per batch. USE-lite pads a batch to its longest text, so batches are cut from texts sorted by length
 * (`longestFirst`); then 16–32 is where TF.js's WASM backend runs fastest (docs/performance.md, "USE-lite on every core").
 */
export const MAX_BATCH = 32;

/** Runs tasks one after another, so no two inferences overlap on a session. */
export function serialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

/**
 * Each distinct text once, longest first (ties keep their order): a batch is padded to its longest text, so texts
 * of like length batch together, and when several workers share the batches the last ones are the shortest, so
 * none waits long for another to finish. The order is the same whoever embeds them, one thread or many, so every
 * text lands in the same batch and gets the same vector.
 */
export function longestFirst(texts: readonly string[]): string[] {
  return [...new Set(texts)].sort((a, b) => b.length - a.length);
}

/** `texts` in consecutive batches of at most `size`. */
export function batches<T>(texts: readonly T[], size = MAX_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < texts.length; i += size) out.push(texts.slice(i, i + size));
  return out;
}

/**
 * Embeds `sentences` through `cache` (key: model + pooling + text), sending only the misses to `encode`, each
 * text once, in length-sorted batches of at most MAX_BATCH. Up to `lanes` batches are in flight at once (an
 * encoder with several workers); each batch is cached as it lands.
 */
export async function embedCached(
  sentences: string[],
  keyPrefix: string,
  cache: Map<string, Float32Array>,
  encode: (batch: string[]) => Promise<Float32Array[]>,
  lanes = 1,
): Promise<Float32Array[]> {
  const todo = batches(longestFirst(sentences.filter((s) => !cache.has(keyPrefix + s))));
  let next = 0;
  const lane = async () => {
    while (next < todo.length) {
      const batch = todo[next++];
      const rows = await encode(batch);
      if (rows.length !== batch.length)
        throw new Error(`encoder returned ${rows.length} vectors for ${batch.length} sentences`);
      batch.forEach((s, j) => cache.set(keyPrefix + s, rows[j]));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, todo.length)) }, lane));
  return sentences.map((s) => cache.get(keyPrefix + s)!);
}

export function cacheKeyPrefix(model: string, pooling: string): string {
  return `${model}\u0000${pooling}\u0000`;
}
