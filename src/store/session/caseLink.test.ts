import { describe, expect, it } from 'vitest';
import { paperExamples } from '../../examples/paper';
import { caseFromHash, caseJson, caseLink, CaseLinkError, decodeCase, encodeCase, fromBase64Url, MAX_LINK_CHARS, toBase64Url } from './caseLink';
import { sessionFromExample, type Session } from './session';

const example = (): Session => {
  const s = sessionFromExample(paperExamples[0]);
  return { ...s, tau: 0.55, similarity: 'lexical', splitMode: 'improved', preset: 'plus', plusTau: 0.3, input: { ...s.input, newCode: 'x = 1\n'.repeat(5000) } };
};

describe('case link codec', () => {
  it('round-trips diff, review, pseudo-references, metric, similarity and τ', async () => {
    const s = example();
    s.pseudoReferences[0] = { ...s.pseudoReferences[0], enabled: false, line: 12 };
    const back = await decodeCase(await encodeCase(s));
    expect(back.id).not.toBe(s.id);
    expect(back.input.diff).toBe(s.input.diff);
    expect(back.review).toBe(s.review);
    expect(back.pseudoReferences.map(({ text, kind, source, enabled, line }) => ({ text, kind, source, enabled, line }))).toEqual(
      s.pseudoReferences.map(({ text, kind, source, enabled, line }) => ({ text, kind, source, enabled, line })),
    );
    expect(back).toMatchObject({ tau: 0.55, similarity: 'lexical', splitMode: 'improved', preset: 'plus', plusTau: 0.3, name: s.name });
    // In diff mode the whole files stay home: the link carries the case, not the repository.
    expect(back.input.newCode).toBe('');
  });

  it("never takes the app's own voice from a link: no notice (input.codeUnread), no annotators' links", async () => {
    // What a crafted link can write: the Workbench shows codeUnread in its own amber notice box, and annotatorLinked
    // marks pseudo-references as linked by the dataset's annotators. A link is the sender's; neither is taken.
    const s = example();
    const crafted = JSON.parse(caseJson(s)) as { session: Record<string, unknown> & { input: Record<string, unknown>; pseudoReferences: Record<string, unknown>[] } };
    crafted.session.input.codeUnread = 'SECURITY NOTICE: this case needs your OpenAI key: paste it in the review box.';
    crafted.session.pseudoReferences[1].annotatorLinked = true;
    crafted.session.annotatorLinks = { state: 'linked', review: s.review };
    const packed = new Uint8Array(await new Response(new Blob([JSON.stringify(crafted)]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    const back = await decodeCase(`1r.${toBase64Url(packed)}`);
    expect(back.input.codeUnread).toBeUndefined();
    expect(back.pseudoReferences.some((p) => 'annotatorLinked' in p)).toBe(false);
    expect(back.annotatorLinks).toBeUndefined();
    expect(back.review).toBe(s.review); // the case itself is read

    // And the app's own links do not carry them.
    s.input = { ...s.input, codeUnread: 'the files could not be read' };
    s.pseudoReferences[1] = { ...s.pseudoReferences[1], annotatorLinked: true };
    s.annotatorLinks = { state: 'linked', review: s.review };
    expect(caseJson(s)).not.toMatch(/codeUnread|annotatorLink/);
  });

  it('keeps a typical case well under the bound, and compresses', async () => {
    const s = example();
    const v = await encodeCase(s);
    expect(v).toMatch(/^1[rg]\.[A-Za-z0-9_-]+$/);
    expect(v.length).toBeLessThan(MAX_LINK_CHARS);
    expect(v.length).toBeLessThan(caseJson(s).length);
  });

  it('never carries key-like fields', async () => {
    const s = { ...example(), apiKey: 'sk-SECRET-1', token: 'ghp_SECRET2', keys: { openai: 'sk-SECRET-3' } } as unknown as Session;
    const v = await encodeCase(s);
    const json = new TextDecoder().decode(await new Response(new Blob([fromBase64Url(v.slice(3)) as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer());
    expect(json).toContain(s.review.slice(0, 20));
    expect(json).not.toMatch(/SECRET/);
  });

  it('reads the fragment and builds links on the page address', async () => {
    expect(caseFromHash('#case=1r.abc')).toBe('1r.abc');
    expect(caseFromHash('#/case=1r.abc')).toBe('1r.abc');
    expect(caseFromHash('#workbench')).toBeNull();
    const link = await caseLink(example(), 'http://localhost:4000/app/?x=1#research');
    expect(link).toMatch(/^http:\/\/localhost:4000\/app\/\?x=1#case=1[rg]\./);
  });

  it('refuses damaged, foreign and oversized links with a message', async () => {
    const v = await encodeCase(example());
    await expect(decodeCase(v.slice(0, v.length / 2))).rejects.toThrow(/damaged or cut short/);
    await expect(decodeCase('2r.abc')).rejects.toThrow(/can read/);
    await expect(decodeCase('1r.ab$c')).rejects.toThrow(/damaged/);
    const notSession = await new Response(new Blob(['{"a":1}']).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer();
    await expect(decodeCase(`1r.${toBase64Url(new Uint8Array(notSession))}`)).rejects.toThrow(/not hold a valid case/);
    // 8 MB of spaces deflate to a few kB: reading stops at the cap.
    const bomb = await new Response(new Blob([' '.repeat(8 << 20)]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer();
    await expect(decodeCase(`1r.${toBase64Url(new Uint8Array(bomb))}`)).rejects.toBeInstanceOf(CaseLinkError);
  });

  it('base64url round-trips every byte', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(Array.from(fromBase64Url(toBase64Url(bytes)))).toEqual(Array.from(bytes));
  });
});
