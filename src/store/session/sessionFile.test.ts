import { describe, expect, it } from 'vitest';
import { exampleSessions } from './session';
import { exportSession, importSession, SessionFileError, stripSecrets } from './sessionFile';

describe('session files', () => {
  it('round-trips a paper example', () => {
    const s = exampleSessions()[0];
    const back = importSession(exportSession(s));
    expect(back.id).not.toBe(s.id);
    expect(back.review).toBe(s.review);
    expect(back.input).toEqual(s.input);
    expect(back.pseudoReferences.map(({ text, kind, source, enabled }) => ({ text, kind, source, enabled }))).toEqual(
      s.pseudoReferences.map(({ text, kind, source, enabled }) => ({ text, kind, source, enabled })),
    );
    expect(back.tau).toBe(s.tau);
  });

  it('never writes key-like fields, however deep', () => {
    const s = { ...exampleSessions()[1], apiKey: 'sk-secret-1', input: { ...exampleSessions()[1].input, token: 'sk-secret-2' } };
    const text = exportSession(s);
    expect(text).not.toContain('sk-secret');
    expect(stripSecrets({ a: { OPENAI_API_KEY: 'x', b: [{ password: 'y', c: 1 }] } })).toEqual({ a: { b: [{ c: 1 }] } });
  });

  it('rejects files that are not sessions with a clear error', () => {
    expect(() => importSession('{')).toThrow(SessionFileError);
    expect(() => importSession('{"format":"other"}')).toThrow(/Not a CRScore Studio session/);
    expect(() =>
      importSession(JSON.stringify({ format: 'crscore-studio/session', session: { pseudoReferences: [{ kind: 'claim' }] } })),
    ).toThrow(/Pseudo-reference 1 has no text/);
  });

  it('drops a stored matrix whose shape does not match', () => {
    const s = { ...exampleSessions()[2], embedding: { encoderId: 'x', rows: 2, cols: 2, data: [1, 2, 3], pTexts: [], rTexts: [] } };
    expect(importSession(exportSession(s)).embedding).toBeUndefined();
  });

  it('never takes a similarity matrix from a file: the app computes its own (issue 38)', () => {
    const base = exampleSessions()[2];
    const forged = JSON.parse(exportSession(base));
    forged.session.similarity = 'embedding';
    forged.session.embedding = { encoderId: 'mixedbread-ai/mxbai-embed-large-v1', rows: 1, cols: 1, data: [0.99], selfData: [1], pTexts: ['a'], rTexts: ['b'] };
    expect(importSession(JSON.stringify(forged)).embedding).toBeUndefined();
    // The app's own files carry no matrix either: what it would keep is recomputed on opening.
    const own = { ...base, embedding: { encoderId: 'use-lite', rows: 1, cols: 1, data: [0.5], pTexts: ['a'], rTexts: ['b'] } };
    expect(JSON.parse(exportSession(own)).session.embedding).toBeUndefined();
  });

  it("carries a dataset case's annotator links, and loads files saved before them without any", () => {
    const base = exampleSessions()[0];
    const s = {
      ...base,
      pseudoReferences: base.pseudoReferences.map((p, k) => (k === 0 ? { ...p, annotatorLinked: true } : p)),
      annotatorLinks: { state: 'linked' as const, review: base.review },
    };
    const back = importSession(exportSession(s));
    expect(back.annotatorLinks).toEqual({ state: 'linked', review: base.review });
    expect(back.pseudoReferences.map((p) => p.annotatorLinked === true)).toEqual(base.pseudoReferences.map((_, k) => k === 0));
    const old = importSession(exportSession(base));
    expect(old.annotatorLinks).toBeUndefined();
    expect(old.pseudoReferences.some((p) => p.annotatorLinked)).toBe(false);
    // A state that is neither 'linked' nor 'none' is no record of links.
    const odd = JSON.parse(exportSession(s));
    odd.session.annotatorLinks.state = 'maybe';
    expect(importSession(JSON.stringify(odd)).annotatorLinks).toBeUndefined();
  });
});
