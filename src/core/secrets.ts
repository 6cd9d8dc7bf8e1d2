// The one scrubber of secrets: an LLM answer or a provider's error that echoes the API key must carry it nowhere
// (sessions, share links, the answer cache, exports, the CLI's stdout). It hides the key as written and in the
// encodings a model or a proxy is likely to echo it in: any letter case, spaced or dashed out, percent-, JSON- or
// HTML-escaped, hex, and base64 / base64url (at every byte alignment, so a key inside a longer encoded text, such
// as an Authorization header echoed in base64, is found too); and all of these for the key reversed, in ROT13, and
// both (what a model asked to "spell it backwards" or "in ROT13" writes). Other transformations (another Caesar
// shift, every other character, a translation into words) are not recognised: docs/security.md says so.
// Compatibility forms (the fullwidth ｓｋ－…, mathematical digits) are folded with NFKC before matching, and what
// matched is hidden in the text as written (the rest of it is not folded).
// Pure: no DOM, no Node.

export const KEY_HIDDEN = '[key hidden]';

/** Keys shorter than this are hidden only as written: their spaced-out forms would match ordinary words. */
const MIN_ENCODED = 8;
/** What may stand between two characters of a spaced-out key: spaces, dashes, dots, zero-width characters. */
const SEP = '[\\s\\-_.,:|/\\u00b7\\u2022\\u200b-\\u200d\\u2060]{0,3}';

/** The patterns of one form of the key (as written, reversed, ROT13, ROT13 reversed). */
interface FormPatterns {
  form: string;
  /** Case-insensitive: the form char by char, each as itself or escaped, with separators between. */
  spelled: RegExp;
  /** Case-insensitive: the form's UTF-8 bytes in hex (73 6b 2d…, \x73\x6b…, 0x73…). */
  hex: RegExp;
  /** Case-sensitive: the alignment-free cores of the form's base64 and base64url encodings. */
  base64: string[];
}

interface Patterns {
  key: string;
  forms: FormPatterns[];
  /** A masked echo that keeps the head and the tail ("sk-abc1*****wxyz"). */
  masked: RegExp | null;
}

/** The key and the forms a model is asked to disguise it in: reversed, ROT13, and both. */
export function keyForms(key: string): string[] {
  const reversed = (t: string) => [...t].reverse().join('');
  const rot13 = (t: string) => t.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 84) % 26) + (c <= 'Z' ? 65 : 97)));
  return [...new Set([key, reversed(key), rot13(key), reversed(rot13(key))])];
}

// The last key's patterns: a batch scrubs thousands of answers with the same key.
let last: Patterns | null = null;

function patternsFor(key: string): Patterns {
  if (last?.key === key) return last;
  const masked =
    key.length >= 12
      ? new RegExp(`${escapeRegExp(key.slice(0, 6))}[^\\s"',]*${escapeRegExp(key.slice(-4))}`, 'g')
      : null;
  last = { key, forms: keyForms(key).map(formPatterns), masked };
  return last;
}

