// Reads a case from the page's #case=… fragment (on load and when the fragment changes) and waits for the user:
// nothing is created or replaced until they say so. The fragment is cleared afterwards, so a reload asks nothing.
import { useCallback, useEffect, useState } from 'react';
import { caseFromHash, decodeCase } from '../../store/session/caseLink';
import type { Session } from '../../store/session/session';
import { useSessions } from '../../store/session/sessions';

export type SharedCase = { status: 'none' } | { status: 'error'; message: string } | { status: 'ready'; session: Session; same: Session | null };

/** The same case: diff, review, pseudo-references (and which are in use), metric, similarity and τ all equal. */
function sameCase(a: Session, b: Session): boolean {
  const refs = (s: Session) => JSON.stringify(s.pseudoReferences.map((p) => [p.text, p.kind, p.enabled]));
  const metric = (s: Session) => JSON.stringify([s.preset ?? 'paper', s.scoring ?? null, s.similarity, s.splitMode, s.tau, s.plusTau ?? null]);
  return a.input.diff === b.input.diff && a.review === b.review && refs(a) === refs(b) && metric(a) === metric(b);
}

export function useSharedCase() {
  const [shared, setShared] = useState<SharedCase>({ status: 'none' });
  const hydrated = useSessions((s) => s.hydrated);

  useEffect(() => {
    if (!hydrated) return;
    let alive = true;
    const read = () => {
      const value = caseFromHash(location.hash);
      if (!value) return;
      decodeCase(value).then(
        (session) => {
          if (!alive) return;
          const same = Object.values(useSessions.getState().sessions).find((s) => sameCase(s, session)) ?? null;
          setShared({ status: 'ready', session, same });
        },
        (e: unknown) => alive && setShared({ status: 'error', message: (e as Error).message }),
      );
    };
    read();
    addEventListener('hashchange', read);
    return () => {
      alive = false;
      removeEventListener('hashchange', read);
    };
  }, [hydrated]);

  const finish = useCallback(() => {
    history.replaceState(null, '', `${location.pathname}${location.search}#workbench`);
    setShared({ status: 'none' });
  }, []);

  const open = useCallback(() => {
    if (shared.status !== 'ready') return;
    useSessions.getState().add(shared.session);
    finish();
  }, [shared, finish]);

  const showExisting = useCallback(() => {
    if (shared.status === 'ready' && shared.same) useSessions.getState().select(shared.same.id);
    finish();
  }, [shared, finish]);

  return { shared, open, showExisting, dismiss: finish };
}
