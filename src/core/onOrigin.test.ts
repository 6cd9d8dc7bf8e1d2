// The one redirect rule of every request that carries a secret (the GitHub and the LLM clients).
import { describe, expect, it } from 'vitest';
import { fetchOnOrigin, RedirectRefused, type OriginInit } from './onOrigin';

interface Asked {
  url: string;
  init: OriginInit;
}
const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });
const opaque = () => Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });
const landedAt = (url: string) => Object.defineProperty(new Response('{}'), 'url', { value: url });

function script(...answers: Response[]) {
  const asked: Asked[] = [];
  const impl = async (url: string, init: OriginInit) => {
    asked.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('asked once too often');
    return next;
  };
  return { asked, impl };
}

describe('fetchOnOrigin', () => {
  it('asks with redirect "manual" and follows a redirect on the same origin, keeping the method and body of a 307', async () => {
    const { asked, impl } = script(redirect(307, '/v2/messages'), new Response('ok'));
    const res = await fetchOnOrigin(impl, 'https://api.example/v1/messages', { method: 'POST', body: 'p' }, { hidden: 'refuse' });
    expect(await res.text()).toBe('ok');
    expect(asked.map((a) => [a.url, a.init.method, a.init.body, a.init.redirect])).toEqual([
      ['https://api.example/v1/messages', 'POST', 'p', 'manual'],
      ['https://api.example/v2/messages', 'POST', 'p', 'manual'],
    ]);
  });

  it('a 303, or a 301/302 after a POST, is followed as a GET without the body (as fetch does)', async () => {
    for (const status of [301, 302, 303]) {
      const { asked, impl } = script(redirect(status, 'https://api.example/b'), new Response('ok'));
      await fetchOnOrigin(impl, 'https://api.example/a', { method: 'POST', body: 'p' }, { hidden: 'refuse' });
      expect(asked[1].init, String(status)).toMatchObject({ method: 'GET', body: undefined });
    }
  });

  it('a redirect to another origin (another port, scheme or host) is refused before anything is sent there', async () => {
    for (const to of ['http://127.0.0.1:9/x', 'https://127.0.0.1:8443/x', 'http://evil.example/x', '//evil.example/x']) {
      const { asked, impl } = script(redirect(307, to));
      const e = await fetchOnOrigin(impl, 'https://127.0.0.1:8444/v1', {}, { hidden: 'follow' }).catch((x: unknown) => x);
      expect(e, to).toBeInstanceOf(RedirectRefused);
      expect((e as RedirectRefused).to).toBe(new URL(to, 'https://x').host);
      expect(asked).toHaveLength(1);
    }
  });

  it("a browser's opaque redirect is refused, or (hidden: 'follow') asked again and refused when it landed elsewhere", async () => {
    const refused = script(opaque());
    await expect(fetchOnOrigin(refused.impl, 'https://api.example/a', {}, { hidden: 'refuse' })).rejects.toMatchObject({ reason: 'hidden', to: null });
    expect(refused.asked).toHaveLength(1);

    const home = script(opaque(), landedAt('https://api.example/repositories/1'));
    expect((await fetchOnOrigin(home.impl, 'https://api.example/a', {}, { hidden: 'follow' })).status).toBe(200);
    expect(home.asked.map((a) => a.init.redirect)).toEqual(['manual', 'follow']);

    const away = script(opaque(), landedAt('https://evil.example/x'));
    await expect(fetchOnOrigin(away.impl, 'https://api.example/a', {}, { hidden: 'follow' })).rejects.toMatchObject({ to: 'evil.example' });
  });

  it('a fetch that followed by itself to another origin is refused too; a redirect loop stops', async () => {
    await expect(fetchOnOrigin(script(landedAt('https://evil.example/x')).impl, 'https://api.example/a', {}, { hidden: 'refuse' })).rejects.toMatchObject({ to: 'evil.example' });
    const loop = script(...Array.from({ length: 20 }, () => redirect(302, '/a')));
    await expect(fetchOnOrigin(loop.impl, 'https://api.example/a', {}, { hidden: 'refuse', maxHops: 3 })).rejects.toMatchObject({ reason: 'too-many' });
    expect(loop.asked).toHaveLength(3);
  });
});
