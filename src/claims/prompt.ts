// The claim-generation prompt of CRScore (Naik et al., NAACL 2025).
// The paper's text does not print it; this is the prompt the authors sent to
// GPT-4 for the claims-with-implications labels, verbatim from the official repository
// (atharva-naik/CRScore, src/models/llm_code_change_summ.py, GPT4_CODESUMM_LINECHANGE_IMPL_PROMPT*,
// and the 'prompt' field of experiments/GPT_code_change_summ_labels_with_impl/gpt-4-0613.jsonl).

import { ClaimsError } from './errors';

export type OutputFormat = 'paper' | 'json';

export const PAPER_INSTRUCTION =
  'Summarize the code changes in the GIT DIFF below and their possible implications. ' +
  'Make two sections called "summary of changes" and "implications" and write numbered points ' +
  "under each section. Don't make the points hierarchical.";

/** Our JSON variant (not the paper's): same content, a machine-readable answer. */
export const JSON_INSTRUCTION =
  'Summarize the code changes in the GIT DIFF below and their possible implications. ' +
  'Answer with only a JSON object of the form {"claims": ["..."], "implications": ["..."]}: ' +
  '"claims" lists the changes and "implications" their possible implications, one point per string. ' +
  "Don't make the points hierarchical.";

/** The reference code cuts the patch and each line list at 4000 characters (Python code points). */
export const PROMPT_CHAR_LIMIT = 4000;

/** Python's s[:n] on code points, not UTF-16 units. */
function pySlice(s: string, n: number): string {
  if (s.length <= n) return s;
  return Array.from(s).slice(0, n).join('');
}

/**
 * Added and removed lines, as the reference code's generate_added_and_removed_lines_from_patch:
 * drop the first "@@ -a,b +c,d @@" header, strip the patch, then every line starting with + or -
 * loses that sign and its surrounding whitespace. One addition: a "--- x" line directly followed by
 * "+++ y" is a git file header, not a change, so whole `git diff` output is read correctly too.
 */
export function changedLines(diff: string): { added: string[]; removed: string[] } {
  const patch = diff.replace(/@@ -\d+,\d+ \+\d+,\d+ @@/, '').trim();
  const lines = patch.split('\n');
  const added: string[] = [];
  const removed: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) {
      i++;
      continue;
    }
    if (line.startsWith('+')) added.push(line.slice(1).trim());
    else if (line.startsWith('-')) removed.push(line.slice(1).trim());
  }
  return { added, removed };
}

/** The exact text sent to the model. Throws ClaimsError('empty-diff') when nothing changed. */
export function buildClaimsPrompt(diff: string, format: OutputFormat = 'paper'): string {
  const { added, removed } = changedLines(diff);
  if (added.length === 0 && removed.length === 0) {
    throw new ClaimsError(
      'empty-diff',
      'The diff has no added or removed lines, so there is nothing to summarise. Paste a unified diff (lines starting with + and -).',
    );
  }
  const instruction = format === 'json' ? JSON_INSTRUCTION : PAPER_INSTRUCTION;
  let prompt = `${instruction}\n\nGIT DIFF:\n${pySlice(diff, PROMPT_CHAR_LIMIT)}\n\n`;
  if (removed.length > 0)
    prompt += `Lines removed:\n${pySlice(removed.join('\n'), PROMPT_CHAR_LIMIT)}\n\n`;
  if (added.length > 0)
    prompt += `Lines added:\n${pySlice(added.join('\n'), PROMPT_CHAR_LIMIT)}\n\n`;
  // The paper's prompt ends by opening the first section, so the answer starts with "1. ...".
  prompt += format === 'json' ? 'JSON:\n' : 'Summary of changes:\n';
  return prompt;
}

/** True when the prompt had to cut the diff, so the UI can say so. */
export function promptTruncatesDiff(diff: string): boolean {
  return diff.length > PROMPT_CHAR_LIMIT && Array.from(diff).length > PROMPT_CHAR_LIMIT;
}
