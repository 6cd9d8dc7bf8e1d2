// The research view's charts (recharts, no animation so a redraw is one paint): correlation against τ,
// metric against human scores, and the similarity distribution.
import { useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { useResearch } from '../../store/research';
import { bestTau, bestValues, histogram } from '../../store/researchAnalysis';
import { REF_METRICS, type RefMetricId } from '../../core/refmetrics/index';
import { fmt } from './Tables';
import { niceTicks, tickDigits, tickLabel } from '../../core/ticks';

const UNIT_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];
const LIKERT_TICKS = [0, 0.25, 0.5, 0.75, 1];
const legend = (items: { label: string; color: string; dash?: string }[]) => JSON.stringify(items);

const COLOURS = { con: '#2563eb', comp: '#db2777', rel: '#111827' } as const;

export function CurveChart() {
  const calibratedTau = useResearch((s) => s.results!.calibration.tau);
  const { points: curve, ms } = useResearch((s) => s.curve)!;
  const tau = useResearch((s) => s.tau);
  const [kind, setKind] = useState<'spearman' | 'kendall'>('spearman');
  const best = useMemo(() => bestTau(curve, `rel_${kind}`), [curve, kind]);
  const yTicks = useMemo(() => {
    const v = curve.flatMap((p) => (['con', 'comp', 'rel'] as const).map((d) => p[`${d}_${kind}`])).filter(Number.isFinite);
    return v.length ? niceTicks(Math.min(...v), Math.max(...v), 5) : UNIT_TICKS;
  }, [curve, kind]);
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
        <span className="muted small">
          {' '}
          {curve.length} τ values · best Rel τ ={' '}
          <strong data-testid="best-tau" data-value={best?.tau ?? NaN}>
            {best ? `${best.tau.toFixed(2)} (${fmt(best[`rel_${kind}`])})` : '—'}
          </strong>{' '}
          · calibrated τ = {calibratedTau.toFixed(4)} · computed in <span data-testid="curve-ms">{ms.toFixed(0)}</span> ms
        </span>
      </figcaption>
      <div className="r-chart">
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={curve} margin={{ top: 16, right: 20, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="tau" type="number" domain={[0, 1]} tickCount={11} tickFormatter={(v: number) => v.toFixed(1)} />
            <YAxis domain={[yTicks[0], yTicks[yTicks.length - 1]]} ticks={yTicks} width={44} tickFormatter={(v: number) => tickLabel(v, tickDigits(yTicks))} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(4) : String(v))} labelFormatter={(l) => `τ = ${Number(l).toFixed(2)}`} />
            <Legend />
            {(['con', 'comp', 'rel'] as const).map((d) => (
              <Line key={d} dataKey={`${d}_${kind}`} name={d === 'rel' ? 'Rel' : d === 'con' ? 'Con' : 'Comp'} stroke={COLOURS[d]} dot={false} strokeWidth={d === 'rel' ? 2.5 : 1.5} isAnimationActive={false} />
            ))}
            {best && <ReferenceLine x={best.tau} stroke="#15803d" strokeDasharray="4 3" label={{ value: 'best', position: best.tau > 0.75 ? 'insideTopRight' : 'insideTopLeft', fontSize: 11 }} />}
            {/* Labels at opposite ends of their lines, so they never overlap even when best ≈ calibrated; on the
                inner side of the line, so neither is clipped at τ near 0 or 1. */}
            <ReferenceLine
              x={calibratedTau}
              stroke="#b45309"
              strokeDasharray="2 2"
              label={{ value: 'calibrated', position: calibratedTau > 0.75 ? 'insideBottomRight' : 'insideBottomLeft', fontSize: 11 }}
            />
            <ReferenceLine x={tau} stroke="#3b5bdb" />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

type ScatterMetric = 'con' | 'comp' | 'rel' | RefMetricId;

export function ScatterPlot() {
  const results = useResearch((s) => s.results)!;
  const analysis = useResearch((s) => s.analysis)!;
  const [metric, setMetric] = useState<ScatterMetric>('rel');
  const [human, setHuman] = useState<'con' | 'comp' | 'rel'>('rel');
  const data = useMemo(() => {
    const out: { x: number; y: number; system: string; id: string }[] = [];
    results.prepared.items.forEach((it, k) => {
      if (!it.human) return;
      const v = metric === 'con' || metric === 'comp' || metric === 'rel' ? analysis.scores[k][metric] : results.refValues[metric]?.[k];
      if (v == null) return;
      // Likert steps overlap: a small deterministic jitter keeps the points visible.
      const jitter = (((k * 2654435761) >>> 0) / 2 ** 32 - 0.5) * 0.06;
      out.push({ x: v, y: it.human[human] + jitter, system: it.system, id: it.rowId });
    });
    return out;
  }, [results, analysis, metric, human]);
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
      data-legend={legend([{ label: 'one review', color: '#3b5bdb' }])}
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
        <span className="muted small"> {data.length} reviews (human scores jittered ±0.03)</span>
      </figcaption>
      <div className="r-chart">
        <ResponsiveContainer width="100%" height={260}>
          <ScatterChart margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="x" type="number" domain={[0, 1]} ticks={UNIT_TICKS} name="metric" tickFormatter={(v: number) => v.toFixed(1)} />
            <YAxis dataKey="y" type="number" domain={[-0.05, 1.05]} ticks={LIKERT_TICKS} name="human" width={44} tickFormatter={(v: number) => v.toFixed(2)} />
            <ZAxis range={[14, 14]} />
            <Tooltip formatter={(v) => (typeof v === 'number' ? v.toFixed(3) : String(v))} />
            <Scatter data={data} fill="#3b5bdb" fillOpacity={0.35} isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export function DistributionChart() {
  const results = useResearch((s) => s.results)!;
  const tau = useResearch((s) => s.tau);
  const data = useMemo(() => {
    const { sentences, refs } = bestValues(results.index);
    const lo = Math.min(0, ...sentences, ...refs);
    const hs = histogram(sentences, 40, lo, 1);
    const hp = histogram(refs, 40, lo, 1);
    return { bins: hs.map((b, i) => ({ x: b.x, sentences: b.count, pseudoReferences: hp[i].count })), ticks: niceTicks(lo, 1, 5) };
  }, [results]);
  const { bins, ticks } = data;
  return (
    <figure
      className="panel r-fig"
      data-testid="distribution"
      data-chart="similarity-distribution"
      data-x-label={`best similarity (${results.engine ? 'cosine' : 'lexical'})`}
      data-y-label="count"
      data-legend={legend([{ label: 'τ', color: '#111827' }])}
    >
      <figcaption>
        <h3>Similarity distribution</h3>
        <span className="muted small"> best similarity of each review sentence and of each pseudo-reference; the line is τ</span>
      </figcaption>
      <div className="r-chart">
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={bins} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} barGap={0} barCategoryGap={1}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="x" type="number" domain={[ticks[0], ticks[ticks.length - 1]]} ticks={ticks} tickFormatter={(v: number) => tickLabel(v, tickDigits(ticks))} />
            <YAxis width={44} />
            <Tooltip formatter={(v) => String(v)} labelFormatter={(l) => `≈ ${Number(l).toFixed(3)}`} />
            <Legend />
            <Bar dataKey="sentences" name="review sentences" fill="#3b5bdb" isAnimationActive={false} />
            <Bar dataKey="pseudoReferences" name="pseudo-references" fill="#db2777" isAnimationActive={false} />
            <ReferenceLine x={tau} stroke="#111827" />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
