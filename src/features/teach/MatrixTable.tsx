// The similarity matrix as a table of numbers: rows P (pseudo-references), columns S (review sentences).
// Cells above τ are outlined, each row's best is marked, and a click picks the pair the formulas explain.
import type { SimilarityMatrix } from '../../core/types';

export interface Pair {
  row: number;
  col: number;
}

function shade(v: number): string {
  const x = Math.max(0, Math.min(1, v));
  return `rgba(59, 91, 219, ${(0.06 + 0.6 * x * x).toFixed(3)})`;
}

export function MatrixTable({ m, tau, pair, onPair }: { m: SimilarityMatrix; tau: number; pair: Pair | null; onPair(p: Pair): void }) {
  const rowBest = Array.from({ length: m.rows }, (_, i) => {
    let b = -1;
    for (let j = 0; j < m.cols; j++) if (b < 0 || m.data[i * m.cols + j] > m.data[i * m.cols + b]) b = j;
    return b;
  });
  return (
    <div className="tc-matrix-wrap">
      <table className="tc-matrix" data-testid="tc-matrix" aria-label="Similarity matrix">
        <thead>
          <tr>
            <th aria-label="pseudo-reference" />
            {Array.from({ length: m.cols }, (_, j) => (
              <th key={j} scope="col">
                S{j + 1}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: m.rows }, (_, i) => (
            <tr key={i}>
              <th scope="row">P{i + 1}</th>
              {Array.from({ length: m.cols }, (_, j) => {
                const v = m.data[i * m.cols + j];
                const above = v > tau;
                const sel = pair?.row === i && pair?.col === j;
                return (
                  <td key={j} className={`${above ? 'above' : ''} ${sel ? 'sel' : ''}`} style={{ background: shade(v) }}>
                    <button
                      type="button"
                      onClick={() => onPair({ row: i, col: j })}
                      aria-label={`s(P${i + 1}, S${j + 1}) = ${v.toFixed(3)}${above ? ', above τ' : ''}`}
                      aria-pressed={sel}
                      data-testid="tc-cell"
                      data-value={v}
                    >
                      {v.toFixed(3)}
                      {rowBest[i] === j && <span className="tc-best" title="best sentence for this pseudo-reference">★</span>}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
