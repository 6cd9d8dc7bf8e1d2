// τ sensitivity and the similarity histogram (recharts, loaded lazily with this module). The charts are
// drawn once per matrix; the τ marker is a plain overlay on the plot area, so moving τ never re-renders
// recharts.
import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PLUS_OPTIONS, scorePlus, type PlusInput } from '../../core/plus';
import { tauSweep } from '../../core/sweep';
import type { SimilarityMatrix } from '../../core/types';
import { PAPER_TAU } from '../../store/session/session';
import { niceAxis, tickLabel, type NiceAxis } from './ticks';
import { rampFor } from './useScoring';

const GRID = Array.from({ length: 201 }, (_, k) => k / 200);
// Plot-area geometry, fixed so the overlay can find x = τ: margins plus the axes' sizes.
const M = { top: 8, right: 16, bottom: 4, left: 0 };
const Y_AXIS_W = 40;
const X_AXIS_H = 30;
const HEIGHT = 210;
const SERIES = [
  { key: 'Con', colour: '#2563eb', width: 2 },
  { key: 'Comp', colour: '#db2777', width: 2 },
  { key: 'Rel', colour: '#111827', width: 2.5 },
];

interface Props {
  matrix: SimilarityMatrix;
  sentences: string[];
  tau: number;
  /** Plus preset: the curve follows its graded credit (ramp τ − sd … τ) instead of the hard τ. */
  plusInput?: PlusInput | null;
}

export default function Charts({ matrix, sentences, tau, plusInput }: Props) {
  const hist = useMemo(() => histogram(matrix.data, 40), [matrix]);
  const axis = useMemo(() => niceAxis(hist.lo, hist.hi), [hist]);
  return (
    <div className="charts">
      <figure className="chart" data-testid="sensitivity-chart">
        <figcaption>
          Scores against τ
          <span className="chart-legend">
            {SERIES.map((s) => (
              <span key={s.key}>
                <i style={{ background: s.colour }} /> {s.key}
              </span>
            ))}
          </span>
        </figcaption>
        <div className="chart-box">
          <SweepChart matrix={matrix} sentences={sentences} plusInput={plusInput ?? null} />
          <TauMarker tau={tau} lo={0} hi={1} />
        </div>
      </figure>
      <figure className="chart" data-testid="histogram">
        <figcaption>All P×R similarities ({matrix.rows * matrix.cols})</figcaption>
        <div className="chart-box">
          <HistogramChart bins={hist.bins} axis={axis} />
          <TauMarker tau={tau} lo={axis.domain[0]} hi={axis.domain[1]} />
        </div>
      </figure>
    </div>
  );
}

function TauMarker({ tau, lo, hi }: { tau: number; lo: number; hi: number }) {
  const f = Math.min(1, Math.max(0, (tau - lo) / (hi - lo || 1)));
  return (
    <div
      className="chart-tau"
      aria-hidden="true"
      style={{
        left: `calc(${M.left + Y_AXIS_W}px + (100% - ${M.left + Y_AXIS_W + M.right}px) * ${f})`,
        top: M.top,
        height: HEIGHT - M.top - M.bottom - X_AXIS_H,
      }}
    >
      <span>τ {Number(tau.toFixed(4))}</span>
    </div>
  );
}

const PLUS_GRID = Array.from({ length: 101 }, (_, k) => k / 100);

const SweepChart = memo(function SweepChart({ matrix, sentences, plusInput }: { matrix: SimilarityMatrix; sentences: string[]; plusInput: PlusInput | null }) {
  const sweep = useMemo(
    () =>
      plusInput
        ? PLUS_GRID.map((t) => {
            const s = scorePlus(plusInput, rampFor(t), PLUS_OPTIONS);
            return { tau: t, Con: s.con, Comp: s.comp, Rel: s.rel };
          })
        : tauSweep(matrix, GRID, { sentences }).map((p) => ({ tau: p.tau, Con: p.con, Comp: p.comp, Rel: p.rel })),
    [matrix, sentences, plusInput],
  );
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart data={sweep} margin={M}>
        <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
        <XAxis dataKey="tau" type="number" domain={[0, 1]} ticks={[0, 0.2, 0.4, 0.6, 0.8, 1]} height={X_AXIS_H} tick={{ fontSize: 11 }} />
        <YAxis domain={[0, 1]} ticks={[0, 0.25, 0.5, 0.75, 1]} width={Y_AXIS_W} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(3) : String(v))} labelFormatter={(l) => `τ = ${Number(l).toFixed(3)}`} />
        {SERIES.map((s) => (
          <Line key={s.key} type={plusInput ? 'linear' : 'stepAfter'} dataKey={s.key} stroke={s.colour} dot={false} strokeWidth={s.width} isAnimationActive={false} />
        ))}
        {/* The paper's label sits at the bottom, the current τ's at the top (the overlay): they never cover each other. */}
        <ReferenceLine x={PAPER_TAU} stroke="#9ca3af" strokeDasharray="4 3" label={{ value: 'paper', fontSize: 10, position: 'insideBottomLeft' }} />
      </LineChart>
    </ResponsiveContainer>
  );
});

const HistogramChart = memo(function HistogramChart({ bins, axis }: { bins: { mid: number; count: number }[]; axis: NiceAxis }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={bins} margin={M} barCategoryGap={1}>
        <CartesianGrid stroke="#e5e7eb" strokeDasharray="3 3" />
        <XAxis dataKey="mid" type="number" domain={axis.domain} ticks={axis.ticks} height={X_AXIS_H} tick={{ fontSize: 11 }} tickFormatter={tickLabel} />
        <YAxis allowDecimals={false} width={Y_AXIS_W} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => [String(v), 'pairs']} labelFormatter={(l) => `s ≈ ${Number(l).toFixed(3)}`} />
        <Bar dataKey="count" fill="#64748b" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
});

function histogram(data: Float32Array, n: number) {
  let lo = 0;
  let hi = 1;
  for (const v of data) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const w = (hi - lo) / n;
  const counts = new Array<number>(n).fill(0);
  for (const v of data) if (!Number.isNaN(v)) counts[Math.min(n - 1, Math.floor((v - lo) / w))]++;
  return { lo, hi, bins: counts.map((count, k) => ({ mid: lo + (k + 0.5) * w, count })) };
}
