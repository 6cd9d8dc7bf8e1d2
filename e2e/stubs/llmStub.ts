// Local stand-ins for an OpenAI-compatible and an Anthropic Messages server, for Playwright.
// Plain node:http on 127.0.0.1 and a random free port; tests script each answer, then close it.
// CORS is open (the page calls it cross-origin under COEP require-corp, which allows CORS fetches).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type StubProtocol = 'openai' | 'anthropic';

export type StubReply =
  | { kind: 'ok'; text?: string; delayMs?: number }
  | { kind: 'status'; status: number; retryAfter?: string; body?: string }
  /** Accepts the request and never answers (until the stub closes). */
  | { kind: 'never' }
  /** 200 with a body that is not the API's JSON. */
  | { kind: 'garbage'; body?: string }
  /** 200, valid envelope, but the model text has no numbered points or JSON. */
  | { kind: 'prose'; text?: string }
  /** A redirect (307 by default) to `location`, as a proxy or a moved server answers. */
  | { kind: 'redirect'; location: string; status?: number };

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface LlmStub {
  protocol: StubProtocol;
  /** Base URL to type into the app, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replies for the next requests, in order; afterwards `respond` (when set), then `fallback` answers. */
  queue(...replies: StubReply[]): void;
  fallback: StubReply;
  /** Chooses a reply from the request (e.g. by the diff in the prompt), so concurrent runs stay deterministic. */
  respond?: (req: RecordedRequest) => StubReply | undefined;
  /** Every answered POST, also beyond the recorded ones. */
  count: number;
  /** Every request of any kind (CORS preflights included): a host that must hear nothing must count 0. */
  seen: number;
  /** Requests being answered now, and the most at any time (for concurrency limits). */
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

export const STUB_ANSWER = [
  '1. The logging level of the polling lock message has been changed from info to debug.',
  '2. The message text itself is unchanged.',
  '',
  'Implications:',
  '1. The message will no longer appear in production logs at the info level.',
  '2. Diagnosing lock problems may now need debug logging.',
].join('\n');

const MAX_BODY = 1 << 20; // 1 MiB: the stub is bounded
const MAX_RECORDED = 200;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Retry-After',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export async function startLlmStub(protocol: StubProtocol): Promise<LlmStub> {
  const pending: StubReply[] = [];
  const sockets = new Set<Socket>();
  const stub: LlmStub = {
    protocol,
    baseUrl: '',
    requests: [],
    fallback: { kind: 'ok' },
    count: 0,
    seen: 0,
    inFlight: 0,
    maxInFlight: 0,
    queue: (...replies) => pending.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const path = protocol === 'openai' ? '/v1/chat/completions' : '/v1/messages';

  const server: Server = createServer((req, res) => {
    stub.seen++;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        'Access-Control-Allow-Private-Network': 'true',
        'Access-Control-Max-Age': '0',
      });
      res.end();
      return;
    }
    readBody(req)
      .then((raw) => {
        let body: unknown = raw;
        try {
          body = JSON.parse(raw);
        } catch {
          // keep the text
        }
        const recorded = {
          method: req.method ?? '',
          url: req.url ?? '',
          headers: { ...req.headers },
          body,
        };
        if (stub.requests.length < MAX_RECORDED) stub.requests.push(recorded);
        if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== path) {
          send(res, 404, { error: { message: `stub serves POST ${path}` } });
          return;
        }
        stub.count++;
        stub.inFlight++;
        stub.maxInFlight = Math.max(stub.maxInFlight, stub.inFlight);
        let closed = false;
        res.on('close', () => {
          if (!closed) stub.inFlight--;
          closed = true;
        });
        answer(req, res, pending.shift() ?? stub.respond?.(recorded) ?? stub.fallback);
      })
      .catch(() => send(res, 413, { error: { message: 'request too large' } }));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  function answer(req: IncomingMessage, res: ServerResponse, reply: StubReply) {
    switch (reply.kind) {
      case 'ok':
      case 'prose': {
        const text =
          reply.text ??
          (reply.kind === 'ok' ? STUB_ANSWER : 'I looked at the change and it seems fine overall.');
        const envelope =
          protocol === 'openai'
            ? {
                id: 'chatcmpl-stub',
                object: 'chat.completion',
                choices: [
                  {
                    index: 0,
                    message: { role: 'assistant', content: text },
                    finish_reason: 'stop',
                  },
                ],
              }
            : {
                id: 'msg_stub',
                type: 'message',
                role: 'assistant',
                content: [{ type: 'text', text }],
                stop_reason: 'end_turn',
              };
        const delay = reply.kind === 'ok' ? (reply.delayMs ?? 0) : 0;
        setTimeout(() => send(res, 200, envelope), delay);
        return;
      }
      case 'status': {
        // Like real providers, a 401 echoes the key it got: the app must scrub it before showing.
        const got = String(req.headers['x-api-key'] ?? req.headers.authorization ?? '').replace(
          /^Bearer /,
          '',
        );
        const body =
          reply.body ??
          JSON.stringify(
            reply.status === 401
              ? {
                  error: {
                    type: 'authentication_error',
                    message: `Incorrect API key provided: ${got}`,
                  },
                }
              : { error: { type: 'stub_error', message: `stub answered ${reply.status}` } },
          );
        const headers: Record<string, string> = { ...CORS, 'Content-Type': 'application/json' };
        if (reply.retryAfter !== undefined) headers['Retry-After'] = reply.retryAfter;
        res.writeHead(reply.status, headers);
        res.end(body);
        return;
      }
      case 'redirect':
        res.writeHead(reply.status ?? 307, { ...CORS, Location: reply.location, 'Content-Type': 'application/json' });
        res.end('{}');
        return;
      case 'never':
        return; // the socket stays open until the client aborts or the stub closes
      case 'garbage':
        res.writeHead(200, { ...CORS, 'Content-Type': 'text/html' });
        res.end(
          reply.body ?? '<html><body>502 Bad Gateway from a proxy <b>not JSON</b></body></html>',
        );
        return;
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  stub.baseUrl = `http://127.0.0.1:${port}/v1`;
  return stub;
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The prompt a recorded request carried (OpenAI or Anthropic body), or '' when there is none. */
export function promptOf(req: RecordedRequest): string {
  const body = req.body as { messages?: { content?: unknown }[] } | undefined;
  const c = body?.messages?.[0]?.content;
  return typeof c === 'string' ? c : '';
}
