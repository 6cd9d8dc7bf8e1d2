// Python's regular-expression classes in JavaScript. Python's \s, \w, \d and str.isspace() are Unicode-aware and
// JavaScript's are not, so NLTK's patterns are restated with these classes (each inside a character class).

/** Python's \s and str.isspace(): the characters str.split() and str.strip() treat as whitespace. */
export const PY_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Python's \w: letters, every numeric character and the underscore (combining marks are not \w in Python). */
export const PY_WORD = '\\p{L}\\p{N}_';
/** Python's \d: decimal digits of any script. */
export const PY_DIGIT = '\\p{Nd}';
/** Python's [^\W\d]: \w without the decimal digits. */
export const PY_WORD_NOT_DIGIT = '\\p{L}\\p{Nl}\\p{No}_';

export const S = `[${PY_SPACE}]`;
export const NOT_S = `[^${PY_SPACE}]`;
export const W = `[${PY_WORD}]`;
/** Python's `$` without MULTILINE: the end, or just before a final newline. */
export const END = '(?=\\n?$)';

const SPACE_RE = new RegExp(`${S}+`, 'u');
const TRAILING_SPACE_RE = new RegExp(`${S}+$`, 'u');

/** Python's str.split() with no argument. */
export const pySplit = (text: string): string[] => text.split(SPACE_RE).filter((w) => w !== '');
/** Python's str.rstrip() with no argument. */
export const pyRstrip = (text: string): string => text.replace(TRAILING_SPACE_RE, '');
/** Python's str.isupper() / islower() on one character (Unicode's Uppercase and Lowercase properties). */
export const isUpperChar = (c: string | undefined): boolean => c !== undefined && /^\p{Uppercase}$/u.test(c);
export const isLowerChar = (c: string | undefined): boolean => c !== undefined && /^\p{Lowercase}$/u.test(c);

/** A global Unicode RegExp from a Python-style source. */
export const re = (source: string, flags = ''): RegExp => new RegExp(source, `gu${flags}`);
