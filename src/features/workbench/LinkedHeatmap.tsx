// The heatmap with its links: the metric's (under the rule in force: hard τ, or graded credit) and, for a dataset
// case, the annotators'. A filter steps through the rows where they part, so disagreements are easy to find.
import { memo, useMemo, useState } from 'react';
import {
  bestSentence,
  filterRows,
  reviewLinksFromBest,
  rowBest,
  rowLinks,
  stepRow,
  type DisagreementFilter,
  type RowLink,
} from '../../core/links';
import type { SimilarityMatrix } from '../../core/types';
import type { SessionAnnotatorLinks } from '../../store/session/session';
import { Heatmap, type HeatmapProps } from './Heatmap';
import type { RowMarks } from './paintLinks';

interface Props extends Omit<HeatmapProps, 'links'> {
  annotatorLinks?: SessionAnnotatorLinks;
  review: string;
}

const FILTERS: { value: DisagreementFilter; label: string }[] = [
  { value: 'all', label: 'All links' },
  { value: 'disagreements', label: 'Disagreements' },
  { value: 'metric-only', label: 'Metric-only' },
  { value: 'annotator-only', label: 'Annotator-only' },
];

export function LinkedHeatmap({
  matrix,
  tau,
  scores,
  refs,
  sentences,
  ramp,
  annotatorLinks,
  review,
}: Props) {
  const [filter, setFilter] = useState<DisagreementFilter>(
    annotatorLinks ? 'disagreements' : 'all',
  );
  const [focus, setFocus] = useState<number | null>(null);
  const [step, setStep] = useState(0);

  // Annotators linked whole reviews: one 0/1 per pseudo-reference, from the flags the dataset row left on the items.
  const goldKey = annotatorLinks ? refs.map((r) => (r.annotatorLinked ? 1 : 0)).join('') : null;
  const gold = useMemo(() => (goldKey === null ? null : Array.from(goldKey, Number)), [goldKey]);
  // Blank sentences never link; a matrix a render behind its sentences is read without them rather than throw.
  const sentOk = sentences.length === matrix.cols ? sentences : undefined;
  // Each row's best similarity once per matrix; a τ step then costs O(rows) (same links as metricLinks, tested).
  const best = useMemo(() => rowBest(matrix, sentOk), [matrix, sentOk]);
  const rows = useMemo(
    () =>
      rowLinks(
        reviewLinksFromBest(best, ramp ? { rule: 'graded', ramp } : { rule: 'hard', tau }),
        gold,
      ),
    [best, tau, ramp, gold],
  );
  // The same object while the links stay the same (most τ steps), so the heatmap redraws them only when they change.
  const linkKey = rows.map((r) => `${r.strength}:${r.agreement}`).join(',');
  const marks: RowMarks = useMemo(
    () => ({
      metric: rows.map((r) => r.strength),
      annotator: gold,
      agreement: rows.map((r) => r.agreement),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the links' content, not on each τ's new rows
    [linkKey, gold],
  );
  const list = useMemo(() => filterRows(rows, filter), [rows, filter]);
  const cur = focus !== null && focus < rows.length ? focus : null;
  const at = cur === null ? -1 : list.indexOf(cur);

  const go = (dir: 1 | -1) => {
    const next = stepRow(list, cur, dir);
    if (next < 0) return;
    setFocus(next);
    setStep((n) => n + 1);
  };
  const links = useMemo(() => ({ marks, focus: cur, step }), [marks, cur, step]);
  const edited = annotatorLinks && annotatorLinks.review !== review;

  return (
    <div className="linked-heatmap">
      <div className="link-bar" role="group" aria-label="Links of the metric and the annotators">
        <label className="inline">
          Show{' '}
          <select
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value as DisagreementFilter)}
            data-testid="link-filter"
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value} disabled={!annotatorLinks && f.value !== 'all'}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="small"
          onClick={() => go(-1)}
          disabled={list.length === 0}
          data-testid="link-prev"
          aria-label="Previous row"
        >
          ◀ Previous
        </button>
        <button
          type="button"
          className="small"
          onClick={() => go(1)}
          disabled={list.length === 0}
          data-testid="link-next"
          aria-label="Next row"
        >
          Next ▶
        </button>
        <span
          className="link-count"
          data-testid="link-count"
          data-total={list.length}
          aria-live="polite"
        >
          {list.length === 0
            ? `none ${filter === 'all' ? 'linked' : 'here'}`
            : at >= 0
              ? `${at + 1} of ${list.length}`
              : `${list.length} ${list.length === 1 ? 'row' : 'rows'}: Next to step through`}
        </span>
        <span className="muted small" data-testid="link-summary">
          {summary(rows, annotatorLinks)}
        </span>
      </div>
      {cur !== null && (
        <Current
          row={rows[cur]}
          refText={refs[cur]?.text ?? ''}
          matrix={matrix}
          sentences={sentences}
          tau={tau}
          graded={!!ramp}
        />
      )}
      {edited && (
        <p className="muted small" data-testid="link-edited">
          The review has been edited since the annotators judged it: their links are for the review
          as the dataset has it.
        </p>
      )}
      <Heatmap
        matrix={matrix}
        tau={tau}
        scores={scores}
        refs={refs}
        sentences={sentences}
        ramp={ramp}
        links={links}
      />
      <LinkLegend recorded={!!annotatorLinks} graded={!!ramp} />
    </div>
  );
}

