// Lesson: a high similarity is not "addresses this claim". From real disagreements between the metric's links
// (the paper's hard τ) and the annotators' (claims_addressed) when a dataset that records them is at hand: the
// Research dataset (its scored similarity, or lexical when not scored yet) or a file picked here, kept in this tab
// only. With neither, the project's own small examples, labelled as illustrations. No study data is bundled.
import { useMemo, useState } from 'react';
import {
  lexicalLessonCases,
  pickLessonCases,
  sharedWords,
  type LessonCase,
  type LessonCases,
} from '../../core/links';
import { importFiles } from '../../core/importers/index';
import { DEFAULT_TAU, SIMILARITY_LABEL, type SimilarityKind } from '../../store/shared/bundledEncoder';
import { useResearch } from '../../store/research/research';
import { EncoderNotice, f3 } from './parts';
import { usePipelines, type Case } from './usePipelines';

/** Written for this lesson, not taken from any study: what the annotators decide is what a careful rater would. */
const ILLUSTRATIONS: { kind: LessonCase['kind']; p: string; s: string; why: string }[] = [
  {
    kind: 'metric-only',
    p: 'A new test file is added to the list of test files.',
    s: 'The new test file should be named after the module it tests, like the other test files.',
    why: 'Same words (new, test, file), different point: the review asks for a naming rule, it says nothing about adding the file.',
  },
  {
    kind: 'metric-only',
    p: 'The log level of the retry message changes from info to debug.',
    s: 'The retry message should say how many times the request was retried.',
    why: 'It quotes "retry message" from the claim but is about the message text, not the log level the claim is about.',
  },
  {
    kind: 'annotator-only',
    p: 'The change checks whether the file exists before writing, so an existing file is not overwritten.',
    s: 'This is racy: another process can create it between the check and the open.',
    why: 'It is about exactly that check (a race between the test and the write), in words the claim does not use.',
  },
  {
    kind: 'annotator-only',
    p: 'Two new assertions are added to the BasicBlock constructor.',
    s: "These asserts aren't needed here.",
    why: '"asserts" is not "assertions" to word overlap, and an encoder may not close the gap either: the review still addresses the claim.',
  },
];

interface Source {
  id: 'file' | 'research' | 'research-lexical';
  label: string;
  cases: LessonCases;
  tau: number;
  similarity: string;
}

interface LessonProps {
  kind: SimilarityKind;
  tau: number;
  onLexical(): void;
}

