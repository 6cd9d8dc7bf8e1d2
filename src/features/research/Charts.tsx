// The research view's charts: correlation against τ (a light SVG of our own, CurveSvg.tsx) and the similarity
// distribution (recharts, no animation so a redraw is one paint). They depend on the run, not on τ: the τ line is
// drawn over them, so a slider step moves one element instead of re-rendering a chart. The scatter is a canvas
// (ScatterCanvas.tsx).
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useResearch } from '../../store/research/research';
import { bestTau, histogram } from '../../store/research/researchAnalysis';
import { niceTicks, tickDigits, tickLabel } from '../../core/ticks';
import { fmt } from './Tables';
import { CURVE_HEIGHT, CurveSvg, type CurveSeries, type PlotArea, type RefLine } from './CurveSvg';

export { ScatterPlot } from './ScatterCanvas';

const UNIT_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];
/** Legend entries the figure export adds for what recharts' legend does not list (reference lines). */
const legend = (items: { label: string; color: string; dash?: string }[]) => JSON.stringify(items);

const COLOURS = { con: '#2563eb', comp: '#db2777', rel: '#111827' } as const;

/** The plot area of the recharts chart inside `box` (its grid's extent), measured after each render and resize. */
function usePlotArea(box: React.RefObject<HTMLDivElement | null>, deps: unknown[]) {
  const [area, setArea] = useState<{ x: number; y: number; w: number; h: number } | null>(null);
  const measure = () => {
    const el = box.current;
    const grid = el?.querySelector('.recharts-cartesian-grid');
    if (!el || !grid) return;
    const b = grid.getBoundingClientRect();
    const o = el.getBoundingClientRect();
    setArea((a) => {
      const n = { x: b.left - o.left, y: b.top - o.top, w: b.width, h: b.height };
      return a && a.x === n.x && a.y === n.y && a.w === n.w && a.h === n.h ? a : n;
    });
  };
  useLayoutEffect(() => {
    // Measured once the chart is laid out (recharts draws its grid after its own first layout).
    const id = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => requestAnimationFrame(measure));
    ro.observe(el);
    return () => ro.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [box]);
  return area;
}

/** The current τ as a vertical line over a chart whose x axis runs from `lo` to `hi`. */
function TauLine({ area, lo, hi, testid }: { area: PlotArea | null; lo: number; hi: number; testid: string }) {
  const tau = useResearch((s) => s.tau);
  if (!area) return null;
  const f = Math.max(0, Math.min(1, (tau - lo) / (hi - lo)));
  return <div className="r-tau-line" data-testid={testid} data-value={tau} style={{ left: area.x + f * area.w, top: area.y, height: area.h }} aria-hidden="true" />;
}

const SERIES: CurveSeries[] = (['con', 'comp', 'rel'] as const).map((d) => ({
  key: d,
  name: d === 'rel' ? 'Rel' : d === 'con' ? 'Con' : 'Comp',
  color: COLOURS[d],
  width: d === 'rel' ? 2.5 : 1.5,
}));
/** The legend lists the series by name, as the recharts chart did. */
const LEGEND = [...SERIES].sort((a, b) => a.name.localeCompare(b.name));

