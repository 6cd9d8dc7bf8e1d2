// The metric lab's statistics in Research's compute workers (research.worker.ts spreads these into its API): the
// page sends the inputs once per job (labFlat.ts), each worker runs its share of the resamples in slices (so a τ
// step's correlations, asked of the same worker, are not kept waiting) and sends them back as typed arrays, and one
// worker merges the shares into the report. A newer job ends an older one at its next slice.
import * as Comlink from 'comlink';
import {
  createLabAgreementPart,
  labAgreementOfParts,
  type LabAgreement,
  type LabAgreementOptions,
  type LabAgreementPart,
  type LabMetric,
  type LabRecord,
} from '../../core/lab/index';
import { labInputsOf, type FlatLabInputs } from './labFlat';

let job: { id: number; records: LabRecord[]; metrics: LabMetric[]; options: LabAgreementOptions } | null = null;

/** Milliseconds of resamples between two yields (and progress reports). */
const SLICE_MS = 50;

export const labApi = {
  labSet(id: number, inputs: FlatLabInputs): void {
    job = { id, ...labInputsOf(inputs), options: inputs.options };
  },
  /** Resamples [from, to) of job `id`; null when a newer job came first. */
  async labPart(id: number, from: number, to: number, onProgress: (done: number) => void): Promise<LabAgreementPart | null> {
    if (job?.id !== id) return null;
    const s = createLabAgreementPart(job.records, job.metrics, job.options, from, to);
    let slice = performance.now();
    while (!s.step(2)) {
      if (performance.now() - slice < SLICE_MS) continue;
      void onProgress(s.done());
      await new Promise<void>((r) => setTimeout(r, 0));
      if (job?.id !== id) return null;
      slice = performance.now();
    }
    void onProgress(s.done());
    const part = s.result();
    return Comlink.transfer(part, [...part.tracks, ...part.systems].map((x) => x.buffer as ArrayBuffer));
  },
  /** The report of job `id` from every worker's share; null when a newer job came first. */
  labMerge(id: number, parts: LabAgreementPart[]): LabAgreement | null {
    if (job?.id !== id) return null;
    return labAgreementOfParts(job.records, job.metrics, job.options, parts);
  },
};
