// The notice for stored values that were set aside (src/store/shared/quarantine): what each was, why, and a download
// (to repair it, import it again, or send it in) or discard. Props only, so it draws whatever list it is given.
import { download } from './download';
import './ui.css';

export interface SetAsideEntry {
  id: string;
  what: string;
  reason: string;
  at: number;
  text: string;
  fileName: string;
  kept: boolean;
}

export function SetAsideList({ items, onDiscard }: { items: readonly SetAsideEntry[]; onDiscard: (id: string) => void }) {
  if (!items.length) return null;
  return (
    <div className="alert warn small set-aside" role="status" data-testid="set-aside">
      <strong>Set aside, not deleted:</strong> stored data this page could not use. Download it to repair it or import it again; discard it once you have what you need.
      <ul>
        {items.map((x) => (
          <li key={x.id} data-testid="set-aside-item">
            {x.what} ({new Date(x.at).toLocaleString()}): {x.reason}
            {x.kept ? '' : ' (too large to keep after this tab closes)'}.{' '}
            <button type="button" className="linklike small" onClick={() => download(x.fileName, x.text, 'application/json')} data-testid="set-aside-download">
              Download
            </button>{' '}
            <button type="button" className="linklike small" onClick={() => onDiscard(x.id)} data-testid="set-aside-discard">
              Discard
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
