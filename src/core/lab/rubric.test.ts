import { describe, expect, it } from 'vitest';
import { parseGrade, parseJudge } from './rubric';

describe('parseGrade on answers in the styles models write', () => {
  it.each([
    ['4', 4],
    [' 3\n', 3],
    ['Grade: 4', 4],
    ['Grade=2', 2],
    ['grade is 5.', 5],
    ['**4**/5', 4],
    ['**Score:** 3', 3],
    ['4 out of 5', 4],
    ['I would give this review a 3 because it names the renamed variable.', 3],
    ['On a scale of 1-5, this is a 2.', 2],
    ['Following criterion 3, Grade=3', 3],
    ['Criterion 3 applies here. Grade: 4', 4],
    ['`5`', 5],
    ['7', 7],
    ['Grade: 0', 0],
    ['3.5', 3.5],
  ])('%j → %j', (text, grade) => expect(parseGrade(text)).toBe(grade));

  it.each([
    ['', null],
    ['The generated review is loosely related.', null],
    ['3 or 4', null],
    ['Grade: 3. Grade: 4.', null],
    ['2, maybe 3', null],
  ])('%j has no single grade', (text, grade) => expect(parseGrade(text)).toBe(grade));
});

describe('parseJudge', () => {
  it('reads JSON, also inside prose and code fences, with keys spelled many ways', () => {
    expect(parseJudge('{"relevance": 3, "conciseness": 4, "comprehensiveness": 2}')).toEqual({ rel: 3, con: 4, comp: 2 });
    expect(parseJudge('Here you go:\n```json\n{"Relevance": "4", "Conciseness": 5, "Completeness": 3}\n```')).toEqual({ rel: 4, con: 5, comp: 3 });
    expect(parseJudge('{"rel": {"score": 2, "reason": "x"}, "con": 2, "comp": 1}')).toEqual({ rel: 2, con: 2, comp: 1 });
  });

  it('reads "Relevance: 4" lines, markdown and /5 included', () => {
    expect(parseJudge('Relevance: 4\nConciseness: 5\nComprehensiveness: 3')).toEqual({ rel: 4, con: 5, comp: 3 });
    expect(parseJudge('1. Relevance (overall): 3\n2. Conciseness = 4\n3. Comprehensiveness (coverage): 2')).toEqual({ rel: 3, con: 4, comp: 2 });
    expect(parseJudge('- **Conciseness** – 3/5\n- **Comprehensiveness**: 2/5\n- **Relevance**: 2/5 since it is short')).toEqual({ rel: 2, con: 3, comp: 2 });
  });

  it('a dimension missing, or given twice with different values, is null; out-of-range values stay as written', () => {
    expect(parseJudge('Relevance: 4\nConciseness: 5')).toEqual({ rel: 4, con: 5, comp: null });
    expect(parseJudge('{"relevance": 7, "conciseness": 3, "comprehensiveness": 3}')).toEqual({ rel: 7, con: 3, comp: 3 });
    expect(parseJudge('Relevance: 4\nRelevance: 2\nConciseness: 1\nComprehensiveness: 1').rel).toBeNull();
    expect(parseJudge('The review is fine.')).toEqual({ rel: null, con: null, comp: null });
    expect(parseJudge('')).toEqual({ rel: null, con: null, comp: null });
  });
});
