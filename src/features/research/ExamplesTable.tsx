// Every scored review, filtered by language, system and Rel range; windowed (only visible rows are in the DOM)
// so the whole dev split scrolls smoothly. Clicking a row opens that example in the workbench.
import { useMemo, useState } from 'react';
import { scoreOf } from '../../core/scoreColumns';
import { useResearch } from '../../store/research/research';
import { fmt } from './Tables';

const ROW_H = 30;
const VIEW_H = 420;

export function ExamplesTable() {
  const results = useResearch((s) => s.results)!;
  const analysis = useResearch((s) => s.analysis)!;
  // A human-scored dataset's own dimension (GradedReviews' grade) fills the human slot shown here.
  const dimension = useResearch((s) => s.human?.dimension ?? null);
  const [lang, setLang] = useState('');
  const [system, setSystem] = useState('');
  const [lo, setLo] = useState(0);
  const [hi, setHi] = useState(1);
  const [scroll, setScroll] = useState(0);
  const { items, reviews, languages, systems } = results.prepared;
  // Without a Rel range the rows do not depend on τ: a slider step then only repaints the visible rows' scores.
  const ranged = lo > 0 || hi < 1;
  const byRel = ranged ? analysis.scores.rel : null;
  const rows = useMemo(() => {
    const out: number[] = [];
    for (let k = 0; k < items.length; k++) {
      const it = items[k];
      if ((lang && it.lang !== lang) || (system && it.system !== system)) continue;
      if (byRel && !(byRel[k] >= lo - 1e-12 && byRel[k] <= hi + 1e-12)) continue;
      out.push(k);
    }
    return out;
  }, [items, byRel, lang, system, lo, hi]);
  const first = Math.max(0, Math.floor(scroll / ROW_H) - 5);
  const last = Math.min(rows.length, first + Math.ceil(VIEW_H / ROW_H) + 10);
  return (
    <section className="panel r-examples" aria-labelledby="r-ex-h" data-testid="examples">
      <h2 id="r-ex-h">Examples</h2>
      <div className="r-controls">
        <label>
          Language{' '}
          <select value={lang} onChange={(e) => setLang(e.target.value)} data-testid="filter-lang">
            <option value="">all</option>
            {languages.map((l) => (
              <option key={l}>{l}</option>
            ))}
          </select>
        </label>
        <label>
          System{' '}
          <select value={system} onChange={(e) => setSystem(e.target.value)} data-testid="filter-system">
            <option value="">all</option>
            {systems.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Rel from <input type="number" min={0} max={1} step={0.05} value={lo} onChange={(e) => setLo(Number(e.target.value))} data-testid="filter-rel-min" />
        </label>
        <label>
          to <input type="number" min={0} max={1} step={0.05} value={hi} onChange={(e) => setHi(Number(e.target.value))} data-testid="filter-rel-max" />
        </label>
        <span className="muted small" data-testid="examples-count">
          {rows.length} of {items.length} reviews
        </span>
      </div>
      <div className="r-ex-head r-ex-row">
        <span>change</span>
        <span>lang</span>
        <span>system</span>
        <span>review</span>
        <span className="num">Con</span>
        <span className="num">Comp</span>
        <span className="num">Rel</span>
        <span className="num">{dimension ?? 'human Rel'}</span>
      </div>
      <div className="r-ex-scroll" style={{ height: Math.min(VIEW_H, rows.length * ROW_H + 2) }} onScroll={(e) => setScroll(e.currentTarget.scrollTop)} role="list">
        <div style={{ height: rows.length * ROW_H, position: 'relative' }}>
          {rows.slice(first, last).map((k, i) => {
            const it = items[k];
            const s = scoreOf(analysis.scores, k);
            return (
              <button
                type="button"
                role="listitem"
                key={k}
                className="r-ex-row"
                style={{ position: 'absolute', top: (first + i) * ROW_H, height: ROW_H }}
                onClick={() => void useResearch.getState().openInWorkbench(k)}
                title="Open in the workbench"
                data-testid="example-row"
              >
                <span>{it.rowId}</span>
                <span>{it.lang}</span>
                <span>{it.system}</span>
                <span className="r-ex-review">{reviews[k].review.review ?? '(no review)'}</span>
                <span className="num">{fmt(s.con, 2)}</span>
                <span className="num">{fmt(s.comp, 2)}</span>
                <span className="num">{fmt(s.rel, 2)}</span>
                <span className="num">{it.human ? fmt(it.human.rel, 2) : '—'}</span>
              </button>
            );
          })}
        </div>
      </div>
    </section>
  );
}
