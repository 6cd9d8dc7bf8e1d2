// Saves one session as a session file (src/store/sessionFile.ts): the export button and the long-link fallback.
import type { Session } from '../../store/session';
import { exportSession } from '../../store/sessionFile';

export function sessionFileName(s: Session): string {
  return `${s.name.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'session'}.crscore.json`;
}

export function downloadSession(s: Session): string {
  const name = sessionFileName(s);
  const blob = new Blob([exportSession(s)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return name;
}
