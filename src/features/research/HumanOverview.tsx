// The overview of a human-scored dataset on screen: its changes, reviews and systems, what its code is (diff, old
// and new files, or a snippet), and each human dimension with its scale, annotators and distribution (a bar per value).
// The human study's rows show their Con, Comp and Rel the same way, as the model reads them (studyDataset).
import { useEffect, useMemo, useState } from 'react';
import type { DatasetRow } from '../../core/dataset';
import { distribution, scaleLabel, studyDataset, type HumanDataset } from '../../core/humanData/index';
import { SAVED_MAPPINGS_KEY, useHumanImport } from '../../store/research/humanImport';
import { useStorageRefusals } from '../../settings/storageWrites';
import { useResearch } from '../../store/research/research';
import { ImportErrorTable } from './ImportErrorTable';

function codeKinds(d: HumanDataset): string {
  const n = { diff: 0, files: 0, snippet: 0, none: 0 };
  for (const c of d.changes) n[c.code.kind]++;
  const words = { diff: 'a diff', files: 'old and new files', snippet: 'a snippet (not a diff)', none: 'no code' };
  return (Object.keys(n) as (keyof typeof n)[]).filter((k) => n[k] > 0).map((k) => `${n[k].toLocaleString('en')} with ${words[k]}`).join(', ');
}

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/** A bar per value: its height the reviews holding it, its count above, its value below. */
function Bars({ dist, name }: { dist: Map<number, number>; name: string }) {
  const entries = [...dist].slice(0, 24);
  const max = Math.max(1, ...entries.map(([, n]) => n));
  const w = 30;
  const h = 60;
  return (
    <svg width={entries.length * w + 4} height={h + 30} role="img" aria-label={`Distribution of ${name}: ${entries.map(([v, n]) => `${fmt(v)}: ${n}`).join(', ')}`} data-testid={`human-dist-${name}`}>
      {entries.map(([v, n], k) => {
        const bh = Math.max(1, Math.round((n / max) * h));
        return (
          <g key={v} transform={`translate(${k * w + 2},0)`}>
            <rect x={3} y={14 + h - bh} width={w - 6} height={bh} fill="var(--accent, #3b5bdb)" />
            <text x={w / 2} y={12 + h - bh} textAnchor="middle" fontSize={9}>
              {n}
            </text>
            <text x={w / 2} y={h + 27} textAnchor="middle" fontSize={10}>
              {fmt(v)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Each dimension: its name, scale and annotators, and a bar per value; `judged` is marked as judged against. */
function HumanDimensions({ d, judged }: { d: HumanDataset; judged?: string }) {
  const dists = useMemo(() => d.dimensions.map((x) => distribution(d, x.name)), [d]);
  return (
    <div className="r-human-dims">
      {d.dimensions.map((x, k) => (
        <figure key={x.name} className="r-human-dim" data-testid={`human-dim-${x.name}`}>
          <figcaption className="small">
            <b>{x.name}</b> · {scaleLabel(x.scale)} · {x.annotators.length === 1 && x.annotators[0] === '' ? 'one annotator' : `annotators: ${x.annotators.join(', ')}`}
            {x.name === judged && <span className="muted"> · the dimension every table judges against</span>}
          </figcaption>
          <Bars dist={dists[k]} name={x.name} />
        </figure>
      ))}
    </div>
  );
}

/** The human study's rows as the model reads them: Con, Comp and Rel, three Likert 1–5 dimensions. */
export function StudyDimensions({ rows, name }: { rows: readonly DatasetRow[]; name: string }) {
  const [d, setD] = useState<HumanDataset | null>(null);
  // Read in a task of its own after the import's render (tens of ms at 20,000 reviews), never inside it.
  useEffect(() => {
    const t = setTimeout(() => setD(studyDataset(rows, name)), 0);
    return () => clearTimeout(t);
  }, [rows, name]);
  if (!d) return null;
  return (
    // Folded: the study's default view after a run stays about three screens at 1024×768 (journey-researcher.spec.ts).
    <details data-testid="study-dimensions">
      <summary className="muted small">
        Human scores as {d.dimensions.length} dimensions: {d.dimensions.map((x) => `${x.name} (${scaleLabel(x.scale)})`).join(', ')}; each metric dimension is judged against its namesake
      </summary>
      <HumanDimensions d={d} />
    </details>
  );
}

export function HumanOverview() {
  const human = useResearch((s) => s.human);
  const name = useResearch((s) => s.datasetName);
  const shown = useHumanImport((s) => s.shown);
  // Why the browser refused to save the mapping just applied (storage full), if it did.
  const unsaved = useStorageRefusals((r) => r[SAVED_MAPPINGS_KEY]);
  const d = human?.dataset;
  const facts = useMemo(() => {
    if (!d) return null;
    const systems = new Map<string, number>();
    for (const r of d.reviews) systems.set(r.system, (systems.get(r.system) ?? 0) + 1);
    const withRef = new Set(d.changes.filter((c) => c.references.some((x) => x.trim())).map((c) => c.id));
    return {
      systems: [...systems].sort((a, b) => a[0].localeCompare(b[0])),
      noReference: d.reviews.filter((r) => !withRef.has(r.changeId)).length,
    };
  }, [d]);
  if (!human || !d || !facts) return null;
  return (
    <div className="r-import-summary r-human" data-testid="human-overview">
      <p>
        <strong>{name}</strong> — {human.layout === 'graded-reviews' ? "GradedReviews' workbook (Jiang et al. 2025), recognised by its header" : 'a table read with your mapping'}:{' '}
        <span data-testid="human-changes">{d.changes.length.toLocaleString('en')}</span> changes, <span data-testid="human-reviews">{d.reviews.length.toLocaleString('en')}</span> reviews
        {facts.noReference > 0 && ` (${facts.noReference.toLocaleString('en')} of them left out: their change has no reference review)`};{' '}
        <span data-testid="import-errors">{d.errors.length}</span> row{d.errors.length === 1 ? '' : 's'} could not be read.
        {shown && (
          <>
            {' '}
            <button type="button" className="small" onClick={() => useHumanImport.getState().editMapping()} data-testid="human-edit-mapping">
              Edit the mapping
            </button>
          </>
        )}
      </p>
      <p className="small">
        Code: <span data-testid="human-code">{codeKinds(d)}</span>. Systems ({facts.systems.length}):{' '}
        <span data-testid="human-systems">{facts.systems.map(([s, n]) => `${s} (${n})`).join(', ')}</span>.
      </p>
      {(shown?.from === 'edited' || shown?.from === 'guess') && unsaved && (
        <p className="r-warn small" role="alert" data-testid="human-mapping-unsaved">
          The mapping could not be saved in this browser: {unsaved}. This file will ask for its mapping again next time: Edit the mapping to export it.
        </p>
      )}
      {shown?.from === 'saved' && (
        <p className="muted small" data-testid="human-mapping-reused">
          Mapped by the mapping saved for this header.
        </p>
      )}
      {d.notes.map((n) => (
        <p key={n} className="muted small">
          {n}
        </p>
      ))}
      <HumanDimensions d={d} judged={human.dimension} />
      <p className="muted small">
        Scored as <code>crscore eval --dataset</code> scores it: the reference-based metrics against each change&apos;s reference review, and CRScore with the
        pseudo-references chosen in step 2 (the reference review&apos;s sentences make it a reference-based metric; <code>offline</code> needs no reference, no
        model and no key).
      </p>
      {d.errors.length > 0 && (
        <details open={d.errors.length <= 10} className="r-errors">
          <summary>Rows that could not be read ({d.errors.length})</summary>
          <ImportErrorTable errors={d.errors} limit={50} reasonLabel="Why it was left out" testid="import-error-table" />
        </details>
      )}
    </div>
  );
}
