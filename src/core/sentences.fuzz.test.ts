// Fuzz and property tests for review splitting, both modes: 10,000 mutated and generated reviews each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzText, inOrder, RUNS, sentence } from '../testing/fuzz.ts';
import { REVIEW_SEEDS } from '../testing/seeds.ts';
import { splitReview } from './sentences.ts';
import type { SplitMode } from './types.ts';

/** What any split must be: a non-empty list, [""] only for a review with nothing in it, else trimmed cut-outs in order. */
function splitProblem(review: string, mode: SplitMode, out: string[]): string | null {
  if (!Array.isArray(out) || out.length === 0) return 'empty list';
  if (out.length === 1 && out[0] === '') return null;
  if (out.some((s) => typeof s !== 'string' || s === '' || s !== s.trim()))
    return `untrimmed or empty piece in ${JSON.stringify(out)}`;
  const text = mode === 'improved' ? review.replace(/\r\n?/g, '\n') : review;
  if (!inOrder(text, out))
    return `pieces are not cut from the review in order: ${JSON.stringify(out)}`;
  if (mode === 'reference' && out.some((s) => s.includes('\n') || /\. |\? /.test(s)))
    return `reference piece still holds a separator: ${JSON.stringify(out)}`;
  if (mode === 'improved') {
    for (const s of out) {
      if (!/[\p{L}\p{N}]/u.test(s)) return `piece without a letter or digit: ${JSON.stringify(s)}`;
      if (s.includes('\n') && !/^(```|~~~)/.test(s))
        return `multi-line piece that is not a fenced block: ${JSON.stringify(s)}`;
    }
  }
  return null;
}

describe('splitReview, fuzzed', () => {
  for (const mode of ['reference', 'improved'] as const) {
    it(`${mode}: ${RUNS} mutated or random reviews split without error into cut-out pieces`, () => {
      fc.assert(
        fc.property(fuzzText(REVIEW_SEEDS), (review) => {
          expect(splitProblem(review, mode, splitReview(review, mode))).toBeNull();
        }),
        { numRuns: RUNS },
      );
    });
  }

  it(`improved: ${RUNS} generated reviews (sentences, list items, blank lines) give back exactly their sentences`, () => {
    const item = fc.tuple(
      fc.constantFrom('', '- ', '* ', '1. ', '2) ', '  '),
      fc.array(sentence(), { minLength: 1, maxLength: 3 }),
    );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('\n', '\n\n', '\r\n'),
        (items, nl) => {
          const review = items.map(([marker, ss]) => marker + ss.join(' ')).join(nl);
          expect(splitReview(review, 'improved')).toEqual(items.flatMap(([, ss]) => ss));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`reference: ${RUNS} generated reviews split on ". " and "? " as the paper's code does`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(sentence(['.', '?', '!']), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (lines) => {
          const review = lines.map((ss) => ss.join(' ')).join('\n');
          // Within a line, "." and "?" followed by a space are consumed; "!" never splits; line ends keep their mark.
          const want = lines.flatMap((ss) => {
            const out: string[] = [];
            let cur = '';
            ss.forEach((s, k) => {
              const last = k === ss.length - 1;
              if (!last && (s.endsWith('.') || s.endsWith('?'))) {
                out.push(cur + s.slice(0, -1));
                cur = '';
              } else cur += last ? s : `${s} `;
            });
            if (cur) out.push(cur);
            return out;
          });
          expect(splitReview(review, 'reference')).toEqual(want);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
