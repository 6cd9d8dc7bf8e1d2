// fetch that cannot hang: the hub may accept a connection and never answer (or stall mid-file).
// The timer covers the wait for headers and then every gap between body chunks, so a 600 MB file may take
// as long as it needs while a silent server fails after `ms`.

export class FetchTimeoutError extends Error {
  override name = 'FetchTimeoutError';
}

export function timedFetch(base: typeof fetch, ms: () => number): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const ctrl = new AbortController();
    const limit = ms();
    const fail = () =>
      ctrl.abort(
        new FetchTimeoutError(`no data from ${safeHost(url)} for ${Math.round(limit / 1000)} s`),
      );
    let timer = setTimeout(fail, limit);
    init?.signal?.addEventListener('abort', () => ctrl.abort(init.signal?.reason));
    let res: Response;
    try {
      res = await base(input, { ...init, signal: ctrl.signal });
    } catch (e) {
      clearTimeout(timer);
      throw ctrl.signal.aborted && ctrl.signal.reason instanceof Error ? ctrl.signal.reason : e;
    }
    clearTimeout(timer);
    if (!res.body) return res;
    timer = setTimeout(fail, limit);
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, c) {
          clearTimeout(timer);
          timer = setTimeout(fail, limit);
          c.enqueue(chunk);
        },
        flush() {
          clearTimeout(timer);
        },
      }),
    );
    return new Response(body, {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

/** Host only: URLs never go into messages whole (they could carry tokens). */
function safeHost(url: string): string {
  try {
    return new URL(url, 'http://localhost').host;
  } catch {
    return 'the server';
  }
}
