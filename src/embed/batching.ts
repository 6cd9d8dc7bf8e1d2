// Shared by the worker and the Node encoders: one queue, batches of at most 32, a vector cache.

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
 * Embeds `sentences` through `cache` (key: model + pooling + text), sending only the misses to `encode`
 * in batches of at most MAX_BATCH, each text once.
 */
export async function embedCached(
  sentences: string[],
  keyPrefix: string,
  cache: Map<string, Float32Array>,
  encode: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const missing = [...new Set(sentences.filter((s) => !cache.has(keyPrefix + s)))];
  for (let i = 0; i < missing.length; i += MAX_BATCH) {
    const batch = missing.slice(i, i + MAX_BATCH);
    const rows = await encode(batch);
    if (rows.length !== batch.length)
      throw new Error(`encoder returned ${rows.length} vectors for ${batch.length} sentences`);
    batch.forEach((s, j) => cache.set(keyPrefix + s, rows[j]));
  }
  return sentences.map((s) => cache.get(keyPrefix + s)!);
}

export function cacheKeyPrefix(model: string, pooling: string): string {
  return `${model}\u0000${pooling}\u0000`;
}
