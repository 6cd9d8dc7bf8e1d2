// Hostile inputs for the files the app reads besides datasets and weights (those have their own suites): session
// files and share links field by field, saved annotation workspaces, and the saved Research dataset after a
// failed save. Each is refused with the field named, or set aside; none is used half-read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { annotationItemsProblem } from '../../core/annotationCheck';
import { itemsFromRows } from '../../core/annotation';
import { sampleJsonl } from '../../core/importers/sample';
import { importFiles } from '../../core/importers/index';
import { caseLink, decodeCase, encodeCase, toBase64Url } from './caseLink';
import { useSetAside } from '../shared/quarantine';
import { checkSaved, markLatest } from '../research/researchPersist';
import { exampleSessions } from './session';
import { exportSession, importSession, SESSION_FORMAT, SessionFileError, storedSessionProblem } from './sessionFile';

const good = () => JSON.parse(exportSession(exampleSessions()[0])) as { format: string; session: Record<string, unknown> };
const withField = (k: string, v: unknown) => {
  const f = good();
  f.session[k] = v;
  return JSON.stringify(f);
};

describe('session files: a field of the wrong kind is named, not silently replaced', () => {
  it.each([
    ['name', 42],
    ['review', { text: 'x' }],
    ['note', []],
    ['tau', 1.5],
    ['tau', '0.7'],
    ['plusTau', -1],
    ['learnedTau', null],
    ['pseudoReferences', 'claims'],
    ['input', 'diff'],
    ['similarity', 3],
  ])('%s = %j', (field, value) => {
    expect(() => importSession(withField(field, value))).toThrow(SessionFileError);
    expect(() => importSession(withField(field, value))).toThrow(new RegExp(`"${field}"`));
  });
  it.each([
    ['input.diff', { diff: 7 }],
    ['input.language', { diff: '', language: ['py'] }],
  ])('%s', (field, input) => {
    expect(() => importSession(withField('input', input))).toThrow(new RegExp(`"${field.replace('.', '\\.')}"`));
  });
  it('a pseudo-reference that is not an object is named by number', () => {
    expect(() => importSession(withField('pseudoReferences', [{ text: 'a' }, 'b']))).toThrow(/Pseudo-reference 2/);
  });
  it('no session object, or not a session file at all', () => {
    expect(() => importSession(JSON.stringify({ format: SESSION_FORMAT }))).toThrow(/no "session" object/);
    expect(() => importSession(JSON.stringify({ format: SESSION_FORMAT, session: [1] }))).toThrow(/no "session" object/);
    expect(() => importSession('\u0000\u0001binary')).toThrow(/Not a JSON file/);
    expect(() => importSession('')).toThrow(SessionFileError);
  });
  it('a good export still imports', () => expect(importSession(exportSession(exampleSessions()[0])).review).toBe(exampleSessions()[0].review));
});

