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

function fakeWorker(analyze: (req: AnalyzeRequest) => Promise<AnalyzerResult[]>): Fake {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  Comlink.expose({ analyze, ping: () => 'pong' }, port2);
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
