// A base URL that redirects: the key and the prompt go to the base URL's origin and nowhere else. fetch follows a
// redirect by itself and strips only `Authorization` on a cross-origin hop, so Anthropic's `x-api-key` went on to
// the other host, and with any key the prompt did, and its answer was taken as the provider's. Real fetch (Node's),
// two stubs on 127.0.0.1: the base URL's answers 307 to the other's port.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmStub, type LlmStub } from '../../e2e/stubs/llmStub';
import { ClaimsError } from './errors';
import { generateClaimsText } from './generate';
import type { LlmSettings } from './providers';

const KEY = 'sk-ant-redirect-SECRET-0123456789abcdef';

let base: LlmStub;
let other: LlmStub;
afterEach(async () => {
  await base.close();
  await other.close();
});

for (const protocol of ['anthropic', 'openai'] as const) {
  describe(`${protocol}: a redirect`, () => {
    beforeEach(async () => {
      base = await startLlmStub(protocol);
      other = await startLlmStub(protocol);
    });
    const settings = (): LlmSettings => ({ provider: protocol, baseUrl: base.baseUrl, model: 'm', apiKey: KEY, temperature: 0 });
    const path = protocol === 'openai' ? '/v1/chat/completions' : '/v1/messages';

    for (const status of [307, 308, 302, 301]) {
      it(`${status} to another port: the other host hears nothing, and the call fails saying why`, async () => {
        base.fallback = { kind: 'redirect', status, location: `${other.baseUrl}${path.slice(3)}` };
        const e = await generateClaimsText({ settings: settings(), prompt: 'the review' }).catch((x: unknown) => x);
        expect(e).toBeInstanceOf(ClaimsError);
        const err = e as ClaimsError;
        expect(err.kind).toBe('config');
        expect(err.message).toBe(
          `${new URL(base.baseUrl).host} answered with a redirect to another host (${new URL(other.baseUrl).host}); it was not followed, so neither the key nor the prompt went there. Set the base URL to the address the API answers on.`,
        );
        expect(err.retryable).toBe(false);
        expect(other.seen).toBe(0);
        expect(base.count).toBe(1);
        expect(JSON.stringify(err)).not.toContain(KEY);
      });
    }

    it('a redirect on the same origin is followed, with the key, as before', async () => {
      base.queue({ kind: 'redirect', location: `${path}?moved=1` }, { kind: 'ok', text: '1. Moved.' });
      const r = await generateClaimsText({ settings: settings(), prompt: 'the review' });
      expect(r.text).toBe('1. Moved.');
      expect(base.requests.map((q) => q.url)).toEqual([path, `${path}?moved=1`]);
      const sent = base.requests[1].headers[protocol === 'openai' ? 'authorization' : 'x-api-key'];
      expect(sent).toBe(protocol === 'openai' ? `Bearer ${KEY}` : KEY);
      expect(JSON.stringify(base.requests[1].body)).toContain('the review');
    });
  });
}
