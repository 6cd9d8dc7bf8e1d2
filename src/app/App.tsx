// The shell: header, tab bar (keyboard: arrow keys), and the active tab. The tab lives in the URL hash.
import { lazy, Suspense, type ComponentType } from 'react';
import { DEFAULT_TAB, TAB_ALIASES, tabs } from './tabs';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { SetAsideList } from '../ui/SetAsideList';
import { discardSetAside, useSetAside } from '../store/shared/quarantine';
import { viewResets } from '../store/reset/viewReset';
import { navigate, useHash } from '../ui/useHash';

function tabFromHash(hash: string): string {
  // A tab's own views follow a slash (#research/lab).
  const head = hash.replace(/^#\/?/, '').split('/')[0];
  const id = TAB_ALIASES[head] ?? head;
  return tabs.some((t) => t.id === id) ? id : DEFAULT_TAB;
}

// One lazy component per tab, made once: each tab is its own chunk, fetched on first visit.
const tabComponents: Record<string, ComponentType> = Object.fromEntries(tabs.flatMap((t) => (t.load ? [[t.id, lazy(t.load)]] : [])));

export function App() {
  // The address drives the tab: a typed hash, Back and Forward open what they name.
  const active = tabFromHash(useHash());
  const go = (id: string) => navigate(`#${id}`);
  const Tab = tabComponents[active] ?? null;
  const def = tabs.find((t) => t.id === active)!;
  const setAsideItems = useSetAside((s) => s.items);

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            ◧
          </span>
          <span className="brand-name">CRScore Studio</span>
          <span className="brand-sub">reference-free scores for code review comments</span>
        </div>
        <nav
          className="tabs"
          role="tablist"
          aria-label="Sections"
          onKeyDown={(e) => {
            const k = tabs.findIndex((t) => t.id === active);
            const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!d) return;
            const next = tabs[(k + d + tabs.length) % tabs.length];
            go(next.id);
            document.getElementById(`tab-${next.id}`)?.focus();
          }}
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`tab-${t.id}`}
              role="tab"
              type="button"
              aria-selected={t.id === active}
              aria-controls="tabpanel"
              tabIndex={t.id === active ? 0 : -1}
              className={`tab ${t.id === active ? 'active' : ''} ${t.load ? '' : 'soon'}`}
              data-testid={`tab-${t.id}`}
              onClick={() => go(t.id)}
            >
              {t.label}
            </button>
          ))}
        </nav>
      </header>
      <SetAsideList items={setAsideItems} onDiscard={discardSetAside} />
      <main id="tabpanel" role="tabpanel" aria-labelledby={`tab-${active}`} className="app-main">
        {Tab ? (
          // One boundary per tab (keyed, so another tab starts clean): a view that throws shows a message and Reset.
          <ErrorBoundary key={active} name={`tab-${active}`} label={`the ${def.label} tab`} onReset={viewResets[active]?.reset} resetHint={viewResets[active]?.hint}>
            <Suspense fallback={<p className="muted pad">Loading {def.label}…</p>}>
              <Tab />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <div className="empty-state">
            <h2>{def.label}</h2>
            <p>{def.blurb}</p>
            <p className="muted">This part of CRScore Studio is on its way.</p>
          </div>
        )}
      </main>
    </div>
  );
}
