import { describe, expect, it } from 'vitest';
import { capFive, combineGrades, exactMatchGrade, finalGrade, isValidGrade, lexicallyIdentical } from './rules';

describe('seed 003 §5.2 rules', () => {
  it('the most frequent of three grades; the median when all differ', () => {
    expect(combineGrades([4, 4, 2])).toBe(4);
    expect(combineGrades([1, 3, 3])).toBe(3);
    expect(combineGrades([5, 4, 3])).toBe(4); // the paper's example
    expect(combineGrades([1, 5, 2])).toBe(2);
    expect(combineGrades([2, 2, 2])).toBe(2);
    expect(combineGrades([3])).toBe(3);
  });

  it('a sample without a valid grade leaves the review without a grade (never 0)', () => {
    expect(combineGrades([4, null, 4])).toBeNull();
    expect(combineGrades([4, 7, 4])).toBeNull();
    expect(combineGrades([])).toBeNull();
  });

  it('a 5 for a review that is not lexically identical becomes 4', () => {
    expect(capFive(5, 'Use a constant here.', 'Please use a constant.')).toBe(4);
    expect(capFive(5, 'Use a constant  here.', ' Use a constant here.')).toBe(5);
    expect(capFive(3, 'a', 'b')).toBe(3);
    expect(finalGrade([5, 5, 3], 'x', 'y')).toBe(4);
    expect(finalGrade([5, 4, 3], 'x', 'y')).toBe(4);
  });

  it('the exact-match shortcut: 5 without a call, whitespace aside; never for an empty review', () => {
    expect(exactMatchGrade('Why not final?', 'Why  not final?\n')).toBe(5);
    expect(exactMatchGrade('Why not final?', 'why not final?')).toBeUndefined();
    expect(exactMatchGrade('', '')).toBeUndefined();
    expect(lexicallyIdentical('a b', 'a\tb')).toBe(true);
  });

  it('valid grades are whole numbers 1–5', () => {
    expect([1, 5, 0, 6, 3.5, null].map((g) => isValidGrade(g))).toEqual([true, true, false, false, false, false]);
  });
});
