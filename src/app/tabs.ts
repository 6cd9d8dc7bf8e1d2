// The app's tabs. Each feature owns one entry; a tab without `load` shows as "coming soon".
// Later features fill in their `load` (a dynamic import, so each tab is its own chunk).
import type { ComponentType } from 'react';

export interface TabDef {
  id: string;
  label: string;
  /** One line under the tab bar: what a person does here. */
  blurb: string;
  load?: () => Promise<{ default: ComponentType }>;
}

export const tabs: TabDef[] = [
  {
    id: 'workbench',
    label: 'Workbench',
    blurb: 'Score one review of one code change, and see why.',
    load: () => import('./WorkbenchTab'),
  },
  {
    id: 'research',
    label: 'Research',
    blurb: 'Score datasets, correlate with human judgments, study τ.',
    load: () => import('../features/research/ResearchView'),
  },
  {
    id: 'annotate',
    label: 'Annotate',
    blurb: "The paper's two-stage annotation protocol.",
    load: () => import('../features/annotate/AnnotateView'),
  },
  {
    id: 'teach',
    label: 'Teach',
    blurb: 'A guided tour of the metric, and what-if experiments.',
    load: () => import('../features/teach/TeachView'),
  },
];

export const DEFAULT_TAB = 'workbench';

/** Addresses that open inside another tab: a pull request is a source of cases in Research's first step. */
export const TAB_ALIASES: Record<string, string> = { github: 'research' };
