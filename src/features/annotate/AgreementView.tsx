// Two annotators' files side by side: Cohen's κ on the stage-1 codes (and necessity), ordinal Krippendorff's
// α on each stage-2 dimension, with their formulas filled in, and every place the two disagree.
import { useMemo, useState } from 'react';
import type { Alpha, Kappa } from '../../core/agreement';
import { readAnnotationCsv, type AnnotationItem } from '../../core/annotation';
import { compareAnnotations, type AgreementReport } from '../../core/annotationAgreement';
import { useAnnotation } from '../../store/annotation/annotation';
import { codeText, DIMENSION_NAME } from './guide';
import { readFile } from './sources';
import { dataNum } from '../../ui/dataNum';

interface Side {
  name: string;
  items: AnnotationItem[];
  errors: number;
}

const f3 = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');

/** Landis & Koch's words for κ; Krippendorff's thresholds for α. */
function kappaWord(k: number): string {
  if (!Number.isFinite(k)) return 'no κ';
  if (k < 0) return 'worse than chance';
  if (k <= 0.2) return 'slight';
  if (k <= 0.4) return 'fair';
  if (k <= 0.6) return 'moderate';
  if (k <= 0.8) return 'substantial';
  return 'almost perfect';
}
function alphaWord(a: number): string {
  if (!Number.isFinite(a)) return 'no α';
  if (a >= 0.8) return 'reliable (≥ 0.800)';
  if (a >= 0.667) return 'tentative (0.667–0.800)';
  return 'unreliable (< 0.667)';
}

function FilePick({ label, side, onSide, allowCurrent }: { label: string; side: Side | null; onSide(s: Side): void; allowCurrent?: boolean }) {
  const project = useAnnotation((s) => s.project);
  const slot = label.slice(-1).toLowerCase();
  return (
    <section className="panel an-slot" data-testid={`ag-slot-${slot}`}>
      <h2>{label}</h2>
      {side ? (
        <p className="small" data-testid={`ag-name-${slot}`}>
          <strong>{side.name}</strong> · {side.items.length} diff{side.items.length === 1 ? '' : 's'}
          {side.errors ? ` · ${side.errors} row${side.errors === 1 ? '' : 's'} left out` : ''}
        </p>
      ) : (
        <p className="muted small">No file yet.</p>
      )}
      <div className="toolbar">
        <label className="an-filebtn">
          <input
            type="file"
            accept=".csv,text/csv"
            data-testid={`ag-file-${slot}`}
            onChange={async (e) => {
              const f = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (!f) return;
              const r = readAnnotationCsv(await readFile(f));
              onSide({ name: r.annotator || f.name, items: r.items, errors: r.errors.length });
            }}
          />
          <span>Choose a CSV…</span>
        </label>
        {allowCurrent && project && (
          <button type="button" onClick={() => onSide({ name: `${project.annotator || 'you'} (current work)`, items: project.items, errors: 0 })} data-testid="ag-use-current">
            Use my current work
          </button>
        )}
      </div>
    </section>
  );
}

export function AgreementView() {
  const [a, setA] = useState<Side | null>(null);
  const [b, setB] = useState<Side | null>(null);
  const report = useMemo(() => (a && b ? compareAnnotations(a.items, b.items, [a.name, b.name]) : null), [a, b]);
  return (
    <div className="an-agree" data-testid="an-agreement">
      <h1>Agreement between two annotators</h1>
      <p className="muted">
        Load two annotators' CSVs of the same diffs (the human-study format; the published files have no stage-1 codes, so only necessity and the
        stage-2 ratings compare there). Pseudo-references are matched by their text, reviews by their system.
      </p>
      <div className="an-slots">
        <FilePick label="Annotator A" side={a} onSide={setA} allowCurrent />
        <FilePick label="Annotator B" side={b} onSide={setB} />
      </div>
      {report && a && b && <Report r={report} a={a.name} b={b.name} />}
    </div>
  );
}

function KappaCard({ id, title, k, what }: { id: string; title: string; k: Kappa; what: string }) {
  return (
    <article className="an-figure" data-testid={id} data-value={dataNum(k.kappa)} data-n={k.n}>
      <h3>{title}</h3>
      <div className="score-value">κ = {f3(k.kappa)}</div>
      <p className="small">
        {kappaWord(k.kappa)} · {k.n} {what} coded by both
      </p>
      <p className="formula-math">
        κ = (p<sub>o</sub> − p<sub>e</sub>) / (1 − p<sub>e</sub>) = ({f3(k.po)} − {f3(k.pe)}) / (1 − {f3(k.pe)})
      </p>
      {k.n === 0 && <p className="muted small">No {what} coded by both: κ is undefined.</p>}
    </article>
  );
}

function AlphaCard({ dim, al }: { dim: 'con' | 'comp' | 'rel'; al: Alpha }) {
  return (
    <article className="an-figure" data-testid={`ag-alpha-${dim}`} data-value={dataNum(al.alpha)} data-n={al.units}>
      <h3>{DIMENSION_NAME[dim]}</h3>
      <div className="score-value">α = {f3(al.alpha)}</div>
      <p className="small">
        {alphaWord(al.alpha)} · {al.units} review{al.units === 1 ? '' : 's'} rated by both
      </p>
      <p className="formula-math">
        α = 1 − D<sub>o</sub>/D<sub>e</sub> = 1 − {f3(al.do)}/{f3(al.de)} (ordinal distances)
      </p>
    </article>
  );
}

