// Pairwise significance of mean Rel differences as a compact matrix (WMT style): row system minus column
// system; green where the row is significantly better (the paired 95% interval is above 0), red where it is
// significantly worse, grey where the interval includes 0. Systems in order of mean Rel.
import { memo } from 'react';
import type { BootstrapReport } from '../../core/bootstrap';
import { fmtInterval, fmtNum } from '../../core/researchTables';
import { dataNum } from '../../ui/dataNum';

const CELL = 28;
const LABEL_W = 150;
const HEAD_H = 110;

function colour(diff: number, significant: boolean): string {
  if (!significant) return '#e5e7eb';
  const a = Math.min(1, 0.35 + Math.abs(diff) * 2.5);
  return diff > 0 ? `rgba(21, 128, 61, ${a.toFixed(2)})` : `rgba(185, 28, 28, ${a.toFixed(2)})`;
}

export const PairMatrix = memo(function PairMatrix({ report }: { report: BootstrapReport }) {
  const systems = [...report.systems].sort((a, b) => b.rel.mean - a.rel.mean).map((s) => s.system);
  const pair = new Map(report.pairs.map((p) => [`${p.a}\u0000${p.b}`, p]));
  const n = systems.length;
  // Room on the right for the last rotated column label.
  const w = LABEL_W + n * CELL + 90;
  const h = HEAD_H + n * CELL + 8;
  const short = (s: string) => (s.length > 22 ? `${s.slice(0, 21)}…` : s);
  return (
    <svg
      className="r-export-svg r-pairs"
      width={w}
      height={h}
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label="Pairwise significance of differences in mean Rel"
      data-testid="pair-matrix"
      fontSize={11}
      fontFamily="system-ui, sans-serif"
    >
      {systems.map((s, j) => (
        <text key={`c-${s}`} transform={`translate(${LABEL_W + j * CELL + CELL / 2 + 4}, ${HEAD_H - 6}) rotate(-50)`} fill="#374151">
          {short(s)}
        </text>
      ))}
      {systems.map((a, i) => (
        <g key={a}>
          <text x={LABEL_W - 6} y={HEAD_H + i * CELL + CELL / 2 + 4} textAnchor="end" fill="#374151">
            {short(a)}
          </text>
          {systems.map((b, j) => {
            const p = pair.get(`${a}\u0000${b}`);
            const x = LABEL_W + j * CELL;
            const y = HEAD_H + i * CELL;
            if (!p) return <rect key={b} x={x} y={y} width={CELL - 2} height={CELL - 2} fill="#fff" stroke="#e5e7eb" />;
            return (
              <g key={b}>
                <rect
                  x={x}
                  y={y}
                  width={CELL - 2}
                  height={CELL - 2}
                  rx={3}
                  fill={colour(p.diff, p.significant)}
                  data-testid={`pair-${a}-${b}`}
                  data-diff={dataNum(p.diff)}
                  data-lo={dataNum(p.lo)}
                  data-hi={dataNum(p.hi)}
                  data-significant={p.significant}
                >
                  <title>{`${a} − ${b}: Rel ${fmtNum(p.diff)} ${fmtInterval(p.lo, p.hi)}${p.significant ? ', significant' : ', not significant'}`}</title>
                </rect>
                {p.significant && (
                  <text x={x + (CELL - 2) / 2} y={y + CELL / 2 + 3} textAnchor="middle" fill="#fff" fontSize={10} pointerEvents="none">
                    {p.diff > 0 ? '+' : '−'}
                  </text>
                )}
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
});

export function PairLegend() {
  return (
    <ul className="r-pairs-legend small">
      {PAIR_LEGEND.map((l) => (
        <li key={l.label}>
          <i style={{ background: l.color }} />
          {l.label}
        </li>
      ))}
    </ul>
  );
}

export const PAIR_LEGEND = [
  { label: 'row significantly higher mean Rel', color: 'rgb(21, 128, 61)' },
  { label: 'row significantly lower', color: 'rgb(185, 28, 28)' },
  { label: 'interval includes 0', color: '#e5e7eb' },
];
