// LLM grades against human grades as a 5×5 confusion heatmap (Jiang et al. 2025, Fig. 8): rows are the human Likert grade,
// columns the LLM's, each cell its count on a white-to-blue scale; reviews the LLM left without a grade get their
// own column, so a refusal is counted, never read as a 1. An HTML table, so every count is text a reader can copy.

const GRADES = [1, 2, 3, 4, 5] as const;

export interface HeatmapPair {
  /** Human Likert grade 1–5. */
  human: number;
  /** The LLM's grade 1–5, null for no grade. */
  llm: number | null;
}

export function confusionCounts(pairs: readonly HeatmapPair[]): {
  cells: number[][];
  none: number[];
  total: number;
} {
  const cells = GRADES.map(() => GRADES.map(() => 0));
  const none = GRADES.map(() => 0);
  let total = 0;
  for (const p of pairs) {
    const h = Math.round(p.human);
    if (h < 1 || h > 5) continue;
    total++;
    if (p.llm == null) none[h - 1]++;
    else cells[h - 1][Math.round(p.llm) - 1]++;
  }
  return { cells, none, total };
}

/** White to the accent blue; dark text on light cells, white on dark. */
function shade(v: number, max: number): { background: string; color: string } {
  const t = max > 0 ? v / max : 0;
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return {
    background: `rgb(${mix(255, 37)}, ${mix(255, 99)}, ${mix(255, 235)})`,
    color: t > 0.55 ? '#fff' : '#111827',
  };
}

export function GradeHeatmap({
  pairs,
  title,
  testid,
  note,
}: {
  pairs: readonly HeatmapPair[];
  title: string;
  testid: string;
  /** Which reviews are left out, when some are (e.g. those without a reference). */
  note?: string;
}) {
  const { cells, none, total } = confusionCounts(pairs);
  const max = Math.max(1, ...cells.flat());
  const exact = GRADES.reduce((a, g) => a + cells[g - 1][g - 1], 0);
  const graded = total - none.reduce((a, b) => a + b, 0);
  return (
    <figure className="r-fig lab-heatmap" data-testid={testid} data-total={total}>
      <figcaption>
        <h3>{title}</h3>{' '}
        <span className="muted small">
          {total} reviews with a human grade{note ? ` (${note})` : ''}; {graded} graded by the LLM,{' '}
          {exact} exactly as the humans ({graded ? ((100 * exact) / graded).toFixed(0) : '–'}%)
        </span>
      </figcaption>
      <table className="r-table lab-heat" aria-label={title}>
        <thead>
          <tr>
            <th rowSpan={2}>Human</th>
            <th colSpan={5}>LLM grade</th>
            <th rowSpan={2}>no grade</th>
          </tr>
          <tr>
            {GRADES.map((g) => (
              <th key={g} className="num">
                {g}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {GRADES.map((h) => (
            <tr key={h}>
              <th className="num">{h}</th>
              {GRADES.map((g) => {
                const v = cells[h - 1][g - 1];
                return (
                  <td
                    key={g}
                    className="num lab-heat-cell"
                    style={shade(v, max)}
                    data-human={h}
                    data-llm={g}
                    data-count={v}
                    title={`human ${h}, LLM ${g}: ${v}`}
                  >
                    {v}
                  </td>
                );
              })}
              <td
                className="num lab-heat-none"
                data-human={h}
                data-llm="none"
                data-count={none[h - 1]}
              >
                {none[h - 1]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
