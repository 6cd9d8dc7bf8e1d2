// By language lists every language of the dataset: one with no review judged against the people says why.
import { describe, expect, it } from 'vitest';
import type { EvalItem } from '../evaluate';
import { unjudgedLanguages } from './analysis';

const item = (lang: string, human: boolean) => ({ lang, human: human ? { con: 1, comp: 1, rel: 1 } : null }) as unknown as EvalItem;

describe('unjudgedLanguages', () => {
  it('names each language without a judged review, with its reviews and why', () => {
    const changes = [
      { lang: 'py', reviews: 3, hasPseudoReferences: true },
      { lang: 'go', reviews: 2, hasPseudoReferences: false },
      { lang: 'go', reviews: 1, hasPseudoReferences: false },
      { lang: 'js', reviews: 2, hasPseudoReferences: true },
      { lang: 'rb', reviews: 1, hasPseudoReferences: true },
    ];
    const items = [item('py', true), item('py', false), item('js', false), item('js', false)];
    expect(unjudgedLanguages(changes, items)).toEqual([
      { lang: 'go', changes: 2, reviews: 3, why: 'none scored: its 2 changes carry no pseudo-references' },
      { lang: 'js', changes: 1, reviews: 2, why: 'none scored: none of its 2 reviews has a human score' },
      { lang: 'rb', changes: 1, reviews: 1, why: 'none scored: no review of its 1 change could be scored (empty reviews)' },
    ]);
  });
});
