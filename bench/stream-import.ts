// The streaming import on its own, in Node: a generated JSONL file with old and new files in each row (the kind of
// file whose code stays on disk) read from bytes as the import worker reads it, and the share of it spent on the
// per-line hash that lets rowCode.ts tell a file changed since (src/core/lineHash.ts).
//   npm run bench:stream-import            BENCH_STREAM_MB=200 (about how many MB to generate)
import { lineHash } from '../src/core/lineHash.ts';
import { importStreamed, type StreamSource } from '../src/core/importers/stream.ts';

const MB = Number(process.env.BENCH_STREAM_MB ?? 200);
const code = (k: number, side: string) => Array.from({ length: 120 }, (_, j) => `    ${side}_value_${k}_${j} = compute(${j}, "text é ${k}")`).join('\n');
const lines: string[] = [];
let size = 0;
for (let k = 0; size < MB * 1e6; k++) {
  const l = JSON.stringify({ id: `c${k}`, diff: `@@ -1 +1 @@\n-a${k}\n+b${k}`, old_code: code(k, 'old'), new_code: code(k, 'new'), reviews: [{ system: 's', review: `Review ${k}.` }] });
  lines.push(l);
  size += l.length + 1;
}
const bytes = new TextEncoder().encode(lines.join('\n'));
lines.length = 0;
const source = (): StreamSource => ({
  name: 'big.jsonl',
  head: async () => new TextDecoder().decode(bytes.subarray(0, 2_000_000)),
  text: async () => new TextDecoder().decode(bytes),
  async *bytes() {
    for (let o = 0; o < bytes.length; o += 65_536) yield bytes.subarray(o, o + 65_536);
  },
});

for (let run = 1; run <= 3; run++) {
  let rows = 0;
  const t0 = performance.now();
  await importStreamed([source()], (rs) => void (rows += rs.length), { source: 1 });
  const importMs = performance.now() - t0;
  const t1 = performance.now();
  for (let o = 0; o < bytes.length; ) {
    const nl = bytes.indexOf(10, o);
    const end = nl < 0 ? bytes.length : nl;
    lineHash(bytes.subarray(o, end));
    o = end + 1;
  }
  const hashMs = performance.now() - t1;
  console.log(`run ${run}: ${(bytes.length / 1e6).toFixed(0)} MB, ${rows} rows: import ${(importMs / 1000).toFixed(2)} s; the hash alone ${(hashMs / 1000).toFixed(2)} s (${(bytes.length / 1e6 / (hashMs / 1000)).toFixed(0)} MB/s)`);
}
