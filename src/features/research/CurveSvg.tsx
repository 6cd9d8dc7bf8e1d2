// The correlation-vs-τ curve as a plain SVG drawn by React: three polylines of ~101 points, a grid, two axes, the
// reference lines and an HTML legend, in the same geometry and colours as the recharts chart it replaces.
// recharts' first draw of this chart was one main-thread task of 110–370 ms (its internal store re-renders the whole
// chart synchronously from its layout effects, so no deferred render could slice it); this draws in a few
// milliseconds. Presentation is set as attributes, not CSS, so the figure export's copy of the SVG looks the same.
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { CurvePoint } from '../../core/research/index';
import { tickDigits, tickLabel } from '../../core/ticks';

export interface PlotArea {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface CurveSeries {
  key: string;
  name: string;
  color: string;
  width: number;
}

export interface RefLine {
  x: number;
  label: string;
  color: string;
  dash: string;
  /** Where the label sits: at the top or the bottom of the line, on its inner side (away from the nearer edge). */
  at: 'top' | 'bottom';
}

export const CURVE_HEIGHT = 260;
const MARGIN = { top: 18, right: 20, left: 44, bottom: 55 }; // bottom: the x axis (30) and the legend's strip
const X_TICKS = Array.from({ length: 11 }, (_, i) => i / 10);
const AXIS = '#666';
// recharts' legend icon for a line: a stroke with an open circle in its middle, in a 32×32 box.
const ICON = 'M0,16h10.667A5.333,5.333,0,1,1,21.333,16H32M21.333,16A5.333,5.333,0,1,1,10.667,16';

/** The plot area inside an SVG `width` wide (the axes and the legend strip outside it). */
export function plotArea(width: number): PlotArea {
  return { x: MARGIN.left, y: MARGIN.top, w: Math.max(0, width - MARGIN.left - MARGIN.right), h: CURVE_HEIGHT - MARGIN.top - MARGIN.bottom };
}

/** An SVG path through the finite points, broken where a value is missing (as recharts draws a line without connectNulls). */
export function linePath(points: readonly { x: number; y: number }[]): string {
  let d = '';
  let pen = false;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${+p.x.toFixed(2)},${+p.y.toFixed(2)}`;
    pen = true;
  }
  return d;
}

interface Props {
  curve: readonly CurvePoint[];
  series: readonly CurveSeries[];
  /** Legend order (recharts listed the series by name). */
  legend: readonly CurveSeries[];
  yTicks: readonly number[];
  refs: readonly RefLine[];
  /** Told the plot area after each layout, for what is drawn over the chart (the current τ). */
  onArea: (a: PlotArea) => void;
}

const Body = memo(function Body({ width, curve, series, yTicks, refs }: Omit<Props, 'onArea' | 'legend'> & { width: number }) {
  const a = plotArea(width);
  const y0 = yTicks[0];
  const y1 = yTicks[yTicks.length - 1];
  const sx = (t: number) => a.x + t * a.w;
  const sy = (v: number) => a.y + a.h - ((v - y0) / (y1 - y0 || 1)) * a.h;
  const digits = tickDigits([...yTicks]);
  return (
    <>
      <g className="r-grid-lines" stroke="#e5e7eb" strokeDasharray="3 3" fill="none">
        {yTicks.map((v) => (
          <line key={`h${v}`} x1={a.x} x2={a.x + a.w} y1={sy(v)} y2={sy(v)} />
        ))}
        {X_TICKS.map((t) => (
          <line key={`v${t}`} x1={sx(t)} x2={sx(t)} y1={a.y} y2={a.y + a.h} />
        ))}
      </g>
      {series.map((s) => (
        <path
          key={s.key}
          className="r-curve-line"
          data-series={s.name}
          d={linePath(curve.map((p) => ({ x: sx(p.tau), y: sy(p[s.key as keyof CurvePoint]) })))}
          stroke={s.color}
          strokeWidth={s.width}
          fill="none"
          strokeLinejoin="round"
        />
      ))}
      {refs.map((r) => {
        const x = sx(Math.max(0, Math.min(1, r.x)));
        const right = r.x > 0.75; // the label on the inner side of the line, so it is never clipped at an edge
        return (
          <g key={r.label} className="r-ref-line" data-value={r.x}>
            <line x1={x} x2={x} y1={a.y + a.h} y2={a.y} stroke={r.color} strokeDasharray={r.dash} fill="none" />
            <text
              className="r-ref-label"
              x={right ? x - 5 : x + 5}
              y={r.at === 'top' ? a.y + 5 : a.y + a.h - 5}
              dy={r.at === 'top' ? '0.71em' : '0em'}
              textAnchor={right ? 'end' : 'start'}
              fontSize={11}
              fill="#808080"
            >
              {r.label}
            </text>
          </g>
        );
      })}
      <g className="r-axis-x" stroke={AXIS} fill="none">
        <line x1={a.x} x2={a.x + a.w} y1={a.y + a.h} y2={a.y + a.h} />
        {X_TICKS.map((t) => (
          <g key={t}>
            <line x1={sx(t)} x2={sx(t)} y1={a.y + a.h + 6} y2={a.y + a.h} />
            <text className="r-tick" x={sx(t)} y={a.y + a.h + 8} dy="0.71em" textAnchor="middle" fill={AXIS} stroke="none">
              {t.toFixed(1)}
            </text>
          </g>
        ))}
      </g>
      <g className="r-axis-y" stroke={AXIS} fill="none">
        <line x1={a.x} x2={a.x} y1={a.y} y2={a.y + a.h} />
        {yTicks.map((v) => (
          <g key={v}>
            <line x1={a.x - 6} x2={a.x} y1={sy(v)} y2={sy(v)} />
            <text className="r-tick" x={a.x - 8} y={sy(v)} dy="0.355em" textAnchor="end" fill={AXIS} stroke="none">
              {tickLabel(v, digits)}
            </text>
          </g>
        ))}
      </g>
    </>
  );
});

/** The nearest curve point to the pointer, with a cursor line and a tooltip (τ and the three values). */
function Hover({ width, curve, series, at }: { width: number; curve: readonly CurvePoint[]; series: readonly CurveSeries[]; at: number | null }) {
  if (at === null || !curve.length) return null;
  const a = plotArea(width);
  const t = (at - a.x) / (a.w || 1);
  let k = 0;
  for (let i = 1; i < curve.length; i++) if (Math.abs(curve[i].tau - t) < Math.abs(curve[k].tau - t)) k = i;
  const p = curve[k];
  const x = a.x + p.tau * a.w;
  const flip = x > a.x + a.w * 0.7;
  return (
    <>
      <svg className="r-curve-cursor" width={width} height={CURVE_HEIGHT} aria-hidden="true">
        <line x1={x} x2={x} y1={a.y} y2={a.y + a.h} stroke="#ccc" />
      </svg>
      <div className="r-curve-tip" role="status" style={flip ? { right: width - x + 10, top: a.y + 10 } : { left: x + 10, top: a.y + 10 }}>
        <p>τ = {p.tau.toFixed(2)}</p>
        {series.map((s) => {
          const v = p[s.key as keyof CurvePoint];
          return (
            <p key={s.key} style={{ color: s.color }}>
              {s.name} : {Number.isFinite(v) ? v.toFixed(4) : '—'}
            </p>
          );
        })}
      </div>
    </>
  );
}

export function CurveSvg({ curve, series, legend, yTicks, refs, onArea }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [at, setAt] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(Math.round(el.getBoundingClientRect().width));
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const area = useMemo(() => plotArea(width), [width]);
  useEffect(() => {
    if (width > 0) onArea(area);
  }, [area, width, onArea]);
  return (
    <div className="r-curve" ref={box} style={{ height: CURVE_HEIGHT }}>
      {width > 0 && (
        <svg
          className="r-export-svg r-curve-svg"
          data-testid="curve-svg"
          role="img"
          aria-label={`Correlation with human scores against τ: ${series.map((s) => s.name).join(', ')}`}
          width={width}
          height={CURVE_HEIGHT}
          viewBox={`0 0 ${width} ${CURVE_HEIGHT}`}
          onMouseMove={(e) => setAt(e.clientX - e.currentTarget.getBoundingClientRect().left)}
          onMouseLeave={() => setAt(null)}
        >
          <Body width={width} curve={curve} series={series} yTicks={yTicks} refs={refs} />
        </svg>
      )}
      <Hover width={width} curve={curve} series={series} at={at} />
      <ul className="r-legend">
        {legend.map((s) => (
          <li key={s.key} className="r-legend-item">
            <svg width={14} height={14} viewBox="0 0 32 32" aria-hidden="true">
              <path d={ICON} stroke={s.color} strokeWidth={4} fill="none" />
            </svg>
            <span className="r-legend-item-text" style={{ color: s.color }}>
              {s.name}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
