// What every LLM batch (Research's LLM links, the lab's LLM metrics, batch pseudo-references) says instead of a plan
// when its settings cannot succeed (no key): the one check (settingsProblem, the CLI's too), said once, with the
// ways on: the key, a local server, or the in-browser model, one click away.
import { settingsProblem } from '../../claims/generate';
import { keyHeld, llmSettings, localLlmSettings, useClaimsSettings } from '../../store/shared/claimsSettings';

/** What is missing before any request of the LLM settings in force, or the in-page model's (null: complete). */
export function useLlmProblem(local = false): string | null {
  const s = useClaimsSettings();
  return settingsProblem(local ? localLlmSettings(s) : llmSettings(s));
}

export function LlmSettingsMissing({ problem, testId }: { problem: string; testId: string }) {
  const held = keyHeld(useClaimsSettings());
  // The key waits for the user's say on a new host: the one way on is to confirm it (or type the key again).
  if (held)
    return (
      <p className="alert warn small" role="status" data-testid={testId}>
        Before any request: {problem}{' '}
        <button type="button" className="small" onClick={() => useClaimsSettings.getState().bindKeyToBaseUrl()} data-testid={`${testId}-send-key`}>
          Send my key to {held.to}
        </button>
      </p>
    );
  return (
    <p className="alert warn small" role="status" data-testid={testId}>
      Before any request: {problem} Add it above, or pick a local server (Ollama, LM Studio) or the in-browser model, which need no key.{' '}
      <button type="button" className="small" onClick={() => useClaimsSettings.getState().setProvider('browser')} data-testid={`${testId}-in-browser`}>
        Use the in-browser model
      </button>
    </p>
  );
}
