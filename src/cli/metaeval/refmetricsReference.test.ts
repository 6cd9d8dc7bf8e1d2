// ROUGE-L (stemmed) and METEOR (src/core/refmetrics) against values recorded from NLTK 3.10 by
// scripts/refmetrics-reference.py (the fixture says how), and on cases worked by hand. Here, beside the CLI's WordNet loader.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordNet } from './wordnet.ts';
import { meteor, meteorLabel, meteorTokens, nltkWordTokenize } from '../../core/refmetrics/meteor.ts';
import { porterStem } from '../../core/refmetrics/porter.ts';
import { rougeL, rougeLStemmed, rougeTokens } from '../../core/refmetrics/rouge.ts';
import { morphy, packWordNet, parseWordNet, wordnetSynonyms, type WordNetData } from '../../core/refmetrics/wordnet.ts';

interface Reference {
  porter: Record<string, string>;
  synonyms: Record<string, string[]>;
  tokens: Record<string, string[]>;
  pairs: { reference: string; candidate: string; rougeLStemmed: number; meteor: number; meteorNoWordNet: number }[];
}
const ref = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'core', 'refmetrics', 'fixtures', 'meteor-rouge-reference.json'), 'utf8')) as Reference;

let wn: WordNetData;
beforeAll(() => {
  wn = loadWordNet();
}, 60_000);

describe('Porter stemmer (NLTK_EXTENSIONS)', () => {
  it('gives NLTK\'s stem for every recorded word', () => {
    const wrong = Object.entries(ref.porter).filter(([w, s]) => porterStem(w) !== s);
    expect(wrong).toEqual([]);
    expect(Object.keys(ref.porter).length).toBeGreaterThan(200);
  });
  it('differs from the original algorithm where NLTK does', () => {
    expect(porterStem('array')).toBe('array'); // original Porter: 'arrai'
    expect(porterStem('additionally')).toBe('addit');
    expect(porterStem('skies')).toBe('sky');
    expect(porterStem('is')).toBe('is');
    expect(porterStem('constructor')).toBe('constructor');
  });
});

describe('ROUGE-L with use_stemmer=True', () => {
  it('stems only tokens longer than 3 characters', () => {
    expect(rougeTokens('Fixes the bugs in arrays, running fast', true)).toEqual(['fix', 'the', 'bug', 'in', 'array', 'run', 'fast']);
    expect(rougeTokens('Fixes bugs', false)).toEqual(['fixes', 'bugs']);
  });
  it('a stem match counts in the LCS (worked by hand)', () => {
    // reference: fix · the · bug ; candidate: fix · bug · now → LCS 2, P = R = 2/3, F = 2/3.
    expect(rougeLStemmed('fixes the bugs', 'fixing bug now')).toBeCloseTo(2 / 3, 12);
    expect(rougeL('fixes the bugs', 'fixing bug now')).toBe(0);
  });
  it('equals rouge_score\'s definition on every recorded pair', () => {
    for (const p of ref.pairs) expect(rougeLStemmed(p.reference, p.candidate)).toBeCloseTo(p.rougeLStemmed, 12);
  });
});

describe('NLTK word tokenizer (preserve_line)', () => {
  it('splits as NLTK does, quotes, contractions and numbers included', () => {
    for (const [s, tokens] of Object.entries(ref.tokens)) expect(nltkWordTokenize(s.toLowerCase(), '3.10')).toEqual(tokens);
  });
});

describe('WordNet synonyms', () => {
  it('packs and reads back the same data', () => {
    const files = {
      'data.noun': '  1 licence\n00000001 03 n 02 bug 0 glitch 0 000 | a fault\n00000002 03 n 01 hemipteran 0 000 | insect\n',
      'data.verb': '00000003 29 v 02 fix 0 repair 0 000 | mend\n',
      'data.adj': '00000004 00 a 01 good(a) 0 000 | ok\n',
      'data.adv': '',
      'index.noun': '  1 licence\nbug n 2 0 2 0 00000001 00000002\n',
      'index.verb': 'fix v 1 0 1 0 00000003\n',
      'index.adj': 'good a 1 0 1 0 00000004\n',
      'index.adv': '',
      'noun.exc': '',
      'verb.exc': 'fixt fix\n',
      'adj.exc': 'better good well\n',
      'adv.exc': '',
    };
    const small = parseWordNet(packWordNet(files, 'test'));
    expect([...wordnetSynonyms(small, 'bugs')].sort()).toEqual(['bug', 'bugs', 'glitch', 'hemipteran']);
    expect([...wordnetSynonyms(small, 'fixt')].sort()).toEqual(['fix', 'fixt', 'repair']);
    expect(morphy(small, 'better', 'a')).toEqual(['good']); // the exception list, adjective marker stripped
    expect(() => parseWordNet('hello')).toThrow(/not a packed WordNet/);
  });
  it('gives NLTK\'s synonym set for every recorded word (WordNet 3.0)', () => {
    for (const [w, syns] of Object.entries(ref.synonyms)) expect([...wordnetSynonyms(wn, w)].sort(), w).toEqual([...syns].sort());
  });
});

describe('METEOR', () => {
  it('hand-computed: exact, stem and synonym stages, chunks and penalty', () => {
    // hypothesis: repair(syn fix) · the(exact) · bugs(stem bug) ; reference: fix · the · bug
    // 3 matches in one chunk: P = R = 1, Fmean = 1, penalty = 0.5·(1/3)^3.
    const full = meteorTokens(['fix', 'the', 'bug'], ['repair', 'the', 'bugs'], { wordnet: wn });
    expect(full).toBeCloseTo(1 - 0.5 / 27, 12);
    // Without WordNet 'repair' stays unmatched: 2 matches (the, bug) in one chunk.
    // P = R = 2/3, Fmean = 2/3, penalty = 0.5·(1/2)^3.
    expect(meteorTokens(['fix', 'the', 'bug'], ['repair', 'the', 'bugs'])).toBeCloseTo((2 / 3) * (1 - 0.5 / 8), 12);
    expect(meteor('', 'anything')).toBe(0);
    expect(meteor('something', '')).toBe(0);
  });
  it('equals NLTK\'s meteor_score with WordNet on every recorded pair', () => {
    for (const p of ref.pairs) expect(meteor(p.reference, p.candidate, { wordnet: wn, tokenizer: '3.10' }), `${p.reference} | ${p.candidate}`).toBeCloseTo(p.meteor, 12);
  });
  it('without WordNet equals NLTK with an empty WordNet, and says so in its label', () => {
    for (const p of ref.pairs) expect(meteor(p.reference, p.candidate, { tokenizer: '3.10' })).toBeCloseTo(p.meteorNoWordNet, 12);
    expect(meteorLabel(null)).toMatch(/exact \+ stem/);
    expect(meteorLabel(wn)).toBe('METEOR');
    expect(ref.pairs.filter((p) => p.meteor !== p.meteorNoWordNet).length).toBeGreaterThan(10);
  });
});
