// Training a linker from the page: one worker per training (it runs once, seconds), progress, the result, Cancel.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DatasetRow } from '../../core/dataset';
import type { TrainedLinker } from '../../core/learned/index';
import type { SplitMode } from '../../core/types';
import type { TrainMessage, TrainRequest } from './train.worker';

export type TrainingState =
  | { phase: 'idle' }
  | { phase: 'training'; done: number; total: number }
  | { phase: 'done'; trained: TrainedLinker; ms: number }
  | { phase: 'error'; message: string; noLinks: boolean };

export function useTraining() {
  const [state, setState] = useState<TrainingState>({ phase: 'idle' });
  const worker = useRef<Worker | null>(null);
  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);
  useEffect(() => stop, [stop]);
  const start = useCallback(
    (rows: readonly DatasetRow[], o: { split: SplitMode; dataset: string; folds?: number; seed?: number }) => {
      stop();
      const w = new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module', name: 'linker-training' });
      worker.current = w;
      setState({ phase: 'training', done: 0, total: 0 });
      w.onmessage = (e: MessageEvent<TrainMessage>) => {
        const m = e.data;
        if (m.type === 'progress') setState({ phase: 'training', done: m.done, total: m.total });
        else {
          setState(m.type === 'done' ? { phase: 'done', trained: m.trained, ms: m.ms } : { phase: 'error', message: m.message, noLinks: m.noLinks });
          stop();
        }
      };
      w.onerror = (e) => {
        setState({ phase: 'error', message: e.message || 'the training worker failed', noLinks: false });
        stop();
      };
      const req: TrainRequest = { rows: [...rows], split: o.split, dataset: o.dataset, folds: o.folds ?? 5, seed: o.seed ?? 1 };
      w.postMessage(req);
    },
    [stop],
  );
  const cancel = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);
  return { state, start, cancel };
}
