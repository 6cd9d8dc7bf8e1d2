import { describe, expect, it } from 'vitest';
import { errorFromResponse, parseRetryAfter, providerDetail, scrubSecret } from './errors';

const KEY = 'sk-test-SECRET-0123456789abcdef';

describe('scrubSecret', () => {
  it('removes the whole key wherever it appears', () => {
    const out = scrubSecret(`Incorrect API key provided: ${KEY}. Key ${KEY} again`, KEY);
    expect(out).not.toContain(KEY);
    expect(out).not.toContain('SECRET');
    expect(out).toContain('[key hidden]');
  });

  it('removes a masked echo that keeps the key head and tail (OpenAI style)', () => {
    const masked = `${KEY.slice(0, 6)}**********************${KEY.slice(-4)}`;
    const out = scrubSecret(`Incorrect API key provided: ${masked}.`, KEY);
    expect(out).not.toContain(KEY.slice(-4));
    expect(out).toContain('Incorrect API key provided: [key hidden].');
  });

  it('removes bearer tokens and sk- keys even when the key is unknown', () => {
    const out = scrubSecret(
      'header was Authorization: Bearer abcdefgh12345678 and sk-proj-ABCDEFGH1234',
    );
    expect(out).not.toContain('abcdefgh12345678');
    expect(out).not.toContain('sk-proj-ABCDEFGH1234');
  });

  it('leaves ordinary text alone', () => {
    expect(scrubSecret('model not found: gpt-4o', KEY)).toBe('model not found: gpt-4o');
  });
});

describe('providerDetail', () => {
  it('picks the message out of OpenAI and Anthropic error bodies, scrubbed', () => {
    const openai = JSON.stringify({
      error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' },
    });
    expect(providerDetail(openai, KEY)).toBe('Incorrect API key provided: [key hidden]');
    const anthropic = JSON.stringify({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    expect(providerDetail(anthropic, KEY)).toBe('invalid x-api-key');
  });

  it('shortens long bodies and returns undefined for empty ones', () => {
    expect(providerDetail('x'.repeat(5000))!.length).toBeLessThan(700);
    expect(providerDetail('  ')).toBeUndefined();
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('1.5')).toBe(1500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
  });

  it('ignores missing or unreadable values', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-3')).toBeUndefined();
  });
});

describe('errorFromResponse', () => {
  it('classifies statuses', () => {
    expect(errorFromResponse(401, '', null).kind).toBe('auth');
    expect(errorFromResponse(403, '', null).kind).toBe('auth');
    expect(errorFromResponse(429, '', '3').kind).toBe('rate-limit');
    expect(errorFromResponse(500, '', null).kind).toBe('server');
    expect(errorFromResponse(503, '', null).kind).toBe('server');
    expect(errorFromResponse(404, '', null).kind).toBe('bad-request');
    expect(errorFromResponse(400, '', null).kind).toBe('bad-request');
  });

  it('carries Retry-After for 429 and says how long to wait', () => {
    const e = errorFromResponse(429, '{"error":{"message":"slow down"}}', '12');
    expect(e.retryAfterMs).toBe(12_000);
    expect(e.message).toContain('12 s');
    expect(e.detail).toBe('slow down');
    expect(errorFromResponse(429, '', null).message).toContain('did not say');
  });

  it('never lets the key into message or detail', () => {
    const e = errorFromResponse(
      401,
      JSON.stringify({ error: { message: `bad key ${KEY}` } }),
      null,
      KEY,
    );
    expect(e.message + (e.detail ?? '')).not.toContain(KEY);
    expect(JSON.stringify(e)).not.toContain(KEY);
  });
});
