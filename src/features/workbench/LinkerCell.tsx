// Why the learned linker linked a pair: for the pinned (or hovered) cell, the review-level probability, the
// sentence's share of it, and each feature's value and contribution to the log-odds (coefficient × standardised
// value), largest first. Texts are rendered as text.
import { contributions, FEATURE_NAMES, GROUP_OF, modelOf } from '../../core/learned/index';
import { useWorkbench } from '../../store/session/workbench';
import type { LearnedState } from './useLearned';

const fmt = (x: number, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '—');

export function LinkerCell({ learned, tau, hard }: { learned: LearnedState; tau: number; hard: boolean }) {
  const pinned = useWorkbench((s) => s.pinned);
  const hover = useWorkbench((s) => s.hover);
  const f = learned.features;
  const cell = pinned ?? hover;
  const valid = cell && cell.row < f.rows && cell.col < f.cols ? cell : null;
  if (!valid)
    return (
      <p className="muted small" data-testid="linker-cell-hint">
        Click a cell of the matrix to see why the learned linker links that pseudo-reference and sentence.
      </p>
    );
  const { row: i, col: j } = valid;
  const F = FEATURE_NAMES.length;
  const p = learned.probabilities[i];
  const value = learned.links.data[i * f.cols + j];
  const x = f.x.subarray(i * F, (i + 1) * F);
  const c = contributions(modelOf(learned.weights), x);
  const order = FEATURE_NAMES.map((_, k) => k).sort((a, b) => Math.abs(c[b]) - Math.abs(c[a]));
  const logit = learned.weights.intercept + c.reduce((a, b) => a + b, 0);
  return (
    <div className="linker-cell" data-testid="linker-cell" data-row={i} data-col={j} data-probability={p} data-value={value}>
      <p className="small">
        <strong>
          P{i + 1} × S{j + 1}
        </strong>
        : the linker gives <strong data-testid="linker-cell-p">{fmt(p)}</strong> as the probability that the review addresses P{i + 1}
        {f.blank ? ' (the review has no words, so it links nothing)' : ''}; this sentence carries {p > 0 ? fmt(value / p, 2) : '0'} of it (its TF-IDF cosine {fmt(f.cell[i * f.cols + j])}{' '}
        over the best sentence&apos;s), so the cell is {fmt(value)}
        {hard ? (value > tau ? `, above τ = ${fmt(tau, 2)}: linked.` : `, not above τ = ${fmt(tau, 2)}: not linked.`) : ', credited as it is.'}
      </p>
      <table className="linker-features small" data-testid="linker-features">
        <thead>
          <tr>
            <th>feature</th>
            <th>group</th>
            <th>value</th>
            <th>log-odds</th>
          </tr>
        </thead>
        <tbody>
          {order.map((k) => (
            <tr key={FEATURE_NAMES[k]} className={c[k] > 0 ? 'pos' : c[k] < 0 ? 'neg' : undefined}>
              <td>{FEATURE_NAMES[k]}</td>
              <td>{GROUP_OF[FEATURE_NAMES[k]]}</td>
              <td>{fmt(x[k])}</td>
              <td>
                <span className="bar" style={{ width: `${Math.min(60, Math.abs(c[k]) * 20)}px` }} />
                {c[k] >= 0 ? '+' : ''}
                {fmt(c[k], 2)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3}>intercept {fmt(learned.weights.intercept, 2)}; total log-odds</td>
            <td>{fmt(logit, 2)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