describe('share links are read by the same validating reader', () => {
  it('a link carrying a session with a wrong field is refused with the field named', async () => {
    const s = exampleSessions()[0];
    const ok = await encodeCase(s);
    expect((await decodeCase(ok)).review).toBe(s.review);
    const bytes = new TextEncoder().encode(withField('tau', 'high'));
    const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const packed = new Uint8Array(await new Response(stream).arrayBuffer());
    // Same framing as encodeCase writes: "1r." and base64url.
    expect(ok.slice(0, 3)).toBe('1r.');
    const value = `1r.${toBase64Url(packed)}`;
    await expect(decodeCase(value)).rejects.toThrow(/"tau"/);
  });
  it('damaged links are typed errors', async () => {
    for (const v of ['', '1r.', '1r.!!!', '1z.AAAA', `1r.${'A'.repeat(50)}`, '1g.AAAA']) await expect(decodeCase(v)).rejects.toThrow();
    expect(await caseLink(exampleSessions()[0], 'https://x.test/')).toMatch(/^https:\/\/x\.test\/#case=/);
  });
});

describe('saved annotation items are checked field by field', () => {
  const items = () => JSON.parse(JSON.stringify(itemsFromRows(importFiles([{ name: 'sample.jsonl', text: sampleJsonl() }]).rows.slice(0, 3)))) as Record<string, unknown>[];
  it('the items the app makes pass', () => expect(annotationItemsProblem(items())).toBeNull());
  it.each([
    ['not a list', () => 'x', /items is not a list/],
    ['an item that is a number', () => [1], /items\[0\] is not an object/],
    ['diff missing', () => items().map((it, k) => (k === 1 ? { ...it, diff: undefined } : it)), /items\[1\]\.diff/],
    ['reviews not a list', () => items().map((it) => ({ ...it, reviews: {} })), /items\[0\]\.reviews/],
    ['a rating of 9', () => items().map((it) => ({ ...it, reviews: (it.reviews as object[]).map((r) => ({ ...r, con: 9 })) })), /reviews\[0\]\.con is 9/],
    ['accuracy 7', () => items().map((it) => ({ ...it, pseudoRefs: (it.pseudoRefs as object[]).map((p) => ({ ...p, accuracy: 7 })) })), /accuracy is 7/],
    ['addressed a text', () => items().map((it) => ({ ...it, reviews: (it.reviews as object[]).map((r) => ({ ...r, addressed: '1,2' })) })), /addressed/],
  ] as [string, () => unknown, RegExp][])('%s', (_, make, message) => {
    expect(annotationItemsProblem(make())).toMatch(message);
  });
});

describe('the saved Research dataset after a reload', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    };
    useSetAside.setState({ items: [] });
  });
  afterEach(() => delete (globalThis as { localStorage?: unknown }).localStorage);
  const files = [{ name: 'a.jsonl', text: sampleJsonl() }];

  it('is used as current when it is the last one opened', () => {
    const g = markLatest('a.jsonl', 0);
    const c = checkSaved({ dataset: { files, generation: g, savedAt: 1 }, run: { state: 'finished', config: {} as never, done: 1, total: 1, generation: g } });
    expect(c.files).toEqual(files);
    expect(c.note).toBeNull();
    expect(c.run).not.toBeNull();
  });
  it('is said to be older when the last dataset opened could not be saved, and its run is not restored onto it', () => {
    const g = markLatest('a.jsonl', 0);
    markLatest('b.csv', g); // opened later; its IndexedDB save failed, so IndexedDB still holds a.jsonl
    const c = checkSaved({ dataset: { files, generation: g, savedAt: 1 }, run: { state: 'finished', config: {} as never, done: 1, total: 1, generation: g + 1 } });
    expect(c.files).toEqual(files);
    expect(c.note).toMatch(/b\.csv.*could not be saved.*older copy/);
    expect(c.run).toBeNull();
  });
  it('is not shown after a clear whose save failed', () => {
    const g = markLatest('a.jsonl', 0);
    markLatest(null, g);
    expect(checkSaved({ dataset: { files, generation: g } }).files).toBeNull();
  });
  it('a large file saved as its Blob comes back beside an older save\'s text; a Blob-less file entry is refused', () => {
    const g = markLatest('a.jsonl', 0);
    const mixed = [...files, { name: 'big.jsonl', blob: new Blob(['{}']) }];
    expect(checkSaved({ dataset: { files: mixed, generation: g } }).files).toEqual(mixed);
    expect(checkSaved({ dataset: { files: [{ name: 'big.jsonl', blob: '{}' }] as never, generation: g } }).files).toBeNull();
  });
  it('a malformed saved record is set aside, not used', () => {
    const c = checkSaved({ dataset: { files: [{ name: 1, text: null }] as never } });
    expect(c.files).toBeNull();
    expect(useSetAside.getState().items[0]?.what).toMatch(/Research dataset/);
  });
});

describe('sessions as browser storage gives them back', () => {
  const s = () => JSON.parse(JSON.stringify(exampleSessions()[0])) as Record<string, unknown>;
  it('the sessions the app makes pass', () => {
    for (const x of exampleSessions()) expect(storedSessionProblem(x)).toBeNull();
  });
  it.each([
    ['not an object', () => 'x', /not an object/],
    ['no id', () => ({ ...s(), id: undefined }), /"id"/],
    ['review a number', () => ({ ...s(), review: 3 }), /"review"/],
    ['tau out of range', () => ({ ...s(), tau: 7 }), /"tau"/],
    ['input missing', () => ({ ...s(), input: null }), /"input"/],
    ['diff missing', () => ({ ...s(), input: { mode: 'diff' } }), /"input\.diff"/],
    ['pseudo-references a text', () => ({ ...s(), pseudoReferences: 'x' }), /"pseudoReferences"/],
    ['a pseudo-reference without text', () => ({ ...s(), pseudoReferences: [{ id: 'p' }] }), /pseudo-reference 1/],
  ] as [string, () => unknown, RegExp][])('%s', (_, make, message) => {
    expect(storedSessionProblem(make())).toMatch(message);
  });
});
