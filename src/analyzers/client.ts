// Main-thread side of the analyzers' worker (see src/features/claims/analyzers.ts, which loads this file
// lazily). Every call has a timeout; a worker that fails to load, crashes or hangs is terminated, the
// calls in flight fail with a clear error, and the next call starts a fresh worker.
import * as Comlink from 'comlink';
import type { AnalyzeRequest, AnalyzerResult } from './run.ts';
import type { AnalyzerWorkerApi } from './worker.ts';

export class AnalyzerClientError extends Error {
  override name = 'AnalyzerClientError';
}

/** What the client needs of a Worker (tests pass a MessagePort-backed stand-in). */
export type WorkerLike = Comlink.Endpoint & { terminate(): void };

/** Generous: the first call compiles the tree-sitter runtime and a grammar (well under a second here). */
export const DEFAULT_TIMEOUT_MS = 60_000;

function startWorker(): WorkerLike {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'analyzers' });
}

export class AnalyzerClient {
  private worker: WorkerLike | null = null;
  private api: Comlink.Remote<AnalyzerWorkerApi> | null = null;
  private readonly pending = new Set<(e: Error) => void>();
  /** Called with the reason each time a worker is dropped. */
  onRestart: ((reason: string) => void) | null = null;

  constructor(
    private readonly createWorker: () => WorkerLike = startWorker,
    readonly timeoutMs = DEFAULT_TIMEOUT_MS,
  ) {}

  private ensure(): Comlink.Remote<AnalyzerWorkerApi> {
    if (this.api) return this.api;
    let worker: WorkerLike;
    try {
      worker = this.createWorker();
    } catch (e) {
      throw new AnalyzerClientError(`Could not start the analyzer worker: ${(e as Error).message}`);
    }
    worker.addEventListener('error', (ev) => {
      // A module that fails to load (a missing dependency, a bad import) lands here, not in a call.
      ev.preventDefault?.();
      const msg = (ev as ErrorEvent).message;
      this.restart(`The analyzer worker failed${msg ? `: ${msg}` : ' to load or crashed'}.`);
    });
    worker.addEventListener('messageerror', () =>
      this.restart('The analyzer worker sent a message that could not be read.'),
    );
    this.worker = worker;
    this.api = Comlink.wrap<AnalyzerWorkerApi>(worker);
    return this.api;
  }

  /** Drops the worker; every call in flight fails with `reason`. */
  restart(reason = 'The analyzer worker was restarted.'): void {
    const err = new AnalyzerClientError(reason);
    for (const reject of this.pending) reject(err);
    this.pending.clear();
    if (!this.worker) return;
    this.api?.[Comlink.releaseProxy]();
    this.worker.terminate();
    this.worker = null;
    this.api = null;
    this.onRestart?.(reason);
  }

  /** Runs the analyzers that fit the language on the new file; resolves to one result per analyzer. */
  analyze(req: AnalyzeRequest): Promise<AnalyzerResult[]> {
    let api: Comlink.Remote<AnalyzerWorkerApi>;
    try {
      api = this.ensure();
    } catch (e) {
      return Promise.reject(e as Error);
    }
    return new Promise<AnalyzerResult[]>((resolve, reject) => {
      const fail = (e: Error) => {
        clearTimeout(timer);
        reject(e);
      };
      this.pending.add(fail);
      const timer = setTimeout(() => {
        // A hung call blocks the worker's queue: replace the worker so later calls can run.
        this.pending.delete(fail);
        reject(
          new AnalyzerClientError(
            `The analyzers did not finish within ${seconds(this.timeoutMs)}; the worker was restarted.`,
          ),
        );
        this.restart('An analyzer call timed out.');
      }, this.timeoutMs);
      api.analyze(req).then(
        (v) => {
          if (!this.pending.delete(fail)) return; // already failed by a timeout or a crash
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          if (!this.pending.delete(fail)) return;
          const why = e instanceof Error ? e.message : String(e);
          fail(new AnalyzerClientError(`The analyzer worker reported an error: ${why}`));
        },
      );
    });
  }

  dispose(): void {
    this.restart('The analyzer client was disposed.');
    this.onRestart = null;
  }
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}

let shared: AnalyzerClient | null = null;

/** The panel's entry point: one shared worker for the page, started on first use. */
export function analyzeInBrowser(input: AnalyzeRequest): Promise<AnalyzerResult[]> {
  shared ??= new AnalyzerClient();
  return shared.analyze(input);
}
