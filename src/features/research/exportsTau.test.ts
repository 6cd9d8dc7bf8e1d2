// The research exports say where τ came from: on a human-scored dataset the lexical run keeps the preset's τ, and the
// file must not claim a calibration on the system the run merely names (the page and the signature say "preset").
import { describe, expect, it } from 'vitest';
import { LEXICAL_TAU } from '../../core/lexical';
import { tauProvenance } from './exports';

const calibration = { system: 'Auger', tau: LEXICAL_TAU, sd: 0.1, values: [0.1, 0.2], mean: 0.15 };
const run = (similarity: string, human: boolean) =>
  ({ config: { similarity }, calibration, ...(human ? { humanDimension: { name: 'grade', scale: { kind: 'likert' }, annotators: [''] } } : {}) }) as unknown as Parameters<typeof tauProvenance>[0];

describe('tauProvenance', () => {
  it("a human-scored dataset's lexical run: the preset's τ, no calibration on the named system", () => {
    const p = tauProvenance(run('lexical', true), 'calibrated');
    expect(p.tauSource).toBe('preset');
    expect(JSON.stringify(p)).not.toContain('Auger');
    expect(String(p.calibration)).toContain('not calibrated on this dataset');
  });
  it('the human study (or τ set by hand): the calibration as run', () => {
    expect(tauProvenance(run('lexical', false), 'calibrated')).toEqual({ tauSource: 'calibrated', calibration: { system: 'Auger', tau: LEXICAL_TAU, sd: 0.1, sentences: 2 } });
    expect(tauProvenance(run('lexical', true), 'manual').tauSource).toBe('manual');
    expect(tauProvenance(run('tfidf', true), 'calibrated').tauSource).toBe('calibrated');
  });
});
