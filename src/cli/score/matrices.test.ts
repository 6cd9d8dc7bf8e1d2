import { describe, expect, it } from 'vitest';
import { createLexicalEncoder } from '../../core/lexical.ts';
import { at } from '../../core/similarity.ts';
import type { Encoder } from '../../core/types.ts';
import { buildMatrices } from './matrices.ts';

describe('buildMatrices with an encoder', () => {
  it('embeds each distinct non-blank text once, in batches, and gives blank sentences similarity 0', async () => {
    const inner = createLexicalEncoder();
    const calls: string[][] = [];
    const encoder: Encoder = {
      id: 'spy',
      embed: async (s) => {
        calls.push(s);
        return inner.embed(s);
      },
    };
    const pairs = [
      { pseudoReferences: ['user name changed', 'retry added'], sentences: ['user name', ''] },
      { pseudoReferences: ['retry added'], sentences: ['retry added', 'user name'] },
    ];
    const m = await buildMatrices(pairs, {
      similarity: 'embedding',
      encoderInstance: encoder,
      batchSize: 2,
    });
    // Longest first (a batch pads to its longest text), in one chunk of batchSize × 8 texts.
    expect(calls).toEqual([['user name changed', 'retry added', 'user name']]);
    expect([m[0].rows, m[0].cols, m[1].rows, m[1].cols]).toEqual([2, 2, 1, 2]);
    expect(at(m[0], 0, 0)).toBeCloseTo(2 / Math.sqrt(6), 6); // Ochiai through cosine
    expect(at(m[0], 0, 1)).toBe(0); // the blank sentence
    expect(at(m[1], 0, 0)).toBeCloseTo(1, 6);
  });

  it('uses the lexical Jaccard without an encoder', async () => {
    const [m] = await buildMatrices(
      [{ pseudoReferences: ['user name changed'], sentences: ['user name'] }],
      {
        similarity: 'lexical',
      },
    );
    expect(at(m, 0, 0)).toBeCloseTo(2 / 3, 6);
  });
});
