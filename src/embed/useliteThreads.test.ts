// USE-lite on several Node threads gives the vectors of one thread: the batches are cut before they are handed out.
import { describe, expect, it } from 'vitest';
import { createNodeEncoder } from './node.ts';

const WORDS = 'the function returns null when the list is empty so add a check for the missing index and log it'.split(' ');
/** 80 distinct sentences of 1–40 words: three batches of unlike lengths, so both threads take some. */
const SENTENCES = Array.from({ length: 80 }, (_, i) =>
  Array.from({ length: 1 + ((i * 13) % 40) }, (_, j) => WORDS[(i + j * 7) % WORDS.length]).join(' ') + ` #${i}`,
);

describe('USE-lite in Node threads', () => {
  it('two threads embed every sentence as one thread does (to 1e-6)', async () => {
    const one = await createNodeEncoder('use-lite', { threads: 1 });
    const want = await one.embed(SENTENCES);
    await one.dispose?.();
    const two = await createNodeEncoder('use-lite', { threads: 2 });
    expect(two.threads).toBe(2);
    const got = await two.embed(SENTENCES);
    // The same sentences again come from the cache, not the threads.
    const again = await two.embed(SENTENCES.slice(0, 5));
    await two.dispose?.();
    expect(got.length).toBe(SENTENCES.length);
    let worst = 0;
    got.forEach((v, i) => v.forEach((x, k) => (worst = Math.max(worst, Math.abs(x - want[i][k])))));
    expect(worst).toBeLessThanOrEqual(1e-6);
    expect(got[0].length).toBe(512);
    expect(again[3]).toBe(got[3]);
  }, 180_000);
});
