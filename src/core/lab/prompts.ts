// The lab's two LLM prompts, as editable templates: the reference grade (Jiang et al. 2025 §5.2's five-level rubric) and the
// reference-free judge (the human study's 1–5 scales, after Naik et al. 2025's annotation rules of thumb, Table 6). Both are
// written here in our own words. Placeholders are {{name}}; the template in use is recorded in every export.

export const GRADE_PLACEHOLDERS = ['review', 'reference'] as const;
export const JUDGE_PLACEHOLDERS = ['diff', 'review', 'pseudo_references'] as const;

export const DEFAULT_GRADE_PROMPT = `You grade a code review comment written by a tool against the comment a human reviewer wrote for the same code change.
Compare what the two comments ask for or point out, not their wording, and answer with one grade:
5 = the generated comment is the reference comment, word for word;
4 = it says the same thing as the reference in other words;
3 = it clearly and correctly raises some of the points or suggestions of the reference;
2 = it is only loosely connected to the reference;
1 = it is about something else entirely.
Answer with the grade alone, a single digit from 1 to 5, and nothing else.

Generated comment: "{{review}}"

Reference comment: "{{reference}}"`;

export const DEFAULT_JUDGE_PROMPT = `You rate a code review comment for the code change below. Judge the comment only by the change itself: what it does, what it implies, and the problems it may have.
{{pseudo_references}}
Give three grades from 1 (worst) to 5 (best):
- conciseness: how much of the comment is about the change and its real issues. 1 = none of it; 2 = a little; 3 = about half; 4 = most of it; 5 = practically all of it.
- comprehensiveness: how many of the things worth saying about the change the comment covers. 1 = none; 2 = at least one; 3 = roughly half; 4 = more than half; 5 = practically all.
- relevance: overall quality, between the other two grades and pulled toward the weaker one (a short comment that covers almost nothing stays low).

Code change (unified diff):
{{diff}}

Review comment:
{{review}}

Answer with JSON only, for example {"relevance": 3, "conciseness": 4, "comprehensiveness": 2}.`;

/** The block that replaces {{pseudo_references}} when the user ticks "show the pseudo-references". */
export function pseudoReferenceBlock(pseudoRefs: readonly string[]): string {
  if (pseudoRefs.length === 0) return '';
  return [
    '',
    'Things a reviewer of this change might address (claims about the change and issues found by code analysis):',
    ...pseudoRefs.map((p, k) => `${k + 1}. ${p.replace(/\s+/g, ' ').trim()}`),
    '',
  ].join('\n');
}

/** Replaces every {{name}} (split/join, so "$" in a diff is never a replacement pattern). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  let out = template;
  for (const [k, v] of Object.entries(values)) out = out.split(`{{${k}}}`).join(v);
  return out;
}

/** Why a user's template cannot be used (a required placeholder missing), or null when it can. */
export function templateProblem(kind: 'grade' | 'judge', template: string): string | null {
  const required = kind === 'grade' ? GRADE_PLACEHOLDERS : (['diff', 'review'] as const);
  const missing = required.filter((p) => !template.includes(`{{${p}}}`));
  if (missing.length)
    return `The ${kind} prompt needs ${missing.map((m) => `{{${m}}}`).join(' and ')}: the model would not see ${missing.join(' or ')}.`;
  return null;
}

export function buildGradePrompt(template: string, review: string, reference: string): string {
  return fillTemplate(template, { review: review.trim(), reference: reference.trim() });
}

/** The judge prompt; `pseudoRefs` null leaves them out (the {{pseudo_references}} slot becomes empty). */
export function buildJudgePrompt(template: string, diff: string, review: string, pseudoRefs: readonly string[] | null): string {
  return fillTemplate(template, {
    diff: diff.trimEnd(),
    review: review.trim(),
    pseudo_references: pseudoRefs ? pseudoReferenceBlock(pseudoRefs) : '',
  });
}
