// Main-thread side of the analyzers' worker (see src/features/claims/analyzers.ts, which loads this file
// lazily). Every call has a timeout; a worker that fails to load, crashes or hangs is terminated, the
// calls in flight fail with a clear error, and the next call starts a fresh worker. A worker whose tree-sitter
// failed inside its runtime (a wasm abort) says so with its answer: it is replaced once its calls are done, so the
// next change is parsed by a fresh tree-sitter, as the CLI's fresh instance parses it (treesitter.ts).
import * as Comlink from 'comlink';
import type { PseudoReference } from '../core/types.ts';
import type { AnalyzeRequest, AnalyzerResult } from './run.ts';
import type { AnalyzerWorkerApi, TreeClaimsRequest, WorkerAnswer } from './worker.ts';

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
  /** Workers replaced after a tree-sitter failure, kept until the calls they still answer settle. */
  private retiring: { worker: WorkerLike; api: Comlink.Remote<AnalyzerWorkerApi>; calls: Set<(e: Error) => void> }[] = [];
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
      if (this.worker !== worker) return; // a retired worker's end
      const msg = (ev as ErrorEvent).message;
      this.restart(`The analyzer worker failed${msg ? `: ${msg}` : ' to load or crashed'}.`);
    });
    worker.addEventListener('messageerror', () => {
      if (this.worker === worker) this.restart('The analyzer worker sent a message that could not be read.');
    });
    this.worker = worker;
    this.api = Comlink.wrap<AnalyzerWorkerApi>(worker);
    return this.api;
  }

  /** Drops the worker; every call in flight fails with `reason`. */
  restart(reason = 'The analyzer worker was restarted.'): void {
    const err = new AnalyzerClientError(reason);
    for (const reject of this.pending) reject(err);
    this.pending.clear();
    this.sweep();
    if (!this.worker) return;
    this.api?.[Comlink.releaseProxy]();
    this.worker.terminate();
    this.worker = null;
    this.api = null;
    this.onRestart?.(reason);
  }

  /** Runs the analyzers that fit the language on the new file; resolves to one result per analyzer. */
  analyze(req: AnalyzeRequest): Promise<AnalyzerResult[]> {
    return this.call((api) => api.analyze(req));
  }

  /** The tree claims of one change (src/analyzers/treeClaims, in the worker). */
  treeClaims(req: TreeClaimsRequest): Promise<PseudoReference[]> {
    return this.call((api) => api.treeClaims(req));
  }

  private call<T>(send: (api: Comlink.Remote<AnalyzerWorkerApi>) => Promise<WorkerAnswer<T>>): Promise<T> {
    let api: Comlink.Remote<AnalyzerWorkerApi>;
    try {
      api = this.ensure();
    } catch (e) {
      return Promise.reject(e as Error);
    }
    return new Promise<T>((resolve, reject) => {
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
      send(api).then(
        (a) => {
          if (!this.pending.delete(fail)) return; // already failed by a timeout or a crash
          clearTimeout(timer);
          if (a.recreate) this.retire(api);
          this.sweep();
          if ('error' in a) reject(new AnalyzerClientError(`The analyzer worker reported an error: ${a.error}`));
          else resolve(a.value);
        },
        (e: unknown) => {
          if (!this.pending.delete(fail)) return;
          this.sweep();
          const why = e instanceof Error ? e.message : String(e);
          fail(new AnalyzerClientError(`The analyzer worker reported an error: ${why}`));
        },
      );
    });
  }

  /** The worker's tree-sitter failed inside its runtime: no new call goes to it, and it ends with its last call. */
  private retire(api: Comlink.Remote<AnalyzerWorkerApi>): void {
    if (this.api !== api || !this.worker) return;
    const worker = this.worker;
    this.worker = null;
    this.api = null;
    this.retiring.push({ worker, api, calls: new Set(this.pending) });
    this.onRestart?.('tree-sitter failed inside its runtime; a fresh worker parses the next change.');
    this.sweep();
  }

  /** Terminates the retired workers whose calls have all settled. */
  private sweep(): void {
    this.retiring = this.retiring.filter((r) => {
      for (const c of r.calls) if (!this.pending.has(c)) r.calls.delete(c);
      if (r.calls.size > 0) return true;
      r.api[Comlink.releaseProxy]();
      r.worker.terminate();
      return false;
    });
  }

  /** e2e builds only (worker.ts): every later parse of the current worker aborts. */
  testAbortParses(): Promise<boolean> {
    return this.ensure().abortParses();
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
let sharedHook: ((reason: string) => void) | null = null;

/** The panel's entry point: one shared worker for the page, started on first use. */
export function analyzeInBrowser(input: AnalyzeRequest): Promise<AnalyzerResult[]> {
  return sharedClient().analyze(input);
}

/** e2e builds only: makes the shared worker's parses abort as a wasm abort does (worker.ts), and counts restarts. */
if (import.meta.env.MODE === 'e2e') {
  const hook = { restarts: [] as string[], abortParses: () => sharedClient().testAbortParses() };
  (globalThis as { __crscoreAnalyzers?: typeof hook }).__crscoreAnalyzers = hook;
  sharedHook = (r) => hook.restarts.push(r);
}

function sharedClient(): AnalyzerClient {
  if (!shared) {
    shared = new AnalyzerClient();
    shared.onRestart = sharedHook;
  }
  return shared;
}

/** The tree claims of one change, on the same shared worker. */
export function treeClaimsInBrowser(input: TreeClaimsRequest): Promise<PseudoReference[]> {
  return sharedClient().treeClaims(input);
}
