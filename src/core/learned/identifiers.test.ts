// codeIdentifiers judges each distinct word once (a bounded cache): the same sets as judging every occurrence,
// the implementation it replaced, kept here as the reference, on generated texts full of code-like words.
import { describe, expect, it } from 'vitest';
import { codeIdentifiers } from './features.ts';
import { mulberry32 } from '../resampling.ts';

function plainIdentifiers(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/`([^`\n]+)`/g))
    for (const w of m[1].match(/[A-Za-z_$][\w$]*/g) ?? []) if (w.length > 1) out.add(w.toLowerCase());
  for (const m of text.matchAll(/[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(\s*\()?/g)) {
    const w = m[0].replace(/\s*\($/, '');
    const called = m[1] !== undefined;
    const looksLikeCode = /[a-z][A-Z]/.test(w) || /\w_\w|^_|_$/.test(w) || w.includes('.') || /[A-Za-z]\d|\d[A-Za-z]/.test(w) || w.includes('$');
    if (looksLikeCode || (called && w.length > 1)) for (const part of w.split('.')) if (part.length > 1) out.add(part.toLowerCase());
  }
  return out;
}

const WORDS = ['getUser', 'get_user', '_private', 'x', 'foo.bar', 'a.b.c', 'v2', 'i18n', '$el', 'close', 'f', 'Map', 'the', 'JSON.parse', 'self.x', 'done_'];
const SEPS = [' ', '(', ' (', '  (', '. ', ', ', '`', '\n', '()', '.'];

describe('codeIdentifiers with its per-word cache', () => {
  it('equals judging every occurrence, on 2,000 generated texts, twice over', () => {
    const r = mulberry32(11);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
    const texts = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(r() * 12) }, () => pick(WORDS) + pick(SEPS)).join(''));
    let found = 0;
    for (const pass of [0, 1])
      for (const t of texts) {
        const want = plainIdentifiers(t);
        expect([...codeIdentifiers(t)], `${pass}: ${t}`).toEqual([...want]);
        found += want.size;
      }
    expect(found).toBeGreaterThan(2000);
  });
});
