// `--where EXPR` and `--by FIELD` in Research's meta-evaluation on a human-scored dataset: the reviews judged, and
// every table again per slice, each with its n (src/store/metaeval/humanSlices.ts, by the core's slices.ts).
import { useState } from 'react';
import { metaEvalTable } from '../../../core/metaeval/index';
import { useHumanSlices, type SliceTable } from '../../../store/metaeval/humanSlices';
import { useSliceBy } from '../../../store/metaeval/sliceBy';
import { useMetaEval } from '../../../store/metaeval/metaeval';
import { useResearch } from '../../../store/research/research';
import { judgedDimensionName } from '../../../store/metaeval/humanSignature';

// Test hook: the slices' state (figures only).
(globalThis as { __crscoreSlices?: typeof useHumanSlices }).__crscoreSlices = useHumanSlices;

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');

export function HumanWhere() {
  const human = useResearch((s) => s.human);
  const [text, setText] = useState(human?.where?.expr ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!human) return null;
  const apply = () => setError(useResearch.getState().setHumanWhere(text));
  return (
    <span className="me-where">
      <label>
        Where{' '}
        <input
          type="text"
          value={text}
          placeholder="e.g. lang=go or relevance=1"
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
          aria-label="Where: FIELD OP VALUE, comma-separated"
          data-testid="me-where"
          size={22}
        />
      </label>{' '}
      <button type="button" className="small" onClick={apply} data-testid="me-where-apply">
        {text.trim() ? 'Judge only these' : 'Judge all'}
      </button>
      {error && (
        <span className="r-error small" role="alert" data-testid="me-where-error">
          {' '}
          {error}
        </span>
      )}
      {human.where && (
        <span className="small muted" data-testid="me-where-note">
          {' '}
          judged: the reviews where <code>{human.where.expr}</code> holds (<code>--where {human.where.expr}</code>)
        </span>
      )}
    </span>
  );
}

export function HumanSliceBy() {
  const human = useResearch((s) => s.human);
  const by = useSliceBy((s) => s.by);
  if (!human) return null;
  const fields = [...new Set(['lang', 'system', ...human.dataset.dimensions.map((d) => d.name), ...(human.table?.header ?? [])])];
  return (
    <label>
      Slices by{' '}
      <select
        value={by ?? ''}
        onChange={(e) => {
          useSliceBy.getState().setBy(e.currentTarget.value);
          // The signature names the field: the table is signed again (its figures come from the pool's memo).
          useMetaEval.getState().compute();
        }}
        data-testid="me-by"
      >
        <option value="">none (one table)</option>
        {fields.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Every table per slice, each with its n. */
export function HumanSlices() {
  const s = useHumanSlices();
  const by = useSliceBy((x) => x.by);
  const where = useResearch((x) => x.human?.where?.expr);
  if (!by) return null;
  return (
    <section className="me-slices" data-testid="me-slices" data-status={s.status}>
      <h3>
        By {by}
        {where && ` (where ${where})`}: {s.slices.length} slices{s.status === 'running' && ', more on their way'}
      </h3>
      {s.error && (
        <p className="r-error" data-testid="me-slices-error">
          {s.error}
        </p>
      )}
      {s.slices.map((x) => (
        <Slice key={String(x.value)} by={by} slice={x} />
      ))}
    </section>
  );
}

function Slice({ by, slice }: { by: string; slice: SliceTable }) {
  const dimension = useResearch(judgedDimensionName);
  const t = metaEvalTable(slice.report, null, dimension);
  const value = slice.value === null ? '(no value)' : String(slice.value);
  return (
    <div className="r-table-wrap" data-testid="me-slice" data-value={value} data-n={slice.n}>
      <table className="r-table lab-agree" title={t.note}>
        <caption className="small me-slice-caption">
          <b>
            {by} = {value}
          </b>{' '}
          · n {slice.n} reviews
        </caption>
        <thead>
          <tr>
            {t.header.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            {slice.aucs && <th scope="col">ROC AUC [95%]</th>}
          </tr>
        </thead>
        <tbody>
          {t.rows.map((cells, k) => {
            const id = String(t.csvRows[k][2]);
            const a = slice.aucs?.[id];
            return (
              <tr key={id}>
                {cells.map((c, i) => (i === 1 ? <th key={i} scope="row">{c}</th> : <td key={i}>{c}</td>))}
                {slice.aucs && <td>{a ? (a.auc === null ? 'undefined' : `${fmt(a.auc)}${a.lo !== null ? ` [${fmt(a.lo)}, ${fmt(a.hi!)}]` : ''}`) : ''}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
