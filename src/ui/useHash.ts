// The address is the app's route (#tab, #research/lab): typing a hash, Back and Forward, and the app's own links all
// change the view through it. The app's own moves push an entry (so Back returns to the view left) and say so with
// an event of their own, since pushState fires neither hashchange nor popstate.
import { useSyncExternalStore } from 'react';

const NAVIGATED = 'crscore:navigated';

function subscribe(onChange: () => void): () => void {
  // hashchange: a typed address or `location.hash = …`; popstate: Back and Forward between pushed entries.
  for (const e of ['hashchange', 'popstate', NAVIGATED]) addEventListener(e, onChange);
  return () => {
    for (const e of ['hashchange', 'popstate', NAVIGATED]) removeEventListener(e, onChange);
  };
}

/** The address's hash, kept current. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}

/** Opens `hash` (e.g. '#research/lab'): a new history entry, or, with `replace`, the current one rewritten. */
export function navigate(hash: string, replace = false): void {
  if (location.hash === hash) return;
  if (replace) history.replaceState(null, '', hash);
  else history.pushState(null, '', hash);
  dispatchEvent(new Event(NAVIGATED));
}
