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
