// CRScore against the annotator: the metric's Con/Comp/Rel (the learned preset the workbench opens with, or the
// paper's rule on lexical or the bundled encoder) beside the
// annotator's ratings normalised as the paper does, rank correlations, and the metric's coverage beside the
// annotator's links.
import { useEffect, useMemo, useState } from 'react';
import { compareJobScores, learnedJobScores, metricJobs, similarityJobScores, type RefFilter } from '../../core/annotationMetric';
import type { Idf } from '../../core/plus/idf';
import { useLinker } from '../../store/shared/linker';
import { loadPlusIdf } from '../../store/shared/plusIdf';
import { useAnnotation } from '../../store/annotation/annotation';
import { DEFAULT_TAU, SIMILARITY_LABEL, useBundledEncoder, useMatrices, type SimilarityKind } from '../../store/shared/bundledEncoder';
import { DIMENSION_NAME } from './guide';
import { Segmented } from '../../ui/Segmented';
import { dataNum } from '../../ui/dataNum';

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');

type MetricChoice = 'learned' | SimilarityKind;

const CHOICE_LABEL: Record<MetricChoice, string> = {
  learned: 'Learned (the Workbench’s default)',
  lexical: `Paper, ${SIMILARITY_LABEL.lexical}`,
  'use-lite': `Paper, ${SIMILARITY_LABEL['use-lite']}`,
};

