// ROUGE-L's and METEOR's state beside the picker: WordNet's download (METEOR's synonym stage) with its progress,
// a clear error when it cannot be fetched (METEOR then runs exact + stem and its column says so), and the scoring.
import { useLab } from '../../../store/lab/lab';
import { useLabRefs } from '../../../store/lab/labRefs';
import { useLlmMetrics } from '../../../settings/llmMetrics';

const mb = (n: number) => (n / 1e6).toFixed(1);

export function LabRefStatus() {
  const metrics = useLlmMetrics((s) => s.metrics);
  const wordnet = useLabRefs((s) => s.wordnet);
  const running = useLabRefs((s) => s.running);
  const failed = useLabRefs((s) => s.failed);
  const meteor = metrics.includes('meteor');
  const shown = running.filter((n) => metrics.includes(n));
  const failures = Object.entries(failed).filter(([n]) => metrics.includes(n as 'rouge-l' | 'meteor'));
  if (!shown.length && !failures.length && !(meteor && wordnet.status === 'error')) return null;
  const pct = wordnet.total ? Math.round((100 * wordnet.loaded) / wordnet.total) : null;
  const retry = () => {
    useLabRefs.getState().retryWordNet();
    useLab.getState().compute();
  };
  return (
    <div className="lab-refs" data-testid="lab-refs" data-wordnet={wordnet.status}>
      {meteor && wordnet.status === 'loading' && (
        <div className="r-progress" data-testid="lab-wordnet-progress">
          <div className="bar" role="progressbar" aria-valuenow={pct ?? undefined} aria-label="WordNet download">
            <span style={{ width: `${pct ?? 0}%` }} />
          </div>
          <span className="small">
            Loading WordNet 3.0 for METEOR&apos;s synonym stage: {mb(wordnet.loaded)}
            {wordnet.total ? ` of ${mb(wordnet.total)}` : ''} MB
          </span>
        </div>
      )}
      {meteor && wordnet.status === 'error' && (
        <p className="r-error small" role="alert" data-testid="lab-wordnet-error">
          WordNet could not be loaded ({wordnet.error}). METEOR runs its exact and stem stages only, and its column is
          labelled &ldquo;METEOR (exact + stem; no WordNet)&rdquo;.{' '}
          <button type="button" className="small" onClick={retry} data-testid="lab-wordnet-retry">
            Try again
          </button>
        </p>
      )}
      {shown.length > 0 && wordnet.status !== 'loading' && (
        <p className="muted small" data-testid="lab-refs-running">
          Scoring {shown.map((n) => (n === 'meteor' ? 'METEOR' : 'ROUGE-L')).join(' and ')} in the background…
        </p>
      )}
      {failures.map(([n, why]) => (
        <p key={n} className="r-error small" role="alert">
          {n === 'meteor' ? 'METEOR' : 'ROUGE-L'} could not be computed: {why}
        </p>
      ))}
    </div>
  );
}
