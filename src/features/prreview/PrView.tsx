// One pull request's whole review: the files and hunks with every comment pinned at its line (the tool's and the
// reference's told apart by colour and by label), a line drawn for each match, the comments × issues matrix of
// CRScore of a whole review with τ, the location weight and the line window as sliders, and each decision explained.
// Research and the Workbench open this one component on the one store. Texts are untrusted: rendered as text only.
import { useMemo, useState } from 'react';
import { addresses, crscoreEvaluate, crscoreP, explainDecision, pairMatrix, prMatches, viewHunks, DEFAULT_THRESHOLD, type ReferenceIssue, type ReviewComment } from '../../core/prreview/index';
import { usePrReview } from '../../store/prreview/prReview';
import { shortPr } from './Leaderboard';
import { MatchLines, type Pinned } from './MatchLines';

/** The matchers the view computes on the main thread (no model, no download): the run's when it is one of them. */
const LOCAL = new Set(['bleu', 'lexical']);

const where = (c: ReviewComment) => (c.path ? `${c.path}${c.from != null || c.to != null ? `:${c.from ?? c.to}${c.to != null && c.to !== c.from ? `–${c.to}` : ''}` : ''}${c.side ? ` (${c.side})` : ''}` : 'no location');

/** `anyEvaluator`: the Workbench's view, CRScore's whatever evaluator Research's leaderboard shows, so the
 *  pseudo-references chosen beside it are its P; Research's view takes them only under the crscore evaluator. */
