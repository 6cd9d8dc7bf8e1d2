// The meta-evaluation's parts for a human-scored dataset: the dimension it judges against (any of the dataset's;
// changing it redoes the run), on a binary dimension each metric's ROC AUC with its interval, and on how many reviews
// each metric was judged.
import { scaleLabel } from '../../../core/humanData/index';
import type { AucEstimate } from '../../../core/metaeval/index';
import { useResearch } from '../../../store/research/research';
import { judgedDimensionName } from '../../../store/metaeval/humanSignature';
import type { JudgedCoverage } from '../../../store/metaeval/humanJudging';

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
  const dimension = useResearch(judgedDimensionName);
  return (
    <table className="r-table me-auc" data-testid="me-auc">
      <caption className="small">
        ROC AUC against the binary dimension {dimension}: the chance that a review labelled 1 scores above one labelled 0 (ties count one half), with
        its 95% interval resampling changes.
      </caption>
      <thead>
        <tr>
          <th scope="col">metric</th>
          <th scope="col" className="num">
            ROC AUC [95%]
          </th>
          <th scope="col" className="num">
            labelled 1 / 0
          </th>
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

/** Why a review is left out of a metric, in a few words (the reasons `crscore eval` counts). */
const WHY: Record<string, string> = {
  'no pseudo-references': "the review's change has none, and CRScore compares a review with its pseudo-references; the baselines need none and judge it",
  'no reference review': "the review's change has none, which a reference-based metric compares with; CRScore with made pseudo-references and the baselines need none",
};

/** On how many reviews each metric was judged, and why the others were left out (`crscore eval`'s coverage). */
export function JudgedOn({ judged }: { judged: JudgedCoverage }) {
  const reasons = [...new Set(judged.metrics.flatMap((m) => Object.keys(m.leftOut)))].filter((w) => WHY[w]);
  return (
    <div className="small" data-testid="me-judged">
      <p>
        Reviews judged, of the {judged.total.toLocaleString('en')} this dataset has: each metric on every review it gives a value for and that has a human score.
      </p>
      <ul className="me-judged">
        {judged.metrics.map((m) => {
          const out = Object.entries(m.leftOut).map(([why, k]) => `${k.toLocaleString('en')} ${why}`);
          return (
            <li key={m.id} data-testid={`me-judged-${m.id}`}>
              {m.label}: judged on {m.n.toLocaleString('en')} of {judged.total.toLocaleString('en')} reviews{out.length ? `; left out: ${out.join('; ')}` : ''}
            </li>
          );
        })}
      </ul>
      {reasons.map((w) => (
        <p key={w} className="muted">
          Left out as “{w}”: {WHY[w]}.
        </p>
      ))}
    </div>
  );
}
