// Writes the generated samples of each layout under src/core/prreview/fixtures/ (see docs/pull-requests.md):
//   npx tsx scripts/prreview/write-samples.ts
// then the Python reference harnesses record their outputs next to them (scripts/prreview/*.py).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { aacrSample, martianSample, sweCareSample } from '../../src/core/prreview/samples.ts';

const root = join(import.meta.dirname, '../../src/core/prreview/fixtures');
const put = (p: string, text: string) => {
  mkdirSync(dirname(join(root, p)), { recursive: true });
  writeFileSync(join(root, p), text);
};
const s = sweCareSample();
put('swe-care/instances.jsonl', s.instances);
for (const [sys, t] of Object.entries(s.predictions)) put(`swe-care/predictions/${sys}.jsonl`, t);
const a = aacrSample();
put('aacr/positive_samples.json', a.positives);
put('aacr/negative_samples.json', a.negatives);
for (const [f, t] of Object.entries(a.generated)) put(`aacr/generated/toolx/${f}`, t);
const m = martianSample();
for (const [f, t] of Object.entries(m.golden)) put(`martian/golden_comments/${f}`, t);
for (const [j, t] of Object.entries(m.candidates)) put(`martian/results/${j}/candidates.json`, t);
console.log(`samples written under ${root}`);
