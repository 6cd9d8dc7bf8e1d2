// Small, real-looking inputs for the fuzz tests to mutate: what users paste and what datasets and LLMs produce.
import { paperExamples } from '../examples/paper.ts';

const pickleDiff = paperExamples.find((e) => e.id === 'paper-pickle-codereviewer')!.diff;

/** git's form of the paper's pickle diff, with a second hunk and a second file. */
export const GIT_DIFF = `diff --git a/luigi/contrib/hadoop.py b/luigi/contrib/hadoop.py
index 1c2d3e4..5f6a7b8 100644
${pickleDiff}@@ -1002,3 +1002,4 @@ def run(self):
     x = 1
+    y = 2
     return x
\\ No newline at end of file
--- a/README.md
+++ b/README.md
@@ -1 +1 @@
-Old title
+New title
`;

export const CODEREVIEWER_HUNK =
  '@@ -446,7 +446,7 @@ public class ExecutionFlowDao {\n       Set<Integer> executions = new HashSet<>();\n-      logger.info("lock: " + hasLocked);\n+      logger.debug("lock: " + hasLocked);\n       if (hasLocked) {\n';

/** A CodeReviewer hunk cut short: its counts do not match its lines (the lenient parser's case). */
export const CUT_HUNK = '@@ -10,9 +10,12 @@ def f():\n     a = 1\r\n-    b = 2\r\n+    b = 3\r\n';

export const DIFF_SEEDS = [
  GIT_DIFF,
  CODEREVIEWER_HUNK,
  CUT_HUNK,
  ...paperExamples.map((e) => e.diff),
];

export const MARKDOWN_REVIEW = `Thanks for the change. A few notes:

1. The \`replace()\` call drops the opening paren, e.g. for \`(c__main__\`. Is that intended?
2. Please add a test!
- Nit: rename \`d\` to \`data\`.

\`\`\`python
d = d.replace(b'c__main__', b'c' + name.encode('ascii'))
\`\`\`
See J. Smith et al. for details... Fig. 2 shows it? ok`;

export const REVIEW_SEEDS = [
  MARKDOWN_REVIEW,
  ...paperExamples.map((e) => e.review),
  'LGTM',
  '',
  '   \n\n  ',
];

export const LLM_NUMBERED = `Here is the summary you asked for.

**Summary of changes:**
1. The logging level of the polling lock message has been changed from info to debug.
2. The message text itself is unchanged, and the call
   still concatenates the lock value.

## Implications
1. The message will no longer appear in production logs at the info level.
- Diagnosing lock problems may now need debug logging.`;

export const LLM_JSON = `Sure! \`\`\`json
{"claims": ["A dict lookup became .get().", {"text": "Missing keys return None."}], "implications": ["Callers must handle None."], "issues": []}
\`\`\``;

export const CLAIM_SEEDS = [
  LLM_NUMBERED,
  LLM_JSON,
  '1. Only one claim.\nImplications:\n1. One implication.',
  '{"claims": "not a list"}',
];
