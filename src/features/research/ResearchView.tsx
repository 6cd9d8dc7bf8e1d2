// Research mode: one flow (data → pseudo-references → scoring → agreement with people → explore), and the rest on
// demand in views of their own. All numbers come from src/store/research/research.ts (same pipeline as the CLI).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { researchEmbedStats, useResearch } from '../../store/research/research';
import { RunPanel } from './RunPanel';
import { PredictionsImport } from './PredictionsImport';
import { PseudoRefsPanel } from './PseudoRefsPanel';
import { HumanPseudoRefs } from './HumanPseudoRefs';
import { ImportPanel } from './ImportPanel';
import { Explore, Exports, LinksAudit, Overview } from './ResearchResults';
import { LabView } from './lab/LabView';
import { MetaEvalView } from './metaeval/MetaEvalView';
import { LinkerPanel } from '../linker/LinkerPanel';
import { PrReviewView } from '../prreview/PrReviewView';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { navigate, useHash } from '../../ui/useHash';
import './research.css';

// Test and bench hook: the research store (state only; it never holds a key).
(globalThis as { __crscoreResearch?: typeof useResearch }).__crscoreResearch = useResearch;
// Test hook: how many embedding calls the research workers received on this page (a resume embeds only what is missing).
(globalThis as { __crscoreResearchEmbeds?: typeof researchEmbedStats }).__crscoreResearchEmbeds = researchEmbedStats;

interface View {
  id: string;
  label: string;
  /** Whether the view needs a run's results (else it says how to get them). */
  needsRun: boolean;
  render: () => ReactNode;
}

// The views beside the overview; a new view is one entry here.
const VIEWS: View[] = [
  { id: 'overview', label: 'Overview', needsRun: false, render: () => <Flow /> },
  { id: 'explore', label: 'Explore', needsRun: true, render: () => <Panel name="panel-explore" label="Explore"><Explore /></Panel> },
  { id: 'links', label: 'Links audit', needsRun: true, render: () => <Panel name="panel-links" label="the links audit"><LinksAudit /></Panel> },
  { id: 'linker', label: 'Learned linker', needsRun: false, render: () => <LinkerPanel /> },
  // The meta-evaluation judges the lab's metrics (and imported ones), so it sits under the lab.
  {
    id: 'lab',
    label: 'Metric lab',
    needsRun: true,
    render: () => (
      <>
        <Panel name="panel-lab" label="the metric lab">
          <LabView />
        </Panel>
        <Panel name="panel-meta" label="the meta-evaluation">
          <MetaEvalView />
        </Panel>
      </>
    ),
  },
  // Whole reviews of pull requests: their own benchmarks, no scored dataset needed.
  { id: 'pull-requests', label: 'Pull requests', needsRun: false, render: () => <Panel name="panel-pull-requests" label="the pull-request reviews"><PrReviewView /></Panel> },
  { id: 'exports', label: 'Exports', needsRun: true, render: () => <Panel name="panel-exports" label="the exports"><Exports /></Panel> },
];

function viewFromHash(hash: string): string {
  const id = /^#research\/([a-z-]+)/.exec(hash)?.[1];
  return VIEWS.some((v) => v.id === id) ? id! : 'overview';
}

/**
 * The view bar sticks under the header: what a link, a find or scrollIntoView brings into view must land below it,
 * not under it, so the page's scroll padding follows the bar's bottom (its height changes when it wraps).
 */
function useBarScrollPadding() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const fit = () => {
      root.style.scrollPaddingTop = `${(parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight + 8}px`;
    };
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(bar);
    return () => {
      watch.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, []);
  return ref;
}

export default function ResearchView() {
  // After a reload: the last dataset comes back, and a run the reload cut off can be resumed.
  useEffect(() => void useResearch.getState().restore(), []);
  // The view is the address (#research/lab): a reload, a shared link, a typed hash, Back and Forward open it.
  const view = viewFromHash(useHash());
  const setView = (id: string) => navigate(id === 'overview' ? '#research' : `#research/${id}`);
  const hasRun = useResearch((s) => !!s.results && !!s.analysis);
  const current = VIEWS.find((v) => v.id === view) ?? VIEWS[0];
  const bar = useBarScrollPadding();
  return (
    <div className="research" data-testid="research" data-view={current.id}>
      <nav ref={bar} className="segmented r-views" role="tablist" aria-label="Research views">
        {VIEWS.map((v) => (
          <button
            key={v.id}
            type="button"
            role="tab"
            aria-selected={v.id === current.id}
            className={v.id === current.id ? 'on' : ''}
            onClick={() => setView(v.id)}
            data-testid={`research-view-${v.id}`}
          >
            {v.label}
          </button>
        ))}
      </nav>
      {current.needsRun && !hasRun ? (
        <p className="panel muted" data-testid="research-view-empty">
          {current.label} needs a scored dataset: import one and press Run in Overview.
        </p>
      ) : (
        current.render()
      )}
    </div>
  );
}

/** The overview: the steps in order, then the results that matter first. */
function Flow() {
  const hasRun = useResearch((s) => !!s.results && !!s.analysis);
  const human = useResearch((s) => s.human !== null);
  return (
    <>
      {/* A boundary per panel: one that throws shows its message, the others keep working. */}
      <Panel name="panel-dataset" label="the dataset panel">
        <ImportPanel />
      </Panel>
      <Panel name="panel-predictions" label="the predictions import">
        <PredictionsImport />
      </Panel>
      <Panel name="panel-pseudo-refs" label="the pseudo-references panel">
        {human ? <HumanPseudoRefs /> : <PseudoRefsPanel />}
      </Panel>
      <Panel name="panel-run" label="the run panel">
        <RunPanel />
      </Panel>
      {hasRun && (
        <Panel name="panel-results" label="the results">
          <Overview />
        </Panel>
      )}
    </>
  );
}

function Panel({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <ErrorBoundary name={name} label={label}>
      {children}
    </ErrorBoundary>
  );
}
