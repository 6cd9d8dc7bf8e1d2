// Text → LaTeX that pdflatex compiles in a plain \documentclass{article} with no package: every LaTeX export
// (research, link and lab tables, through researchTables' render) escapes its cells and captions here.
// pdflatex reads UTF-8 but has no glyph for Greek or math symbols in text, so τ becomes $\tau$, − becomes $-$;
// a character with no mapping is written as its code point ([U+4E2D]) rather than breaking the build.

const ASCII: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  '%': '\\%',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // The default (OT1) text font has ¡ and ¿ where < and > are, and a dash for |.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
};

const GREEK = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho varsigma sigma tau upsilon phi chi psi omega'.split(' ');
const GREEK_UPPER: Record<string, string> = { Γ: 'Gamma', Δ: 'Delta', Θ: 'Theta', Λ: 'Lambda', Ξ: 'Xi', Π: 'Pi', Σ: 'Sigma', Υ: 'Upsilon', Φ: 'Phi', Ψ: 'Psi', Ω: 'Omega' };

/** Math-mode symbols (written inside $…$) and text-mode ones. */
const MATH: Record<string, string> = {
  '−': '-', '±': '\\pm', '×': '\\times', '÷': '\\div', '·': '\\cdot', '≤': '\\leq', '≥': '\\geq', '≠': '\\neq',
  '≈': '\\approx', '∞': '\\infty', '→': '\\rightarrow', '←': '\\leftarrow', '↔': '\\leftrightarrow',
  '⇒': '\\Rightarrow', '∈': '\\in', '∑': '\\sum', '√': '\\surd', '✓': '\\surd', '✗': '\\times', '∆': '\\Delta',
  'µ': '\\mu', '²': '^{2}', '³': '^{3}', '¹': '^{1}', '′': '\\prime',
};
const TEXT: Record<string, string> = {
  '—': '---', '–': '--', '…': '\\ldots{}', '‘': '`', '’': "'", '“': '``', '”': "''", '•': '\\textbullet{}',
  '°': '\\textdegree{}', '§': '\\S{}', '¶': '\\P{}', '©': '\\copyright{}', '®': '\\textregistered{}',
  '™': '\\texttrademark{}', '€': '\\texteuro{}', '£': '\\pounds{}', '\u00a0': '~', '\u2009': '\\,', '\u202f': '\\,',
};

/** Latin-1 letters pdflatex's default UTF-8 input composes in the OT1 font (accents, ß, æ, ø…); Ð, ð, Þ, þ need T1. */
const LATIN1_OK = /^[À-ÏÑ-ÖØ-Ýß-ïñ-öø-ýÿ¿¡]$/;

/** One character: [text, math] (exactly one of them set). */
function latexChar(ch: string): [string, string] {
  if (ch in ASCII) return [ASCII[ch], ''];
  if (ch in TEXT) return [TEXT[ch], ''];
  if (ch in MATH) return ['', MATH[ch]];
  const cp = ch.codePointAt(0)!;
  if (ch === 'ο') return ['o', ''];
  if (cp >= 0x3b1 && cp <= 0x3c9) return ['', `\\${GREEK[cp - 0x3b1]} `];
  if (ch in GREEK_UPPER) return ['', `\\${GREEK_UPPER[ch]} `];
  if (cp < 0x80) return [cp < 0x20 || cp === 0x7f ? ' ' : ch, '']; // control characters (newlines, tabs) as spaces
  if (LATIN1_OK.test(ch)) return [ch, ''];
  return [`[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`, ''];
}

/** Any text as LaTeX text: special characters escaped, Greek and math symbols in math mode, nothing unknown raw. */
export function latexEscape(s: string): string {
  let out = '';
  let math = '';
  for (const ch of s.normalize('NFC')) {
    const [t, m] = latexChar(ch);
    if (m) math += m;
    else {
      if (math) out += `$${math.trimEnd()}$`;
      math = '';
      out += t;
    }
  }
  return math ? `${out}$${math.trimEnd()}$` : out;
}
