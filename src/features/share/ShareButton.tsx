// "Copy link": the case (diff, review, pseudo-references, metric, similarity, τ) in the URL fragment, compressed.
// A case too long for a link that travels well is saved as a session file instead, and the message says so.
import { useState } from 'react';
import { caseLink, MAX_LINK_CHARS } from '../../store/session/caseLink';
import type { Session } from '../../store/session/session';
import { downloadSession } from './download';
import './share.css';

type State = { kind: 'idle' } | { kind: 'copied' | 'shown'; link: string } | { kind: 'file'; chars: number; file: string } | { kind: 'error'; message: string };

export function ShareButton({ session }: { session: Session }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const share = async () => {
    try {
      const link = await caseLink(session, location.href);
      if (link.length > MAX_LINK_CHARS) {
        setState({ kind: 'file', chars: link.length, file: downloadSession(session) });
        return;
      }
      try {
        await navigator.clipboard.writeText(link);
        setState({ kind: 'copied', link });
      } catch {
        setState({ kind: 'shown', link });
      }
    } catch (e) {
      setState({ kind: 'error', message: `Could not make a link: ${(e as Error).message}` });
    }
  };
  return (
    <div className="share">
      <button type="button" className="small" onClick={() => void share()} data-testid="share-copy" title="A link that opens this case (diff, review, pseudo-references, metric, τ) in another browser">
        Copy link
      </button>
      {(state.kind === 'copied' || state.kind === 'shown') && (
        <div className="share-result" role="status" data-testid="share-status">
          <span>
            {state.kind === 'copied' ? 'Link copied' : 'Copy this link'} ({state.link.length.toLocaleString('en-US')} characters; the case travels in the part after #, which
            browsers never send to a server).
          </span>
          <input readOnly value={state.link} data-testid="share-link" aria-label="Link to this case" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="linklike small" onClick={() => setState({ kind: 'idle' })}>
            Close
          </button>
        </div>
      )}
      {state.kind === 'file' && (
        <div className="share-result alert warn" role="status" data-testid="share-status" data-kind="file">
          This case needs a link of {state.chars.toLocaleString('en-US')} characters, longer than the {MAX_LINK_CHARS.toLocaleString('en-US')} that every browser, mail
          and chat app carries, so it was saved as the session file <strong>{state.file}</strong> instead. Send that file; it opens with “Import JSON…” in the
          sessions list.{' '}
          <button type="button" className="linklike small" onClick={() => setState({ kind: 'idle' })}>
            Close
          </button>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="alert error small" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}
