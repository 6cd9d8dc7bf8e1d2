// The download line from the events the loaders really emit: transformers.js's `progress` events carry bytes
// (`loaded`, `total`) beside a percentage (`progress`); TF.js (USE-lite) gives only a share. A share is never shown
// as bytes (the "43 B / 100 B downloaded" of a 28 MB model).
import { describe, expect, it } from 'vitest';
import { fromTransformers, loadFraction, loadText, summarizeLoad, withEarlier, type RawProgress } from './progress.ts';
import type { ProgressEvent } from './types.ts';

/** Feeds raw events through the adapter, keeping the latest per file as the loaders' consumers do. */
function replay(events: RawProgress[]) {
  const files = new Map<string, ProgressEvent>();
  for (const raw of events) {
    const p = fromTransformers(raw);
    if (p) files.set(p.file, withEarlier(files.get(p.file), p));
  }
  return summarizeLoad(files.values());
}

describe('model download progress', () => {
  it('transformers.js events: real bytes summed over files, with the total when the server says it', () => {
    const p = replay([
      { status: 'initiate', name: 'Xenova/m', file: 'tokenizer.json' } as RawProgress,
      { status: 'download', file: 'tokenizer.json' },
      { status: 'progress', file: 'tokenizer.json', progress: 100, loaded: 711_661, total: 711_661 },
      { status: 'done', file: 'tokenizer.json' },
      { status: 'initiate', file: 'onnx/model_quantized.onnx' },
      { status: 'progress', file: 'onnx/model_quantized.onnx', progress: 43.2, loaded: 9_913_000, total: 22_946_000 },
      // The aggregate event and 'ready' are about no one file: ignored.
      { status: 'progress_total', progress: 40, loaded: 1, total: 2 },
      { status: 'ready', file: 'onnx/model_quantized.onnx' },
    ]);
    expect(p).toEqual({ loaded: 711_661 + 9_913_000, total: 711_661 + 22_946_000, percent: null });
    expect(loadText(p)).toBe('10.1 MB / 22.6 MB downloaded');
    expect(loadFraction(p)).toBeCloseTo(10_624_661 / 23_657_661, 12);
  });

  it('no content-length: the bytes received, without a total', () => {
    const p = replay([{ status: 'progress', file: 'model.onnx', progress: 0, loaded: 3_500_000, total: 0 }]);
    expect(loadText(p)).toBe('3.3 MB downloaded');
    expect(loadFraction(p)).toBeNull();
  });

  it('a share only (USE-lite through TF.js): a percentage, never bytes', () => {
    const files: ProgressEvent[] = [{ file: 'use-lite/model.json + 7 weight files', loaded: 0, total: 0, progress: 43.4, status: 'progress' }];
    const p = summarizeLoad(files);
    expect(p).toEqual({ loaded: 0, total: 0, percent: 43.4 });
    expect(loadText(p)).toBe('43% downloaded');
    expect(loadText(p)).not.toMatch(/B/);
    expect(loadFraction(p)).toBeCloseTo(0.434, 12);
    expect(loadText(summarizeLoad([{ ...files[0], status: 'done', progress: 100 }]))).toBe('100% downloaded');
  });

  it('nothing known yet: no line', () => {
    expect(loadText(summarizeLoad([]))).toBeNull();
    expect(loadText(replay([{ status: 'initiate', file: 'config.json' }]))).toBeNull();
  });
});
