// Lesson: a high similarity is not "addresses this claim". From real disagreements between the metric's links
// (the paper's hard τ) and the annotators' (claims_addressed) when a dataset that records them is at hand: a file
// picked here (kept across reloads) or the Research dataset, on the similarity chosen at the top of the tab (the
// Research dataset once scored: Research's own). With neither, the project's own small examples, labelled as
// illustrations. No study data is bundled.
import { useEffect, useMemo, useState } from 'react';
import { lessonItems, pickLessonCases, sharedWords, type LessonCase, type LessonCases } from '../../core/links';
import { importFiles } from '../../core/importers/index';
import { failingCases } from '../../core/teaching';
import { LINK_ILLUSTRATIONS } from '../../examples/linkIllustrations';
import { SIMILARITY_LABEL, useMatrices, type SimilarityKind } from '../../store/shared/bundledEncoder';
import { useResearch } from '../../store/research/research';
import { restoreLessonDataset, setLessonDataset, useLessonDataset } from '../../store/teach/lessonDataset';
import { EncoderNotice, f3 } from './parts';
import { usePipelines, type Case } from './usePipelines';

export interface LinkSource {
  id: 'file' | 'research' | 'research-unscored';
  label: string;
  /** Null while the encoder embeds the reviews. */
  cases: LessonCases | null;
  /** Reviews with recorded annotator links. */
  searched: number;
  tau: number;
  similarity: string;
}

export interface LinkSourceState {
  source: LinkSource | null;
  pending: boolean;
  error: string | null;
  retry(): void;
}

/**
 * Where the lesson's real cases come from, and the similarity that runs on them: a file picked in the lesson
 * (kept across reloads) or the Research dataset not scored yet, on the similarity and τ chosen at the top of the
 * tab; the Research dataset once scored, on Research's own similarity and τ (what "Open in workbench" shows).
 */
export function useLinkSource(kind: SimilarityKind, tau: number): LinkSourceState {
  const results = useResearch((s) => s.results);
  const researchTau = useResearch((s) => s.tau);
  const imported = useResearch((s) => s.imported);
  const datasetName = useResearch((s) => s.datasetName);
  const files = useLessonDataset((s) => s.files);
  useEffect(() => void restoreLessonDataset(), []);
  const fromRows = useMemo(() => {
    if (files) {
      const r = importFiles(files);
      return { id: 'file' as const, label: files.map((f) => f.name).join(', '), items: lessonItems(r.rows) };
    }
    if (!results && imported?.rows.length)
      return { id: 'research-unscored' as const, label: datasetName ?? 'the Research dataset', items: lessonItems(imported.rows) };
    return null;
  }, [files, results, imported, datasetName]);
  const jobs = useMemo(() => (fromRows?.items ?? []).map((it) => ({ p: it.pseudoReferences, r: it.sentences })), [fromRows]);
  // Nothing to embed: lexical, so an empty list never loads the encoder.
  const m = useMatrices(jobs.length ? kind : 'lexical', jobs);
  const source: LinkSource | null = useMemo(() => {
    if (fromRows) {
      const ms = m.matrices && m.matrices.length === jobs.length ? m.matrices : null;
      return {
        id: fromRows.id,
        label: fromRows.label,
        cases: ms ? pickLessonCases(fromRows.items, ms, tau) : null,
        searched: fromRows.items.length,
        tau,
        similarity: SIMILARITY_LABEL[kind],
      };
    }
    if (results) {
      const cases = pickLessonCases(results.prepared.items, results.matrices, researchTau);
      return { id: 'research', label: datasetName ?? 'the Research dataset', cases, searched: cases.searched, tau: researchTau, similarity: results.label };
    }
    return null;
  }, [fromRows, m.matrices, jobs, results, researchTau, datasetName, kind, tau]);
  return { source, pending: !!fromRows && jobs.length > 0 && m.pending, error: jobs.length ? m.error : null, retry: m.retry };
}

interface LessonProps {
  kind: SimilarityKind;
  tau: number;
  onLexical(): void;
}

