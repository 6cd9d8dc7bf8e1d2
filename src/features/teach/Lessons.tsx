// The paper's failure cases (§5.4, appendix E.1, Tables 15 and 16) as lessons with live numbers: brief,
// stopword-heavy reviews the metric underestimates, and inline code that inflates similarity.
import { useMemo } from 'react';
import { bestCell, maskCode, stopwordShare } from '../../core/teaching';
import { paperExamples, type PaperExample } from '../../examples/paper';
import { SIMILARITY_LABEL, type SimilarityKind } from '../../store/shared/bundledEncoder';
import { LinkLesson, useLinkSource } from './LinkLesson';
import { EncoderNotice, f3 } from './parts';
import { usePipelines, type Case } from './usePipelines';

const byId = (id: string) => paperExamples.find((e) => e.id === id)!;

interface LessonCase {
  label: string;
  ex: PaperExample;
  review: string;
  /** The paper's human relevance (Likert), where the paper gives it. */
  human?: number;
}

interface Lesson {
  id: 'under' | 'over';
  title: string;
  paper: string;
  point: (cases: { c: LessonCase; rel: number; best: number }[], tau: number) => string;
  cases: LessonCase[];
}

const imports = byId('paper-datetime-target');
const column = byId('paper-has-all-data');
const pickleCr = byId('paper-pickle-codereviewer');
const pickleSc = byId('paper-pickle-stablecode');

const LESSONS: Lesson[] = [
  {
    id: 'under',
    title: 'Underestimation: brief reviews full of stopwords',
    paper:
      'The paper finds 16 reviews (0.61%) the metric scores near 0 that humans rate 5 for relevance. They are brief, mostly stopwords, with few relevant tokens, and their changes have few pseudo-references (2.44 on average against 4.76). In the paper’s pipeline the encoder’s token vectors are pooled without stopwords, so little is left to match.',
    cases: [
      { label: "The paper's case (Table 15)", ex: imports, review: imports.review, human: 5 },
      { label: 'Same question, with the words that matter', ex: imports, review: 'Why do we need the new datetime and target imports?' },
      { label: "The paper's other case (Table 15)", ex: column, review: column.review, human: 5 },
    ],
    point: ([q, named], tau) =>
      `Here: the best similarity goes from ${f3(q.best)} to ${f3(named.best)} once the question names what it asks about; ${
        named.best > tau ? `that clears τ = ${tau}, and Rel goes from ${f3(q.rel)} to ${f3(named.rel)}` : `still not above τ = ${tau}, so Rel stays ${f3(named.rel)}`
      }. Humans gave the question 5 (1.000 normalised).`,
  },
  {
    id: 'over',
    title: 'Overestimation: inline code inflates similarity',
    paper:
      'The paper finds 98 reviews (3.74%) the metric scores near the top that humans rate 1. 45% of them contain inline code, against 28% of all reviews: code copied from the diff shares its tokens with the claims, which quote the same code, so similarity rises although the review adds little.',
    cases: [
      { label: "The paper's case (Table 16)", ex: pickleCr, review: pickleCr.review, human: 1 },
      { label: 'Same review, code masked', ex: pickleCr, review: maskCode(pickleCr.review) },
      { label: "The paper's other case (Table 16)", ex: pickleSc, review: pickleSc.review, human: 1 },
    ],
    point: ([code, masked]) =>
      `Here: best similarity ${f3(code.best)} with the code, ${f3(masked.best)} with the code masked; Rel ${f3(code.rel)} against ${f3(masked.rel)}. Humans gave the review 1 (0.000 normalised).`,
  },
];

interface Props {
  kind: SimilarityKind;
  tau: number;
  onOpen(ex: PaperExample, review: string): void;
  onLexical(): void;
}

