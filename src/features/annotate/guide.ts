// The paper's guidelines (Naik et al., appendix D): Table 7's codes for stage 1, Table 6's rules of thumb for
// stage 2, in the paper's words where they fit on a line.
import type { AccuracyCode } from '../../core/annotation';

export interface CodeGuide {
  code: AccuracyCode;
  /** Keys that set it (the first is shown). */
  keys: string[];
  label: string;
  rule: string;
  example: string;
  why: string;
}

export const CODES: CodeGuide[] = [
  {
    code: 1,
    keys: ['1'],
    label: 'Correct',
    rule: 'You can find concrete evidence that confirms the claim: in the diff, the source files, or domain knowledge.',
    example: "Any existing calls to the 'push' function will need to be updated to include the new 'hash' parameter.",
    why: 'True: a parameter added before others shifts every later argument.',
  },
  {
    code: 0,
    keys: ['0'],
    label: 'Incorrect',
    rule: 'You can find concrete evidence that contradicts the claim.',
    example: 'The code changes involve the modification of the parameters passed to the ScalarSpaceEncoder function.',
    why: 'False: ScalarSpaceEncoder is a class, not a function.',
  },
  {
    code: -1,
    keys: ['u', '-'],
    label: 'Unverifiable',
    rule: "You can't find evidence to confirm or contradict the claim, even after looking at the diff, the files and the web.",
    example: 'The changes could potentially affect the performance of the code as the order of the arguments does not matter any longer.',
    why: 'Nothing in the change says anything about performance.',
  },
  {
    code: 2,
    keys: ['2'],
    label: 'Ambiguous',
    rule: 'The claim is underspecified: it has several readings, so it is unclear what to check.',
    example: 'The function will now only work with valid elements, preventing potential issues down the line.',
    why: 'What "valid elements" means is unclear.',
  },
];

export const codeLabel = (c: AccuracyCode | null) => (c === null ? 'not coded' : (CODES.find((x) => x.code === c)?.label ?? String(c)));
export const codeText = (c: AccuracyCode) => (c === -1 ? '−1' : String(c));

export const NECESSARY_HINT =
  'Necessary: needed to judge reviews of this change. Not necessary: unneeded, or redundant with the rest of the set.';

export type RatedDimension = 'con' | 'comp' | 'rel';

export const DIMENSION_NAME: Record<RatedDimension, string> = {
  con: 'Conciseness',
  comp: 'Comprehensiveness',
  rel: 'Relevance',
};

export const DIMENSION_SHORT: Record<RatedDimension, string> = { con: 'Con', comp: 'Comp', rel: 'Rel' };

/** Table 6, one rule per Likert point (Relevance has rules, not points). */
export const RULES: Record<'con' | 'comp', string[]> = {
  con: [
    'None of the review is related to the claims and issues.',
    'Some of the review is related to the claims and issues.',
    'Roughly half of the review is related to the claims and issues.',
    'Most of the review is related to the claims and issues.',
    'Basically the whole review is related to the claims and issues.',
  ],
  comp: [
    "The whole review doesn't cover any of the claims and issues.",
    'The review covers at least 1 claim or issue.',
    'The review covers roughly half the claims and issues.',
    'The review covers more than half, or most, of the claims and issues.',
    'The review covers practically all the claims and issues.',
  ],
};

export const REL_RULES = [
  'Relevance must lie between the conciseness and comprehensiveness scores.',
  'If one of the two is limiting (very low), relevance is held down by it.',
  'E.g. a highly concise review with very low comprehensiveness gets a relevance close to its comprehensiveness.',
];

/** The paper's analogy for linking (appendix D.2). */
export const LINK_HINT =
  'A review addresses a pseudo-reference when it talks about the same aspect of the change, as a product review that mentions the battery addresses the claim "battery life improved by 50%".';

/** Comprehensiveness by Table 6 from the share of pseudo-references linked: a hint, never a rule. */
export function compHint(linked: number, total: number): number | null {
  if (total === 0) return null;
  const f = linked / total;
  if (linked === 0) return 1;
  if (f >= 1) return 5;
  if (f > 0.6) return 4;
  if (f >= 0.4) return 3;
  return 2;
}
