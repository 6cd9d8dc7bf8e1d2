import { describe, expect, it } from 'vitest';
import { parseClaims } from './claims.ts';

describe('parseClaims', () => {
  it('reads the paper pipeline numbered output: claims first, then an Implications section', () => {
    const out = `1. The code change is in the ProtocGapicPluginGeneratorTest class.
2. The parameter is now "language=java,transport=grpc".
3. Previously it was "language=java" only.
Implications:
1. Codegen now targets Java over gRPC.`;
    const p = parseClaims(out);
    expect(p.map((x) => [x.kind, x.text])).toEqual([
      ['claim', 'The code change is in the ProtocGapicPluginGeneratorTest class.'],
      ['claim', 'The parameter is now "language=java,transport=grpc".'],
      ['claim', 'Previously it was "language=java" only.'],
      ['implication', 'Codegen now targets Java over gRPC.'],
    ]);
    expect(p.every((x) => x.source === 'LLM')).toBe(true);
  });

  it('reads numbered section headings, bullets, bold headings and wrapped items', () => {
    const out = `Here is my analysis:

1. Summary of changes:
   - A new column 'has_all_data' was added
     to the table.
   - The default is False.
**Implications:**
- Existing rows will not have a value for this column.`;
    expect(parseClaims(out).map((x) => [x.kind, x.text])).toEqual([
      ['claim', "A new column 'has_all_data' was added to the table."],
      ['claim', 'The default is False.'],
      ['implication', 'Existing rows will not have a value for this column.'],
    ]);
  });

  it('reads JSON, also fenced and with object items', () => {
    const out = 'Sure!\n```json\n{"claims": ["A", {"text": "B"}], "implications": ["C", "A"]}\n```';
    expect(parseClaims(out, 'gpt').map((x) => [x.kind, x.text, x.source])).toEqual([
      ['claim', 'A', 'gpt'],
      ['claim', 'B', 'gpt'],
      ['implication', 'C', 'gpt'], // "A" again is an exact duplicate and dropped
    ]);
  });

  it('falls back to the numbered format when braces are not the JSON answer', () => {
    expect(parseClaims('1. The map {a: 1} is now frozen.').map((x) => x.text)).toEqual([
      'The map {a: 1} is now frozen.',
    ]);
  });

  it('gives nothing for empty or list-free text', () => {
    expect(parseClaims('')).toEqual([]);
    expect(parseClaims('I cannot help with that.')).toEqual([]);
  });
});

describe('parseClaims regressions', () => {
  it('an empty numbered item followed by an indented line yields trimmed text (found by fuzzing)', () => {
    const out = parseClaims('1. \n\uFEFF@', 'LLM');
    for (const p of out) expect(p.text).toBe(p.text.trim());
  });
});
