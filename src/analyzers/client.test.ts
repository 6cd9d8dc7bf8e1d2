// The client against a stand-in worker: a MessageChannel whose far end runs a Comlink API we control.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalyzerClient, type WorkerLike } from './client.ts';
import type { AnalyzeRequest, AnalyzerResult } from './run.ts';

const REQ: AnalyzeRequest = { language: 'javascript', diff: '@@ -1 +1 @@\n-a\n+b\n', filter: 'paper', options: 'paper' };
const RESULT: AnalyzerResult[] = [{ analyzer: 'JSHint', refs: [], warnings: [], kept: [], newFile: 'diff-new-side' }];

interface Fake {
  worker: WorkerLike;
  terminated: boolean;
  crash(message: string): void;
}

const opened: MessagePort[] = [];

function fakeWorker(analyze: (req: AnalyzeRequest) => Promise<AnalyzerResult[]>, recreate = () => false, more: Record<string, unknown> = {}): Fake {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  // The worker's answers: the value, and whether its tree-sitter failed inside its runtime (worker.ts).
  Comlink.expose({ analyze: async (req: AnalyzeRequest) => ({ value: await analyze(req), recreate: recreate() }), ping: () => 'pong', ...more }, port2);
  const events = new EventTarget();
  const fake: Fake = {
    terminated: false,
    worker: {
      postMessage: (m: unknown, t?: Transferable[]) => port1.postMessage(m, t ?? []),
      addEventListener: (type: string, fn: EventListenerOrEventListenerObject) =>
        (type === 'message' ? port1 : events).addEventListener(type, fn as EventListener),
      removeEventListener: (type: string, fn: EventListenerOrEventListenerObject) =>
        (type === 'message' ? port1 : events).removeEventListener(type, fn as EventListener),
      start: () => port1.start(),
      terminate: () => {
        fake.terminated = true;
        port1.close();
        port2.close();
      },
    } as WorkerLike,
    crash: (message) => {
      const ev = new Event('error', { cancelable: true });
      Object.assign(ev, { message });
      events.dispatchEvent(ev);
    },
  };
  return fake;
}

afterEach(() => {
  for (const p of opened.splice(0)) p.close();
});

describe('AnalyzerClient', () => {
  it('returns what the worker returns', async () => {
    const fakes: Fake[] = [];
    const client = new AnalyzerClient(() => {
      const f = fakeWorker(async () => RESULT);
      fakes.push(f);
      return f.worker;
    });
    expect(await client.analyze(REQ)).toEqual(RESULT);
    expect(await client.analyze(REQ)).toEqual(RESULT);
    expect(fakes).toHaveLength(1); // one worker for every call
    client.dispose();
  });

  it('a worker error fails the call in flight with a clear message; the next call starts a fresh worker', async () => {
    const fakes: Fake[] = [];
    const client = new AnalyzerClient(() => {
      const f = fakeWorker(fakes.length === 0 ? () => new Promise(() => {}) : async () => RESULT);
      fakes.push(f);
      return f.worker;
    });
    const reasons: string[] = [];
    client.onRestart = (r) => reasons.push(r);
    const call = client.analyze(REQ);
    fakes[0].crash('EventEmitter is not a constructor');
    await expect(call).rejects.toThrow('The analyzer worker failed: EventEmitter is not a constructor.');
    expect(fakes[0].terminated).toBe(true);
    expect(reasons).toHaveLength(1);
    expect(await client.analyze(REQ)).toEqual(RESULT);
    expect(fakes).toHaveLength(2);
    client.dispose();
  });

  it('a call that never answers times out, and the hung worker is replaced', async () => {
    const fakes: Fake[] = [];
    const client = new AnalyzerClient(() => {
      const f = fakeWorker(fakes.length === 0 ? () => new Promise(() => {}) : async () => RESULT);
      fakes.push(f);
      return f.worker;
    }, 50);
    await expect(client.analyze(REQ)).rejects.toThrow(/did not finish within 50 ms; the worker was restarted/);
    expect(fakes[0].terminated).toBe(true);
    expect(await client.analyze(REQ)).toEqual(RESULT);
    client.dispose();
  });

  it('a worker whose tree-sitter failed inside its runtime is replaced: the next call runs on a fresh worker', async () => {
    const fakes: Fake[] = [];
    const client = new AnalyzerClient(() => {
      // The first worker's parse aborted: from then on its answers say recreate.
      const f = fakeWorker(async () => RESULT, () => fakes.indexOf(f) === 0);
      fakes.push(f);
      return f.worker;
    });
    const reasons: string[] = [];
    client.onRestart = (r) => reasons.push(r);
    expect(await client.analyze(REQ)).toEqual(RESULT);
    expect(fakes[0].terminated).toBe(true);
    expect(reasons).toEqual(['tree-sitter failed inside its runtime; a fresh worker parses the next change.']);
    expect(await client.analyze(REQ)).toEqual(RESULT);
    expect(fakes).toHaveLength(2);
    expect(fakes[1].terminated).toBe(false);
    client.dispose();
  });

  it("a call that failed inside tree-sitter's runtime fails alone, and the next call runs on a fresh worker", async () => {
    const fakes: Fake[] = [];
    const client = new AnalyzerClient(() => {
      const first = fakes.length === 0;
      // The first worker's tree claims throw inside the runtime: its answer carries the error and recreate.
      const f = fakeWorker(async () => RESULT, () => first, {
        treeClaims: async () => (first ? { error: 'Aborted(). Build with -sASSERTIONS for more info.', recreate: true } : { value: [], recreate: false }),
      });
      fakes.push(f);
      return f.worker;
    });
    await expect(client.treeClaims({ language: 'go', diff: '@@ -1 +1 @@\n-a\n+b' })).rejects.toThrow('The analyzer worker reported an error: Aborted()');
    expect(fakes[0].terminated).toBe(true);
    expect(await client.treeClaims({ language: 'go', diff: '@@ -1 +1 @@\n-a\n+b' })).toEqual([]);
    expect(fakes).toHaveLength(2);
    client.dispose();
  });

  it('a retired worker ends only once the calls it still answers have settled', async () => {
    const fakes: Fake[] = [];
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => (release = r));
    let calls = 0;
    const client = new AnalyzerClient(() => {
      const f = fakeWorker(async () => (++calls === 2 ? (await slow, RESULT) : RESULT), () => fakes.indexOf(f) === 0 && calls === 1);
      fakes.push(f);
      return f.worker;
    });
    const first = client.analyze(REQ);
    const second = client.analyze(REQ); // sent to the first worker before its first answer came back
    expect(await first).toEqual(RESULT);
    expect(fakes[0].terminated).toBe(false);
    release();
    expect(await second).toEqual(RESULT);
    expect(fakes[0].terminated).toBe(true);
    client.dispose();
  });

  it("passes the worker's own error on, named as such", async () => {
    const client = new AnalyzerClient(() => fakeWorker(async () => Promise.reject(new Error('bad input'))).worker);
    await expect(client.analyze(REQ)).rejects.toThrow('The analyzer worker reported an error: bad input');
    client.dispose();
  });

  it('a worker that cannot be created gives a clear error', async () => {
    const client = new AnalyzerClient(() => {
      throw new Error('Worker is not defined');
    });
    await expect(client.analyze(REQ)).rejects.toThrow('Could not start the analyzer worker: Worker is not defined');
  });
});
