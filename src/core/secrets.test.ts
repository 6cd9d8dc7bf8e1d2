import { describe, expect, it } from 'vitest';
import { KEY_HIDDEN, scrubKey, scrubSecret } from './secrets';

const KEY = 'sk-proj-Ab3dEf9hIjK1mNoPqR7tUvWxYz05';
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const hex = (s: string) => Buffer.from(s, 'utf8').toString('hex');
/** The longest run of the key (6+ characters) still readable in `text`, in any case. */
const leaks = (text: string) => {
  const t = text.toLowerCase();
  for (let i = 0; i + 6 <= KEY.length; i++) if (t.includes(KEY.slice(i, i + 6).toLowerCase())) return KEY.slice(i, i + 6);
  return null;
};

describe('scrubKey: the key in every common encoding', () => {
  const cases: [string, string][] = [
    ['as written', KEY],
    ['upper-case', KEY.toUpperCase()],
    ['lower-case', KEY.toLowerCase()],
    ['spaced out', [...KEY].join(' ')],
    ['dashed out', [...KEY].join('-')],
    ['spaced by two', [...KEY].join('  ')],
    ['zero-width joined', [...KEY].join('\u200b')],
    ['URL-encoded (every byte)', [...Buffer.from(KEY)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')],
    ['URL-encoded (encodeURIComponent)', encodeURIComponent(KEY)],
    ['JSON \\u escapes', [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    ['HTML entities', [...KEY].map((c) => `&#${c.charCodeAt(0)};`).join('')],
    ['hex', hex(KEY)],
    ['HEX', hex(KEY).toUpperCase()],
    ['hex with colons', hex(KEY).match(/../g)!.join(':')],
    ['\\x hex', hex(KEY).match(/../g)!.map((h) => `\\x${h}`).join('')],
  ];
  for (const [name, form] of cases)
    it(name, () => {
      const out = scrubKey(`The header was ${form} as sent.`, KEY);
      expect(out).toBe(`The header was ${KEY_HIDDEN} as sent.`);
    });

  it('base64 and base64url at every byte offset inside a longer encoded text', () => {
    for (const prefix of ['', 'a', 'ab', 'Authorization: Bearer ', 'user:']) {
      for (const enc of [b64, b64url]) {
        const encoded = enc(`${prefix}${KEY}!`);
        const out = scrubKey(`Decoded header: ${encoded}`, KEY);
        expect(out, `${enc.name} after "${prefix}"`).toContain(KEY_HIDDEN);
        // What is left of the encoding decodes to at most two bytes of the key at either end.
        const left = out.replace('Decoded header: ', '').split(KEY_HIDDEN).join('');
        expect(left.length).toBeLessThanOrEqual(Math.ceil((prefix.length + 1) * 4 / 3) + 6);
      }
    }
  });

  // Issue 38: a model asked to "spell the key backwards" or "in ROT13" echoed it past the scrubber.
  const rot13 = (t: string) => t.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c <= 'Z' ? 65 : 97)));
  const reversed = (t: string) => [...t].reverse().join('');
  for (const [name, form] of [
    ['reversed', reversed(KEY)],
    ['reversed, spaced out', [...reversed(KEY)].join(' ')],
    ['ROT13', rot13(KEY)],
    ['ROT13, upper-case', rot13(KEY).toUpperCase()],
    ['ROT13 reversed', reversed(rot13(KEY))],
    ['reversed, in base64', b64(reversed(KEY))],
    ['ROT13, in base64', b64(rot13(KEY))],
  ] as const)
    it(name, () => {
      expect(scrubKey(`The key is ${form} as sent.`, KEY)).toBe(`The key is ${KEY_HIDDEN} as sent.`);
    });

  it('a masked echo that keeps the head and the tail', () => {
    expect(scrubKey(`key ${KEY.slice(0, 6)}*****${KEY.slice(-4)} rejected`, KEY)).toBe(`key ${KEY_HIDDEN} rejected`);
  });

  it('leaves an answer without the key exactly as written, generic tokens included', () => {
    const answer = 'Use a Bearer token from the vault; keys look like sk-xxxxxxxxxxxx. Links: {"1": [1, 2]}';
    expect(scrubKey(answer, KEY)).toBe(answer);
    expect(scrubKey(answer, '')).toBe(answer);
  });

  it('hides a short key only as written (its spaced-out form would match ordinary words)', () => {
    expect(scrubKey('abc1 and a b c 1', 'abc1')).toBe(`${KEY_HIDDEN} and a b c 1`);
  });

  it('a 1 MB answer is scrubbed quickly and completely', () => {
    const big = `${'lorem ipsum dolor '.repeat(60_000)}${[...KEY].join(' ')} ${b64(KEY)} ${hex(KEY)}`;
    const out = scrubKey(big, KEY);
    expect(leaks(out.slice(-400))).toBeNull();
    expect(out.split(KEY_HIDDEN).length - 1).toBe(3);
  });
});

describe('scrubSecret: error text', () => {
  it('also hides bearer tokens and sk- keys it was not told about', () => {
    const out = scrubSecret('Authorization: Bearer abcdefgh12345678 and sk-proj-ABCDEFGH1234 and ' + b64(KEY), KEY);
    expect(out).not.toContain('abcdefgh12345678');
    expect(out).not.toContain('sk-proj-ABCDEFGH1234');
    expect(out).not.toContain(b64(KEY).slice(4, 30));
  });
});

describe('scrubKey: compatibility forms (folded with NFKC before matching)', () => {
  // U+FF01–U+FF5E are the fullwidth forms of ASCII '!'–'~': NFKC folds each to its ASCII character.
  const fullwidth = (s: string) => [...s].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
  const cases: [string, string][] = [
    ['fullwidth', fullwidth(KEY)],
    ['fullwidth upper-case', fullwidth(KEY.toUpperCase())],
    ['fullwidth spaced out with ideographic spaces', [...fullwidth(KEY)].join('\u3000')],
    ['fullwidth reversed', fullwidth([...KEY].reverse().join(''))],
    ['half fullwidth', [...KEY].map((c, i) => (i % 2 ? fullwidth(c) : c)).join('')],
    ['mathematical bold digits and letters', KEY.replace(/[0-9]/g, (d) => String.fromCodePoint(0x1d7ce + Number(d)))],
    ['fullwidth base64', fullwidth(b64(KEY))],
  ];
  for (const [name, form] of cases)
    it(name, () => {
      const out = scrubKey(`ｷｰ: ${form}、 終わり`, KEY);
      expect(out).toBe(`ｷｰ: ${KEY_HIDDEN}、 終わり`); // the text around it stays as written (not folded)
      expect(leaks(out.normalize('NFKC'))).toBeNull();
    });

  it('an answer in fullwidth without the key is left exactly as written', () => {
    const text = 'ＡＢＣ１２３ は ﬁne です。 sk－not－the－key';
    expect(scrubKey(text, KEY)).toBe(text);
  });

  it('scrubSecret folds too: a fullwidth Bearer token it was not told about', () => {
    expect(scrubSecret(`got ${fullwidth('Bearer abcdefgh12345678')} here`)).toBe(`got ${KEY_HIDDEN} here`);
  });
});
