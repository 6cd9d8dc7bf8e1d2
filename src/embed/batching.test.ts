import { describe, expect, it } from 'vitest';
import { batches, longestFirst, cacheKeyPrefix, embedCached, MAX_BATCH } from './batching.ts';

const texts = Array.from({ length: 150 }, (_, i) => 'w'.repeat(1 + ((i * 37) % 101)) + ` ${i}`);
const vec = (s: string) => Float32Array.of(s.length, s.charCodeAt(s.length - 1));

async function run(lanes: number) {
  const seen: string[][] = [];
  let inFlight = 0;
  let most = 0;
  const cache = new Map<string, Float32Array>();
  const out = await embedCached(
    [...texts, ...texts.slice(0, 10)],
    cacheKeyPrefix('m', 'p'),
    cache,
    async (b) => {
      seen.push(b);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1 + (b.length % 3)));
      inFlight--;
      return b.map(vec);
    },
    lanes,
  );
  return { seen, most, out };
}

describe('length-sorted batches', () => {
  it('sorts distinct texts longest first, ties in their order', () => {
    expect(longestFirst(['ccc', 'a', 'bb', 'a', 'd'])).toEqual(['ccc', 'bb', 'a', 'd']);
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('cuts the same batches whatever the number of lanes, never more in flight than lanes, each text once', async () => {
    const one = await run(1);
    const three = await run(3);
    const sorted = (xs: string[][]) => xs.map((b) => b.join('|')).sort();
    expect(sorted(three.seen)).toEqual(sorted(one.seen));
    expect(one.seen).toEqual(batches(longestFirst(texts)));
    expect(one.seen.every((b) => b.length <= MAX_BATCH)).toBe(true);
    expect(one.most).toBe(1);
    expect(three.most).toBe(3);
    expect(three.seen.flat().length).toBe(texts.length);
    expect(three.out.map((v) => [...v])).toEqual([...texts, ...texts.slice(0, 10)].map((s) => [...vec(s)]));
  });
});
