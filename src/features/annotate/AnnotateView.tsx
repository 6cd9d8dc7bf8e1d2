// The Annotate tab: the paper's two-stage protocol on one project, agreement between two annotators, and the
// metric against an annotator. The project is restored from the browser on open and saved after each change.
import { useEffect, useState } from 'react';
import { useAnnotation } from '../../store/annotation/annotation';
import { restoreAnnotation } from '../../store/annotation/annotationPersist';
import { viewResets } from '../../store/reset/viewReset';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { AgreementView } from './AgreementView';
import { MetricView } from './MetricView';
import { Sidebar, type AnnotateViewId } from './Sidebar';
import { StartPanel } from './StartPanel';
import { Workspace } from './Workspace';
import '../../ui/ui.css';
import './annotate.css';

declare global {
  interface Window {
    /** Read-only view for tests: a copy of the project's items as the store holds them. */
    __crscoreAnnotation?: { readonly items: unknown; readonly cursor: unknown };
  }
}

window.__crscoreAnnotation = {
  get items() {
    return structuredClone(useAnnotation.getState().project?.items ?? null);
  },
  get cursor() {
    return { ...useAnnotation.getState().cursor };
  },
};

export default function AnnotateView() {
  const hydrated = useAnnotation((s) => s.hydrated);
  const hasProject = useAnnotation((s) => s.project !== null);
  const [view, setView] = useState<AnnotateViewId>('work');
  useEffect(() => {
    void restoreAnnotation();
  }, []);
  if (!hydrated) return <p className="muted pad">Restoring your annotation…</p>;
  return (
    <div className="with-sidebar annotate" data-testid="annotate">
      <ErrorBoundary name="panel-annotate-sidebar" label="the annotation sidebar">
        <Sidebar view={view} onView={setView} />
      </ErrorBoundary>
      <div className="an-main">
        <ErrorBoundary key={view} name={`panel-annotate-${view}`} label={`the ${view} view`} onReset={viewResets.annotate.reset} resetHint={viewResets.annotate.hint}>
          {view === 'work' && (hasProject ? <Workspace /> : <StartPanel />)}
          {view === 'agreement' && <AgreementView />}
          {view === 'metric' && <MetricView onStart={() => setView('work')} />}
        </ErrorBoundary>
      </div>
    </div>
  );
}
