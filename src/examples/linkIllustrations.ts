// Written for Teach's lesson "A high cosine is not 'addresses this claim'", not taken from any study: what the
// annotators decide is what a careful rater would. More candidates than the lesson shows: it shows those that fail
// under the similarity in use (core/teaching.ts, failingCases), since one encoder gets right what another gets wrong.
export interface LinkIllustration {
  kind: 'metric-only' | 'annotator-only';
  p: string;
  s: string;
  why: string;
}

export const LINK_ILLUSTRATIONS: LinkIllustration[] = [
  {
    kind: 'metric-only',
    p: 'A new test file is added to the list of test files.',
    s: 'The new test file should be named after the module it tests, like the other test files.',
    why: 'Same words (new, test, file), different point: the review asks for a naming rule, it says nothing about adding the file.',
  },
  {
    kind: 'metric-only',
    p: 'The log level of the retry message changes from info to debug.',
    s: 'The retry message should say how many times the request was retried.',
    why: 'It quotes "retry message" from the claim but is about the message text, not the log level the claim is about.',
  },
  {
    kind: 'metric-only',
    p: 'The cache directory is now read from the environment.',
    s: 'The cache directory should be cleaned up after the tests.',
    why: 'Same words (cache directory), different point: cleaning it up after the tests says nothing about where it is read from.',
  },
  {
    kind: 'metric-only',
    p: 'The error message now includes the file name.',
    s: 'The error message should be translated like the other messages.',
    why: 'It names the error message the claim is about, but asks for a translation, not about the file name the change adds.',
  },
  {
    kind: 'annotator-only',
    p: 'The change checks whether the file exists before writing, so an existing file is not overwritten.',
    s: 'This is racy: another process can create it between the check and the open.',
    why: 'It is about exactly that check (a race between the test and the write), in words the claim does not use.',
  },
  {
    kind: 'annotator-only',
    p: 'Two new assertions are added to the BasicBlock constructor.',
    s: "These asserts aren't needed here.",
    why: '"asserts" is not "assertions" to word overlap, and an encoder may not close the gap either: the review still addresses the claim.',
  },
  {
    kind: 'annotator-only',
    p: 'The connection is now closed in a finally block.',
    s: 'Good: the socket is released even when an exception is thrown.',
    why: 'A socket released even when an exception is thrown is what closing it in a finally block does: addressed, with no word in common.',
  },
];
