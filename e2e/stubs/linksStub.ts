// An llm-links answer that reads the prompt, so expected scores are known: sentence k addresses pseudo-reference k
// (for k up to the smaller count). Counts the numbered lines under the default prompt's two headings.
import { promptOf, type RecordedRequest, type StubReply } from './llmStub';

function countAfter(prompt: string, heading: string): number {
  const at = prompt.indexOf(`${heading}\n`);
  if (at < 0) return 0;
  let n = 0;
  for (const line of prompt.slice(at + heading.length + 1).split('\n')) {
    if (!new RegExp(`^${n + 1}\\. `).test(line)) break;
    n++;
  }
  return n;
}

/** {"1": [1], "2": [2], …} for the request's prompt; sentences beyond the pseudo-references get []. */
export function diagonalLinks(prompt: string): string {
  const p = countAfter(prompt, 'Pseudo-references:');
  const r = countAfter(prompt, 'Review sentences:');
  const out: Record<string, number[]> = {};
  for (let k = 1; k <= r; k++) out[String(k)] = k <= p ? [k] : [];
  return JSON.stringify(out);
}

/** A stub `respond` answering every links prompt with diagonalLinks, after `delayMs`. */
export const diagonalResponder =
  (delayMs = 0) =>
  (req: RecordedRequest): StubReply => ({ kind: 'ok', text: diagonalLinks(promptOf(req)), delayMs });
