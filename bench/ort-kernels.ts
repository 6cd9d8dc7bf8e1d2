// Inference only, no tokenizer, pooling, worker or browser: one ONNX session.run on a 32×22 batch, repeated.
// Run once per engine and thread count (onnxruntime-web fixes its thread count at its first session), so
// bench/embed.ts spawns it per case. It shows how much of the browser/native gap is the WASM kernels.
//   tsx bench/ort-kernels.ts MODEL.onnx node|web THREADS   → prints {"perSecond": …}
import fs from 'node:fs';
import * as ortNode from 'onnxruntime-node';

const [model, engine, threadArg] = process.argv.slice(2);
const threads = Number(threadArg ?? 1);
const B = 32;
const L = 22;
const REPS = 6;

type Ort = typeof ortNode;
const ort: Ort = engine === 'web' ? ((await import('onnxruntime-web')) as unknown as Ort) : ortNode;
if (engine === 'web') (ort.env.wasm as { numThreads: number }).numThreads = threads;

// onnxruntime-web fetches a path as a URL; give it the bytes instead.
const session =
  engine === 'web'
    ? await ort.InferenceSession.create(new Uint8Array(fs.readFileSync(model)), {
        executionProviders: ['wasm'],
      })
    : await ort.InferenceSession.create(model, { intraOpNumThreads: threads });
// [CLS] 20 word pieces [SEP], all attended: the same length as bench/embed.ts's sentences.
const ids = BigInt64Array.from({ length: B * L }, (_, i) =>
  BigInt(i % L === 0 ? 101 : i % L === L - 1 ? 102 : 1000 + ((i * 37) % 20000)),
);
const feeds: Record<string, ortNode.Tensor> = {};
for (const name of session.inputNames)
  feeds[name] = new ort.Tensor(
    'int64',
    name === 'input_ids' ? ids : new BigInt64Array(B * L).fill(name === 'attention_mask' ? 1n : 0n),
    [B, L],
  );
await session.run(feeds);
const t = performance.now();
for (let i = 0; i < REPS; i++) await session.run(feeds);
console.log(JSON.stringify({ perSecond: (B * REPS) / ((performance.now() - t) / 1000) }));
await session.release();