export function LinkLesson({ kind, tau, onLexical, link }: LessonProps & { link: LinkSourceState }) {
  const { source } = link;
  const files = useLessonDataset((s) => s.files);
  const saveError = useLessonDataset((s) => s.saveError);
  const [readError, setReadError] = useState<string | null>(null);
  const real = source && source.searched > 0 ? source : null;
  const pickError =
    readError ??
    (source?.id === 'file' && source.searched === 0
      ? `${source.label}: no review with recorded annotator links (claims_addressed) was found.`
      : null);

  const pick = async (list: FileList | null) => {
    if (!list?.length) return;
    setReadError(null);
    try {
      await setLessonDataset(await Promise.all([...list].map(async (f) => ({ name: f.name, text: await f.text() }))));
    } catch (e) {
      setReadError(`Could not read the file: ${(e as Error).message}`);
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
            Real cases from <strong>{real.label}</strong>: {real.searched} reviews with recorded links,{' '}
            <span data-testid="tc-links-similarity">
              {real.similarity} at τ = {Number(real.tau.toFixed(4))}
            </span>{' '}
            (the paper's rule: linked when s &gt; τ)
            {real.id === 'research' ? ", as Research scored it" : ', as chosen at the top'}.
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
        {files && (
          <button type="button" className="small" onClick={() => void setLessonDataset(null)} data-testid="tc-links-forget">
            Forget {files.map((f) => f.name).join(', ')}
          </button>
        )}
      </div>
      {pickError && (
        <p className="alert error small" role="alert" data-testid="tc-links-error">
          {pickError}
        </p>
      )}
      {saveError && (
        <p className="notice small" data-testid="tc-links-save-error">
          {saveError}
        </p>
      )}
      {real && real.id !== 'research' && <EncoderNotice kind={kind} pipes={{ cases: [], ...link }} onLexical={onLexical} />}
      {real ? (
        real.cases ? (
          <RealCases cases={real.cases} tau={real.tau} openable={real.id === 'research'} />
        ) : null
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

function Illustrations({ kind, tau, onLexical }: LessonProps) {
  const cases: Case[] = useMemo(
    () => LINK_ILLUSTRATIONS.map((x) => ({ refs: [{ text: x.p, kind: 'claim', source: 'lesson' }], review: x.s })),
    [],
  );
  const pipes = usePipelines(kind, tau, cases);
  // Each candidate's live similarity; the lesson shows those that fail under this similarity at this τ.
  const shown = failingCases(
    LINK_ILLUSTRATIONS.map((x, k) => {
      const m = pipes.cases[k].matrix;
      return { ...x, k, text: x.s, s: m && m.cols > 0 ? Math.max(...Array.from(m.data)) : NaN };
    }),
    tau,
  );
  const ready = pipes.cases.every((c) => c.matrix);
  const card = (x: (typeof shown.metricOnly)[number]) => (
    <CaseCard
      key={x.k}
      kind={x.kind}
      p={x.p}
      s={x.text}
      sim={x.s}
      tau={tau}
      decision={x.kind === 'metric-only' ? 'not addressed (illustration)' : 'addressed (illustration)'}
      why={x.why}
      meta="Illustration"
    />
  );
  const none = (right: number, what: string) => (
    <p className="muted small" data-testid="tc-links-none">
      At τ = {tau}, {SIMILARITY_LABEL[kind]} gets {right === 1 ? 'this lesson’s one such illustration' : `all ${right} of this lesson’s such illustrations`} right ({what}).
      Load a dataset with annotator links for real cases, or move τ.
    </p>
  );
  const rightNote = (n: number, what: string) =>
    n > 0 ? (
      <p className="muted small" data-testid="tc-links-right">
        Not shown: {n} more written for this lesson that {SIMILARITY_LABEL[kind]} gets right at this τ ({what}).
      </p>
    ) : null;
  return (
    <>
      <EncoderNotice kind={kind} pipes={pipes} onLexical={onLexical} />
      {ready && (
        <div className="tc-link-cols">
          <div>
            <h3>Close in words, not addressed</h3>
            {shown.metricOnly.length ? shown.metricOnly.map(card) : none(shown.right.metricOnly, 'it does not link them')}
            {shown.metricOnly.length > 0 && rightNote(shown.right.metricOnly, 'it does not link them')}
          </div>
          <div>
            <h3>Addressed, in other words</h3>
            {shown.annotatorOnly.length ? shown.annotatorOnly.map(card) : none(shown.right.annotatorOnly, 'it links them')}
            {shown.annotatorOnly.length > 0 && rightNote(shown.right.annotatorOnly, 'it links them')}
          </div>
        </div>
      )}
      <p className="muted small">
        Similarities are live, from {SIMILARITY_LABEL[kind]} at τ = {tau}; each column shows the illustrations this similarity gets wrong. Switch the
        similarity at the top to compare.
      </p>
    </>
  );
}
