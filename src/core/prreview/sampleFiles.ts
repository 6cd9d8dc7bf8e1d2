// The generated samples of each layout as the files a person would pick (the same names and folders as the
// benchmarks' own), so the browser's "try a sample" and the CLI's tests read one set of files through one reader.
import { aacrSample, martianSample, sweCareSample } from './samples.ts';
import { codePrSample } from './samplesCode.ts';
import type { PrFile } from './readers/files.ts';

/** `ours`: our pull-request JSONL with code in its diffs, for CRScore of a whole review with pseudo-references. */
export type SampleLayout = 'swe-care' | 'aacr' | 'martian' | 'ours';
export const SAMPLE_LAYOUTS: readonly SampleLayout[] = ['swe-care', 'aacr', 'martian', 'ours'];

export function samplePrFiles(layout: SampleLayout): PrFile[] {
  if (layout === 'swe-care') {
    const s = sweCareSample();
    return [{ path: 'swe-care/instances.jsonl', text: s.instances }, ...Object.entries(s.predictions).map(([sys, text]) => ({ path: `swe-care/${sys}.jsonl`, text }))];
  }
  if (layout === 'ours') return [{ path: 'pull-requests.jsonl', text: codePrSample() }];
  if (layout === 'aacr') {
    const s = aacrSample();
    return [
      { path: 'dataset/positive_samples.json', text: s.positives },
      { path: 'dataset/negative_samples.json', text: s.negatives },
      ...Object.entries(s.generated).map(([name, text]) => ({ path: `tool-x/${name}`, text })),
    ];
  }
  const s = martianSample();
  return [
    ...Object.entries(s.golden).map(([name, text]) => ({ path: `offline/golden_comments/${name}`, text })),
    ...Object.entries(s.candidates).map(([judge, text]) => ({ path: `offline/results/${judge}/candidates.json`, text })),
  ];
}
