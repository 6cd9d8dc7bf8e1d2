// The signature's hashes: a pure SHA-256 that equals Node's, and the pseudo-reference fields the browser derives
// from Research's generated configuration equal those `crscore eval` prints for the same options.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pseudoRefSignature as cliFields } from '../cli/metaeval/evalMetaeval';
import { sha256Hex } from '../core/sha256';
import { pseudoRefSignature } from './signature';

describe('signature hashes', () => {
  it('SHA-256 of the FIPS 180-4 examples and of text across block boundaries equals node:crypto', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const n of [55, 56, 63, 64, 65, 119, 120, 1000])
      for (const t of ['a'.repeat(n), 'é∑'.repeat(n)]) expect(sha256Hex(t)).toBe(createHash('sha256').update(t).digest('hex'));
  });

  it("the browser's fields from a generated configuration equal the CLI's for the same options", () => {
    const browser = pseudoRefSignature({ source: 'generate', model: 'gpt-x', format: 'json', analyzerFilter: 'added', analyzerOptions: 'modern' });
    const cli = cliFields({ source: 'generate', settings: { model: 'gpt-x' }, format: 'json', filter: 'added', options: 'modern' });
    expect(browser).toEqual(cli);
    expect(browser.pseudoRefs).toBe('generate');
    expect(browser.claimsModel).toBe('gpt-x');
    expect(browser.claimsPromptHash).toMatch(/^[0-9a-f]{64}$/);
    expect(browser.analyzers![0]).toMatch(/^jshint\+pmd\([0-9a-f]{8}\)$/);
    // Each option moves its own field.
    expect(pseudoRefSignature({ source: 'generate', model: 'gpt-x', format: 'paper', analyzerFilter: 'added', analyzerOptions: 'modern' }).claimsPromptHash).not.toBe(browser.claimsPromptHash);
    expect(pseudoRefSignature({ source: 'generate', model: 'gpt-x', format: 'json', analyzerFilter: 'paper', analyzerOptions: 'modern' }).analyzers).not.toEqual(browser.analyzers);
    expect(pseudoRefSignature({ source: 'dataset' })).toEqual({ pseudoRefs: 'dataset', claimsModel: null, claimsPromptHash: null, analyzers: null });
    expect(pseudoRefSignature({ source: 'claims', model: 'm' }).analyzers).toBeNull();
  });
});
