// What a batch of the in-page model will take at this machine's measured speed: the rate of its last answer (or
// of the warm-up run when it loaded) times the tokens the plan may ask for. Before a load, it says the speed is
// measured then, and that a CPU is slow (docs/performance.md: about 0.2 tokens/s for a 0.5B model on WASM).
import { useLocalLlm } from './localLlmStore';
import { useClaimsSettings } from '../../store/shared/claimsSettings';

function duration(s: number): string {
  if (s < 90) return `${Math.ceil(s)} s`;
  if (s < 5400) return `${Math.ceil(s / 60)} min`;
  return `${(s / 3600).toFixed(1)} h`;
}

export function LocalModelRate({ requests }: { requests: number }) {
  const info = useLocalLlm((s) => s.info);
  const lastRun = useLocalLlm((s) => s.lastRun);
  const maxNewTokens = useClaimsSettings((s) => s.maxNewTokens);
  const rate = lastRun?.tokensPerSecond || info?.warmupTokensPerSecond;
  if (!rate)
    return (
      <span data-testid="prefs-local-rate">
        {' '}
        · runs in this page, nothing is sent; its speed is measured when it loads. On a CPU (WASM) a 0.5B model can
        write under 1 token/s, so an answer of {maxNewTokens} tokens may take many minutes
      </span>
    );
  const device = (lastRun?.device || info?.device) === 'webgpu' ? 'WebGPU' : 'WASM (CPU)';
  return (
    <span data-testid="prefs-local-rate" data-tokens-per-second={rate.toFixed(2)}>
      {' '}
      · runs in this page, nothing is sent; measured {rate.toFixed(1)} tokens/s on {device}: up to {duration((requests * maxNewTokens) / rate)} for {requests}{' '}
      {requests === 1 ? 'answer' : 'answers'} of at most {maxNewTokens} tokens
    </span>
  );
}
