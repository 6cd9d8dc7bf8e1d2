// acc_eq against ε for one metric (tie calibration): where the curve peaks is the in-sample ε.
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetaRow } from '../../../core/metaeval/index';

export function TieCurve({ row }: { row: MetaRow }) {
  const data = row.ties.curve.map((p) => ({ eps: p.eps, acc: p.acc }));
  return (
    <div style={{ width: '100%', height: 240 }} data-testid="me-tie-curve" data-points={data.length} data-eps={row.ties.eps}>
      <ResponsiveContainer>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 20, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="eps" type="number" domain={[0, 'dataMax']} tickFormatter={(v: number) => v.toPrecision(2)} label={{ value: 'ε (metric differences up to ε count as ties)', position: 'insideBottom', offset: -10, fontSize: 12 }} />
          <YAxis domain={['auto', 'auto']} tickFormatter={(v: number) => v.toFixed(2)} label={{ value: 'acc_eq', angle: -90, position: 'insideLeft', fontSize: 12 }} />
          <Tooltip formatter={(v) => Number(v).toFixed(4)} labelFormatter={(v) => `ε ${Number(v).toPrecision(4)}`} />
          <Line type="stepAfter" dataKey="acc" dot={false} stroke="#2563eb" isAnimationActive={false} />
          <ReferenceLine x={row.ties.eps} stroke="#b42318" strokeDasharray="4 3" label={{ value: `ε ${row.ties.eps.toPrecision(3)}`, position: 'top', fontSize: 11 }} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
