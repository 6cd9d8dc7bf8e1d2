// The workbench tab, with the panels it borrows from other features plugged in.
import { lazy } from 'react';
import { SharedCasePrompt } from '../features/share/SharedCasePrompt';
import { SessionSidebar } from '../features/workbench/SessionSidebar';
import { Workbench } from '../features/workbench/Workbench';
import { WorkbenchSlotsContext, type ClaimsSlotProps, type WorkbenchSlots } from '../features/workbench/slots';
import { embeddingPort } from './embeddingPort';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { viewResets } from '../store/reset/viewReset';

const ModelPanel = lazy(() => import('../features/model/ModelPanel').then((m) => ({ default: m.ModelPanel })));
const ClaimsPanel = lazy(() =>
  import('../features/claims/ClaimsPanel').then((m) => ({ default: m.ClaimsPanel as React.ComponentType<ClaimsSlotProps> })),
);

const slots: WorkbenchSlots = { ModelPanel, ClaimsPanel, embedding: embeddingPort };

export default function WorkbenchTab() {
  return (
    <WorkbenchSlotsContext.Provider value={slots}>
      <ErrorBoundary name="panel-shared-case" label="the shared-link prompt">
        <SharedCasePrompt />
      </ErrorBoundary>
      <div className="with-sidebar">
        <ErrorBoundary name="panel-sessions" label="the session list">
          <SessionSidebar />
        </ErrorBoundary>
        <ErrorBoundary name="panel-workbench" label="the open session" onReset={viewResets.workbench.reset} resetHint={viewResets.workbench.hint}>
          <Workbench />
        </ErrorBoundary>
      </div>
    </WorkbenchSlotsContext.Provider>
  );
}
