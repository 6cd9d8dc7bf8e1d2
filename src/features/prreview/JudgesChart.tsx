// The gap to the ceiling at a glance: Cohen's κ on the golden decisions of each matcher and each other judge,
// against each reference judge (recharts, loaded with this module only when the table is shown).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { JudgesReport } from '../../core/prreview/index';

const COLOURS = ['#1d4ed8', '#c2410c', '#15803d', '#7c3aed'];

export default function JudgesChart({ report }: { report: JudgesReport }) {
  const against = [...new Set(report.rows.map((r) => (r.kind === 'judge' ? `${r.against} (ceiling)` : r.against)))];
  const data = against.map((a) => {
    const point: Record<string, string | number | null> = { against: a };
    for (const j of report.judges) {
      const r = report.rows.find((x) => x.judge === j && (x.kind === 'judge' ? `${x.against} (ceiling)` : x.against) === a);
      point[j] = r && Number.isFinite(r.golden.kappa) ? Number(r.golden.kappa.toFixed(3)) : null;
    }
    return point;
  });
  return (
    <figure className="pr-judges-chart" data-testid="pr-judges-chart">
      <figcaption className="muted">Cohen's κ with each reference judge on the golden decisions (the other judges are the ceiling).</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="against" tick={{ fontSize: 12 }} />
          <YAxis domain={[-0.2, 1]} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          {report.judges.map((j, k) => (
            <Bar key={j} dataKey={j} name={`against ${j}`} fill={COLOURS[k % COLOURS.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