function formPatterns(key: string): FormPatterns {
  const bytes = utf8(key);
  const hexOf = (b: number) => b.toString(16).padStart(2, '0');
  const spelled = [...key]
    .map((c) => {
      const cb = utf8(c);
      const alts = [
        escapeRegExp(c),
        cb.map((b) => `%${hexOf(b)}`).join(''),
        ...(c.length === 1 ? [`\\\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`] : []),
        `&#0*${c.codePointAt(0)};`,
        `&#x0*${c.codePointAt(0)!.toString(16)};`,
      ];
      return `(?:${alts.join('|')})`;
    })
    .join(SEP);
  const hex = bytes.map((b) => `(?:\\\\x|0x)?${hexOf(b)}`).join('[\\s:,\\-]{0,2}');
  const base64: string[] = [];
  for (let o = 0; o < 3; o++) {
    const padded = [...new Array<number>(o).fill(0), ...bytes];
    const enc = toBase64(padded);
    // Characters that also encode the neighbouring text's bits are left out: what stays is in every encoding.
    const core = enc.slice(o === 0 ? 0 : o + 1, padded.length % 3 === 0 ? enc.length : enc.length - 1);
    if (core.length >= 4) base64.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return { form: key, spelled: new RegExp(spelled, 'gi'), hex: new RegExp(hex, 'gi'), base64: [...new Set(base64)] };
}

/**
 * Hides `key` in `text` as written and in its common encodings. Only what is derived from the key is touched, so
 * an answer that merely mentions "Bearer tokens" or "sk-" prefixes stays as the model wrote it.
 */
export function scrubKey(text: string, key?: string): string {
  const k = key?.trim();
  if (!k || k.length < 4 || !text) return text;
  let out = text.split(k).join(KEY_HIDDEN);
  if (k.length < MIN_ENCODED) return out;
  const p = patternsFor(k);
  for (const f of p.forms) {
    out = out.split(f.form).join(KEY_HIDDEN);
    for (const b of f.base64) out = out.split(b).join(KEY_HIDDEN);
    out = out.replace(f.spelled, KEY_HIDDEN).replace(f.hex, KEY_HIDDEN);
  }
  if (p.masked) out = out.replace(p.masked, KEY_HIDDEN);
  return hideFolded(out, (folded) => [
    ...p.forms.flatMap((f) => [...literal(folded, f.form), ...f.base64.flatMap((b) => literal(folded, b)), ...matches(folded, f.spelled), ...matches(folded, f.hex)]),
    ...(p.masked ? matches(folded, p.masked) : []),
  ]);
}

type Span = [start: number, end: number];

/** NFKC of each non-ASCII character met so far (a long answer repeats few distinct ones). */
const FOLDED = new Map<string, string>();

/**
 * `text` with every span `find` reports in its NFKC-folded form hidden, mapped back onto the characters it came
 * from (folded one character at a time, so each folded character knows its origin). Text NFKC leaves as it is (all
 * ASCII text among it) is returned unchanged without a second search.
 */
function hideFolded(text: string, find: (folded: string) => Span[]): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(text) || text.normalize('NFKC') === text) return text;
  // The characters folding changed: where each sits in the folded text and in the text, and both lengths.
  const changed: { f: number; o: number; fl: number; ol: number }[] = [];
  let shift = 0;
  // eslint-disable-next-line no-control-regex
  const folded = text.replace(/[^\x00-\x7f]+/g, (run: string, at: number) => {
    // A run NFKC leaves alone (most CJK text) is passed over whole; a changed one is folded character by character.
    if (run.normalize('NFKC') === run) return run;
    let out = '';
    let o = at;
    for (const c of run) {
      let n = FOLDED.get(c);
      if (n === undefined) FOLDED.set(c, (n = c.normalize('NFKC')));
      if (n !== c) {
        changed.push({ f: o + shift, o, fl: n.length, ol: c.length });
        shift += n.length - c.length;
      }
      out += n;
      o += c.length;
    }
    return out;
  });
  /** The text's span of folded position `i`'s character. */
  const origin = (i: number): Span => {
    let lo = 0;
    let hi = changed.length - 1;
    let k = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (changed[mid].f <= i) {
        k = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (k < 0) return [i, i + 1];
    const c = changed[k];
    if (i < c.f + c.fl) return [c.o, c.o + c.ol];
    const o = i - (c.f + c.fl) + c.o + c.ol;
    return [o, o + 1];
  };
  const spans = find(folded)
    .filter(([a, b]) => b > a)
    .map(([a, b]): Span => [origin(a)[0], origin(b - 1)[1]])
    .sort((x, y) => x[0] - y[0] || y[1] - x[1]);
  let out = '';
  let last = 0;
  for (const [a, b] of spans) {
    if (b <= last) continue;
    out += text.slice(last, Math.max(a, last));
    // Overlapping spans are hidden as one; adjacent ones stay two, as the unfolded passes write them.
    if (a >= last) out += KEY_HIDDEN;
    last = b;
  }
  return out + text.slice(last);
}

function literal(text: string, needle: string): Span[] {
  const out: Span[] = [];
  if (!needle) return out;
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + needle.length)) out.push([i, i + needle.length]);
  return out;
}

function matches(text: string, re: RegExp): Span[] {
  return [...text.matchAll(re)].map((m): Span => [m.index, m.index + m[0].length]);
}

/**
 * For error text: the key (scrubKey) and anything that looks like a bearer token or a provider key, known or not.
 * Providers echo keys in 401 bodies (OpenAI prints a masked prefix; proxies sometimes the whole key).
 */
export function scrubSecret(text: string, key?: string): string {
  const bearer = /Bearer\s+[A-Za-z0-9._~+/=-]{8,}/gi;
  const sk = /\bsk-[A-Za-z0-9_*-]{8,}/g;
  const out = scrubKey(text, key).replace(bearer, `Bearer ${KEY_HIDDEN}`).replace(sk, KEY_HIDDEN);
  // In a compatibility form (a fullwidth "Ｂｅａｒｅｒ …"), the whole match is hidden, its word included.
  return hideFolded(out, (folded) => [...matches(folded, bearer), ...matches(folded, sk)]);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function utf8(s: string): number[] {
  return [...new TextEncoder().encode(s)];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 without padding. */
function toBase64(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += B64[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}
