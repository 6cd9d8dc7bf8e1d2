// Metric against human score on a canvas: thousands of points redraw in a few milliseconds on every τ step, where
// an SVG chart re-renders one element per point.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useResearch } from '../../store/research';
import { REF_METRICS, type RefMetricId } from '../../core/refmetrics/index';

type ScatterMetric = 'con' | 'comp' | 'rel' | RefMetricId;
const H = 260;
const PAD = { left: 44, right: 16, top: 10, bottom: 34 };

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    setW(el.clientWidth);
    return () => ro.disconnect();
  }, [ref]);
  return w;
}

export function ScatterPlot() {
  const results = useResearch((s) => s.results)!;
  const scores = useResearch((s) => s.analysis!.scores);
  const [metric, setMetric] = useState<ScatterMetric>('rel');
  const [human, setHuman] = useState<'con' | 'comp' | 'rel'>('rel');
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const width = useWidth(box);
  const [hover, setHover] = useState<{ x: number; y: number; text: string } | null>(null);
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
  const xs = useMemo(() => {
    const ref = metric === 'con' || metric === 'comp' || metric === 'rel' ? null : results.refValues[metric];
    return base.idx.map((k) => (ref ? ref[k] : scores[k][metric as 'con' | 'comp' | 'rel']));
  }, [base, scores, metric, results]);
  const shown = xs.filter((x) => x != null).length;

  useEffect(() => {
    const c = canvas.current;
    if (!c || width === 0) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(H * dpr);
    const g = c.getContext('2d')!;
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    g.clearRect(0, 0, width, H);
    const pw = width - PAD.left - PAD.right;
    const ph = H - PAD.top - PAD.bottom;
    const X = (v: number) => PAD.left + v * pw;
    const Y = (v: number) => PAD.top + (1 - (v + 0.05) / 1.1) * ph;
    g.strokeStyle = '#e5e7eb';
    g.fillStyle = '#6b7280';
    g.font = '11px system-ui, sans-serif';
    g.setLineDash([3, 3]);
    g.beginPath();
    for (let t = 0; t <= 10; t += 2) {
      const v = t / 10;
      g.moveTo(X(v), PAD.top);
      g.lineTo(X(v), PAD.top + ph);
      g.moveTo(PAD.left, Y(v));
      g.lineTo(PAD.left + pw, Y(v));
    }
    g.stroke();
    g.setLineDash([]);
    g.textAlign = 'center';
    for (let t = 0; t <= 10; t += 2) g.fillText((t / 10).toFixed(1), X(t / 10), PAD.top + ph + 14);
    g.fillText(`metric (${metric})`, PAD.left + pw / 2, H - 4);
    g.textAlign = 'right';
    for (let t = 0; t <= 10; t += 2) g.fillText((t / 10).toFixed(1), PAD.left - 6, Y(t / 10) + 4);
    g.fillStyle = 'rgba(59, 91, 219, 0.35)';
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      if (x == null) continue;
      g.fillRect(X(x) - 2, Y(base.ys[i]) - 2, 4, 4);
    }
  }, [xs, base, width, metric]);

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
      if (x == null) continue;
      const dx = PAD.left + x * pw - mx;
      const dy = PAD.top + (1 - (base.ys[i] + 0.05) / 1.1) * ph - my;
      if (dx * dx + dy * dy < bd) [bd, best] = [dx * dx + dy * dy, i];
    }
    if (best < 0) return setHover(null);
    const it = results.prepared.items[base.idx[best]];
    setHover({ x: mx, y: my, text: `${it.rowId} · ${it.system}: metric ${xs[best]!.toFixed(3)}, human ${it.human![human].toFixed(2)}` });
  };

  const options: [ScatterMetric, string][] = [
    ['con', 'CRScore Con'],
    ['comp', 'CRScore Comp'],
    ['rel', 'CRScore Rel'],
    ...REF_METRICS.filter((m) => results.refValues[m.id]).map((m) => [m.id, m.label] as [ScatterMetric, string]),
  ];
  return (
    <figure
      className="panel r-fig"
      data-testid="scatter"
      data-chart="scatter"
      data-x-label={options.find(([id]) => id === metric)?.[1] ?? metric}
      data-y-label={`human ${human === 'con' ? 'Con' : human === 'comp' ? 'Comp' : 'Rel'} (Likert 1–5 as 0–1, jittered ±0.03)`}
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
        vs human{' '}
        <select value={human} onChange={(e) => setHuman(e.target.value as 'con' | 'comp' | 'rel')} aria-label="Human dimension">
          <option value="con">Con</option>
          <option value="comp">Comp</option>
          <option value="rel">Rel</option>
        </select>
        <span className="muted small" data-testid="scatter-count">
          {' '}
          {shown} reviews (human scores jittered ±0.03)
        </span>
      </figcaption>
      <div className="r-chart r-canvas" ref={box}>
        <canvas
          ref={canvas}
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
