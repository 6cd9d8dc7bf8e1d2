import { describe, expect, it } from 'vitest';
import { configName, crscoreSignatureConfig, humanDataSignatureConfig, humanMetricsSignatureConfig, importedConfig, mappingId, tauSource } from './runSignature.ts';
import { metaEvalSignature } from './signature.ts';

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

describe('a human-scored dataset in the signature', () => {
  const dataset = { name: 'labels.csv', rows: 24, sha256: 'ab'.repeat(32) };
  const mapping = { fields: { review: 'comment', diff: 'diff_hunk', reference: 'gold' }, human: [{ column: 'a1', dimension: 'rel' }, { column: 'a2', dimension: 'rel' }] };
  const dimensions = [{ name: 'rel', scale: { kind: 'likert', min: 1, max: 5 } }];
  const read = { layout: 'mapped', mapping, dimensions } as const;
  const statistics = { grouping: 'none', statistic: 'spearman', resamples: 1000, seed: 1, ties: 'in-sample+cv5', version: '0.1.0' } as const;
  const run = crscoreSignatureConfig({ similarity: 'lexical', scoring: 'hard', split: 'reference', tau: 0.149, tauFrom: 'preset' });

  it('names a mapping by its resolved canonical JSON: field order does not matter, a column or a scale does', () => {
    const id = mappingId(read);
    expect(id).toMatch(/^mapping#[0-9a-f]{12}$/);
    expect(mappingId({ ...read, mapping: { ...mapping, fields: { reference: 'gold', diff: 'diff_hunk', review: 'comment' } } })).toBe(id);
    expect(mappingId({ ...read, mapping: { ...mapping, fields: { ...mapping.fields, review: 'body' } } })).not.toBe(id);
    expect(mappingId({ ...read, mapping: { ...mapping, human: [mapping.human[0], { column: 'a3', dimension: 'rel' }] } })).not.toBe(id);
    // The scale as read, not as written: a Likert scale with another top point, or another kind, is another reading.
    expect(mappingId({ ...read, dimensions: [{ name: 'rel', scale: { kind: 'likert', min: 1, max: 4 } }] })).not.toBe(id);
    expect(mappingId({ ...read, dimensions: [{ name: 'rel', scale: { kind: 'continuous' } }] })).not.toBe(id);
    expect(mappingId({ layout: 'graded-reviews', mapping: null, dimensions })).toBe('layout:graded-reviews');
  });

  it('the signature names the dataset (name, rows, SHA-256), the mapping and the dimension', () => {
    const sig = metaEvalSignature({ ...run, ...humanDataSignatureConfig({ dataset, ...read, dimension: 'rel' }), ...statistics });
    expect(sig).toContain(`|dim:rel|`);
    expect(sig).toContain(`|data:labels.csv(24,sha256=${'ab'.repeat(6)})|`);
    expect(sig.endsWith(`|map:${mappingId(read)}`)).toBe(true);
    const graded = metaEvalSignature({ ...run, ...humanDataSignatureConfig({ dataset: { ...dataset, name: 'dataset.xlsx' }, layout: 'graded-reviews', mapping: null, dimensions: [{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 } }], dimension: 'grade' }), ...statistics });
    expect(graded).toMatch(/\|dim:grade\|.*\|map:layout:graded-reviews$/);
  });

  it('names every metric judged, CRScore first with its configuration, the others in one order after it', () => {
    const sign = (names: string[]) => metaEvalSignature({ ...humanMetricsSignatureConfig(run, names), ...statistics });
    expect(sign(['chrf', 'crscore', 'bleu'])).toMatch(/^metric:paper\+bleu\+chrf\|sim:lexical\|rule:hard\|.*\|tau:0\.149\(preset\)\|prefs:reference\|/);
    expect(sign(['crscore', 'bleu', 'chrf'])).toBe(sign(['chrf', 'crscore', 'bleu']));
    expect(sign(['crscore'])).toMatch(/^metric:paper\|sim:lexical\|.*\|prefs:reference\|/);
    // Without CRScore its run is not named, whatever Research computed.
    expect(sign(['chrf', 'bleu'])).toMatch(/^metric:bleu\+chrf\|sim:-\|rule:-\|enc:-\|pool:-\|split:-\|tau:-\|prefs:-\|claims:-\|analyzers:-\|linker:-\|/);
    expect(metaEvalSignature({ ...humanMetricsSignatureConfig(null, ['bleu']), ...statistics })).toMatch(/^metric:bleu\|sim:-\|/);
    expect(sign(['rouge-l', 'embed-ref', 'meteor', 'llm-grade', 'crscore'])).toMatch(/^metric:paper\+rouge-l\+meteor\+embed-ref\+llm-grade\|/);
  });

  it("the human study's signature is unchanged: no mapping field", () => {
    expect(metaEvalSignature({ ...run, pseudoRefs: 'dataset', dim: 'rel', dataset: { name: 'dev.jsonl', rows: 10, sha256: null }, ...statistics })).toBe(
      'metric:paper|sim:lexical|rule:hard|enc:-|pool:-|split:reference|tau:0.149(preset)|prefs:dataset|claims:-|analyzers:-|linker:-|group:none|stat:spearman|dim:rel|boot:1000|seed:1|ties:in-sample+cv5|version:0.1.0|data:dev.jsonl(10)|imports:-',
    );
  });
});
