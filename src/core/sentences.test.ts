import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitReview } from './sentences.ts';

describe('splitReview, reference mode (the CRScore reference code)', () => {
  it('splits on ". " and "? " only, consuming the separator', () => {
    // Python: [s.strip() for l in r.split("\n") if l.strip() for s in re.split(r"\. |\? ", l) if s.strip()]
    expect(splitReview('e.g. foo. Bar? baz')).toEqual(['e.g', 'foo', 'Bar', 'baz']);
    expect(splitReview('Why? Because! Really.')).toEqual(['Why', 'Because! Really.']);
  });
  it('drops blank lines and splits on newlines', () => {
    expect(splitReview('First line\n\n   \nSecond line.\r\n')).toEqual([
      'First line',
      'Second line.',
    ]);
  });
  it('keeps list numbers as the reference code does', () => {
    expect(splitReview('1. item one\n2. item two')).toEqual(['1', 'item one', '2', 'item two']);
  });
  it('gives [""] for an empty or blank review', () => {
    expect(splitReview('')).toEqual(['']);
    expect(splitReview(' \n\n ')).toEqual(['']);
    expect(splitReview('. ')).toEqual(['']); // the line is split before trimming: '. ' → ['', '']
  });
  it('is the default mode', () => {
    expect(splitReview('a. b')).toEqual(splitReview('a. b', 'reference'));
  });
});

describe('splitReview, improved mode', () => {
  const split = (s: string) => splitReview(s, 'improved');
  it('keeps inline code spans whole', () => {
    expect(split('Use `inline code. spans` here. Then stop.')).toEqual([
      'Use `inline code. spans` here.',
      'Then stop.',
    ]);
  });
  it('keeps fenced blocks whole and never yields a bare fence', () => {
    const review = 'Consider this:\n```python\nx = 1. \ny = 2? z\n```\nDone.';
    expect(split(review)).toEqual(['Consider this:', '```python\nx = 1. \ny = 2? z\n```', 'Done.']);
    expect(split('```\n```')).toEqual(['']);
    expect(split('```foo(x)```')).toEqual(['```foo(x)```']);
  });
  it('treats an unterminated fence as code to the end', () => {
    expect(split('Look:\n```\nfoo(). bar()')).toEqual(['Look:', '```\nfoo(). bar()']);
  });
  it('strips list markers and never yields "1."', () => {
    expect(split('1. item one\n2) item two\n- bullet. Next one')).toEqual([
      'item one',
      'item two',
      'bullet.',
      'Next one',
    ]);
    expect(split('1.\n2.')).toEqual(['']);
  });
  it('does not split after abbreviations', () => {
    expect(split('e.g. foo. Bar? baz')).toEqual(['e.g. foo.', 'Bar?', 'baz']);
    expect(split('Use a map, i.e. a dict. Fine!  Ok')).toEqual([
      'Use a map, i.e. a dict.',
      'Fine!',
      'Ok',
    ]);
  });
  it('never yields an empty piece, a bare number or a bare fence (property)', () => {
    const alphabet = fc.constantFrom(
      'a',
      'B',
      '1',
      '.',
      '?',
      '!',
      ' ',
      '\n',
      '`',
      '```',
      '-',
      '2.',
      'e.g.',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const out = split(parts.join(''));
        if (out.length === 1 && out[0] === '') return true;
        return out.every(
          (s) =>
            s.trim() === s &&
            s !== '' &&
            !/^\d+\.?$/.test(s) &&
            s !== '```' &&
            /[\p{L}\p{N}]/u.test(s),
        );
      }),
    );
  });

  // Found by probing the fuzz inputs at 200 KB: a long run that never splits rescanned the whole piece at
  // every period (26 s for 40,000 "e.g."). The tail is enough; this input now splits as one sentence in ms.
  it('keeps a long run of abbreviations as one sentence (linear, not quadratic)', () => {
    const review = `${'e.g. '.repeat(40_000)}end.`;
    expect(splitReview(review, 'improved')).toEqual([review]);
  });
});
