// JSON.parse reads any depth (V8 parses iteratively), but String(), JSON.stringify, structured clone and every
// recursive walk of the value overflow the stack on a line nested some thousands deep: one such line threw a
// RangeError that lost a whole import. Lines are refused past a depth no dataset needs (dev.jsonl is 4 deep).

/** Arrays and objects nested deeper than this make a line bad. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP = `nested too deep (more than ${MAX_JSON_DEPTH} levels of arrays and objects)`;

/** True when JSON text nests arrays/objects deeper than MAX_JSON_DEPTH (brackets inside strings do not count). */
export function jsonTooDeep(text: string): boolean {
  // Most lines cannot be: fewer opening brackets than the limit.
  let opens = 0;
  for (let i = text.indexOf('['); i !== -1 && opens <= MAX_JSON_DEPTH; i = text.indexOf('[', i + 1)) opens++;
  for (let i = text.indexOf('{'); i !== -1 && opens <= MAX_JSON_DEPTH; i = text.indexOf('{', i + 1)) opens++;
  if (opens <= MAX_JSON_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 93 || c === 125) depth--;
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
  if (value !== null && typeof value === 'object' && jsonTooDeep(raw)) return { error: TOO_DEEP };
  return { value };
}
