// The paper's worked examples (Naik et al., NAACL 2025, Tables 15 and 16), bundled as ready sessions.
// Claims, implications and reviews are verbatim as printed. The diffs are the printed hunks with the
// line breaks, backquote/underscore characters and "@@" markers that PDF extraction lost put back;
// hunk headers are kept as printed even where the paper shows only part of the hunk.
import type { PseudoReference } from '../core/types';

export interface PaperExample {
  id: string;
  name: string;
  /** Where in the paper, and what the humans and the metric disagreed on. */
  note: string;
  fileName: string;
  language: string;
  diff: string;
  review: string;
  system: string;
  pseudoReferences: PseudoReference[];
}

const llm = (kind: 'claim' | 'implication', text: string): PseudoReference => ({ kind, text, source: 'LLM' });

const hasAllData: PseudoReference[] = [
  llm(
    'claim',
    "A new column named 'has_all_data' has been added to the table. This column is of boolean data type and allows NULL values by default.",
  ),
  llm(
    'implication',
    "The addition of the 'has_all_data' column implies that there might be a need to track whether all the data has been processed or not in the table. This could be used for further data processing or analysis.",
  ),
  llm(
    'implication',
    'Existing rows in the table will not have a value for this new column. Therefore, it might require additional data updates or data entry processes to populate this column.',
  ),
];

const imports: PseudoReference[] = [
  llm(
    'claim',
    'Two new import statements have been added to the code. The first one imports the datetime module, and the second one imports the target module.',
  ),
  llm(
    'implication',
    'The addition of the datetime module suggests that the code may now involve operations related to date and time. This could be for logging purposes, tracking the execution time of the code, or handling dates/times in the program.',
  ),
  llm(
    'implication',
    'The addition of the target module indicates that the code may now involve operations related to the target environment or system. This could be for interacting with the target system, or for handling target-specific tasks.',
  ),
];

const pickle: PseudoReference[] = [
  llm(
    'claim',
    "The code change is in the replacement of a part of the byte string 'c_main_' with 'c' followed by the encoded ASCII representation of 'module_name'.",
  ),
  llm('claim', "The original code was replacing '(c_main_' with '(c' followed by 'module_name'."),
  llm(
    'claim',
    "The new code change corrects this by encoding 'module_name' to ASCII before replacing 'cmain' with 'c' followed by the encoded 'module_name'.",
  ),
  llm(
    'implication',
    "This change could potentially affect the behavior of the code if 'module_name' contains non-ASCII characters.",
  ),
];

const hasAllDataDiff = `--- a/metrics_db.py
+++ b/metrics_db.py
@@ -24,6 +24,7 @@ CREATE_TABLE = """
   \`complete_time\` datetime DEFAULT NULL,
   \`status\` enum('SUCCESS','RUNNING', 'FAILURE', 'PARTIAL_SUCCESS','TIMEOUT') DEFAULT NULL,
+  \`has_all_data\` bool DEFAULT NULL,
   \`schema_version\` varchar(255) DEFAULT NULL,
   \`cycle_timestamp\` varchar(255) DEFAULT NULL,
   PRIMARY KEY (\`id\`),
`;

const importsDiff = `--- a/parser.py
+++ b/parser.py
@@ -14,7 +14,9 @@ import abc
 import logging
+import datetime
 import parameter
+import target
 import warnings
 import traceback
 import pyparsing as pp
`;

const pickleDiff = `--- a/luigi/contrib/hadoop.py
+++ b/luigi/contrib/hadoop.py
@@ -971,7 +971,7 @@ class JobTask(BaseHadoopJobTask):
         if self.__module__ == '__main__':
             d = pickle.dumps(self)
             module_name = os.path.basename(sys.argv[0]).rsplit('.', 1)[0]
-            d = d.replace(b'(c__main__', "(c" + module_name)
+            d = d.replace(b'c__main__', b'c' + module_name.encode('ascii'))
             open(file_name, "wb").write(d)
         else:
`;

export const paperExamples: PaperExample[] = [
  {
    id: 'paper-has-all-data',
    name: "Paper T15: 'has_all_data' column",
    note: 'Table 15 (underestimation): in the paper CRScore scored this review Rel 0, humans gave 5. Brief review, few relevant tokens.',
    fileName: 'metrics_db.py',
    language: 'python',
    diff: hasAllDataDiff,
    review: "This column is not being used anywhere in the codebase. It's a waste of space.",
    system: 'Magicoder',
    pseudoReferences: hasAllData,
  },
  {
    id: 'paper-datetime-target',
    name: 'Paper T15: datetime/target imports',
    note: 'Table 15 (underestimation): in the paper CRScore scored this review Rel 0, humans gave 5. A short question with no inline code.',
    fileName: 'parser.py',
    language: 'python',
    diff: importsDiff,
    review: 'Why do we need these imports?',
    system: 'CodeReviewer',
    pseudoReferences: imports,
  },
  {
    id: 'paper-pickle-codereviewer',
    name: "Paper T16: pickle encode('ascii') (CodeReviewer)",
    note: 'Table 16 (overestimation): in the paper CRScore gave this review the maximum score, humans gave 1. Inline code copied from the diff.',
    fileName: 'luigi/contrib/hadoop.py',
    language: 'python',
    diff: pickleDiff,
    review: "Shouldn't this be 'module_name.encode('ascii')'?",
    system: 'CodeReviewer',
    pseudoReferences: pickle,
  },
  {
    id: 'paper-pickle-stablecode',
    name: "Paper T16: pickle encode('ascii') (StableCode)",
    note: 'Table 16 (overestimation): in the paper CRScore gave this review the maximum score, humans gave 1.',
    fileName: 'luigi/contrib/hadoop.py',
    language: 'python',
    diff: pickleDiff,
    review: 'This seems unnecessary, the pickle module already encodes the module name.',
    system: 'StableCode',
    pseudoReferences: pickle,
  },
];
