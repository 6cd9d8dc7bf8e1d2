// One configuration, one signature: `crscore eval`'s options and Research's state for the same run map through
// their two adapters (src/cli/stages/evalSignature.ts, src/store/metaeval/signatureConfig.ts) to the same signature string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crscoreSignatureConfig, metaEvalSignature, type SignatureConfig } from '../../core/metaeval/index.ts';
import { cliCrscoreRun } from '../stages/evalSignature.ts';
import { researchCrscoreRun } from '../../store/metaeval/signatureConfig.ts';
import { SHIPPED_CALIBRATION } from '../../core/research/tau.ts';

const statistics = { grouping: 'none', statistic: 'spearman', dim: 'rel', resamples: 1000, seed: 1, ties: 'in-sample+cv5', version: '0.0.0' } as const satisfies Partial<SignatureConfig>;

/** One run as a person would set it up: the similarity, the rule, the split, and τ by hand or by calibration. */
const runs = fc.record({
  similarity: fc.constantFrom('lexical', 'tfidf', 'embedding', 'llm-links'),
  encoder: fc.constantFrom('Xenova/all-MiniLM-L6-v2', 'Xenova/unixcoder-base', 'use-lite'),
  scoring: fc.constantFrom('hard', 'graded'),
  split: fc.constantFrom('reference', 'punkt', 'lines'),
  tau: fc.double({ min: 0, max: 1, noNaN: true }),
  hand: fc.boolean(),
  system: fc.constantFrom('gpt3.5_pred', 'knn_pred', 'codereviewer_pred'),
});

describe('signature parity: CLI and browser', () => {
  it('the same configuration gives the same signature on both sides', () => {
    fc.assert(
      fc.property(runs, (r) => {
        const links = r.similarity === 'llm-links';
        const embedding = r.similarity === 'embedding';
        // The CLI: --similarity, --encoder, --scoring, --split, and --tau or --calibrate-on.
        const cli = cliCrscoreRun({ similarity: r.similarity, scoring: r.scoring, encoder: embedding ? r.encoder : undefined, split: r.split, tau: r.tau, calibratedOn: r.hand || links ? null : r.system, links: links ? { model: null } : null });
        // Research: the similarity picked (an encoder is 'hub' with its model id, use-lite its own kind), τ on the slider or calibrated.
        const kind = embedding ? (r.encoder === 'use-lite' ? 'use-lite' : 'hub') : (r.similarity as 'lexical' | 'tfidf' | 'llm-links');
        const browser = researchCrscoreRun({ similarity: kind, scoring: r.scoring, split: r.split, encoder: embedding ? r.encoder : null, tau: r.tau, tauSource: r.hand ? 'manual' : 'calibrated', calibrationSystem: r.system });
        const a = metaEvalSignature({ ...crscoreSignatureConfig(cli), ...statistics });
        const b = metaEvalSignature({ ...crscoreSignatureConfig(browser), ...statistics });
        expect(b).toBe(a);
        if (!links) expect(a).toContain(r.hand ? '(option)' : `(calibration:${r.system})`);
      }),
      { numRuns: 300 },
    );
  });

  it("a τ set by hand on Research's slider is --tau's configuration: (option), never a calibration", () => {
    const browser = researchCrscoreRun({ similarity: 'lexical', scoring: 'hard', split: 'reference', encoder: null, tau: 0.154, tauSource: 'manual', calibrationSystem: 'gpt3.5_pred' });
    expect(metaEvalSignature({ ...crscoreSignatureConfig(browser), ...statistics })).toContain('tau:0.154(option)');
  });

  it("on a human-scored dataset Research's lexical and plus runs at the shipped calibration sign as crscore eval --dataset's: the preset's τ, or --tau's", () => {
    // evalHumanCrscore.ts's lexical and plus runs: the preset's τ unless --tau gave one.
    for (const [similarity, scoring, tau] of [['lexical', 'hard', 0.149], ['tfidf', 'graded', 0.3279]] as const)
      for (const hand of [false, true]) {
        const cli = { ...(similarity === 'tfidf' ? { preset: 'plus' } : {}), similarity, scoring, split: 'reference', tau, tauFrom: hand ? 'hand' : 'preset' } as const;
        const browser = researchCrscoreRun({ similarity, scoring, split: 'reference', encoder: null, tau, tauSource: hand ? 'manual' : 'calibrated', calibrationSystem: SHIPPED_CALIBRATION });
        const a = metaEvalSignature({ ...crscoreSignatureConfig(cli), ...statistics });
        expect(metaEvalSignature({ ...crscoreSignatureConfig(browser), ...statistics })).toBe(a);
        expect(a).toContain(hand ? `tau:${tau}(option)` : `tau:${tau}(preset)`);
      }
  });
});