export function LinkLesson({
  kind,
  tau,
  onLexical,
}: LessonProps) {
  const results = useResearch((s) => s.results);
  const researchTau = useResearch((s) => s.tau);
  const imported = useResearch((s) => s.imported);
  const datasetName = useResearch((s) => s.datasetName);
  const [picked, setPicked] = useState<{ name: string; cases: LessonCases; errors: number } | null>(
    null,
  );
  const [pickError, setPickError] = useState<string | null>(null);
  const lexTau = DEFAULT_TAU.lexical;

  const source: Source | null = useMemo(() => {
    if (picked)
      return {
        id: 'file',
        label: picked.name,
        cases: picked.cases,
        tau: lexTau,
        similarity: SIMILARITY_LABEL.lexical,
      };
    if (results)
      return {
        id: 'research',
        label: datasetName ?? 'the Research dataset',
        cases: pickLessonCases(results.prepared.items, results.matrices, researchTau),
        tau: researchTau,
        similarity: results.label,
      };
    if (imported?.rows.length)
      return {
        id: 'research-lexical',
        label: datasetName ?? 'the Research dataset',
        cases: lexicalLessonCases(imported.rows, lexTau),
        tau: lexTau,
        similarity: SIMILARITY_LABEL.lexical,
      };
    return null;
  }, [picked, results, researchTau, imported, datasetName, lexTau]);
  const real = source && source.cases.searched > 0 ? source : null;

  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setPickError(null);
    try {
      const list = await Promise.all(
        [...files].map(async (f) => ({ name: f.name, text: await f.text() })),
      );
      const r = importFiles(list);
      const cases = lexicalLessonCases(r.rows, lexTau);
      if (cases.searched === 0)
        setPickError(
          `${list.map((f) => f.name).join(', ')}: no review with recorded annotator links (claims_addressed) was found.`,
        );
      setPicked({ name: list.map((f) => f.name).join(', '), cases, errors: r.errors.length });
    } catch (e) {
      setPickError(`Could not read the file: ${(e as Error).message}`);
    }
  };

  return (
    <section className="panel tc-lesson tc-links" data-testid="tc-lesson-links">
      <h2>A high cosine is not “addresses this claim”</h2>
      <p className="small">
        The metric links a review sentence to a pseudo-reference when their similarity (a cosine for
        an encoder) clears τ. The human study's annotators linked a review to the claims it{' '}
        <em>addresses</em> (claims_addressed). The two part ways in both directions: a close match in words that
        makes another point (metric-only), and a claim addressed in other words (annotator-only).
        Comp and Con inherit every such miss.
      </p>
      <div
        className="toolbar small tc-links-source"
        data-testid="tc-links-source"
        data-source={real ? real.id : 'illustration'}
      >
        {real ? (
          <span>
            Real cases from <strong>{real.label}</strong>: {real.cases.searched} reviews with
            recorded links, {real.similarity} at τ = {Number(real.tau.toFixed(4))} (the paper's
            rule: linked when s &gt; τ).
          </span>
        ) : (
          <span>
            <strong>Illustrations</strong> written for this lesson (not study data).{' '}
            {source ? `${source.label} records no annotator links. ` : ''}Load a dataset with
            annotator links to see real ones: the human study's dev.jsonl (from the CRScore authors'
            release) in Research, or pick it here.
          </span>
        )}
        <label className="inline">
          Pick a dataset{' '}
          <input
            type="file"
            accept=".jsonl,.json,.csv"
            multiple
            onChange={(e) => void pick(e.currentTarget.files)}
            data-testid="tc-links-file"
          />
        </label>
        {picked && (
          <button type="button" className="small" onClick={() => setPicked(null)}>
            Forget {picked.name}
          </button>
        )}
      </div>
      {pickError && (
        <p className="alert error small" role="alert" data-testid="tc-links-error">
          {pickError}
        </p>
      )}
      {real ? (
        <RealCases cases={real.cases} tau={real.tau} openable={real.id === 'research'} />
      ) : (
        <Illustrations kind={kind} tau={tau} onLexical={onLexical} />
      )}
    </section>
  );
}

function Bar({ s, tau }: { s: number; tau: number }) {
  const w = Math.max(0, Math.min(1, s)) * 100;
  return (
    <span className="tc-link-bar" aria-hidden="true">
      <i style={{ width: `${w}%` }} className={s > tau ? 'above' : ''} />
      <b style={{ left: `${Math.max(0, Math.min(1, tau)) * 100}%` }} />
    </span>
  );
}

function CaseCard(props: {
  kind: LessonCase['kind'];
  p: string;
  s: string;
  sim: number;
  tau: number;
  decision: string;
  why: string;
  meta?: string;
  onOpen?: () => void;
}) {
  const { kind, p, s, sim, tau, decision, why, meta, onOpen } = props;
  return (
    <article
      className={`tc-link-case ${kind}`}
      data-testid="tc-links-case"
      data-kind={kind}
      data-s={Number.isFinite(sim) ? sim : ''}
    >
      {meta && <p className="muted small tc-link-meta">{meta}</p>}
      <p className="small">
        <span className="badge kind-claim">pseudo-reference</span> {p}
      </p>
      <p className="small">
        <span className="badge sentence">review</span> {s}
      </p>
      <p className="small tc-link-s">
        s = <strong className="mono">{f3(sim)}</strong> <Bar s={sim} tau={tau} />{' '}
        {sim > tau
          ? `> τ ${Number(tau.toFixed(4))}: the metric links it`
          : `≤ τ ${Number(tau.toFixed(4))}: the metric does not`}
      </p>
      <p className="small">
        <strong>Annotators:</strong> {decision}
      </p>
      <p className="small tc-link-why">{why}</p>
      {onOpen && (
        <button type="button" className="small" onClick={onOpen} data-testid="tc-links-open">
          Open in workbench
        </button>
      )}
    </article>
  );
}

