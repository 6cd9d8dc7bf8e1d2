// Trains a linker off the main thread (on the human study's dev half, cross-validation and ablations take seconds):
// features, grouped cross-validation beside lexical and plus, then the weights. Posts progress per fold.
import type { DatasetRow } from '../../core/dataset';
import { collectEvalItems } from '../../core/evaluate';
import { datasetFeatures, diffOfRows, learnedBaselines, NoLinksError, trainLinker, type TrainedLinker } from '../../core/learned/index';
import type { SplitMode } from '../../core/types';
import { loadPlusIdf } from '../../store/shared/plusIdf';

export interface TrainRequest {
  rows: DatasetRow[];
  split: SplitMode;
  dataset: string;
  folds: number;
  seed: number;
}

export type TrainMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; trained: TrainedLinker; ms: number }
  | { type: 'error'; message: string; noLinks: boolean };

const post = (m: TrainMessage) => (self as unknown as Worker).postMessage(m);

self.onmessage = async (e: MessageEvent<TrainRequest>) => {
  const t0 = performance.now();
  try {
    const { rows, split, dataset, folds, seed } = e.data;
    const { items } = collectEvalItems(rows, split);
    if (items.length === 0) throw new NoLinksError('no change in this dataset has pseudo-references, so there is nothing to link');
    const idf = await loadPlusIdf();
    const features = datasetFeatures(rows, items, idf);
    const trained = trainLinker(items, features, {
      folds,
      seed,
      dataset,
      diffOf: diffOfRows(rows),
      baselines: learnedBaselines(items, idf),
      onProgress: (done, total) => post({ type: 'progress', done, total }),
    });
    post({ type: 'done', trained, ms: performance.now() - t0 });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err), noLinks: err instanceof NoLinksError });
  }
};
