// The metric lab: every family of review metric measured against the same people with the same
// statistics, on the Research run's reviews. Picker, LLM run, one agreement table, system tables and rank
// agreement, a scatter of any metric against humans, and the LLM grades' confusion heatmap against human grades.
import { HumanDimensionSelect } from '../metaeval/HumanJudging';
import { useEffect, useMemo, useRef, useState } from 'react';
import { InSampleNote, useInSample } from '../../linker/InSampleNote';
import type { Dim } from '../../../core/lab/index';
import { useLab } from '../../../store/lab/lab';
import { missingReason } from '../../../store/lab/labColumns';
import { useResearch } from '../../../store/research/research';
import { LLM_METRICS, METRIC_LABELS, useLlmMetrics } from '../../../settings/llmMetrics';
import { AgreementTable } from './AgreementTable';
import { GradeHeatmap, type HeatmapPair } from './GradeHeatmap';
import { LabPicker } from './LabPicker';
import { LabRefStatus } from './LabRefStatus';
import { LabRun } from './LabRun';
import { LabScatter } from './LabScatter';
import { SystemTables } from './SystemTables';
import './lab.css';

// Test hook: the lab store (state only; it never holds a key).
(globalThis as { __crscoreLab?: typeof useLab }).__crscoreLab = useLab;

const DIMS: Dim[] = ['rel', 'con', 'comp'];
const NO_ITEMS: readonly { human: Record<Dim, number> | null }[] = [];
const DIM_NAME: Record<Dim, string> = {
  con: 'conciseness',
  comp: 'comprehensiveness',
  rel: 'relevance',
};

/** Recomputes the lab's statistics once the inputs rest (τ steps come in bursts). */
function useCompute() {
  const results = useResearch((s) => s.results);
  const analysis = useResearch((s) => s.analysis);
  const m = useLlmMetrics();
  const grades = useLab((s) => s.grades);
  const judges = useLab((s) => s.judges);
  // The first compute (the lab opened) at once; later ones once the inputs rest.
  const opened = useRef(false);
  useEffect(() => {
    if (!results || !analysis) return;
    const t = setTimeout(() => useLab.getState().compute(), opened.current ? 400 : 0);
    opened.current = true;
    return () => clearTimeout(t);
  }, [results, analysis, m.metrics, m.baseline, m.resamples, m.seed, grades, judges]);
}

export function LabView() {
  const results = useResearch((s) => s.results);
  const phase = useLab((s) => s.phase);
  const metrics = useLlmMetrics((s) => s.metrics);
  const grades = useLab((s) => s.grades);
  const judges = useLab((s) => s.judges);
  useCompute();
  if (!results) return null;
  const llm = metrics.some((k) => LLM_METRICS.has(k));
  const notes = metrics
    .map(
      (k) =>
        [
          k,
          missingReason(
            k,
            results,
            LLM_METRICS.has(k) ? (k === 'llm-grade' ? !!grades : !!judges) : true,
          ),
        ] as const,
    )
    .filter(([, r]) => r);
  return (
    <section className="panel lab" aria-labelledby="lab-h" data-testid="lab">
      <h2 id="lab-h">Metric lab</h2>
      <p className="muted small">
        Every family of review metric against the same human scores, with the same statistics:
        CRScore (the run above), BLEU, chrF, ROUGE-L and METEOR against the reference review, embedding similarity to
        it, an LLM grade against it (Jiang et al. 2025, GradedReviews) and a reference-free LLM judge (Guo et al. 2025, CodeFuse-CR-Bench). Reviews of
        a change without a reference review are not applicable to the reference metrics (never 0).
      </p>
      <HumanDimensionSelect testid="lab-human-dim" note />
      <LabInSample />
      <LabPicker disabled={phase === 'running'} />
      {notes.length > 0 && (
        <ul className="lab-notes" data-testid="lab-notes">
          {notes.map(([k, r]) => (
            <li key={k} className="muted small">
              {METRIC_LABELS[k]}: {r}
            </li>
          ))}
        </ul>
      )}
      <LabRefStatus />
      {llm && <LabRun />}
      <LabResults />
    </section>
  );
}

