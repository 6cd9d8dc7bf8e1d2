// Metric against human score on a canvas: thousands of points redraw in a few milliseconds on every τ step, where
// an SVG chart re-renders one element per point.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResearch } from '../../store/research/research';
import { REF_METRICS, type RefMetricId } from '../../core/refmetrics/index';
import { useWidth } from '../../ui/useWidth';

type ScatterMetric = 'con' | 'comp' | 'rel' | RefMetricId;
const H = 260;
const PAD = { left: 44, right: 16, top: 10, bottom: 34 };
/** Both axes run 0–1 (human Likert scaled to 0–1): round ticks, written on the canvas as data-ticks too. */
const TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];

export function ScatterPlot() {
  const results = useResearch((s) => s.results)!;
  const scores = useResearch((s) => s.analysis!.scores);
  const [metric, setMetric] = useState<ScatterMetric>('rel');
  const [humanPick, setHuman] = useState<'con' | 'comp' | 'rel'>('rel');
  // A human-scored dataset's one dimension fills every human slot: no Con/Comp/Rel choice, its name instead.
  const dimension = useResearch((s) => s.human?.dimension ?? null);
  const human = dimension ? 'rel' : humanPick;
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const axes = useRef<HTMLCanvasElement>(null);
  const width = useWidth(box);
  const [hover, setHover] = useState<{ x: number; y: number; text: string } | null>(null);
  const refs = useResearch((s) => s.refMetrics);
  const isRef = metric !== 'con' && metric !== 'comp' && metric !== 'rel';
  // A reference-based metric is computed (in the workers) when it is first picked here, not with every run.
  useEffect(() => {
    if (isRef && metric !== 'embedCos') void useResearch.getState().ensureRefMetrics();
  }, [isRef, metric, results]);
  const refValues = metric === 'embedCos' ? results.embedRef : refs.of === results ? (refs.values[metric as RefMetricId] ?? null) : null;
  const computing = isRef && !refValues;
  // Which items have human scores, and their jittered y: fixed per run, so a τ step only moves x.
  const base = useMemo(() => {
    const idx: number[] = [];
    const ys: number[] = [];
    results.prepared.items.forEach((it, k) => {
      if (!it.human) return;
      // Likert steps overlap: a small deterministic jitter keeps the points visible.
      const jitter = (((k * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 0.06;
      idx.push(k);
      ys.push(it.human[human] + jitter);
    });
    return { idx, ys };
  }, [results, human]);
  // Metric values of the reviews with human scores (NaN: no value, e.g. no reference review), in one typed pass.
  const { xs, shown } = useMemo(() => {
    const ref = isRef ? refValues : null;
    const d = metric as 'con' | 'comp' | 'rel';
    const out = new Float64Array(base.idx.length);
    let n = 0;
    for (let i = 0; i < out.length; i++) {
      const k = base.idx[i];
      const v = isRef ? (ref ? ref[k] : null) : scores[d][k];
      out[i] = v == null ? NaN : v;
      if (v != null) n++;
    }
    return { xs: out, shown: n };
  }, [base, scores, metric, isRef, refValues]);

  // The axes and grid: redrawn only when the size or the metric changes.
  useEffect(() => {
    const c = axes.current;
    if (!c || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(H * dpr);
    const g = c.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    const pw = width - PAD.left - PAD.right;
    const ph = H - PAD.top - PAD.bottom;
    const X = (v: number) => PAD.left + v * pw;
    const Y = (v: number) => PAD.top + (1 - (v + 0.05) / 1.1) * ph;
    g.strokeStyle = '#e5e7eb';
    g.fillStyle = '#6b7280';
    g.font = '11px system-ui, sans-serif';
    g.setLineDash([3, 3]);
    g.beginPath();
    for (const t of TICKS) {
      g.moveTo(X(t), PAD.top);
      g.lineTo(X(t), PAD.top + ph);
      g.moveTo(PAD.left, Y(t));
      g.lineTo(PAD.left + pw, Y(t));
    }
    g.stroke();
    g.setLineDash([]);
    g.textAlign = 'center';
    for (const t of TICKS) g.fillText(t.toFixed(1), X(t), PAD.top + ph + 14);
    g.fillText(`metric (${metric}) →`, PAD.left + pw / 2, H - 4);
    g.textAlign = 'right';
    for (const t of TICKS) g.fillText(t.toFixed(1), PAD.left - 6, Y(t) + 4);
  }, [width, metric]);

  // The points, on every τ step: a density image (3×3 px per review, darker where reviews pile up) written as
  // pixels, so 100,000 reviews cost one pass rather than 100,000 draw calls.
  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    const W = Math.round(width * dpr);
    const HH = Math.round(H * dpr);
    if (c.width !== W || c.height !== HH) {
      c.width = W;
      c.height = HH;
    }
    const g = c.getContext('2d')!;
    const counts = new Uint16Array(W * HH);
    const pw = (width - PAD.left - PAD.right) * dpr;
    const ph = (H - PAD.top - PAD.bottom) * dpr;
    const r = Math.max(1, Math.round(1.5 * dpr));
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      if (Number.isNaN(x)) continue;
      const px = Math.round(PAD.left * dpr + x * pw);
      const py = Math.round(PAD.top * dpr + (1 - (base.ys[i] + 0.05) / 1.1) * ph);
      for (let dy = -r; dy < r; dy++) {
        const yy = py + dy;
        if (yy < 0 || yy >= HH) continue;
        for (let dx = -r; dx < r; dx++) {
          const xx = px + dx;
          if (xx >= 0 && xx < W) counts[yy * W + xx]++;
        }
      }
    }
    const img = g.createImageData(W, HH);
    const px32 = new Uint32Array(img.data.buffer);
    for (let p = 0; p < counts.length; p++) {
      const n = counts[p];
      if (n === 0) continue;
      // #3b5bdb at 35% per review, composited: 1 − 0.65^n (little-endian RGBA).
      const a = Math.round(255 * (1 - Math.pow(0.65, Math.min(n, 40))));
      px32[p] = (a << 24) | (0xdb << 16) | (0x5b << 8) | 0x3b;
    }
    g.putImageData(img, 0, 0);
  }, [xs, base, width]);

  const onMove = (e: React.MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const mx = e.clientX - r.left;
    const my = e.clientY - r.top;
    const pw = width - PAD.left - PAD.right;
    const ph = H - PAD.top - PAD.bottom;
    let best = -1;
    let bd = 64; // within 8 px
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      if (Number.isNaN(x)) continue;
      const dx = PAD.left + x * pw - mx;
      const dy = PAD.top + (1 - (base.ys[i] + 0.05) / 1.1) * ph - my;
      if (dx * dx + dy * dy < bd) [bd, best] = [dx * dx + dy * dy, i];
    }
    if (best < 0) return setHover(null);
    const it = results.prepared.items[base.idx[best]];
    setHover({ x: mx, y: my, text: `${it.rowId} · ${it.system}: metric ${xs[best].toFixed(3)}, human ${it.human![human].toFixed(2)}` });
  };

  const options: [ScatterMetric, string][] = [
    ['con', 'CRScore Con'],
    ['comp', 'CRScore Comp'],
    ['rel', 'CRScore Rel'],
    ...(results.prepared.hasReference
      ? REF_METRICS.filter((m) => (m.id === 'embedCos' ? results.embedRef : m.fn)).map((m) => [m.id, m.label] as [ScatterMetric, string])
      : []),
  ];
  return (
    <figure
      className="panel r-fig"
      data-testid="scatter"
      data-chart="scatter"
      data-x-label={options.find(([id]) => id === metric)?.[1] ?? metric}
      data-y-label={dimension ? `${dimension} (scores as 0–1, jittered ±0.03)` : `human ${human === 'con' ? 'Con' : human === 'comp' ? 'Comp' : 'Rel'} (Likert 1–5 as 0–1, jittered ±0.03)`}
      data-legend={JSON.stringify([{ label: 'one review', color: '#3b5bdb' }])}
    >
      <figcaption>
        <h3>Metric against human score</h3>{' '}
        <select value={metric} onChange={(e) => setMetric(e.target.value as ScatterMetric)} aria-label="Metric">
          {options.map(([id, l]) => (
            <option key={id} value={id}>
              {l}
            </option>
          ))}
        </select>{' '}
        {dimension ? (
          <>vs {dimension}</>
        ) : (
          <>
            vs human{' '}
            <select value={human} onChange={(e) => setHuman(e.target.value as 'con' | 'comp' | 'rel')} aria-label="Human dimension">
              <option value="con">Con</option>
              <option value="comp">Comp</option>
              <option value="rel">Rel</option>
            </select>
          </>
        )}
        <span className="muted small" data-testid="scatter-count">
          {' '}
          {computing ? (refs.status === 'error' ? (refs.error ?? 'failed') : 'computing the reference-based metric…') : `${shown} reviews (human scores jittered ±0.03)`}
        </span>
      </figcaption>
      <div className="r-chart r-canvas" ref={box}>
        <canvas ref={axes} className="r-canvas-axes" style={{ width: '100%', height: H }} aria-hidden="true" />
        <canvas
          ref={canvas}
          data-testid="scatter-canvas"
          data-ticks={TICKS.map((t) => t.toFixed(1)).join(' ')}
          className="r-canvas-points"
          style={{ width: '100%', height: H }}
          role="img"
          aria-label={`Scatter of ${metric} against human ${human}, ${shown} reviews`}
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        />
        {hover && (
          <div className="r-canvas-tip" style={{ left: Math.min(hover.x + 10, Math.max(0, width - 260)), top: hover.y + 12 }}>
            {hover.text}
          </div>
        )}
      </div>
    </figure>
  );
}
