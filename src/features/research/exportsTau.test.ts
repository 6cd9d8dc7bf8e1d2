// The research exports say where τ came from: at the shipped calibration (a human-scored dataset's default, as
// `crscore eval --dataset`) the file names the preset's τ, never a calibration on a system of this dataset.
import { describe, expect, it } from 'vitest';
import { LEXICAL_SD, LEXICAL_TAU } from '../../core/lexical';
import { SHIPPED_CALIBRATION } from '../../core/research/tau';
import { tauProvenance } from './exports';

const shipped = { system: SHIPPED_CALIBRATION, tau: LEXICAL_TAU, sd: LEXICAL_SD, values: [] };
const onAuger = { system: 'Auger', tau: LEXICAL_TAU, sd: 0.1, values: [0.1, 0.2] };
const run = (similarity: string, calibration: object) => ({ config: { similarity }, calibration }) as unknown as Parameters<typeof tauProvenance>[0];

describe('tauProvenance', () => {
  it("the shipped calibration: the preset's τ, no calibration on a system", () => {
    const p = tauProvenance(run('lexical', shipped), 'calibrated');
    expect(p.tauSource).toBe('preset');
    expect(JSON.stringify(p)).not.toContain(SHIPPED_CALIBRATION);
    expect(String(p.calibration)).toContain('not calibrated on this dataset');
    expect(String(tauProvenance(run('tfidf', { ...shipped, tau: 0.3279, sd: 0.2606 }), 'calibrated').calibration)).toContain("plus preset's shipped τ 0.3279 (sd 0.2606)");
  });
  it('a calibration on a system (or τ set by hand): the calibration as run', () => {
    expect(tauProvenance(run('lexical', onAuger), 'calibrated')).toEqual({ tauSource: 'calibrated', calibration: { system: 'Auger', tau: LEXICAL_TAU, sd: 0.1, sentences: 2 } });
    expect(tauProvenance(run('lexical', shipped), 'manual').tauSource).toBe('manual');
  });
});
