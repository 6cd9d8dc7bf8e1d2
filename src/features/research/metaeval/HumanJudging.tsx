// The meta-evaluation's parts for a human-scored dataset: the dimension it judges against (any of the dataset's;
// changing it redoes the run) and, on a binary dimension, each metric's ROC AUC with its interval.
import { scaleLabel } from '../../../core/humanData/index';
import type { AucEstimate } from '../../../core/metaeval/index';
import { useResearch } from '../../../store/research/research';

export function HumanDimensionSelect({ testid = 'me-human-dim', note = false }: { testid?: string; note?: boolean }) {
  const human = useResearch((s) => s.human);
  const running = useResearch((s) => s.progress.phase === 'scoring' || s.stale);
  if (!human) return null;
  const select = (
    <label>
      Human dimension{' '}
      <select value={human.dimension} onChange={(e) => useResearch.getState().setHumanDimension(e.target.value)} disabled={running} data-testid={testid}>
        {human.dataset.dimensions.map((d) => (
          <option key={d.name} value={d.name}>
            {d.name} ({scaleLabel(d.scale)})
          </option>
        ))}
      </select>
    </label>
  );
  if (!note) return select;
  return (
    <p className="small">
      {select} <span className="muted">On this human-scored dataset every metric, CRScore&apos;s conciseness, comprehensiveness and relevance each, is judged against this dimension&apos;s score (it fills the human Con, Comp and Rel alike).</span>
    </p>
  );
}

const f3 = (v: number | null) => (v === null ? '—' : v.toFixed(3));

export function AucTable({ aucs, labels }: { aucs: Record<string, AucEstimate>; labels: readonly { id: string; label: string }[] }) {
  const human = useResearch((s) => s.human);
  return (
    <table className="r-table" data-testid="me-auc">
      <caption className="small">
        ROC AUC against the binary dimension {human?.dimension}: the chance that a review labelled 1 scores above one labelled 0 (ties count one half), with
        its 95% interval resampling changes.
      </caption>
      <thead>
        <tr>
          <th scope="col">metric</th>
          <th scope="col">ROC AUC [95%]</th>
          <th scope="col">labelled 1 / 0</th>
        </tr>
      </thead>
      <tbody>
        {labels.map(({ id, label }) => {
          const a = aucs[id];
          if (!a) return null;
          return (
            <tr key={id} data-testid={`me-auc-${id}`} data-auc={a.auc ?? ''} data-lo={a.lo ?? ''} data-hi={a.hi ?? ''}>
              <th scope="row">{label}</th>
              <td className="num">{a.auc === null ? `undefined: ${a.undefinedWhy}` : `${f3(a.auc)} [${f3(a.lo)}, ${f3(a.hi)}]`}</td>
              <td className="num">
                {a.positives} / {a.negatives}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