function summary(rows: RowLink[], a: SessionAnnotatorLinks | undefined): string {
  const metric = rows.filter((r) => r.metric).length;
  if (!a)
    // The legend under the matrix says where annotator links come from.
    return `The metric links ${metric} of ${rows.length} pseudo-references.`;
  const ann = rows.filter((r) => r.annotator).length;
  const mo = rows.filter((r) => r.agreement === 'metric-only').length;
  const ao = rows.filter((r) => r.agreement === 'annotator-only').length;
  return `Metric ${metric}, annotators ${a.state === 'none' ? '0 (they recorded that the review addresses none)' : ann} of ${rows.length}: ${mo} metric-only, ${ao} annotator-only.`;
}

function Current({
  row,
  refText,
  matrix,
  sentences,
  tau,
  graded,
}: {
  row: RowLink;
  refText: string;
  matrix: SimilarityMatrix;
  sentences: string[];
  tau: number;
  graded: boolean;
}) {
  const best = bestSentence(
    matrix,
    row.index,
    sentences.length === matrix.cols ? sentences : undefined,
  );
  const p = `P${row.index + 1}`;
  const sim =
    best.col < 0
      ? 'no sentence to compare'
      : `its closest sentence S${best.col + 1} has s = ${best.s.toFixed(3)}`;
  const metric = graded
    ? `credit ${row.strength.toFixed(2)}`
    : best.s > tau
      ? `> τ ${Number(tau.toFixed(4))}`
      : `≤ τ ${Number(tau.toFixed(4))}`;
  const verdict: Record<RowLink['agreement'], string> = {
    'metric-only':
      row.annotator === null
        ? `the metric links it (${metric}).`
        : `the metric links it (${metric}); the annotators did not say the review addresses it.`,
    'annotator-only': `the annotators say the review addresses it; the metric does not link it (${metric}).`,
    both: `the metric links it (${metric}) and so did the annotators.`,
    neither: `neither links it (${metric}).`,
  };
  return (
    <p
      className="link-current"
      data-testid="link-current"
      data-row={row.index}
      data-agreement={row.agreement}
    >
      <strong>{p}</strong> <span className="badge">{row.agreement}</span> “{refText}”: {sim};{' '}
      {verdict[row.agreement]}
    </p>
  );
}

const LinkLegend = memo(function LinkLegend({
  recorded,
  graded,
}: {
  recorded: boolean;
  graded: boolean;
}) {
  return (
    <div className="link-legend" data-testid="link-legend">
      <span>
        <i className="sw-m" />
        M: the metric links the row (
        {graded ? 'filled as far as its graded credit' : 'some sentence above τ'})
      </span>
      {recorded ? (
        <>
          <span>
            <i className="sw-a" />
            A: the annotators linked it (they linked whole reviews, not sentences)
          </span>
          <span>
            <i className="sw-row" />
            annotators' row (and the bar left of its label)
          </span>
          <span>
            <i className="sw-mo" />
            metric-only
          </span>
          <span>
            <i className="sw-ao" />
            annotator-only
          </span>
        </>
      ) : (
        <span>No annotator links for this case: they come with datasets that record them (claims_addressed), opened from Research.</span>
      )}
    </div>
  );
});
