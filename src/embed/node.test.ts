// transformers.js (onnxruntime-node) on the generated tiny BERT: loading, crscore pooling and normalisation,
// checked against a hand computation from the model's own token vectors.
import path from 'node:path';
import { AutoModel, AutoTokenizer, type Tensor } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import { STOPWORDS } from '../core/stopwords.ts';
import { createNodeEncoder } from './node.ts';

const TINY = path.resolve(process.cwd(), 'public/models/tiny-bert');
const SENTENCES = [
  'The function now returns null, when the list is empty.',
  'this is it',
  'fix the typo',
];

async function tokenVectors(sentence: string) {
  const tokenizer = await AutoTokenizer.from_pretrained(TINY);
  const model = await AutoModel.from_pretrained(TINY, { dtype: 'fp32', device: 'cpu' });
  const enc = tokenizer([sentence]) as Record<string, Tensor>;
  const out = (await model(enc)) as Record<string, Tensor>;
  const [, seq, dim] = out.last_hidden_state.dims;
  const data = out.last_hidden_state.data as Float32Array;
  const ids = Array.from(enc.input_ids.data as BigInt64Array, Number);
  const rows = ids.map((_, t) => Array.from(data.slice(t * dim, (t + 1) * dim)));
  return { tokens: ids.map((id) => tokenizer.decode([id])), rows, seq, dim };
}

function meanUnit(rows: number[][]): number[] {
  const m = rows[0].map((_, d) => rows.reduce((s, r) => s + r[d], 0) / rows.length);
  const n = Math.hypot(...m);
  return m.map((x) => x / n);
}

describe('Node encoder on tiny-bert', () => {
  it('pools like the reference code: drop stopwords, "." and ","; keep [CLS]/[SEP]; mean; unit length', async () => {
    const enc = await createNodeEncoder(TINY, { pooling: 'crscore' });
    const [got] = await enc.embed([SENTENCES[0]]);
    const { tokens, rows } = await tokenVectors(SENTENCES[0]);
    expect(tokens).toEqual([
      '[CLS]',
      'the',
      'function',
      'now',
      'returns',
      'null',
      ',',
      'when',
      'the',
      'list',
      'is',
      'empty',
      '.',
      '[SEP]',
    ]);
    const keep = tokens.map(
      (t) => t === '[CLS]' || t === '[SEP]' || !(STOPWORDS.has(t) || t === '.' || t === ','),
    );
    expect(keep.filter(Boolean).length).toBe(7); // [CLS] function returns null list empty [SEP]
    const want = meanUnit(rows.filter((_, i) => keep[i]));
    expect(got.length).toBe(32);
    want.forEach((x, d) => expect(got[d]).toBeCloseTo(x, 5));
    expect(Math.hypot(...got)).toBeCloseTo(1, 6);
    await enc.dispose?.();
  });

  it('an all-stopword sentence uses all its tokens; batching and padding do not change vectors', async () => {
    const enc = await createNodeEncoder(TINY, { pooling: 'crscore' });
    const batch = await enc.embed(SENTENCES);
    const { rows } = await tokenVectors('this is it');
    meanUnit(rows).forEach((x, d) => expect(batch[1][d]).toBeCloseTo(x, 5));
    const alone = await createNodeEncoder(TINY, { pooling: 'crscore' });
    for (const [i, s] of SENTENCES.entries()) {
      const [v] = await alone.embed([s]);
      v.forEach((x, d) => expect(batch[i][d]).toBeCloseTo(x, 5));
    }
  });

  it("'model' pooling follows 1_Pooling/config.json (mean over all tokens here)", async () => {
    const enc = await createNodeEncoder(TINY, { pooling: 'model' });
    const [got] = await enc.embed([SENTENCES[0]]);
    const { rows } = await tokenVectors(SENTENCES[0]);
    meanUnit(rows).forEach((x, d) => expect(got[d]).toBeCloseTo(x, 5));
  });

  it('fails with a clear message for a folder without a model', async () => {
    await expect(createNodeEncoder(path.resolve(process.cwd(), 'src/embed'))).rejects.toThrow(
      /Could not load/,
    );
  });
});

describe('Node encoder on USE-lite', () => {
  it('scores a paraphrase far above an unrelated sentence and handles an empty sentence', async () => {
    const enc = await createNodeEncoder('use-lite');
    const [a, b, c, empty] = await enc.embed([
      'The function now returns null when the list is empty.',
      'This change makes the method return null for empty input.',
      'Please fix the typo in the README.',
      '',
    ]);
    const dot = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i], 0);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c) + 0.3);
    expect(empty.every(Number.isFinite)).toBe(true);
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
  });
});
