// Fuzz and property tests for reading pseudo-references out of LLM answers: 10,000 inputs each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzText, RUNS, sentence } from '../testing/fuzz.ts';
import { CLAIM_SEEDS } from '../testing/seeds.ts';
import { parseClaims } from './claims.ts';
import type { PseudoReference } from './types.ts';

const KINDS = ['claim', 'implication', 'issue'];

/** Whatever the answer: known kinds, the given source, trimmed non-empty unique texts. */
function claimsProblem(out: PseudoReference[], source: string): string | null {
  if (!Array.isArray(out)) return 'not a list';
  const seen = new Set<string>();
  for (const p of out) {
    if (!KINDS.includes(p.kind)) return `kind ${p.kind}`;
    if (p.source !== source) return `source ${p.source}`;
    if (typeof p.text !== 'string' || p.text === '' || p.text !== p.text.trim())
      return `text ${JSON.stringify(p.text)}`;
    if (seen.has(p.text)) return `duplicate ${JSON.stringify(p.text)}`;
    seen.add(p.text);
  }
  return null;
}

const dedupe = (xs: string[]) => [...new Set(xs.map((x) => x.trim()).filter((x) => x !== ''))];

describe('parseClaims, fuzzed', () => {
  it(`never throws on ${RUNS} mutated or random answers, and what it reads is well formed`, () => {
    fc.assert(
      fc.property(fuzzText(CLAIM_SEEDS), (text) => {
        expect(claimsProblem(parseClaims(text, 'LLM'), 'LLM')).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it(`reads back the items of ${RUNS} generated numbered answers (paper format, with headings and wrapped lines)`, () => {
    const list = fc.array(sentence(['.']), { minLength: 0, maxLength: 5 });
    fc.assert(
      fc.property(
        list,
        list.filter((xs) => xs.length > 0),
        fc.constantFrom('1.', '-', '*', '(1)'),
        fc.constantFrom(
          'Implications:',
          '**Implications**',
          '## Implications',
          '2. Implications:',
          'High-level implications:',
        ),
        fc.boolean(),
        (claims, implications, marker, heading, wrap) => {
          const item = (s: string, k: number) => {
            const m = marker === '1.' ? `${k + 1}.` : marker === '(1)' ? `(${k + 1})` : marker;
            const words = s.split(' ');
            // A wrapped item: its second half on an indented continuation line.
            return wrap && words.length > 2
              ? `${m} ${words.slice(0, 2).join(' ')}\n   ${words.slice(2).join(' ')}`
              : `${m} ${s}`;
          };
          const text = [
            'Here is my analysis.',
            '',
            ...claims.map(item),
            '',
            heading,
            ...implications.map(item),
          ].join('\n');
          const got = parseClaims(text, 'LLM');
          const want = [
            ...claims.map((t) => ({ text: t, kind: 'claim' })),
            ...implications.map((t) => ({ text: t, kind: 'implication' })),
          ];
          // Exact duplicates collapse to their first occurrence, as the reference pipeline does.
          const firstOf = want.filter((w, k) => want.findIndex((x) => x.text === w.text) === k);
          expect(got.map(({ text, kind }) => ({ text, kind }))).toEqual(firstOf);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`reads back ${RUNS} generated JSON answers, bare, fenced or wrapped in prose`, () => {
    const texts = fc.array(fc.string({ unit: 'binary', maxLength: 30 }), { maxLength: 5 });
    fc.assert(
      fc.property(
        texts,
        texts,
        fc.constantFrom('bare', 'fence', 'prose'),
        fc.boolean(),
        (claims, implications, wrapper, asObjects) => {
          const items = (xs: string[]) => (asObjects ? xs.map((text) => ({ text })) : xs);
          const json = JSON.stringify({ claims: items(claims), implications: items(implications) });
          const text =
            wrapper === 'bare'
              ? json
              : wrapper === 'fence'
                ? `\`\`\`json\n${json}\n\`\`\``
                : `Sure, here it is: ${json} Hope this helps.`;
          const got = parseClaims(text, 'X');
          expect(claimsProblem(got, 'X')).toBeNull();
          const c = dedupe(claims);
          const i = dedupe(implications).filter((t) => !c.includes(t));
          expect(got.map((p) => `${p.kind}:${p.text}`)).toEqual([
            ...c.map((t) => `claim:${t}`),
            ...i.map((t) => `implication:${t}`),
          ]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
