import { describe, expect, it } from 'vitest';
import { answerKey, sha256Hex } from './cache';
import type { LlmSettings } from '../claims/providers';
import { openAiRequest } from '../claims/openai';
import { anthropicRequest } from '../claims/anthropic';

const base: LlmSettings = { provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKey: '', temperature: 0 };

describe('top-p and a system message', () => {
  it('leave the cache key of a request without them as it was, and change it when set', async () => {
    const old = await sha256Hex(JSON.stringify(['openai-compatible', 'http://127.0.0.1:1/v1', 'm', 0, await sha256Hex('p')]));
    expect((await answerKey(base, 'p')).key).toBe(old);
    expect((await answerKey({ ...base, topP: 0.95 }, 'p')).key).not.toBe(old);
    expect((await answerKey({ ...base, system: 's' }, 'p')).key).not.toBe(old);
  });
  it('are sent only when set, in each API\'s own shape', () => {
    const body = (r: { init: { body: string } }) => JSON.parse(r.init.body) as Record<string, unknown>;
    expect(body(openAiRequest(base, 'p'))).not.toHaveProperty('top_p');
    expect(body(openAiRequest({ ...base, topP: 0.95, system: 's' }, 'p'))).toMatchObject({ top_p: 0.95, messages: [{ role: 'system', content: 's' }, { role: 'user', content: 'p' }] });
    const a = body(anthropicRequest({ ...base, provider: 'anthropic', topP: 0.95, system: 's' }, 'p'));
    expect(a).toMatchObject({ top_p: 0.95, system: 's', messages: [{ role: 'user', content: 'p' }] });
    expect(body(anthropicRequest({ ...base, provider: 'anthropic' }, 'p'))).not.toHaveProperty('system');
  });
});

describe('the most new tokens of a model run here', () => {
  // A local answer cut at 64 tokens is not the answer a 512-token run would write; a server's is the same answer
  // whatever the page's setting (only the local model reads it), so its key stays as it was.
  it('joins the key of a local model run, and of nothing else', async () => {
    const local: LlmSettings = { ...base, provider: 'browser', baseUrl: '', model: 'tiny' };
    const k = async (s: LlmSettings) => (await answerKey(s, 'p')).key;
    expect(await k({ ...local, maxNewTokens: 64 })).not.toBe(await k({ ...local, maxNewTokens: 512 }));
    expect(await k({ ...local, maxNewTokens: 64 })).toBe(await k({ ...local, maxNewTokens: 64 }));
    expect(await k({ ...base, maxNewTokens: 64 })).toBe(await k(base));
  });
});
