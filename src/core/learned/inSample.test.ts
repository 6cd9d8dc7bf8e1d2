import { describe, expect, it } from 'vitest';
import { changeKey, inSampleNote, trainingOverlap } from './inSample.ts';
import { shippedWeights } from './shipped.ts';
import type { LinkerWeights } from './weights.ts';

const weights = (keys?: string[]): Pick<LinkerWeights, 'training' | 'crossValidation'> => ({
  training: { dataset: 'train.jsonl', reviews: 10, pairs: 40, linked: 8, changes: 2, ...(keys ? { changeKeys: keys } : {}) },
  crossValidation: {
    folds: 5,
    seed: 1,
    linkF1: { mean: 0.4, sd: 0.02 },
    auc: { mean: 0.8, sd: 0.02 },
    relSpearman: { mean: 0.6226, sd: 0.0408 },
    conSpearman: { mean: 0.5, sd: 0.05 },
    compSpearman: { mean: 0.6, sd: 0.05 },
    systemSpearman: { mean: 0.944, sd: 0.037 },
  },
});

describe('in-sample learned figures', () => {
  it('keys a change by its diff, whatever the line endings and outer blank space', () => {
    expect(changeKey('@@ -1 +1 @@\n-a\n+b\n')).toBe(changeKey('  @@ -1 +1 @@\r\n-a\r\n+b'));
    expect(changeKey('@@ -1 +1 @@\n-a\n+b')).not.toBe(changeKey('@@ -1 +1 @@\n-a\n+c'));
    expect(changeKey('x')).toMatch(/^[0-9a-f]{8}$/);
  });

  it('counts the changes of a dataset that trained the linker', () => {
    const w = weights([changeKey('d1'), changeKey('d2')]);
    expect(trainingOverlap(w, ['d1', 'd2', 'd3', 'd1', ''])).toEqual({ overlap: 2, changes: 3 });
    expect(trainingOverlap(w, ['d3'])).toBeNull();
    // Weights that do not record their training changes cannot say: no label rather than a wrong one.
    expect(trainingOverlap(weights(), ['d1'])).toBeNull();
    const note = inSampleNote({ overlap: 2, changes: 3 }, w);
    expect(note).toBe(
      'In-sample: 2 of 3 changes of this dataset trained the linker (train.jsonl), so these figures flatter it; cross-validated (5 folds of changes) Rel ρ 0.623 ± 0.041, system ranking ρ 0.944 ± 0.037',
    );
    expect(inSampleNote({ overlap: 3, changes: 3 }, w)).toMatch(/^In-sample: all changes/);
  });

  it('the shipped weights record the 144 changes they were trained on', () => {
    expect(shippedWeights().training.changeKeys).toHaveLength(shippedWeights().training.changes);
  });
});
