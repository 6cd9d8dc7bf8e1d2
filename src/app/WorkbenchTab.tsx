// The workbench tab, with the panels it borrows from other features plugged in.
import { lazy, Suspense } from 'react';
import { SharedCasePrompt } from '../features/share/SharedCasePrompt';
import { SessionSidebar } from '../features/workbench/SessionSidebar';
import { Workbench } from '../features/workbench/Workbench';
import {
  WorkbenchSlotsContext,
  type ClaimsSlotProps,
  type WorkbenchSlots,
} from '../features/workbench/slots';
import { embeddingPort } from './embeddingPort';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { viewResets } from '../store/reset/viewReset';
import { navigate, useHash } from '../ui/useHash';

const ModelPanel = lazy(() =>
  import('../features/model/ModelPanel').then((m) => ({ default: m.ModelPanel })),
);
const ClaimsPanel = lazy(() =>
  import('../features/claims/ClaimsPanel').then((m) => ({
    default: m.ClaimsPanel as React.ComponentType<ClaimsSlotProps>,
  })),
);

// The pull request view (whole reviews) is Research's PrView on the same store, its own chunk.
const PrWorkbench = lazy(() => import('../features/prreview/PrWorkbench'));

const slots: WorkbenchSlots = { ModelPanel, ClaimsPanel, embedding: embeddingPort };

/** One review (a session) or a pull request's whole review: the same tab, two views. */
function Views({ pr }: { pr: boolean }) {
  return (
    <nav className="workbench-views" aria-label="Workbench views">
      <button
        type="button"
        className={pr ? '' : 'active'}
        aria-current={pr ? undefined : 'page'}
        onClick={() => navigate('#workbench')}
        data-testid="wb-view-session"
      >
        One review
      </button>
      <button
        type="button"
        className={pr ? 'active' : ''}
        aria-current={pr ? 'page' : undefined}
        onClick={() => navigate('#workbench/pull-request')}
        data-testid="wb-view-pr"
      >
        Pull request
      </button>
    </nav>
  );
}

export default function WorkbenchTab() {
  const pr = useHash().startsWith('#workbench/pull-request');
  return (
    <WorkbenchSlotsContext.Provider value={slots}>
      {pr ? (
        <>
          <Views pr />
          <ErrorBoundary name="panel-pull-request" label="the pull request view">
            <Suspense fallback={<p className="muted pad">Loading the pull request view…</p>}>
              <PrWorkbench />
            </Suspense>
          </ErrorBoundary>
        </>
      ) : (
        <>
          <ErrorBoundary name="panel-shared-case" label="the shared-link prompt">
            <SharedCasePrompt />
          </ErrorBoundary>
          <div className="with-sidebar">
            <div className="sidebar-col">
              <Views pr={false} />
              <ErrorBoundary name="panel-sessions" label="the session list">
                <SessionSidebar />
              </ErrorBoundary>
            </div>
            <ErrorBoundary
              name="panel-workbench"
              label="the open session"
              onReset={viewResets.workbench.reset}
              resetHint={viewResets.workbench.hint}
            >
              <Workbench />
            </ErrorBoundary>
          </div>
        </>
      )}
    </WorkbenchSlotsContext.Provider>
  );
}
