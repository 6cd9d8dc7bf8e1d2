import { describe, expect, it } from 'vitest';
import { readCapped } from './cappedRead';

function streamOf(chunks: number[], onCancel?: () => void) {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (i < chunks.length) c.enqueue(new Uint8Array(chunks[i]).fill(i++ + 1));
      else c.close();
    },
    cancel: onCancel,
  });
}

describe('readCapped', () => {
  it('joins the chunks in order, up to and including the cap', async () => {
    const out = await readCapped(streamOf([2, 3, 1]), 6, () => new Error('too large'));
    expect(Array.from(out)).toEqual([1, 1, 2, 2, 2, 3]);
    expect((await readCapped(streamOf([]), 0, () => new Error('x'))).byteLength).toBe(0);
  });

  it('stops at the chunk that passes the cap, cancels the stream and throws the caller’s error', async () => {
    let cancelled = false;
    let pulled = 0;
    const chunks = [4, 4, 4, 4];
    const s = streamOf(chunks, () => (cancelled = true));
    const counting = { getReader: () => { const r = s.getReader(); return { read: () => (pulled++, r.read()), cancel: () => r.cancel() }; } };
    await expect(readCapped(counting, 6, () => new RangeError('over 6 bytes'))).rejects.toThrow(RangeError);
    expect(pulled).toBe(2);
    await Promise.resolve();
    expect(cancelled).toBe(true);
  });
});