export function MetricView({ onStart }: { onStart(): void }) {
  const project = useAnnotation((s) => s.project);
  // The Workbench opens with the learned preset: the same here, so the two show the same Rel for the same review.
  const [choice, setChoice] = useState<MetricChoice>('learned');
  const kind: SimilarityKind = choice === 'learned' ? 'lexical' : choice;
  const [tau, setTau] = useState(DEFAULT_TAU.lexical);
  const [filter, setFilter] = useState<RefFilter>('all');
  const weights = useLinker((s) => s.weights);
  const linkerName = useLinker((s) => s.name);
  const [idf, setIdf] = useState<Idf | null>(null);
  const [idfError, setIdfError] = useState<string | null>(null);
  useEffect(() => {
    if (choice !== 'learned' || idf) return;
    let live = true;
    loadPlusIdf().then(
      (x) => live && setIdf(x),
      (e: unknown) => live && setIdfError((e as Error).message || String(e)),
    );
    return () => {
      live = false;
    };
  }, [choice, idf]);
  const items = project?.items;
  const jobs = useMemo(() => (items ? metricJobs(items, filter) : []), [items, filter]);
  const { matrices, pending: encoding, error, retry } = useMatrices(kind, choice === 'learned' ? [] : jobs, 0);
  const progress = useBundledEncoder((s) => s.progress);
  const cmp = useMemo(() => {
    if (!items) return null;
    if (choice === 'learned') return idf ? compareJobScores(items, jobs, learnedJobScores(items, jobs, weights, idf)) : null;
    return matrices && matrices.length === jobs.length ? compareJobScores(items, jobs, similarityJobScores(jobs, matrices, tau)) : null;
  }, [items, jobs, matrices, tau, choice, idf, weights]);
  const pending = choice === 'learned' ? !idf && !idfError : encoding;
  const shownAs =
    choice === 'learned'
      ? `the learned preset (${linkerName}, ${weights.scoring} credit), a pseudo-reference covered when its link probability is above ${weights.threshold}`
      : `the paper's rule on ${SIMILARITY_LABEL[kind]} at τ = ${tau}, covered when the best similarity is above τ`;

  if (!project)
    return (
      <div className="an-start">
        <h1>Metric vs annotator</h1>
        <p>Open or start a project first, and rate a few reviews in stage 2.</p>
        <button type="button" className="primary" onClick={onStart}>
          Go to Annotate
        </button>
      </div>
    );

  return (
    <div className="an-metric" data-testid="an-metric">
      <h1>CRScore against {project.annotator ? `${project.annotator}'s` : 'your'} ratings</h1>
      <p className="muted">
        Every review rated on all three dimensions. Ratings are normalised as the paper does, (x − 1)/4, so 1 → 0 and 5 → 1. The metric uses the
        diff's pseudo-references as coded in stage 1.
      </p>
      <div className="toolbar an-metric-controls">
        <Segmented
          label="Metric"
          value={choice}
          onChange={(k) => {
            setChoice(k);
            if (k !== 'learned') setTau(DEFAULT_TAU[k]);
          }}
          options={(['learned', 'lexical', 'use-lite'] as const).map((k) => ({ value: k, label: CHOICE_LABEL[k], testId: `mv-sim-${k}` }))}
        />
        {choice !== 'learned' && (
          <label className="inline">
            τ
            <input type="number" min={0} max={1} step={0.001} value={tau} onChange={(e) => setTau(Number(e.currentTarget.value))} style={{ width: 84 }} data-testid="mv-tau" />
            <span className="muted small">calibrated default for this similarity: {DEFAULT_TAU[kind]}</span>
          </label>
        )}
        <label className="inline">
          <input type="checkbox" checked={filter === 'kept'} onChange={(e) => setFilter(e.currentTarget.checked ? 'kept' : 'all')} />
          leave out pseudo-references you coded incorrect or not necessary
        </label>
      </div>
      <p className="small" data-testid="mv-shown" data-metric={choice}>
        Shown: {shownAs}.
      </p>
      {idfError && choice === 'learned' && (
        <div className="alert error" role="alert">
          The learned preset could not load its word frequencies: {idfError}{' '}
          <button type="button" className="linklike" onClick={() => setChoice('lexical')}>
            Use lexical similarity
          </button>
        </div>
      )}
      {jobs.length === 0 && <p className="notice">No review is rated on all three dimensions yet (or their diffs have no pseudo-references).</p>}
      {pending && jobs.length > 0 && (
        <div className="progress-row" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>
            {choice === 'learned'
              ? 'Loading the word frequencies the learned preset reads…'
              : progress
                ? `Embedding ${progress.done} of ${progress.total} sentences with USE-lite…`
                : 'Loading the bundled encoder…'}
          </span>
        </div>
      )}
      {error && (
        <div className="alert error" role="alert">
          The bundled encoder failed: {error}{' '}
          <button type="button" onClick={retry}>
            Try again
          </button>{' '}
          <button type="button" className="linklike" onClick={() => setChoice('lexical')}>
            Use lexical similarity
          </button>
        </div>
      )}
      {cmp && cmp.rows.length > 0 && (
        <>
          <div className="an-figures">
            {(['con', 'comp', 'rel'] as const).map((d) => (
              <article key={d} className="an-figure" data-testid={`mv-corr-${d}`} data-value={dataNum(cmp.correlations[d].r)}>
                <h3>{DIMENSION_NAME[d]}</h3>
                <div className="score-value">ρ = {Number.isFinite(cmp.correlations[d].r) ? f3(cmp.correlations[d].r) : '—'}</div>
                {!Number.isFinite(cmp.correlations[d].r) && <p className="small muted">needs two or more rated reviews whose ratings differ</p>}
                <p className="small">
                  Spearman over {cmp.rows.length} review{cmp.rows.length === 1 ? '' : 's'} · mean |metric − you| = {f3(cmp.meanAbsDiff[d])}
                </p>
              </article>
            ))}
            <article className="an-figure" data-testid="mv-coverage" data-value={dataNum(cmp.coverage.kappa)}>
              <h3>Your links vs the metric's coverage</h3>
              <div className="score-value">κ = {Number.isFinite(cmp.coverage.kappa) ? f3(cmp.coverage.kappa) : '—'}</div>
              <p className="small">
                {cmp.coverage.n} (review, pseudo-reference) pairs · agree on {f3(cmp.coverage.po)}: linked by you ⇔ best similarity &gt; τ
              </p>
            </article>
          </div>
          <table className="ui-table an-metric-table" data-testid="mv-table">
            <thead>
              <tr>
                <th>Diff · review</th>
                <th>Con you / metric</th>
                <th>Comp you / metric</th>
                <th>Rel you / metric</th>
                <th>Pseudo-references: linked by you · covered by the metric</th>
              </tr>
            </thead>
            <tbody>
              {cmp.rows.map((row) => {
                const it = project.items[row.job.item];
                const rv = it.reviews[row.job.review];
                return (
                  <tr key={`${row.job.item}-${row.job.review}`} data-testid="mv-row">
                    <td>
                      <span className="mono small">{it.key}</span> <span className="badge source">{rv.system}</span>
                      <div className="an-clip small">{rv.review ?? '(no review)'}</div>
                    </td>
                    {(['con', 'comp', 'rel'] as const).map((d) => (
                      <td key={d} className="an-pair">
                        <Bar you={row.human[d]} metric={row.scores[d]} />
                        <span className="mono small">
                          {f3(row.human[d])} / {f3(row.scores[d])}
                        </span>
                      </td>
                    ))}
                    <td>
                      <span className="an-chips">
                        {row.links.map((l) => (
                          <span
                            key={l.no}
                            className={`an-chip ${l.linked ? 'linked' : ''} ${l.covered ? 'covered' : ''}`}
                            title={`${l.linked ? 'linked by you' : 'not linked by you'}; ${l.covered ? 'covered by the metric' : 'not covered by the metric'}`}
                          >
                            P{l.no}
                          </span>
                        ))}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="legend">
            <span className="legend-item">
              <span className="an-chip linked">P</span> linked by you
            </span>
            <span className="legend-item">
              <span className="an-chip covered">P</span> covered by the metric
            </span>
            <span className="legend-item">
              <span className="an-chip linked covered">P</span> both
            </span>
            <span className="legend-item">
              <i className="an-bar-you" /> you
            </span>
            <span className="legend-item">
              <i className="an-bar-metric" /> metric
            </span>
          </p>
        </>
      )}
    </div>
  );
}

function Bar({ you, metric }: { you: number; metric: number }) {
  return (
    <span className="an-bars" aria-hidden="true">
      <i className="an-bar-you" style={{ width: `${you * 100}%` }} />
      <i className="an-bar-metric" style={{ width: `${metric * 100}%` }} />
    </span>
  );
}

/** A statistic as a data attribute: absent when it is undefined (NaN), never the string "NaN". */
