// The Porter stemmer as NLTK's PorterStemmer runs it by default (mode NLTK_EXTENSIONS). Google's rouge_score
// (use_stemmer=True) and NLTK's meteor_score stem with it, so ROUGE-L and METEOR match their reference scripts only
// with these extensions: words of one or two letters are kept, a few irregular forms map to fixed stems, and
// steps 1a–2 differ from Porter (1980) in the places marked below. The npm `stemmer` package runs the original
// algorithm and disagrees with NLTK on about 1% of WordNet's words ("array" → "arrai"), hence this module.

const IRREGULAR = new Map<string, string>();
for (const [stem, forms] of Object.entries({
  sky: ['sky', 'skies'],
  die: ['dying'],
  lie: ['lying'],
  tie: ['tying'],
  news: ['news'],
  inning: ['innings', 'inning'],
  outing: ['outings', 'outing'],
  canning: ['cannings', 'canning'],
  howe: ['howe'],
  proceed: ['proceed'],
  exceed: ['exceed'],
  succeed: ['succeed'],
}))
  for (const f of forms) IRREGULAR.set(f, stem);

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u') return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in the stem. */
function measure(stem: string): number {
  let m = 0;
  for (let i = 1; i < stem.length; i++) if (!isConsonant(stem, i - 1) && isConsonant(stem, i)) m++;
  return m;
}

const positive = (s: string) => measure(s) > 0;
const above1 = (s: string) => measure(s) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w[n - 1] === w[n - 2] && isConsonant(w, n - 1);
}

function endsCvc(w: string): boolean {
  const n = w.length;
  if (n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !'wxy'.includes(w[n - 1])) return true;
  // NLTK extension: a two-letter vowel-consonant stem counts as cvc.
  return n === 2 && !isConsonant(w, 0) && isConsonant(w, 1);
}

type Rule = readonly [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

/** The first rule whose suffix matches decides: its condition holds, or the word stays as it is. '*d' is a double consonant. */
function applyRules(w: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d' && endsDoubleConsonant(w)) {
      const stem = w.slice(0, -2);
      return !condition || condition(stem) ? stem + replacement : w;
    }
    if (w.endsWith(suffix)) {
      const stem = suffix === '' ? w : w.slice(0, -suffix.length);
      return !condition || condition(stem) ? stem + replacement : w;
    }
  }
  return w;
}

function step1a(w: string): string {
  if (w.endsWith('ies') && w.length === 4) return w.slice(0, -3) + 'ie';
  return applyRules(w, [
    ['sses', 'ss', null],
    ['ies', 'i', null],
    ['ss', 'ss', null],
    ['s', '', null],
  ]);
}

function step1b(w: string): string {
  if (w.endsWith('ied')) return w.slice(0, -3) + (w.length === 4 ? 'ie' : 'i');
  if (w.endsWith('eed')) {
    const stem = w.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : w;
  }
  let stem: string | null = null;
  for (const suffix of ['ed', 'ing'])
    if (w.endsWith(suffix) && containsVowel(w.slice(0, -suffix.length))) {
      stem = w.slice(0, -suffix.length);
      break;
    }
  if (stem === null) return w;
  const last = stem[stem.length - 1];
  return applyRules(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

function step1c(w: string): string {
  // NLTK extension: y → i only after a consonant that is not the word's first letter.
  return applyRules(w, [['y', 'i', (s) => s.length > 1 && isConsonant(s, s.length - 1)]]);
}

function step2(w: string): string {
  // NLTK extension: alli → al first, and the result goes through step 2 again.
  if (w.endsWith('alli') && positive(w.slice(0, -4))) return step2(w.slice(0, -4) + 'al');
  return applyRules(w, [
    ['ational', 'ate', positive],
    ['tional', 'tion', positive],
    ['enci', 'ence', positive],
    ['anci', 'ance', positive],
    ['izer', 'ize', positive],
    ['bli', 'ble', positive],
    ['alli', 'al', positive],
    ['entli', 'ent', positive],
    ['eli', 'e', positive],
    ['ousli', 'ous', positive],
    ['ization', 'ize', positive],
    ['ation', 'ate', positive],
    ['ator', 'ate', positive],
    ['alism', 'al', positive],
    ['iveness', 'ive', positive],
    ['fulness', 'ful', positive],
    ['ousness', 'ous', positive],
    ['aliti', 'al', positive],
    ['iviti', 'ive', positive],
    ['biliti', 'ble', positive],
    ['fulli', 'ful', positive],
    // The 'l' of logi stays with the stem, so that short stems (geo-, theo-) are measured as long ones are.
    ['logi', 'log', () => positive(w.slice(0, -3))],
  ]);
}

function step3(w: string): string {
  return applyRules(w, [
    ['icate', 'ic', positive],
    ['ative', '', positive],
    ['alize', 'al', positive],
    ['iciti', 'ic', positive],
    ['ical', 'ic', positive],
    ['ful', '', positive],
    ['ness', '', positive],
  ]);
}

function step4(w: string): string {
  return applyRules(w, [
    ['al', '', above1],
    ['ance', '', above1],
    ['ence', '', above1],
    ['er', '', above1],
    ['ic', '', above1],
    ['able', '', above1],
    ['ible', '', above1],
    ['ant', '', above1],
    ['ement', '', above1],
    ['ment', '', above1],
    ['ent', '', above1],
    ['ion', '', (s) => above1(s) && (s.endsWith('s') || s.endsWith('t'))],
    ['ou', '', above1],
    ['ism', '', above1],
    ['ate', '', above1],
    ['iti', '', above1],
    ['ous', '', above1],
    ['ive', '', above1],
    ['ize', '', above1],
  ]);
}

function step5a(w: string): string {
  if (!w.endsWith('e')) return w;
  const stem = w.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : w;
}

function step5b(w: string): string {
  return applyRules(w, [['ll', 'l', () => measure(w.slice(0, -1)) > 1]]);
}

/** NLTK's PorterStemmer().stem(word): lowercased, then stemmed. */
// Stems already computed: a data set's reviews repeat a small vocabulary (the stem is a pure function of the
// word). Emptied when full, so a long run's memory stays bounded.
const stems = new Map<string, string>();
const MAX_STEMS = 200_000;

export function porterStem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size >= MAX_STEMS) stems.clear();
    stems.set(word, (s = stemOf(word)));
  }
  return s;
}

function stemOf(word: string): string {
  const w = word.toLowerCase();
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return w;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(w))))))));
}
