// The `# key: value` lines that open every CSV this app writes (and a scores file's configuration), made safe
// for a spreadsheet. A spreadsheet reads such a line as a row: its first cell starts with '#', so it is text, but
// the separators it guesses (comma, semicolon) cut the rest into cells, and a line break in a value (a dataset's
// file name can hold one) starts a new row. So control characters become a space, and every piece a separator or
// a removed line break could start is neutralised as csvSafe.ts neutralises a cell: a quote before = + - @ unless
// the piece is a plain number (JSON's [0.1,-0.2] stays as it is). One helper for every writer, and its reader.

// eslint-disable-next-line no-control-regex -- control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const PLAIN_NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?[\]}]*$/;

/** One piece a spreadsheet could make a cell of: a quote before a formula start (after blanks and quotes). */
function neutral(piece: string): string {
  const [, lead, rest] = /^([\s"]*)([\s\S]*)$/.exec(piece)!;
  return /^'*[=+\-@]/.test(rest) && !PLAIN_NUMBER.test(rest) ? `${lead}'${rest}` : piece;
}

/**
 * Text a file claims about itself (a scores file's signature or configuration name) as one line: each control
 * character, a line feed included, written as `\uNNNN`, so no report that prints it gains a line of the file's choosing.
 */
export function inertLine(text: string): string {
  return text.replace(CONTROL, (run) => [...run].map((c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`).join(''));
}

/** A configuration value as one safe line's text: objects as JSON, no control characters, no formula start. */
export function configValue(v: unknown): string {
  const s = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  return s
    .split(CONTROL)
    .map((line) => line.split(/([,;])/).map((p, i) => (i % 2 ? p : neutral(p))).join(''))
    .join(' ');
}

/** `# key: value`, safe (the key keeps letters, digits, '.', '-' and '_'). */
export function configLine(key: string, value: unknown): string {
  return `# ${key.replace(/[^\w.-]+/g, '_')}: ${configValue(value)}`;
}

/** A comment line with no key (a table's title or note), as safe as a configuration line. */
export function commentLine(text: string): string {
  return `# ${configValue(text)}`;
}

/** The configuration's lines in the order given; keys with undefined values are left out. */
export function configHeader(config: Record<string, unknown>): string[] {
  return Object.entries(config)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => configLine(k, v));
}

/**
 * The leading comment lines of a CSV (after a byte-order mark): their `key: value` pairs, the text after them,
 * and how many lines they took (so a reader can give row numbers of the file).
 */
export function readConfigHeader(text: string): { config: Record<string, string>; body: string; lines: number } {
  const lead = /^(?:\uFEFF)?(?:#[^\n]*(?:\n|$))*/.exec(text)![0];
  const config: Record<string, string> = {};
  const lines = lead.split('\n').filter((l, k, all) => k < all.length - 1 || l !== '');
  for (const l of lines) {
    const m = /^\uFEFF?#\s*([^:\s][^:]*?)\s*:\s?(.*?)\r?$/.exec(l);
    if (m) config[m[1]] = m[2];
  }
  return { config, body: text.slice(lead.length), lines: lines.length };
}
