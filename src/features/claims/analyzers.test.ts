import { describe, expect, it } from 'vitest';
import { analyzersFor, normalizeLanguage, toRuns } from './analyzers';

describe('analyzer glue', () => {
  it('maps dataset codes and the core Language names to one analyzer each', () => {
    expect(normalizeLanguage('js')).toBe('javascript');
    expect(normalizeLanguage('JavaScript')).toBe('javascript');
    expect(normalizeLanguage('py')).toBe('python');
    expect(normalizeLanguage('java')).toBe('java');
    expect(normalizeLanguage('go')).toBe('unknown');
    expect(analyzersFor('js')).toEqual(['JSHint']);
    expect(analyzersFor('python')).toEqual(['PyScent']);
    expect(analyzersFor('java')).toEqual(['PMD']);
    expect(analyzersFor('unknown')).toEqual([]);
  });

  it('reads the shapes the client may return', () => {
    const ref = {
      text: 'line 3, col 9, Missing semicolon.',
      kind: 'issue' as const,
      source: 'JSHint',
      line: 3,
    };
    expect(toRuns([ref], 'JSHint')).toEqual([{ name: 'JSHint', refs: [ref] }]);
    expect(toRuns({ analyzer: 'JSHint', refs: [ref] }, 'x')).toEqual([
      { name: 'JSHint', refs: [ref], error: undefined },
    ]);
    expect(toRuns({ pseudoReferences: [], error: 'worker died' }, 'PMD')).toEqual([
      { name: 'PMD', refs: [], error: 'worker died' },
    ]);
    expect(
      toRuns([{ name: 'PyScent', warnings: [{ ...ref, source: '' }] }], 'x')[0].refs[0].source,
    ).toBe('PyScent');
    expect(toRuns(undefined, 'PMD')[0].error).toBeTruthy();
  });
});
