// Research › Pull requests: judge whole reviews of pull requests as CodeFuse-CR-Bench (Guo et al. 2025),
// AACR-Bench (2026) and Martian's code review benchmark do, or by CRScore of a whole review. Pick a benchmark's
// files (or a generated sample), choose the evaluator, read the tools' leaderboard, open one pull request.
import { useRef, type ChangeEvent } from 'react';
import { EVALUATORS, SAMPLE_LAYOUTS, type EvaluatorName, type PrFile, type SampleLayout } from '../../core/prreview/index';
import { BROWSER_MATCHERS, usePrReview } from '../../store/prreview/prReview';
import { Leaderboard, PrRows } from './Leaderboard';
import { PrView } from './PrView';
import { JudgesPanel } from './JudgesPanel';
import { GithubReference } from './GithubReference';
import { PseudoRefsChoice } from './PseudoRefsChoice';
import { navigate } from '../../ui/useHash';
import './prreview.css';

const EVALUATOR_LABEL: Record<EvaluatorName, string> = {
  codefuse: "CodeFuse-CR-Bench's rule-based evaluator",
  aacr: 'AACR-Bench, as shipped',
  'aacr-fixed': 'AACR-Bench, its three defects mended',
  martian: "Martian's step 3",
  crscore: 'CRScore of a whole review',
};

const SAMPLE_LABEL: Record<SampleLayout, string> = { 'swe-care': 'SWE-CARE (CodeFuse-CR-Bench)', aacr: 'AACR-Bench', martian: "Martian's offline folder", ours: 'our JSONL, code in its diffs' };

