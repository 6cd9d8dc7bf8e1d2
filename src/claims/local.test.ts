// The in-browser provider goes through generateClaimsText like every other provider: same validation, same
// cancel error, and no network at all.
import { afterEach, describe, expect, it } from 'vitest';
import { ClaimsError } from './errors';
import { generateClaimsText, validateSettings } from './generate';
import { setLocalGenerator, type LocalGenerateRequest } from './local';
import { effectiveConcurrency, type LlmSettings } from './providers';

const settings: LlmSettings = {
  provider: 'browser',
  baseUrl: '',
  model: 'onnx-community/Qwen2.5-Coder-1.5B-Instruct',
  apiKey: '',
  temperature: 0,
  maxNewTokens: 256,
};
const noNetwork = (() => {
  throw new Error('the in-browser provider must not fetch');
}) as unknown as typeof fetch;

afterEach(() => setLocalGenerator(null));

describe('in-browser provider through generateClaimsText', () => {
  it('needs no base URL or key, but a model and sane limits', () => {
    expect(() => validateSettings(settings)).not.toThrow();
    expect(() => validateSettings({ ...settings, model: ' ' })).toThrow('Choose a model');
    expect(() => validateSettings({ ...settings, maxNewTokens: 0 })).toThrow('Max new tokens');
    expect(() => validateSettings({ ...settings, temperature: 3 })).toThrow('Temperature');
  });

  it('hands the prompt and settings to the registered generator and streams its text', async () => {
    const seen: LocalGenerateRequest[] = [];
    const pieces: string[] = [];
    setLocalGenerator(async (req) => {
      seen.push(req);
      req.onToken?.('1. A');
      req.onToken?.(' claim.');
      return {
        text: '1. A claim.',
        elapsedMs: 40,
        tokens: 4,
        tokensPerSecond: 100,
        interrupted: false,
      };
    });
    const r = await generateClaimsText({
      settings,
      prompt: 'P',
      fetchImpl: noNetwork,
      onToken: (t) => pieces.push(t),
    });
    expect(r).toMatchObject({ text: '1. A claim.', tokens: 4, tokensPerSecond: 100 });
    expect(seen[0].prompt).toBe('P');
    expect(seen[0].settings.maxNewTokens).toBe(256);
    expect(pieces.join('')).toBe('1. A claim.');
  });

  it('Cancel gives the same cancelled error as the other providers, with the text so far', async () => {
    const ctrl = new AbortController();
    setLocalGenerator(async () => {
      ctrl.abort();
      return { text: '1. Half', elapsedMs: 5, tokens: 2, tokensPerSecond: 400, interrupted: true };
    });
    const e = await generateClaimsText({ settings, prompt: 'P', signal: ctrl.signal }).catch(
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ClaimsError);
    expect((e as ClaimsError).kind).toBe('cancelled');
    expect((e as ClaimsError).raw).toBe('1. Half');
  });

  it('without a registered generator (the command line) says it runs only in the browser', async () => {
    await expect(generateClaimsText({ settings, prompt: 'P' })).rejects.toThrow(
      'runs only in the browser',
    );
  });

  it('declares one call at a time for batch runs', () => {
    expect(effectiveConcurrency('browser', 8)).toBe(1);
    expect(effectiveConcurrency('openai', 8)).toBe(8);
  });
});
