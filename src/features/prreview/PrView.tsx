// One pull request's whole review: the files and hunks with every comment pinned at its line (the tool's and the
// reference's told apart), the comments × issues matrix of CRScore of a whole review with τ, the location weight and
// the line window as sliders, and each decision explained. Texts are untrusted: rendered as text only.
import { useMemo, useState } from 'react';
import { crscoreEvaluate, pairMatrix, parseDiffHunks, referencesFor, DEFAULT_THRESHOLD, type ReviewComment } from '../../core/prreview/index';
import { usePrReview } from '../../store/prreview/prReview';
import { shortPr } from './Leaderboard';

/** The matchers the view computes on the main thread (no model, no download): the run's when it is one of them. */
const LOCAL = new Set(['bleu', 'lexical']);

interface Pinned {
  kind: 'tool' | 'reference';
  k: number;
  c: ReviewComment;
}

const where = (c: ReviewComment) => (c.path ? `${c.path}${c.from != null || c.to != null ? `:${c.from ?? c.to}${c.to != null && c.to !== c.from ? `–${c.to}` : ''}` : ''}${c.side ? ` (${c.side})` : ''}` : 'no location');

export function PrView() {
  const { dataset, open, settings, closePr } = usePrReview();
  const pr = dataset!.prs.find((p) => p.id === open!.pr);
  const matcher = settings.matcher && LOCAL.has(settings.matcher) ? settings.matcher : 'lexical';
  const [tau, setTau] = useState(settings.tau ?? DEFAULT_THRESHOLD[matcher]);
  const [weight, setWeight] = useState(settings.locationWeight);
  const [window, setWindow] = useState(settings.lineWindow);
  const issues = useMemo(() => (pr ? referencesFor(pr, open!.system, settings.reference) : []), [pr, open, settings.reference]);
  const comments = useMemo(() => pr?.reviews[open!.system] ?? [], [pr, open]);
  // The text similarities depend on the texts only: a slider step re-decides, it never recomputes them.
  const text = useMemo(() => pairMatrix(matcher)(issues.map((i) => i.text), comments.map((c) => c.text), pr?.diff), [matcher, issues, comments, pr]);
  const row = useMemo(() => crscoreEvaluate(issues, comments, text, { tau, locationWeight: weight, lineWindow: window }), [issues, comments, text, tau, weight, window]);
  const [focus, setFocus] = useState<{ i: number; j: number } | null>(null);
  if (!pr) return null;
  const R = comments.length;
  const bestOf = (j: number) => {
    let best = -1;
    for (let i = 0; i < issues.length; i++) if (row.cells[i * R + j].similarity >= tau && (best < 0 || row.cells[i * R + j].similarity > row.cells[best * R + j].similarity)) best = i;
    return best;
  };
  const matchOfIssue = (i: number) => {
    let best = -1;
    for (let j = 0; j < R; j++) if (row.cells[i * R + j].similarity >= tau && (best < 0 || row.cells[i * R + j].similarity > row.cells[i * R + best].similarity)) best = j;
    return best;
  };
  const pinned: Pinned[] = [...issues.map((c, k) => ({ kind: 'reference' as const, k, c })), ...comments.map((c, k) => ({ kind: 'tool' as const, k, c }))];
  const hunks = pr.diff ? parseDiffHunks(pr.diff) : [];
  const placed = new Set<Pinned>();
  const cell = focus ? row.cells[focus.i * R + focus.j] : null;
  return (
    <section className="panel pr-view" data-testid="pr-view">
      <div className="pr-view-head">
        <button type="button" onClick={closePr} data-testid="pr-back">
          ← Leaderboard
        </button>
        <h3>
          {shortPr(pr.id)} · {open!.system}
        </h3>
        {pr.title && <span className="muted">{pr.title}</span>}
      </div>
      <p className="muted">
        CRScore of this pull request's whole review: the reference issues (rows) against {open!.system}'s comments (columns), a pair ruled out across files or
        beyond the line window, else (1 − w)·text + w·location; a comment addresses an issue at similarity ≥ τ.
      </p>
      <div className="pr-scores" data-testid="pr-scores">
        <span>
          Con <strong data-testid="pr-con">{row.con.toFixed(3)}</strong> ({row.comments_addressing} of {row.num_comments} comments address an issue)
        </span>
        <span>
          Comp <strong data-testid="pr-comp">{row.comp.toFixed(3)}</strong> ({row.issues_found} of {row.num_issues} issues found)
        </span>
        <span>
          Rel <strong data-testid="pr-rel">{row.rel.toFixed(3)}</strong>
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
      <div className="pr-matrix-wrap">
        <table className="pr-matrix" data-testid="pr-matrix">
          <thead>
            <tr>
              <th />
              {comments.map((c, j) => (
                <th key={j} title={c.text}>
                  C{j + 1}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {issues.map((iss, i) => (
              <tr key={i}>
                <th title={iss.text}>I{i + 1}</th>
                {comments.map((_, j) => {
                  const x = row.cells[i * R + j];
                  const on = x.similarity >= tau;
                  return (
                    <td
                      key={j}
                      className={`${on ? 'match' : ''} ${x.gated ? 'gated' : ''} ${focus?.i === i && focus?.j === j ? 'focus' : ''}`}
                      style={{ background: x.gated ? undefined : `rgba(37, 99, 235, ${Math.min(1, x.similarity) * 0.85})` }}
                      onClick={() => setFocus({ i, j })}
                      data-testid={`pr-cell-${i}-${j}`}
                    >
                      {x.gated ? '×' : x.similarity.toFixed(2)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        {issues.length === 0 && <p className="muted">No reference issue for this system on this pull request: Comp is 0, and so is every match.</p>}
      </div>
      {focus && cell && (
        <p className="pr-decision" data-testid="pr-decision">
          I{focus.i + 1} × C{focus.j + 1}: {explain(cell, issues[focus.i], comments[focus.j], tau, weight, window)}
        </p>
      )}
      <h4>Files and hunks</h4>
      {hunks.length === 0 && <p className="muted">This pull request comes without its diff: the comments are listed by location below.</p>}
      {hunks.map((h, k) => {
        const lines = hunkLines(h);
        const shown = new Set(lines.filter((l) => l.kind !== 'del').map((l) => l.newNo));
        const here = pinned.filter((p) => p.c.path === h.file && shown.has(lineOf(p.c)));
        here.forEach((p) => placed.add(p));
        return (
          <div key={k} className="pr-hunk">
            <div className="pr-file">{h.file}</div>
            <pre className="pr-lines">
              {lines.map((l, n) => (
                <div key={n} className={`pr-line ${l.kind}`}>
                  <span className="ln">{l.newNo ?? ''}</span>
                  {l.text}
                  {here.filter((p) => lineOf(p.c) === l.newNo && l.kind !== 'del').map((p) => (
                    <Pin key={`${p.kind}${p.k}`} p={p} match={p.kind === 'tool' ? bestOf(p.k) : matchOfIssue(p.k)} />
                  ))}
                </div>
              ))}
            </pre>
          </div>
        );
      })}
      <h4>Comments not placed on a shown line</h4>
      <ul className="pr-unplaced" data-testid="pr-unplaced">
        {pinned.filter((p) => !placed.has(p)).map((p) => (
          <li key={`${p.kind}${p.k}`}>
            <Pin p={p} match={p.kind === 'tool' ? bestOf(p.k) : matchOfIssue(p.k)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Pin({ p, match }: { p: Pinned; match: number }) {
  const name = p.kind === 'tool' ? `C${p.k + 1}` : `I${p.k + 1}`;
  const other = match < 0 ? 'no match' : `↔ ${p.kind === 'tool' ? `I${match + 1}` : `C${match + 1}`}`;
  return (
    <span className={`pr-pin ${p.kind}`} data-kind={p.kind}>
      <b>{name}</b> <span className="where">{where(p.c)}</span> <span className={match < 0 ? 'miss' : 'hit'}>{other}</span>
      <span className="pin-text">{p.c.text}</span>
    </span>
  );
}

function explain(x: { similarity: number; text: number; location: number; gated: boolean }, issue: ReviewComment, comment: ReviewComment, tau: number, w: number, win: number): string {
  if (x.gated) return issue.path && comment.path && issue.path !== comment.path ? `ruled out: different files (${issue.path} and ${comment.path})` : `ruled out: more than ${win} lines apart (the line window)`;
  const s = `text ${x.text.toFixed(3)}, location ${x.location} → similarity (1 − ${w.toFixed(2)})·${x.text.toFixed(3)} + ${w.toFixed(2)}·${x.location} = ${x.similarity.toFixed(3)}`;
  return `${s} ${x.similarity >= tau ? '≥' : '<'} τ ${tau.toFixed(3)}: ${x.similarity >= tau ? 'the comment addresses the issue' : 'no match'}`;
}

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
