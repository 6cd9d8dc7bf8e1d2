// Ctrl-C during an LLM batch (pseudo-references, llm-links, the lab's metrics): the first aborts the signal, so the
// run stops asking and every answer already received stays in the cache (the same command continues); a second
// Ctrl-C exits at once.
import { setMaxListeners } from 'node:events';

export function interruptible(): { signal: AbortSignal; dispose: () => void } {
  const ctrl = new AbortController();
  // Every request in flight listens to the signal (--concurrency up to 64, retries beside them): no leak, so no
  // MaxListenersExceededWarning on stderr.
  setMaxListeners(0, ctrl.signal);
  const onSigint = () => {
    if (ctrl.signal.aborted) process.exit(130);
    process.stderr.write('\nInterrupted: the answers received so far are cached; run the same command again to continue.\n');
    ctrl.abort();
  };
  process.on('SIGINT', onSigint);
  return { signal: ctrl.signal, dispose: () => process.off('SIGINT', onSigint) };
}
