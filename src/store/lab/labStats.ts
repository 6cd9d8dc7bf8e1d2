// The metric lab's statistics over Research's compute workers (researchPool.ts): the resamples are cut into one
// share per worker (as many as the pool, sized from hardwareConcurrency), each worker is sent the typed inputs
// (labFlat.ts), runs its share with progress and sends it back as typed arrays, and worker 0 merges the shares into
// exactly the report one run would give (src/core/lab labAgreementOfParts). Nothing of it runs on the page's thread.
import * as Comlink from 'comlink';
import { DEFAULT_RESAMPLES } from '../../core/bootstrap';
import type { LabAgreement } from '../../core/lab/index';
import type { FlatLabInputs } from '../research/labFlat';
import { onWorker, slices } from '../research/researchPool';

export { CancelledError } from '../research/researchPool';

const breathe = () => new Promise<void>((r) => setTimeout(r, 0));

/**
 * Job `id`'s report, or null when a newer job (a later id) overtook it; rejects with CancelledError when
 * Research's Cancel ends the workers. `onProgress` gets the resamples done over all workers.
 */
export async function labStats(
  id: number,
  inputs: FlatLabInputs,
  onProgress: (done: number, total: number) => void,
): Promise<LabAgreement | null> {
  const total = Math.max(0, Math.floor(inputs.options.resamples ?? DEFAULT_RESAMPLES));
  const cuts = slices(total);
  const done = cuts.map(() => 0);
  // One copy of the inputs per worker, each in its own task (at 20,000 reviews a copy is tens of milliseconds,
  // and the page's thread built the inputs just before).
  const sent: Promise<unknown>[] = [];
  for (let k = 0; k < cuts.length; k++) {
    await breathe();
    sent.push(onWorker(k, (api) => api.labSet(id, inputs)));
  }
  await Promise.all(sent);
  const parts = await Promise.all(
    cuts.map(([a, b], k) =>
      onWorker(k, (api) =>
        api.labPart(
          id,
          a,
          b,
          Comlink.proxy((d: number) => {
            done[k] = d;
            onProgress(done.reduce((x, y) => x + y, 0), total);
          }),
        ),
      ),
    ),
  );
  if (parts.some((p) => p === null)) return null;
  const shares = parts.map((p) => p!);
  const buffers = shares.flatMap((p) => [...p.tracks, ...p.systems].map((x) => x.buffer as ArrayBuffer));
  return onWorker(0, (api) => api.labMerge(id, Comlink.transfer(shares, buffers)));
}
