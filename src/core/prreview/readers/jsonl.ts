import type { ReadProblem } from '../model.ts';

/** The JSON objects of a JSONL text with their 1-based line numbers; a line that is not an object is named. */
export function jsonlRecords(text: string, file: string, problems: ReadProblem[]): { line: number; value: Record<string, unknown> }[] {
  const out: { line: number; value: Record<string, unknown> }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (t === '') continue;
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch (e) {
      problems.push({ file, where: `line ${i + 1}`, why: `not JSON (${(e as Error).message.slice(0, 80)})` });
      continue;
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      problems.push({ file, where: `line ${i + 1}`, why: 'not a JSON object' });
      continue;
    }
    out.push({ line: i + 1, value: v as Record<string, unknown> });
  }
  return out;
}

/** JSON.parse that names the file instead of throwing. */
export function parseJson(text: string, file: string, problems: ReadProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push({ file, where: 'whole file', why: `not JSON (${(e as Error).message.slice(0, 80)})` });
    return undefined;
  }
}
