// Saves one session as a session file (src/store/session/sessionFile.ts): the export button and the long-link fallback.
import type { Session } from '../../store/session/session';
import { exportSession } from '../../store/session/sessionFile';
import { download } from '../../ui/download';

export function sessionFileName(s: Session): string {
  return `${s.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'session'}.crscore.json`;
}

export function downloadSession(s: Session): string {
  const name = sessionFileName(s);
  download(name, exportSession(s), 'application/json');
  return name;
}
