// Any lab metric against a human dimension, drawn on a canvas (thousands of reviews stay cheap). The x range is the
// metric's own (CRScore and BLEU 0–1, LLM grades 1–5); y is the human Likert grade scaled to 0–1, jittered a little
// so equal grades stay visible. Reviews without a value (no reference, no grade) are counted, not drawn at 0.
import { useEffect, useMemo, useRef } from 'react';
import { niceTicks } from '../../../core/ticks';
import { useWidth } from '../../../ui/useWidth';

const H = 260;
const PAD = { left: 44, right: 16, top: 10, bottom: 36 };
const Y_TICKS = [0, 0.25, 0.5, 0.75, 1];
/** A dot's radius, px. */
const R = 2.6;

export interface ScatterPoint {
  x: number | null;
  y: number;
}

/** Dots stamped per animation frame (about 20 ms of drawing on a slow machine). */
const STAMPS_PER_FRAME = 3000;

export function LabScatter({
  points,
  xLabel,
  yLabel,
}: {
  points: readonly ScatterPoint[];
  xLabel: string;
  yLabel: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(box);
  // Memoised: the view re-renders with every progress step of the statistics, and a redraw of 20,000 points
  // each time would hold the page's thread for nothing.
  const { shown, xTicks } = useMemo(() => {
    const shown = points.filter(
      (p): p is { x: number; y: number } => p.x != null && Number.isFinite(p.x),
    );
    let lo = Infinity;
    let hi = -Infinity;
    for (const p of shown) {
      lo = Math.min(lo, p.x);
      hi = Math.max(hi, p.x);
    }
    if (!shown.length) [lo, hi] = [0, 1];
    return { shown, xTicks: niceTicks(Math.min(lo, 0), hi > lo ? hi : lo + 1, 5) };
  }, [points]);
  const x0 = xTicks[0];
  const x1 = xTicks[xTicks.length - 1];
  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = width * dpr;
    c.height = H * dpr;
    const g = c.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, H);
    const pw = width - PAD.left - PAD.right;
    const ph = H - PAD.top - PAD.bottom;
    const sx = (v: number) => PAD.left + ((v - x0) / (x1 - x0 || 1)) * pw;
    const sy = (v: number) => PAD.top + (1 - v) * ph;
    g.strokeStyle = '#e5e7eb';
    g.fillStyle = '#4b5563';
    g.font = '11px system-ui, sans-serif';
    g.textAlign = 'center';
    for (const t of xTicks) {
      g.beginPath();
      g.moveTo(sx(t), PAD.top);
      g.lineTo(sx(t), PAD.top + ph);
      g.stroke();
      g.fillText(String(+t.toFixed(3)), sx(t), PAD.top + ph + 14);
    }
    g.textAlign = 'right';
    for (const t of Y_TICKS) {
      g.beginPath();
      g.moveTo(PAD.left, sy(t));
      g.lineTo(PAD.left + pw, sy(t));
      g.stroke();
      g.fillText(String(t), PAD.left - 6, sy(t) + 4);
    }
    g.textAlign = 'center';
    g.fillText(xLabel, PAD.left + pw / 2, H - 4);
    g.save();
    g.translate(11, PAD.top + ph / 2);
    g.rotate(-Math.PI / 2);
    g.fillText(yLabel, 0, 0);
    g.restore();
    // One dot drawn once, then stamped per review: a path and a fill per point cost several times more.
    const dot = document.createElement('canvas');
    dot.width = dot.height = Math.ceil(2 * R * dpr) + 2;
    const d = dot.getContext('2d')!;
    d.fillStyle = 'rgba(37, 99, 235, 0.35)';
    d.arc(dot.width / 2, dot.height / 2, R * dpr, 0, Math.PI * 2);
    d.fill();
    const half = dot.width / dpr / 2;
    // Stamped a slice per frame: 20,000 reviews in one go held the page's thread for 0.1–0.3 s.
    let frame = 0;
    const stamp = (from: number) => {
      const to = Math.min(shown.length, from + STAMPS_PER_FRAME);
      for (let k = from; k < to; k++) {
        const p = shown[k];
        const jitter = (((k * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 0.05;
        const y = sy(Math.min(1.02, Math.max(-0.02, p.y + jitter)));
        g.drawImage(dot, sx(p.x) - half, y - half, 2 * half, 2 * half);
      }
      if (to < shown.length) frame = requestAnimationFrame(() => stamp(to));
    };
    stamp(0);
    return () => cancelAnimationFrame(frame);
  }, [shown, width, x0, x1, xTicks, xLabel, yLabel]);
  return (
    <div ref={box} className="r-canvas lab-scatter">
      <canvas
        ref={canvas}
        style={{ width: '100%', height: H }}
        role="img"
        aria-label={`${xLabel} against ${yLabel}: ${shown.length} reviews`}
        data-testid="lab-scatter"
        data-points={shown.length}
        data-missing={points.length - shown.length}
        data-ticks={xTicks.join(',')}
      />
      {points.length > shown.length && (
        <p className="muted small">
          {points.length - shown.length} reviews without a value (no reference review or no grade)
          are not drawn.
        </p>
      )}
    </div>
  );
}