function whyReal(c: LessonCase): string {
  const shared = sharedWords(c.pseudoReferenceText, c.sentenceText);
  const words = shared.length
    ? `They share ${shared.slice(0, 6).join(', ')}${shared.length > 6 ? ', …' : ''}`
    : 'They share no content word';
  return c.kind === 'metric-only'
    ? `${words}; the annotators still judged that the review does not address this claim${c.annotatorLinked.length ? ` (they linked ${c.annotatorLinked.map((i) => `P${i + 1}`).join(', ')})` : ''}.`
    : `${words}; the annotators judged that the review addresses the claim all the same, in its own words.`;
}

function RealCases({
  cases,
  tau,
  openable,
}: {
  cases: LessonCases;
  tau: number;
  openable: boolean;
}) {
  const card = (c: LessonCase) => (
    <CaseCard
      key={`${c.item}-${c.pseudoReference}`}
      kind={c.kind}
      p={`P${c.pseudoReference + 1}: ${c.pseudoReferenceText}`}
      s={`S${c.sentence + 1}: ${c.sentenceText}`}
      sim={c.s}
      tau={tau}
      decision={
        c.kind === 'metric-only'
          ? 'not addressed (they did not link it)'
          : 'addressed (they linked it)'
      }
      why={whyReal(c)}
      meta={`${c.rowId} · ${c.system}`}
      onOpen={openable ? () => void useResearch.getState().openInWorkbench(c.item) : undefined}
    />
  );
  return (
    <div className="tc-link-cols">
      <div>
        <h3>High similarity, not addressed (metric-only)</h3>
        {cases.metricOnly.length ? (
          cases.metricOnly.map(card)
        ) : (
          <p className="muted small">No metric-only link at this τ.</p>
        )}
      </div>
      <div>
        <h3>Low similarity, addressed (annotator-only)</h3>
        {cases.annotatorOnly.length ? (
          cases.annotatorOnly.map(card)
        ) : (
          <p className="muted small">No annotator-only link at this τ.</p>
        )}
      </div>
    </div>
  );
}

function Illustrations({
  kind,
  tau,
  onLexical,
}: LessonProps) {
  const cases: Case[] = useMemo(
    () =>
      ILLUSTRATIONS.map((x) => ({
        refs: [{ text: x.p, kind: 'claim', source: 'lesson' }],
        review: x.s,
      })),
    [],
  );
  const pipes = usePipelines(kind, tau, cases);
  const card = (k: number) => {
    const x = ILLUSTRATIONS[k];
    const m = pipes.cases[k].matrix;
    const sim = m && m.cols > 0 ? Math.max(...Array.from(m.data)) : NaN;
    return (
      <CaseCard
        key={k}
        kind={x.kind}
        p={x.p}
        s={x.s}
        sim={sim}
        tau={tau}
        decision={
          x.kind === 'metric-only' ? 'not addressed (illustration)' : 'addressed (illustration)'
        }
        why={x.why}
        meta="Illustration"
      />
    );
  };
  const idx = (kind: LessonCase['kind']) =>
    ILLUSTRATIONS.map((x, k) => (x.kind === kind ? k : -1)).filter((k) => k >= 0);
  return (
    <>
      <EncoderNotice kind={kind} pipes={pipes} onLexical={onLexical} />
      <div className="tc-link-cols">
        <div>
          <h3>Close in words, not addressed</h3>
          {idx('metric-only').map(card)}
        </div>
        <div>
          <h3>Addressed, in other words</h3>
          {idx('annotator-only').map(card)}
        </div>
      </div>
      <p className="muted small">
        Similarities are live, from {SIMILARITY_LABEL[kind]} at τ = {tau}; switch the similarity at
        the top to compare.
      </p>
    </>
  );
}