export function PrView({ backLabel = '← Leaderboard', onBack, anyEvaluator = false }: { backLabel?: string; onBack?: () => void; anyEvaluator?: boolean }) {
  const { dataset, open, settings, closePr, pseudoRefs } = usePrReview();
  const pr = dataset?.prs.find((p) => p.id === open?.pr);
  const system = open?.system ?? '';
  const matcher = settings.matcher && LOCAL.has(settings.matcher) ? settings.matcher : 'lexical';
  const [tau, setTau] = useState(settings.tau ?? DEFAULT_THRESHOLD[matcher]);
  const [weight, setWeight] = useState(settings.locationWeight);
  const [window, setWindow] = useState(settings.lineWindow);
  // The P the row was judged against: the reference issues, or the PR's pseudo-references (the core's one rule).
  const withPseudo = anyEvaluator || settings.evaluator === 'crscore';
  const p = useMemo(() => (pr ? crscoreP(pr, system, settings.reference, withPseudo ? (pseudoRefs ?? undefined) : undefined) : null), [pr, system, settings.reference, withPseudo, pseudoRefs]);
  const issues = useMemo(() => p?.refs ?? [], [p]);
  const pKind = p?.from === 'pseudo-references' ? ('pseudo' as const) : ('reference' as const);
  const comments = useMemo(() => pr?.reviews[system] ?? [], [pr, system]);
  // The text similarities depend on the texts only: a slider step re-decides this PR's matrix, nothing else.
  const text = useMemo(() => pairMatrix(matcher)(issues.map((i) => i.text), comments.map((c) => c.text), pr?.diff), [matcher, issues, comments, pr]);
  const row = useMemo(() => crscoreEvaluate(issues, comments, text, { tau, locationWeight: weight, lineWindow: window }), [issues, comments, text, tau, weight, window]);
  const matches = useMemo(() => prMatches(row, tau), [row, tau]);
  const hunks = useMemo(() => viewHunks(pr?.diff, [...issues, ...comments]), [pr, issues, comments]);
  const [focus, setFocus] = useState<{ i: number; j: number } | null>(null);
  if (!pr) return null;
  const R = comments.length;
  const pinned: Pinned[] = [...issues.map((c, k) => ({ kind: pKind, k, c })), ...comments.map((c, k) => ({ kind: 'tool' as const, k, c }))];
  const placed = new Set<Pinned>();
  const cell = focus ? row.cells[focus.i * R + focus.j] : null;
  const decision = focus && cell ? explainDecision(cell, issues[focus.i], comments[focus.j], { tau, locationWeight: weight, lineWindow: window }) : null;
  const matchOf = (p: Pinned) => (p.kind === 'tool' ? matches.ofComment[p.k] : matches.ofIssue[p.k]);
  return (
    <section className="panel pr-view" data-testid="pr-view">
      <div className="pr-view-head">
        <button type="button" onClick={onBack ?? closePr} data-testid="pr-back">
          {backLabel}
        </button>
        <h3>
          {shortPr(pr.id)} · {system}
        </h3>
        {pr.title && <span className="muted">{pr.title}</span>}
      </div>
      <p className="muted">
        CRScore of this pull request's whole review: {pKind === 'pseudo' ? `the pseudo-references of its diff (${pseudoRefs?.source})` : 'the reference issues'} (rows) against {system}'s comments (columns), a pair ruled out across files or
        beyond the line window, else text·(1 − w + w·location) (a pair without a place loses the share w); a comment addresses an issue above τ.
      </p>
      <div className="pr-scores" data-testid="pr-scores">
        <span>
          Con <strong data-testid="pr-con">{p?.why ? '—' : f3(row.con)}</strong> ({row.comments_addressing} of {row.num_comments} comments address an issue)
        </span>
        <span>
          Comp <strong data-testid="pr-comp">{p?.why ? '—' : f3(row.comp)}</strong> ({row.issues_found} of {row.num_issues} issues found)
        </span>
        <span>
          Rel <strong data-testid="pr-rel">{p?.why ? '—' : f3(row.rel)}</strong>
        </span>
      </div>
      <div className="pr-sliders">
        <label>
          τ {tau.toFixed(3)}
          <input type="range" min={0} max={1} step={0.001} value={tau} onChange={(e) => setTau(Number(e.target.value))} data-testid="pr-tau" />
        </label>
        <label>
          location weight {weight.toFixed(2)}
          <input type="range" min={0} max={1} step={0.01} value={weight} onChange={(e) => setWeight(Number(e.target.value))} data-testid="pr-weight" />
        </label>
        <label>
          line window {window}
          <input type="range" min={0} max={50} step={1} value={window} onChange={(e) => setWindow(Number(e.target.value))} data-testid="pr-window" />
        </label>
        <span className="muted">text similarity: {matcher}{settings.matcher && !LOCAL.has(settings.matcher) ? ` (the run's ${settings.matcher} needs a model: this view shows lexical)` : ''}</span>
      </div>
      <p className="muted pr-matrix-note">
        Rows: {pKind === 'pseudo' ? 'the pseudo-references' : 'the reference issues'} (I). Columns: {system}'s comments (C). × ruled out by location; outlined: a match above τ. Click a cell for its decision.
      </p>
      <div className="pr-matrix-wrap">
        <table className="pr-matrix" data-testid="pr-matrix">
          <thead>
            <tr>
              <th />
              {comments.map((c, j) => (
                <th key={j} title={c.text} className="tool-head">
                  C{j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {issues.map((iss, i) => (
              <tr key={i}>
                <th title={iss.text} className="ref-head">
                  I{i + 1}
                </th>
                {comments.map((_, j) => {
                  const x = row.cells[i * R + j];
                  const on = addresses(x.similarity, tau);
                  return (
                    <td
                      key={j}
                      className={`${on ? 'match' : ''} ${x.gated ? 'gated' : ''} ${focus?.i === i && focus?.j === j ? 'focus' : ''}`}
                      style={{ background: x.gated ? undefined : `rgba(37, 99, 235, ${Math.min(1, x.similarity) * 0.85})` }}
                      onClick={() => setFocus({ i, j })}
                      data-testid={`pr-cell-${i}-${j}`}
                      data-match={on ? '1' : '0'}
                    >
                      {x.gated ? '×' : x.similarity.toFixed(2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {p?.why && (
          <p className="muted" data-testid="pr-not-scored">
            Not scored: {p.why}.
          </p>
        )}
      </div>
      {focus && decision && (
        <dl className="pr-decision" data-testid="pr-decision" data-rule={decision.rule}>
          <dt>
            I{focus.i + 1} × C{focus.j + 1}
          </dt>
          <dd>
            location score <b data-testid="pr-decision-location">{decision.location}</b> · text similarity <b data-testid="pr-decision-text">{decision.text.toFixed(3)}</b> · rule <b data-testid="pr-decision-rule">{decision.rule}</b>
          </dd>
          <dd>{decision.because}</dd>
        </dl>
      )}
      <h4>Files and hunks</h4>
      <p className="pr-legend muted">
        <span className="pr-pin-tag tool">tool</span> {system}'s comment ·{' '}
        {pKind === 'pseudo' ? (
          <>
            <span className="pr-pin-tag pseudo">pseudo-reference</span> made from the diff: a claim on its hunk, an analyzer issue on its line
          </>
        ) : (
          <>
            <span className="pr-pin-tag reference">reference</span> an issue it should find
          </>
        )}{' '}
        · a green line joins
        each match ({matches.links.length} at τ {tau.toFixed(3)})
      </p>
      <MatchLines links={matches.links} deps={[hunks, tau, weight, window, focus]}>
        {hunks.length === 0 && <p className="muted">This pull request comes without its diff: the comments are listed by location below.</p>}
        {!pr.diff && hunks.length > 0 && <p className="muted">No diff of the whole pull request: the hunks shown are those the comments were written on.</p>}
        {hunks.map((h, k) => {
          const lines = hunkLines(h);
          const shown = new Set(lines.filter((l) => l.kind !== 'del').map((l) => l.newNo));
          const last = lines.reduce((n, l) => (l.newNo ?? n), h.newStart);
          // A claim is on its hunk (its whole new-side range): pinned under the hunk's header, not on one line.
          const onHunk = pinned.filter((q) => !placed.has(q) && q.kind === 'pseudo' && isClaim(q.c) && q.c.path === h.file && q.c.from === h.newStart && q.c.to === last);
          onHunk.forEach((q) => placed.add(q));
          const here = pinned.filter((q) => !placed.has(q) && q.c.path === h.file && shown.has(lineOf(q.c)));
          here.forEach((q) => placed.add(q));
          return (
            <div key={k} className="pr-hunk">
              <div className="pr-file">{h.file}</div>
              <pre className="pr-lines">
                {lines.map((l, n) => (
                  <div key={n} className={`pr-line ${l.kind}`}>
                    <span className="ln">{l.newNo ?? ''}</span>
                    {l.text}
                    {l.kind === 'head' && onHunk.map((q) => <Pin key={`${q.kind}${q.k}`} p={q} match={matchOf(q)} />)}
                    {here.filter((p) => lineOf(p.c) === l.newNo && l.kind !== 'del').map((p) => (
                      <Pin key={`${p.kind}${p.k}`} p={p} match={matchOf(p)} />
                    ))}
                  </div>
                ))}
              </pre>
            </div>
          );
        })}
        {pinned.some((p) => !placed.has(p)) && <h4>Comments not placed on a shown line</h4>}
        <ul className="pr-unplaced" data-testid="pr-unplaced">
          {pinned.filter((p) => !placed.has(p)).map((p) => (
            <li key={`${p.kind}${p.k}`}>
              <Pin p={p} match={matchOf(p)} />
            </li>
          ))}
        </ul>
      </MatchLines>
    </section>
  );
}

const isClaim = (c: ReviewComment) => (c as ReferenceIssue).category === 'claim';

/** A pseudo-reference's kind and maker, in words: "claim · tree-claims", "issue · JSHint". */
const madeBy = (c: ReviewComment) => `${isClaim(c) ? 'claim' : 'analyzer issue'} · ${(c as ReferenceIssue).source ?? ''}`;

function Pin({ p, match }: { p: Pinned; match: number }) {
  const name = p.kind === 'tool' ? `C${p.k + 1}` : `I${p.k + 1}`;
  const other = match < 0 ? 'no match' : `↔ ${p.kind === 'tool' ? `I${match + 1}` : `C${match + 1}`}`;
  // The lines join a comment to an issue by data-pin: a pseudo-reference stands where a reference issue would.
  const side = p.kind === 'tool' ? 'tool' : 'reference';
  return (
    <span className={`pr-pin ${p.kind}`} data-kind={p.kind} data-pin={`${side}-${p.k}`}>
      <span className={`pr-pin-tag ${p.kind}`}>{p.kind === 'tool' ? 'tool' : p.kind === 'pseudo' ? 'pseudo-reference' : 'reference'}</span>{' '}
      {p.kind === 'pseudo' && (
        <span className="made-by" data-testid="pr-pin-made-by">
          {madeBy(p.c)}{' '}
        </span>
      )}
      <b>{name}</b> <span className="where">{where(p.c)}</span>{' '}
      <span className={match < 0 ? 'miss' : 'hit'}>{other}</span>
      <span className="pin-text">{p.c.text}</span>
    </span>
  );
}

const f3 = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '—');

const lineOf = (c: ReviewComment) => c.to ?? c.from ?? null;

function hunkLines(h: { hunk: string; newStart: number }): { kind: 'add' | 'del' | 'ctx' | 'head'; text: string; newNo: number | null }[] {
  let n = h.newStart;
  return h.hunk.split('\n').filter((l, k, all) => !(k === all.length - 1 && l === '')).map((l) => {
    if (l.startsWith('@@')) return { kind: 'head' as const, text: l, newNo: null };
    if (l.startsWith('-')) return { kind: 'del' as const, text: l, newNo: null };
    const no = n++;
    return { kind: l.startsWith('+') ? ('add' as const) : ('ctx' as const), text: l, newNo: no };
  });
}
