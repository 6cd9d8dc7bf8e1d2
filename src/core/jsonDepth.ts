// JSON.parse reads any depth (V8 parses iteratively), but String(), JSON.stringify, structured clone and every
// recursive walk of the value overflow the stack on a line nested some thousands deep: one such line threw a
// RangeError that lost a whole import. Lines are refused past a depth no dataset needs (dev.jsonl is 4 deep).

/** Arrays and objects nested deeper than this make a line bad. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `nested too deep (more than ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/**
 * True when a parsed JSON value nests arrays/objects deeper than MAX_JSON_DEPTH. Walked with a stack of its own
 * (no recursion), node by node: a row's long strings (its code) cost nothing, and a deep value stops at the limit.
 */
export function jsonTooDeep(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth > MAX_JSON_DEPTH) return true;
    for (const c of Array.isArray(v) ? v : Object.values(v)) if (c !== null && typeof c === 'object') stack.push([c, depth + 1]);
  }
  return false;
}

/** JSON.parse of one line, or why it is unusable (not JSON; nested too deep). */
export function parseJsonText(raw: string): { value: unknown; error?: undefined } | { value?: undefined; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { error: `not valid JSON (${(e as Error).message})` };
  }
  if (jsonTooDeep(value)) return { error: TOO_DEEP };
  return { value };
}