export function CurveChart() {
  const calibratedTau = useResearch((s) => s.results!.calibration.tau);
  const curveState = useResearch((s) => s.curve);
  const [kind, setKind] = useState<'spearman' | 'kendall'>('spearman');
  const curve = curveState?.points;
  const best = useMemo(() => (curve ? bestTau(curve, `rel_${kind}`) : null), [curve, kind]);
  const yTicks = useMemo(() => {
    const v = (curve ?? []).flatMap((p) => (['con', 'comp', 'rel'] as const).map((d) => p[`${d}_${kind}`])).filter(Number.isFinite);
    return v.length ? niceTicks(Math.min(...v), Math.max(...v), 5) : UNIT_TICKS;
  }, [curve, kind]);
  const series = useMemo(() => SERIES.map((s) => ({ ...s, key: `${s.key}_${kind}` })), [kind]);
  const legendSeries = useMemo(() => LEGEND.map((s) => ({ ...s, key: `${s.key}_${kind}` })), [kind]);
  // Labels at opposite ends of their lines, so they never overlap even when best ≈ calibrated.
  const refs = useMemo<RefLine[]>(
    () => [
      ...(best ? [{ x: best.tau, label: 'best', color: '#15803d', dash: '4 3', at: 'top' as const }] : []),
      { x: calibratedTau, label: 'calibrated', color: '#b45309', dash: '2 2', at: 'bottom' },
    ],
    [best, calibratedTau],
  );
  const [area, setArea] = useState<PlotArea | null>(null);
  return (
    <figure
      className="panel r-fig"
      data-testid="curve-chart"
      data-chart="correlation-vs-tau"
      data-x-label="τ (similarity threshold)"
      data-y-label={`${kind === 'spearman' ? 'Spearman' : 'Kendall'} correlation with human scores`}
      data-legend={legend([
        { label: 'best τ for Rel', color: '#15803d', dash: '4 3' },
        { label: 'calibrated τ', color: '#b45309', dash: '2 2' },
        { label: 'current τ', color: '#3b5bdb' },
      ])}
    >
      <figcaption>
        <h3>Correlation with humans against τ</h3>{' '}
        <select value={kind} onChange={(e) => setKind(e.target.value as 'spearman' | 'kendall')} aria-label="Correlation" data-testid="curve-kind">
          <option value="spearman">Spearman</option>
          <option value="kendall">Kendall</option>
        </select>
        {curveState ? (
          <span className="muted small">
            {' '}
            {curveState.points.length} τ values · best Rel τ ={' '}
            <strong data-testid="best-tau" data-value={best?.tau ?? ''}>
              {best ? `${best.tau.toFixed(2)} (${fmt(best[`rel_${kind}`])})` : '—'}
            </strong>{' '}
            · calibrated τ = {calibratedTau.toFixed(4)} · computed in <span data-testid="curve-ms">{curveState.ms.toFixed(0)}</span> ms
          </span>
        ) : (
          <span className="muted small"> computing the curve…</span>
        )}
      </figcaption>
      <div className="r-chart r-overlay">
        {curve ? <CurveSvg curve={curve} series={series} legend={legendSeries} yTicks={yTicks} refs={refs} onArea={setArea} /> : <div style={{ height: CURVE_HEIGHT }} />}
        {curve && <TauLine area={area} lo={0} hi={1} testid="curve-tau-line" />}
      </div>
    </figure>
  );
}

const DistributionBars = memo(function DistributionBars({ data, ticks }: { data: { x: number; sentences: number; pseudoReferences: number }[]; ticks: number[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} barGap={0} barCategoryGap={1}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
        <XAxis dataKey="x" type="number" domain={[ticks[0], ticks[ticks.length - 1]]} ticks={ticks} tickFormatter={(v: number) => tickLabel(v, tickDigits(ticks))} />
        <YAxis width={44} />
        <Tooltip formatter={(v) => String(v)} labelFormatter={(l) => `≈ ${Number(l).toFixed(3)}`} />
        <Legend />
        <Bar dataKey="sentences" name="review sentences" fill="#3b5bdb" isAnimationActive={false} />
        <Bar dataKey="pseudoReferences" name="pseudo-references" fill="#db2777" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
});

function concat(arrs: readonly Float64Array[]): Float64Array {
  let n = 0;
  for (const a of arrs) n += a.length;
  const out = new Float64Array(n);
  let o = 0;
  for (const a of arrs) {
    out.set(a, o);
    o += a.length;
  }
  return out;
}

export function DistributionChart() {
  const results = useResearch((s) => s.results)!;
  const { data, ticks } = useMemo(() => {
    // One typed array per side (the index's per-item arrays are views of the workers' buffers): no boxed copy.
    const sentences = concat(results.index.sentences);
    const refs = concat(results.index.refs);
    let lo = 0;
    for (const v of sentences) if (v < lo) lo = v;
    for (const v of refs) if (v < lo) lo = v;
    const hs = histogram(sentences, 40, lo, 1);
    const hp = histogram(refs, 40, lo, 1);
    const ticks = niceTicks(lo, 1, 5);
    return { data: hs.map((b, i) => ({ x: b.x, sentences: b.count, pseudoReferences: hp[i].count })), ticks };
  }, [results]);
  const box = useRef<HTMLDivElement>(null);
  const area = usePlotArea(box, [data, ticks]);
  return (
    <figure
      className="panel r-fig"
      data-testid="distribution"
      data-chart="similarity-distribution"
      data-x-label={`best similarity (${results.engine ? 'cosine' : results.label})`}
      data-y-label="count"
      data-legend={legend([{ label: 'τ', color: '#3b5bdb' }])}
    >
      <figcaption>
        <h3>Similarity distribution</h3>
        <span className="muted small"> best similarity of each review sentence and of each pseudo-reference; the line is τ</span>
      </figcaption>
      <div className="r-chart r-overlay" ref={box}>
        <DistributionBars data={data} ticks={ticks} />
        <TauLine area={area} lo={ticks[0]} hi={ticks[ticks.length - 1]} testid="distribution-tau-line" />
      </div>
    </figure>
  );
}