function LabResults() {
  const agreement = useLab((s) => s.agreement);
  // The dimension the run judged on a human-scored dataset (every human slot holds it).
  const humanDimension = useResearch((s) => s.results?.humanDimension?.name ?? null);
  const stats = useLab((s) => s.stats);
  const columns = useLab((s) => s.columns);
  // The columns are aligned with the run's items; between a new run and the next compute they may not be.
  const items = useResearch((s) => s.results?.prepared.items);
  const records = items && columns.every((c) => c.values.length === items.length) ? items : NO_ITEMS;
  const [scatterId, setScatterId] = useState('');
  const [dim, setDim] = useState<Dim>('rel');
  const col = columns.find((c) => c.id === scatterId) ?? columns[0];
  const points = useMemo(
    () =>
      col
        ? records.flatMap((r, k) => (r.human ? [{ x: col.values[k], y: r.human[dim] }] : []))
        : [],
    [col, records, dim],
  );
  const heat = useMemo(() => {
    const out: { id: string; title: string; pairs: HeatmapPair[]; note?: string }[] = [];
    for (const c of columns) {
      if (c.family !== 'llm-grade' && c.family !== 'llm-judge') continue;
      // The judge's dimension against the same human dimension; the reference grade against the chosen one.
      const d = c.family === 'llm-judge' ? (c.id.split('.')[1] as Dim) : dim;
      // Reviews the metric does not apply to (no reference) are left out; a missing grade is its own column.
      const pairs = records.flatMap((r, k) =>
        r.human && c.gaps?.[k] !== 'not-applicable'
          ? [{ human: 1 + Math.round(4 * r.human[d]), llm: c.values[k] }]
          : [],
      );
      out.push({
        id: c.id,
        title: `${c.label} against ${humanDimension ?? `human ${DIM_NAME[d]}`}`,
        pairs,
        note: c.family === 'llm-grade' ? 'reviews without a reference left out' : undefined,
      });
    }
    return out;
  }, [columns, records, dim, humanDimension]);
  const pct = stats.total ? Math.round((100 * stats.done) / stats.total) : 0;
  return (
    <div className="lab-results" data-testid="lab-results" data-status={stats.status}>
      {stats.status === 'running' && (
        <div className="r-progress" data-testid="lab-stats-progress">
          <div className="bar" role="progressbar" aria-valuenow={pct} aria-label="Bootstrap">
            <span style={{ width: `${pct}%` }} />
          </div>
          <span className="small">
            Bootstrap: {stats.done} of {stats.total} resamples
          </span>
        </div>
      )}
      {stats.error && (
        <p className="r-error" role="alert">
          {stats.error}
        </p>
      )}
      {agreement && (
        <div
          className={stats.status === 'running' ? 'r-grid r-pending' : 'r-grid'}
          data-testid="lab-tables"
          data-baseline={agreement.baseline ?? ''}
        >
          <AgreementTable
            agreement={agreement}
            dimension={humanDimension}
            baselineLabel={
              agreement.metrics.find((m) => m.id === agreement.baseline)?.label ?? 'the baseline'
            }
          />
          <SystemTables agreement={agreement} dimension={humanDimension} />
          {col && (
            <figure className="r-fig" data-testid="lab-scatter-fig">
              <figcaption>
                <h3>Metric against humans</h3>{' '}
                <select
                  value={col.id}
                  onChange={(e) => setScatterId(e.target.value)}
                  aria-label="Scatter metric"
                  data-testid="lab-scatter-metric"
                >
                  {columns.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.label}
                    </option>
                  ))}
                </select>{' '}
                against{' '}
                {humanDimension !== null ? (
                  // A human-scored dataset: its judged dimension fills every human slot.
                  <span data-testid="lab-scatter-dim">{humanDimension}</span>
                ) : (
                  <select
                    value={dim}
                    onChange={(e) => setDim(e.target.value as Dim)}
                    aria-label="Human dimension"
                    data-testid="lab-scatter-dim"
                  >
                    {DIMS.map((d) => (
                      <option key={d} value={d}>
                        human {DIM_NAME[d]}
                      </option>
                    ))}
                  </select>
                )}
              </figcaption>
              <LabScatter
                points={points}
                xLabel={col.label}
                yLabel={`${humanDimension ?? `human ${DIM_NAME[dim]}`} (0–1)`}
              />
            </figure>
          )}
          {heat.length > 0 && (
            <div className="r-wide lab-heatmaps">
              {heat.map((h) => (
                <GradeHeatmap
                  key={h.id}
                  pairs={h.pairs}
                  title={h.title}
                  note={h.note}
                  testid={`lab-heatmap-${h.id}`}
                />
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The lab's CRScore rows are the Research run's: a learned run on the linker's training data is in-sample here too. */
function LabInSample() {
  const results = useResearch((s) => s.results);
  return <InSampleNote note={useInSample(results)} />;
}
