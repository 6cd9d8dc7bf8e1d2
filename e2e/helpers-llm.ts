// One LLM stub per spec file, set up the same way everywhere: started once for the file, closed after it, and
// before each test the hub made unreachable and the stub's records cleared; `each` sets the file's own replies.
import { test } from '@playwright/test';
import { hubUnreachable } from './hub';
import { startLlmStub, type LlmStub, type StubProtocol } from './stubs/llmStub';

/** The file's stub: usable in tests and hooks (it starts in beforeAll; reading it earlier throws). */
export function llmStubForFile(protocol: StubProtocol, each?: (stub: LlmStub) => void): LlmStub {
  let real: LlmStub | undefined;
  const started = () => {
    if (!real) throw new Error('the LLM stub is used before it started (in beforeAll)');
    return real;
  };
  test.beforeAll(async () => {
    real = await startLlmStub(protocol);
  });
  test.afterAll(async () => {
    await real?.close();
  });
  test.beforeEach(async ({ context }) => {
    await hubUnreachable(context);
    const s = started();
    s.requests.length = 0;
    s.count = 0;
    s.seen = 0;
    each?.(s);
  });
  // A forwarder, so a spec keeps writing `stub.baseUrl` and `stub.respond = …` on the one started for it.
  return new Proxy({} as LlmStub, {
    get: (_, k) => {
      const s = started();
      const v: unknown = Reflect.get(s, k);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(s) : v;
    },
    set: (_, k, v) => Reflect.set(started(), k, v),
  });
}