async function readPicked(list: FileList | null): Promise<PrFile[]> {
  const files = [...(list ?? [])];
  return Promise.all(files.map(async (f) => ({ path: (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name, text: await f.text() })));
}

export function PrReviewView() {
  const s = usePrReview();
  const folder = useRef<HTMLInputElement>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = await readPicked(e.target.files);
    const top = files[0]?.path.split('/')[0];
    if (files.length) await s.load(files, files.length === 1 ? files[0].path : (top ?? `${files.length} files`));
    e.target.value = '';
  };
  const ds = s.dataset;
  const st = s.settings;
  return (
    <div className="pr-review" data-testid="pr-review">
      <section className="panel">
        <h2>Whole reviews of a pull request</h2>
        <p className="muted">
          A code review tool writes several comments on a pull request, each on a file and a line. Judge them as the benchmarks do, each
          evaluator exactly as its harness computes it — CodeFuse-CR-Bench (Guo et al. 2025), AACR-Bench (2026), Martian's code review
          benchmark — or by CRScore of the whole review: the tool's comments against the reference issues, gated by location. Nothing
          leaves the page.
        </p>
        <div className="pr-import">
          <label className="button">
            Pick a benchmark folder…
            <input ref={folder} type="file" multiple hidden data-testid="pr-folder" {...{ webkitdirectory: '' }} onChange={pick} />
          </label>
          <label className="button">
            Pick files…
            <input type="file" multiple hidden data-testid="pr-files" accept=".json,.jsonl,.txt" onChange={pick} />
          </label>
          <button type="button" onClick={() => navigate('#github')} data-testid="pr-github">
            A GitHub pull request…
          </button>
          <span className="muted">or try a generated sample:</span>
          {SAMPLE_LAYOUTS.map((l) => (
            <button key={l} type="button" onClick={() => void s.loadSample(l)} data-testid={`pr-sample-${l}`}>
              {SAMPLE_LABEL[l]}
            </button>
          ))}
        </div>
        {s.error && (
          <p className="error" role="alert" data-testid="pr-error">
            {s.error}
          </p>
        )}
        {ds && (
          <p data-testid="pr-summary">
            <strong>{s.source}</strong>: {layoutName(ds.layout)}; {ds.prs.length} pull requests, {ds.systems.length} systems ({ds.systems.join(', ')})
            {ds.judges.length ? `; judges ${ds.judges.join(', ')}` : ''}
            {ds.problems.length ? `; ${ds.problems.length} records could not be read` : ''}
          </p>
        )}
        {ds?.layout === 'github' && <GithubReference />}
        {ds && ds.problems.length > 0 && (
          <details data-testid="pr-problems">
            <summary>{ds.problems.length} records not read (the rest are kept)</summary>
            <ul>
              {ds.problems.slice(0, 50).map((p, k) => (
                <li key={k}>
                  {p.file} {p.where}: {p.why}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      {ds && (
        <section className="panel pr-settings" data-testid="pr-settings">
          <label>
            Evaluator{' '}
            <select value={st.evaluator} onChange={(e) => s.set({ evaluator: e.target.value as EvaluatorName })} data-testid="pr-evaluator">
              {EVALUATORS.filter((e) => (ds.layout === 'martian' ? e === 'martian' || e === 'crscore' : e !== 'martian')).map((e) => (
                <option key={e} value={e}>
                  {EVALUATOR_LABEL[e]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Matcher{' '}
            <select value={st.matcher} onChange={(e) => s.set({ matcher: e.target.value as typeof st.matcher, threshold: null })} data-testid="pr-matcher">
              {ownMeasure(st.evaluator, ds) && <option value="">{ownMeasure(st.evaluator, ds)}</option>}
              {BROWSER_MATCHERS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </label>
          {st.matcher && (
            <label>
              Threshold{' '}
              <input type="number" min={0} max={1} step={0.01} value={st.threshold ?? ''} placeholder="default" onChange={(e) => s.set({ threshold: e.target.value === '' ? null : Number(e.target.value) })} data-testid="pr-threshold" />
            </label>
          )}
          {ds.layout === 'aacr' && (
            <label>
              Reference{' '}
              <select value={st.reference} onChange={(e) => s.set({ reference: e.target.value as 'others' | 'all' })} data-testid="pr-reference">
                <option value="others">the other sources' accepted comments</option>
                <option value="all">every accepted comment</option>
              </select>
            </label>
          )}
          {st.evaluator === 'martian' && ds.judges.length > 0 && (
            <label>
              Judge{' '}
              <select value={st.judge ?? ''} onChange={(e) => s.set({ judge: e.target.value })} data-testid="pr-judge">
                {ds.judges.map((j) => (
                  <option key={j} value={j}>
                    {j}
                  </option>
                ))}
              </select>
            </label>
          )}
          {st.evaluator === 'codefuse' && (
            <label>
              True positive above{' '}
              <select value={st.tpThreshold} onChange={(e) => s.set({ tpThreshold: Number(e.target.value) as 0.5 | 0.3 })} data-testid="pr-tp">
                <option value={0.5}>0.5 (SWE-CARE's main)</option>
                <option value={0.3}>0.3 (before January 2026)</option>
              </select>
            </label>
          )}
          {st.evaluator === 'crscore' && <PseudoRefsChoice />}
          {s.running && <span className="muted" data-testid="pr-running">Evaluating…</span>}
        </section>
      )}
      {s.result && !s.open && (
        <>
          <Leaderboard result={s.result} />
          <PrRows result={s.result} onOpen={s.openPr} />
        </>
      )}
      {ds && ds.layout === 'martian' && ds.judges.length > 0 && !s.open && <JudgesPanel />}
      {s.open && ds && <PrView />}
    </div>
  );
}

/** What stands where a matcher would when none is chosen: the harness's own measure, or nothing (a matcher is needed). */
function ownMeasure(e: EvaluatorName, ds: { prs: { judged?: object }[] }): string | null {
  if (e === 'codefuse') return 'BLEU-4 (NLTK 3.9, method 4), as the harness';
  if (e === 'martian') return ds.prs.some((p) => p.judged && Object.keys(p.judged).length) ? "the judge's published decisions" : null;
  if (e === 'crscore') return 'lexical (the default)';
  return null;
}

function layoutName(l: string): string {
  return { 'swe-care': 'SWE-CARE task instances and predictions', aacr: 'AACR-Bench samples', martian: "Martian's offline benchmark", 'crscore-pr': 'pull-request JSONL', github: 'a GitHub pull request' }[l] ?? l;
}
