// The browser's METEOR and ROUGE-L (labRefApi, what the compute workers run) equal the CLI's (referenceColumns with
// src/cli/metaeval/wordnet.ts's WordNet) and NLTK's recorded values, with WordNet fetched as the workers fetch it: the body
// the Vite plugin (scripts/vite-wordnet.ts) serves. Also: the download's progress, and a failed fetch.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Connect, Plugin, ViteDevServer } from 'vite';
import { serveWordNet } from '../../../scripts/vite-wordnet';
import { loadWordNet } from '../../cli/metaeval/wordnet';
import { labReferenceScorer } from '../../core/lab/metrics';
import { WORDNET_ASSET } from '../../core/refmetrics/wordnet';
import { labRefApi } from './labRefApi';
import type { RefPair } from './researchCompute';

interface Recorded {
  pairs: { reference: string; candidate: string; rougeLStemmed: number; meteor: number; meteorNoWordNet: number }[];
}
const fixture = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'core', 'refmetrics', 'fixtures', 'meteor-rouge-reference.json'), 'utf8'),
) as Recorded;
const pairs: RefPair[] = [...fixture.pairs.map((p): RefPair => [p.candidate, p.reference]), ['a review of a change without a reference', null]];

/** What the dev server's middleware answers for `url`. */
async function served(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer | null }> {
  let handler: Connect.NextHandleFunction | null = null;
  const configure = (serveWordNet() as Plugin & { configureServer: (s: ViteDevServer) => void }).configureServer;
  configure.call(undefined as never, { middlewares: { use: (h: Connect.NextHandleFunction) => (handler = h) } } as unknown as ViteDevServer);
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    const res = {
      setHeader: (k: string, v: string) => (headers[k.toLowerCase()] = v),
      end: (b: Buffer) => resolve({ status: 200, headers, body: b }),
    };
    handler!({ url } as never, res as never, () => resolve({ status: 404, headers, body: null }));
  });
}

let body: Buffer;
beforeAll(async () => {
  const r = await served(`/${WORDNET_ASSET}`);
  expect(r.status).toBe(200);
  expect(r.headers['content-length']).toBe(String(r.body!.length));
  body = r.body!;
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

const stubFetch = (respond: (url: string) => Response) => {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    return Promise.resolve(respond(url));
  });
  return calls;
};

describe('METEOR and ROUGE-L in the compute workers', () => {
  it('a failed fetch rejects with the HTTP status, and the next call fetches again', async () => {
    const calls = stubFetch(() => new Response('not found', { status: 404 }));
    await expect(labRefApi.labWordNet('http://x/missing.txt', () => undefined)).rejects.toThrow(/HTTP 404/);
    await expect(labRefApi.labWordNet('http://x/missing.txt', () => undefined)).rejects.toThrow(/HTTP 404/);
    expect(calls).toHaveLength(2);
  });

  it("equal the CLI's values and NLTK's recorded ones, WordNet fetched once with its progress", async () => {
    const calls = stubFetch(() => new Response(new Uint8Array(body), { headers: { 'content-length': String(body.length) } }));
    const progress: [number, number | null][] = [];
    const url = `http://localhost/${WORDNET_ASSET}`;
    expect(await labRefApi.labWordNet(url, (l, t) => progress.push([l, t]))).toMatch(/^WordNet 3\.0/);
    expect(await labRefApi.labWordNet(url, () => undefined)).toMatch(/^WordNet 3\.0/);
    expect(calls).toEqual([url]);
    expect(progress.at(-1)).toEqual([body.length, body.length]);

    // The fixture is NLTK 3.10.3's: its tokenizer rules; the default (3.9) is the CLI's default too.
    const meteor = await labRefApi.labRefValues(pairs, 'meteor', true, '3.10');
    const cli = labReferenceScorer('meteor', loadWordNet(), '3.10');
    const def = await labRefApi.labRefValues(pairs, 'meteor', true);
    const cliDefault = labReferenceScorer('meteor', loadWordNet());
    for (const [p, k] of fixture.pairs.flatMap((p, k) => (p.reference ? [[p, k] as const] : []))) expect(def[k]).toBe(cliDefault(p.reference, p.candidate));
    // A pair whose reference is empty has no reference: not applicable (NaN here, null in the column), as in the CLI.
    const refd = fixture.pairs.flatMap((p, k) => (p.reference ? [[p, k] as const] : []));
    expect(refd.length).toBeGreaterThan(200);
    for (const [p, k] of refd) {
      expect(meteor[k], `${p.reference} | ${p.candidate}`).toBe(cli(p.reference, p.candidate));
      expect(meteor[k]).toBeCloseTo(p.meteor, 12);
    }
    expect(fixture.pairs.map((p, k) => (p.reference ? 0 : meteor[k])).filter((x) => !Number.isNaN(x) && x !== 0)).toEqual([]);
    expect(meteor.at(-1)).toBeNaN();
    const stems = await labRefApi.labRefValues(pairs, 'meteor', false, '3.10');
    for (const [p, k] of refd) expect(stems[k]).toBeCloseTo(p.meteorNoWordNet, 12);
    const rouge = await labRefApi.labRefValues(pairs, 'rouge-l', false);
    for (const [p, k] of refd) expect(rouge[k]).toBeCloseTo(p.rougeLStemmed, 12);
  }, 60_000);

  it('a well-formed WordNet that is not the shipped one (every synset blanked) is refused, so METEOR falls back', async () => {
    // Headers intact, every synset line empty: it parses, and before the check METEOR ran as "full" with the
    // values of the run without WordNet.
    const lines = body.toString('utf8').split('\n');
    const count = Number(lines[2].split(' ')[1]);
    for (let k = 3; k < 3 + count; k++) lines[k] = '';
    const blanked = Buffer.from(lines.join('\n'), 'utf8');
    stubFetch(() => new Response(new Uint8Array(blanked)));
    await expect(labRefApi.labWordNet('http://localhost/blanked/wordnet-3.0.txt', () => undefined)).rejects.toThrow(/not the one shipped \(SHA-256/);
    // The untouched file passes the same check.
    stubFetch(() => new Response(new Uint8Array(body)));
    expect(await labRefApi.labWordNet('http://localhost/intact/wordnet-3.0.txt', () => undefined)).toMatch(/^WordNet 3\.0/);
  }, 60_000);

  it('the dev server answers nothing else under its prefix', async () => {
    expect((await served('/wordnet/other.txt')).status).toBe(404);
  });
});