export function Lessons({ kind, tau, onOpen, onLexical }: Props) {
  const link = useLinkSource(kind, tau);
  const own = link.source?.id === 'research' && link.source.searched > 0 ? link.source : null;
  return (
    <div className="tc-lessons" data-testid="tc-lessons">
      {LESSONS.map((l) => (
        <LessonView key={l.id} l={l} kind={kind} tau={tau} onOpen={onOpen} onLexical={onLexical} />
      ))}
      <LinkLesson kind={kind} tau={tau} onLexical={onLexical} link={link} />
      <p className="muted small" data-testid="tc-lessons-footer">
        Numbers are live, from {SIMILARITY_LABEL[kind]} at τ = {tau}
        {own ? `, except the real cases of the last lesson: ${own.similarity} at τ = ${Number(own.tau.toFixed(4))}, as Research scored ${own.label}` : ''}; the
        paper's own figures come from mxbai-embed-large at τ = 0.7314, so they can differ. Switch the similarity at the top to compare.
      </p>
    </div>
  );
}

function LessonView({ l, kind, tau, onOpen, onLexical }: { l: Lesson; kind: SimilarityKind; tau: number; onOpen: Props['onOpen']; onLexical(): void }) {
  const cases: Case[] = useMemo(() => l.cases.map((c) => ({ refs: c.ex.pseudoReferences, review: c.review })), [l]);
  const pipes = usePipelines(kind, tau, cases);
  const rows = l.cases.map((c, k) => {
    const p = pipes.cases[k];
    const best = p.matrix ? (bestCell(p.matrix)?.value ?? 0) : NaN;
    return { c, p, rel: p.scores?.rel ?? NaN, best };
  });
  const ready = rows.every((r) => r.p.scores);
  const words = stopwordShare(l.cases[0].review);
  return (
    <section className="panel tc-lesson" data-testid={`tc-lesson-${l.id}`}>
      <h2>{l.title}</h2>
      <p className="small">{l.paper}</p>
      {l.id === 'under' && (
        <p className="tc-hint small" data-testid="tc-stopwords" data-value={words.stopwords}>
          “{l.cases[0].review}”: {words.words} words, {words.stopwords} of them stopwords;{' '}
          {kind === 'lexical' ? 'the lexical similarity sees only' : "the paper's pooling sees only"} {'{'}
          {words.kept.join(', ')}
          {'}'}.
          {kind !== 'lexical' && ' USE-lite, the live encoder here, embeds the raw text, stopwords included, so its numbers below need not show the effect.'}
        </p>
      )}
      <EncoderNotice kind={kind} pipes={pipes} onLexical={onLexical} />
      <table className="ui-table tc-lesson-table">
        <thead>
          <tr>
            <th>Case</th>
            <th>Review</th>
            <th>Best s</th>
            <th>Con</th>
            <th>Comp</th>
            <th>Rel</th>
            <th>Humans (paper)</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ c, p, best }, k) => (
            <tr key={k} data-testid={`tc-lesson-${l.id}-row`} data-rel={p.scores?.rel ?? ''} data-best={Number.isFinite(best) ? best : ''}>
              <td className="small">{c.label}</td>
              <td>
                <span className="badge source">{c.ex.system}</span> {c.review}
              </td>
              <td className="mono">{f3(best)}</td>
              <td className="mono">{p.scores ? f3(p.scores.con) : '…'}</td>
              <td className="mono">{p.scores ? f3(p.scores.comp) : '…'}</td>
              <td className="mono">
                <strong>{p.scores ? f3(p.scores.rel) : '…'}</strong>
              </td>
              <td className="small">{c.human ? `Rel ${c.human} → ${f3((c.human - 1) / 4)}` : '—'}</td>
              <td>
                <button type="button" className="small" onClick={() => onOpen(c.ex, c.review)}>
                  Open in what if
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ready && (
        <p className="tc-point" data-testid={`tc-lesson-${l.id}-point`}>
          {l.point(rows, tau)}
        </p>
      )}
    </section>
  );
}