function Report({ r, a, b }: { r: AgreementReport; a: string; b: string }) {
  return (
    <>
      <p className="small" data-testid="ag-pairing">
        {r.pairing.items} diff{r.pairing.items === 1 ? '' : 's'} in both files · {r.pairing.refs} pseudo-references and {r.pairing.reviews} reviews paired
        {r.pairing.onlyA.length + r.pairing.onlyB.length > 0 &&
          ` · ${r.pairing.onlyA.length} pseudo-reference(s) only ${a} has, ${r.pairing.onlyB.length} only ${b} has (added ones)`}
      </p>
      {r.pairing.items === 0 && (
        <div className="alert warn" role="alert">
          The two files share no diff (diffs are matched by language and index), so there is nothing to compare.
        </div>
      )}
      <h2 className="an-section">Stage 1 · Cohen's κ</h2>
      <div className="an-figures">
        <KappaCard id="ag-kappa" title="Accuracy codes (1, 0, −1, 2)" k={r.accuracy} what="pseudo-references" />
        <KappaCard id="ag-kappa-necessary" title="Necessity (yes / no)" k={r.necessary} what="pseudo-references" />
      </div>
      <h2 className="an-section">Stage 2 · Krippendorff's α (ordinal)</h2>
      {r.noRatingsReason && (
        <p className="alert warn" data-testid="ag-alpha-reason">
          No review was rated by both, so α is undefined: {r.noRatingsReason}.
        </p>
      )}
      <div className="an-figures">
        {(['con', 'comp', 'rel'] as const).map((d) => (
          <AlphaCard key={d} dim={d} al={r.alpha[d]} />
        ))}
        <article className="an-figure" data-testid="ag-links" data-value={dataNum(r.links.meanJaccard)}>
          <h3>Links</h3>
          <div className="score-value">{f3(r.links.meanJaccard)}</div>
          <p className="small">mean Jaccard overlap of the linked pseudo-references · {r.links.n} reviews linked by both</p>
        </article>
      </div>
      <p className="muted small">
        κ: Landis and Koch's words (slight ≤ 0.2 &lt; fair ≤ 0.4 &lt; moderate ≤ 0.6 &lt; substantial ≤ 0.8 &lt; almost perfect). α: Krippendorff
        accepts ≥ 0.800, and ≥ 0.667 for tentative conclusions.
      </p>

      <h2 className="an-section">
        Where they disagree <span className="count">{r.refDisagreements.length + r.reviewDisagreements.length}</span>
      </h2>
      {r.refDisagreements.length > 0 && (
        <table className="ui-table" data-testid="ag-ref-disagreements">
          <thead>
            <tr>
              <th>Diff</th>
              <th>Pseudo-reference</th>
              <th>On</th>
              <th>{a}</th>
              <th>{b}</th>
            </tr>
          </thead>
          <tbody>
            {r.refDisagreements.map((d, k) => (
              <tr key={k}>
                <td className="mono">{d.key}</td>
                <td>
                  <span className="row-no">P{d.no}</span> {d.text}
                </td>
                <td>{d.what === 'accuracy' ? 'code' : 'necessary'}</td>
                <td>{d.what === 'accuracy' ? codeText(d.a as 1) : d.a ? 'yes' : 'no'}</td>
                <td>{d.what === 'accuracy' ? codeText(d.b as 1) : d.b ? 'yes' : 'no'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {r.reviewDisagreements.length > 0 && (
        <table className="ui-table" data-testid="ag-review-disagreements">
          <thead>
            <tr>
              <th>Diff</th>
              <th>Review</th>
              <th>Ratings ({a} → {b})</th>
              <th>Links (by {a}'s numbers)</th>
            </tr>
          </thead>
          <tbody>
            {r.reviewDisagreements.map((d, k) => (
              <tr key={k} data-testid="ag-review-row">
                <td className="mono">{d.key}</td>
                <td>
                  <span className="badge source">{d.system}</span> <span className="an-clip">{d.review ?? '(no review)'}</span>
                </td>
                <td>
                  {d.ratings.length === 0
                    ? '—'
                    : d.ratings.map((x) => (
                        <span key={x.dim} className={`an-gap gap-${Math.min(3, Math.abs(x.a - x.b))}`}>
                          {x.dim === 'con' ? 'Con' : x.dim === 'comp' ? 'Comp' : 'Rel'} {x.a} → {x.b}
                        </span>
                      ))}
                </td>
                <td className="small">
                  {d.links
                    ? [d.links.onlyA.length ? `only ${a}: ${d.links.onlyA.map((n) => `P${n}`).join(', ')}` : '', d.links.onlyB.length ? `only ${b}: ${d.links.onlyB.map((n) => `P${n}`).join(', ')}` : '']
                        .filter(Boolean)
                        .join(' · ')
                    : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {r.refDisagreements.length + r.reviewDisagreements.length === 0 && r.pairing.items > 0 && <p className="notice">No disagreement on anything both annotated.</p>}
    </>
  );
}
