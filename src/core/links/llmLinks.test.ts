// The llm-links parser on every answer shape models write, and on malformed ones: it reads what is there, drops
// numbers that do not exist with a warning, and never links what the answer did not name.
import { describe, expect, it } from 'vitest';
import {
  buildLinksPrompt,
  DEFAULT_LINKS_PROMPT,
  identityMatrix,
  missingSlots,
  parseLinksAnswer,
  UnreadableLinksError,
} from './llmLinks.ts';

/** The links as "r-s" pairs (1-based pseudo-reference, sentence), for readable expectations. */
function links(answer: string, p = 4, r = 3): { pairs: string[]; warnings: string[] } {
  const { matrix, warnings } = parseLinksAnswer(answer, p, r);
  expect(matrix.rows).toBe(p);
  expect(matrix.cols).toBe(r);
  const pairs: string[] = [];
  for (let i = 0; i < p; i++)
    for (let j = 0; j < r; j++) {
      const v = matrix.data[i * r + j];
      expect(v === 0 || v === 1).toBe(true);
      if (v === 1) pairs.push(`${i + 1}-${j + 1}`);
    }
  return { pairs, warnings };
}

describe('parseLinksAnswer', () => {
  it('reads the JSON the prompt asks for', () => {
    expect(links('{"1": [2, 3], "2": [], "3": [1]}')).toEqual({ pairs: ['1-3', '2-1', '3-1'], warnings: [] });
  });

  it('reads JSON in a code fence with prose around it, and a <think> block before it', () => {
    const answer = '<think>sentence 1 is about 4: {"9": [9]}</think>Here are the links:\n```json\n{\n  "1": [4],\n  "3": ["2"]\n}\n```\nHope this helps.';
    expect(links(answer).pairs).toEqual(['2-3', '4-1']);
  });

  it('reads other JSON shapes: keys with words, strings, a wrapper, a list of objects, a list of lists', () => {
    expect(links('{"sentence 1": "2, 3", "sentence 2": "none"}').pairs).toEqual(['2-1', '3-1']);
    expect(links('{"links": {"2": 1}}').pairs).toEqual(['1-2']);
    expect(links('[{"sentence": 1, "pseudo_references": [1, 2]}, {"sentence": 3, "pseudo_references": []}]').pairs).toEqual(['1-1', '2-1']);
    expect(links('[[1], [], [4]]').pairs).toEqual(['1-1', '4-3']);
    expect(links('{}')).toEqual({ pairs: [], warnings: [] });
  });

  it('reads "1: 2, 3" lines', () => {
    expect(links('1: 2, 3\n2: none\n3: 1').pairs).toEqual(['1-3', '2-1', '3-1']);
    expect(links('- Sentence 1 -> 4\n- **Sentence 2**: 1 and 2').pairs).toEqual(['1-2', '2-2', '4-1']);
  });

  it('reads "Sentence 1 addresses 2 and 3" lines, explanations after the numbers ignored', () => {
    const answer = [
      'Sentence 1 addresses pseudo-references 2 and 3.',
      'Sentence 2 addresses none of them.',
      'Sentence 3 addresses 4 (it talks about the 1st line) because the loop changed in 2 places.',
    ].join('\n');
    expect(links(answer)).toEqual({ pairs: ['2-1', '3-1', '4-3'], warnings: [] });
  });

  it('takes a bare "none" as a valid empty answer', () => {
    for (const none of ['none', 'None.', '"none"', 'No links.', '**None**'])
      expect(links(none)).toEqual({ pairs: [], warnings: [] });
  });

  it('drops sentence and pseudo-reference numbers that do not exist, with a warning each', () => {
    const { pairs, warnings } = links('{"1": [2, 7, 0], "5": [1], "2": [4]}');
    expect(pairs).toEqual(['2-1', '4-2']);
    expect(warnings).toHaveLength(3);
    expect(warnings.join(' ')).toMatch(/pseudo-reference 7 does not exist/);
    expect(warnings.join(' ')).toMatch(/pseudo-reference 0 does not exist/);
    expect(warnings.join(' ')).toMatch(/sentence 5, but the review has 3/);
  });

  it('rejects prose, a claims-style numbered list and empty text as unreadable (never a guessed link)', () => {
    const unreadable = [
      'The review talks about the logging change and the formatting.',
      '1. The logging level changed from info to debug.\n2. The message text is unchanged.',
      '',
      '{"sentence": "the first one"}',
    ];
    for (const a of unreadable) expect(() => parseLinksAnswer(a, 4, 3), a).toThrow(UnreadableLinksError);
  });

  it('reads mixed answers: JSON wins over lines; lines with prose between them', () => {
    expect(links('1: 1\n{"1": [3]}').pairs).toEqual(['3-1']);
    expect(links('Let me go through them.\n\n1: 1, 2\nThe second sentence is a question.\n2: none\n3: 2').pairs).toEqual(['1-1', '2-1', '2-3']);
  });

  it('is one per cell when a link is named twice', () => {
    expect(links('1: 2, 2\nSentence 1 addresses 2').pairs).toEqual(['2-1']);
  });
});

describe('the links prompt', () => {
  it('numbers the pseudo-references and sentences into the default prompt', () => {
    const p = buildLinksPrompt(DEFAULT_LINKS_PROMPT, ['Renamed foo.', 'Adds a\nnull check.'], ['Why rename?', '']);
    expect(p).toContain('Pseudo-references:\n1. Renamed foo.\n2. Adds a null check.\n');
    expect(p).toContain('Review sentences:\n1. Why rename?\n2. (empty)\n');
    expect(p).not.toContain('{pseudo_references}');
    expect(p).toMatch(/\{"1": \[2, 3\], "2": \[\]\}/);
  });

  it('leaves a placeholder written inside a review as text', () => {
    const p = buildLinksPrompt('A {pseudo_references} B {review_sentences}', ['x'], ['see {pseudo_references}']);
    expect(p).toBe('A 1. x B 1. see {pseudo_references}');
  });

  it('says which placeholders an edited template lacks', () => {
    expect(missingSlots(DEFAULT_LINKS_PROMPT)).toEqual([]);
    expect(missingSlots('only {review_sentences}')).toEqual(['{pseudo_references}']);
    expect(() => buildLinksPrompt('nothing', ['a'], ['b'])).toThrow(/\{pseudo_references\} and \{review_sentences\}/);
  });

  it('the self matrix of llm-links is the identity', () => {
    expect([...identityMatrix(2).data]).toEqual([1, 0, 0, 1]);
  });
});
