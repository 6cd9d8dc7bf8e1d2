// The top-level keys of a JSON object whose text is cut short: format sniffing reads a prefix of a file (2 MB in
// the streaming import), and a first line longer than that (a dev.jsonl row with a very large file in it) would
// otherwise not parse and the file would not be recognised.

/** Each top-level key seen before the text ends, with the first character of its value ('' when cut before it). */
export function prefixKeys(text: string): Map<string, string> | null {
  const keys = new Map<string, string>();
  let i = text.search(/\S/);
  if (i < 0 || text[i] !== '{') return null;
  let depth = 0;
  let expectKey = false;
  let pending: string | null = null; // a key whose value has not started yet
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) break; // the text ends inside this string
      if (depth === 1 && expectKey) {
        try {
          pending = JSON.parse(text.slice(i, j + 1)) as string;
        } catch {
          return keys;
        }
        keys.set(pending, '');
        expectKey = false;
      } else if (depth === 1 && pending !== null) {
        keys.set(pending, '"');
        pending = null;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      if (depth === 1 && pending !== null) keys.set(pending, c);
      pending = null;
      depth++;
      if (depth === 1) expectKey = true;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) break;
    } else if (depth === 1 && c === ',') expectKey = true;
    else if (depth === 1 && pending !== null && c !== ':' && !/\s/.test(c)) {
      keys.set(pending, c);
      pending = null;
    }
  }
  return keys;
}
