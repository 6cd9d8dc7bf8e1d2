import { describe, expect, it } from 'vitest';
import { latexEscape } from './latex.ts';
import { render } from './researchTables.ts';

describe('latexEscape', () => {
  it.each([
    ['τ = 0.149', '$\\tau$ = 0.149'],
    ['ε (in-sample)', '$\\epsilon$ (in-sample)'],
    ["Krippendorff's α", "Krippendorff's $\\alpha$"],
    ['Δ Spearman', '$\\Delta$ Spearman'],
    ['ramp τ − sd … τ', 'ramp $\\tau$ $-$ sd \\ldots{} $\\tau$'],
    ['τα', '$\\tau \\alpha$'],
    ['x ± 0.1 × 2 ≤ 3', 'x $\\pm$ 0.1 $\\times$ 2 $\\leq$ 3'],
    ['— no value – yet', '--- no value -- yet'],
    ['a_b & 50% #1 {x} ~ ^ \\ $', 'a\\_b \\& 50\\% \\#1 \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\$'],
    ['<b>|</b>', '\\textless{}b\\textgreater{}\\textbar{}\\textless{}/b\\textgreater{}'],
    ['“quoted” ‘x’', "``quoted'' `x'"],
    ['café Zürich', 'café Zürich'],
    ['line\nbreak\ttab', 'line break tab'],
    ['中文 ✓', '[U+4E2D][U+6587] $\\surd$'],
    ['\\$τ', '\\textbackslash{}\\$$\\tau$'],
  ])('%j → %j', (s, tex) => {
    expect(latexEscape(s)).toBe(tex);
  });

  it('leaves no character outside printable ASCII and Latin-1 letters, whatever the input', () => {
    let all = '';
    for (let cp = 0; cp < 0x3000; cp++) if (cp < 0xd800) all += String.fromCodePoint(cp);
    expect(latexEscape(all + '😀')).toMatch(/^[\x20-\x7eÀ-ÏÑ-ÖØ-Ýß-ïñ-öø-ýÿ¿¡]*$/);
  });

  it('every cell, header and the caption of a table go through it', () => {
    const t = { title: 'τ study', note: 'ε, α', header: ['System', 'Δ'], rows: [['a_b', '−0.1']], csvHeader: [], csvRows: [] };
    const tex = render(t, 'latex', { tau: 'τ' });
    expect(tex).toContain('System & $\\Delta$ \\\\');
    expect(tex).toContain('a\\_b & $-$0.1 \\\\');
    expect(tex).toContain('\\caption{$\\tau$ study: $\\epsilon$, $\\alpha$. tau: $\\tau$}');
    expect(tex.split('\n').filter((l) => !l.startsWith('%')).join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
  });
});
