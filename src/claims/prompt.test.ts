import { describe, expect, it } from 'vitest';
import { ClaimsError } from './errors';
import {
  buildClaimsPrompt,
  changedLines,
  JSON_INSTRUCTION,
  PAPER_INSTRUCTION,
  PROMPT_CHAR_LIMIT,
  promptTruncatesDiff,
} from './prompt';
import reference from './fixtures/reference-prompts.json';

describe('buildClaimsPrompt (paper format)', () => {
  for (const row of reference) {
    it(`reproduces the authors' GPT-4 prompt byte for byte (row ${row.id})`, () => {
      expect(buildClaimsPrompt(row.code_change, 'paper')).toBe(row.prompt);
    });
  }

  it('starts with the paper instruction and ends by opening the first section', () => {
    const p = buildClaimsPrompt('@@ -1,1 +1,1 @@\n-a = 1\n+a = 2');
    expect(p.startsWith(PAPER_INSTRUCTION)).toBe(true);
    expect(p).toContain('"summary of changes" and "implications"');
    expect(p.endsWith('Summary of changes:\n')).toBe(true);
  });

  it('leaves out "Lines added" when nothing was added', () => {
    const p = buildClaimsPrompt('@@ -1,2 +1,1 @@\n keep\n-gone();');
    expect(p).toContain('Lines removed:\ngone();\n\n');
    expect(p).not.toContain('Lines added:');
  });

  it('refuses a diff without changed lines with a typed error', () => {
    expect(() => buildClaimsPrompt('@@ -1,1 +1,1 @@\n same')).toThrow(ClaimsError);
    try {
      buildClaimsPrompt('');
    } catch (e) {
      expect((e as ClaimsError).kind).toBe('empty-diff');
      expect((e as ClaimsError).retryable).toBe(false);
    }
  });

  it('cuts the diff and the line lists at 4000 code points, like Python slicing', () => {
    const long = '😀'.repeat(5000); // 2 UTF-16 units each
    const diff = `@@ -1,1 +1,1 @@\n+${long}`;
    const p = buildClaimsPrompt(diff);
    const gitDiff = p.split('GIT DIFF:\n')[1].split('\n\nLines added:')[0];
    expect(Array.from(gitDiff).length).toBe(PROMPT_CHAR_LIMIT);
    const added = p.split('Lines added:\n')[1].split('\n\nSummary of changes:')[0];
    expect(Array.from(added).length).toBe(PROMPT_CHAR_LIMIT);
    expect(promptTruncatesDiff(diff)).toBe(true);
    expect(promptTruncatesDiff('@@ -1 +1 @@\n+x')).toBe(false);
  });
});

describe('buildClaimsPrompt (JSON format)', () => {
  it('asks for {claims, implications} and keeps the same diff sections', () => {
    const diff = reference[0].code_change;
    const p = buildClaimsPrompt(diff, 'json');
    expect(p.startsWith(JSON_INSTRUCTION)).toBe(true);
    expect(p).toContain('{"claims": ["..."], "implications": ["..."]}');
    expect(p).toContain(`GIT DIFF:\n${diff}\n\nLines removed:\n`);
    expect(p.endsWith('JSON:\n')).toBe(true);
  });
});

describe('changedLines', () => {
  it('strips the sign and surrounding whitespace, and ignores only the first hunk header', () => {
    const { added, removed } = changedLines(
      '@@ -1,3 +1,3 @@ ctx\n-  old(1);  \n+\tnew(1);\n same\n@@ -9,1 +9,1 @@\n-x\n+y',
    );
    expect(removed).toEqual(['old(1);', 'x']);
    expect(added).toEqual(['new(1);', 'y']);
  });

  it('skips git file headers (--- a / +++ b) but keeps a removed line that starts with "--"', () => {
    const diff =
      'diff --git a/q.sql b/q.sql\n--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+-- new comment\n select 1;';
    const { added, removed } = changedLines(diff);
    expect(removed).toEqual(['-- old comment']);
    expect(added).toEqual(['-- new comment']);
  });
});
