// Where the LLM key goes: the host it was entered for, and nowhere else until the user says so (the GitHub token's
// rule). Shown under the key in the settings, and in place of a batch's plan when the base URL moved to another host.
import { useClaimsSettings } from '../../store/shared/claimsSettings';

export function KeyHostNote({ held }: { held: { from: string; to: string } | null }) {
  if (!held) return null;
  return (
    <p className="claims-warning" role="alert" data-testid="llm-key-host">
      ⚠ This key was entered for {held.from}; it is not sent to {held.to} unless you confirm (or enter it again).{' '}
      <button type="button" className="small" data-testid="llm-key-confirm" onClick={() => useClaimsSettings.getState().bindKeyToBaseUrl()}>
        Send my key to {held.to}
      </button>
    </p>
  );
}
