import { describe, expect, it } from 'vitest';
import { configName, crscoreSignatureConfig, importedConfig, tauSource } from './runSignature.ts';

describe('configuration names and τ sources', () => {
  it('names a configuration as its columns are named', () => {
    expect(configName({ preset: 'paper', similarity: 'lexical', scoring: 'hard', encoder: null, tau: 0.14912345 })).toBe('crscore-lexical-t0.1491');
    expect(configName({ preset: 'plus', similarity: 'tfidf', scoring: 'graded', tau: 0.33 })).toBe('crscore-plus');
    expect(configName({ preset: 'learned-cv5', similarity: 'learned-linker', scoring: 'graded', tau: null })).toBe('crscore-learned-cv5');
    expect(configName({ preset: 'paper', similarity: 'embedding', scoring: 'graded', encoder: 'Xenova/all-MiniLM-L6-v2', tau: 0.7 })).toBe('crscore-embedding-all-minilm-l6-v2-graded-t0.7');
  });

  it('says where τ came from in one vocabulary', () => {
    expect(tauSource({ calibration: 'gpt3.5_pred' })).toBe('calibration:gpt3.5_pred');
    expect(tauSource('hand')).toBe('option');
    expect(tauSource('fixed')).toBe('fixed');
    expect(crscoreSignatureConfig({ similarity: 'tfidf', scoring: 'graded', split: 'reference', tau: 0.3, tauFrom: 'hand' })).toMatchObject({ preset: 'plus', tauSource: 'option', encoder: null });
  });

  it('names an imported file by its configuration, else its signature, else unsigned', () => {
    expect(importedConfig({ configuration: 'crscore-plus', signature: 'x' })).toBe('crscore-plus');
    expect(importedConfig({ configuration: null, signature: 'metric:paper' })).toMatch(/^sig#[0-9a-f]{12}$/);
    expect(importedConfig({ configuration: null, signature: null })).toBe('unsigned');
  });
});
