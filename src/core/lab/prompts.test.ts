import { describe, expect, it } from 'vitest';
import { buildGradePrompt, buildJudgePrompt, DEFAULT_GRADE_PROMPT, DEFAULT_JUDGE_PROMPT, templateProblem } from './prompts';

describe('lab prompts', () => {
  it('fill every placeholder, "$" in a diff included', () => {
    const g = buildGradePrompt(DEFAULT_GRADE_PROMPT, ' Use $& here ', 'ref $1');
    expect(g).toContain('"Use $& here"');
    expect(g).toContain('"ref $1"');
    expect(g).not.toMatch(/\{\{/);
    const j = buildJudgePrompt(DEFAULT_JUDGE_PROMPT, '+ a = "$$"', 'review', ['claim one', 'issue\ntwo']);
    expect(j).toContain('+ a = "$$"');
    expect(j).toContain('1. claim one');
    expect(j).toContain('2. issue two');
    expect(j).not.toMatch(/\{\{/);
  });

  it('the judge leaves the pseudo-references out unless asked', () => {
    const j = buildJudgePrompt(DEFAULT_JUDGE_PROMPT, 'diff', 'review', null);
    expect(j).not.toContain('Things a reviewer');
    expect(j).not.toMatch(/\{\{/);
  });

  it('a template without a required placeholder is refused with the reason', () => {
    expect(templateProblem('grade', DEFAULT_GRADE_PROMPT)).toBeNull();
    expect(templateProblem('judge', DEFAULT_JUDGE_PROMPT)).toBeNull();
    expect(templateProblem('grade', 'Grade {{review}}')).toMatch(/\{\{reference\}\}/);
    expect(templateProblem('judge', 'Rate {{review}}')).toMatch(/\{\{diff\}\}/);
  });
});
