// PMD translates `\uXXXX` escapes before lexing, anywhere in the file; a malformed one is a
// lexical error, after which PMD reports nothing for the file (3 of the 50 Java dev rows).
export function hasMalformedUnicodeEscape(source: string): boolean {
  const re = /\\+u+/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    const backslashes = m[0].indexOf('u');
    // Only a backslash preceded by an even number of backslashes starts an escape.
    if (backslashes % 2 === 0) continue;
    if (!/^[0-9a-fA-F]{4}/.test(source.slice(m.index + m[0].length))) return true;
  }
  return false;
}
