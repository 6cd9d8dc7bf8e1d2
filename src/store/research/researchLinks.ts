// Research's llm-links controls: the plan for the dataset (requests, cached, input tokens), asking first above
// CONFIRM_ABOVE requests as the pseudo-references panel does, then the research run (which calls linkStage).
import { missingSlots } from '../../core/links/llmLinks';
import { prepare } from '../../core/research/index';
import type { EvalItem } from '../../core/evaluate';
import { linksSettingsProblem, planFor, useLinksRun } from './linkStage';
import { CONFIRM_ABOVE } from './pseudoRefsBatch';
import { useResearch } from './research';

function items(): EvalItem[] {
  const r = useResearch.getState();
  if (!r.imported?.rows.length) return [];
  try {
    return prepare(r.imported.rows, r.config.split).items;
  } catch {
    return [];
  }
}

/** Counts requests and tokens for the research dataset (nothing is sent). */
export async function refreshLinksPlan(): Promise<void> {
  const its = items();
  const { template } = useLinksRun.getState();
  // Without a key nothing is planned: the panel says what is missing instead (linksSettingsProblem).
  if (!its.length || missingSlots(template).length || linksSettingsProblem()) return useLinksRun.setState({ plan: null });
  const plan = await planFor(its);
  if (useLinksRun.getState().template === template) useLinksRun.setState({ plan });
}

/** The Score button for llm-links: plans, asks first above CONFIRM_ABOVE requests, then runs Research. */
export async function startLinks(): Promise<void> {
  const st = useLinksRun.getState();
  const missing = missingSlots(st.template);
  if (missing.length) return useLinksRun.setState({ phase: 'error', message: `The links prompt needs ${missing.join(' and ')}.` });
  // The panel says what the settings lack (once); nothing is planned, asked or confirmed.
  if (linksSettingsProblem()) return useLinksRun.setState({ phase: 'idle', plan: null });
  useLinksRun.setState({ phase: 'planning', message: null });
  await refreshLinksPlan();
  const plan = useLinksRun.getState().plan;
  if (plan && plan.requests > CONFIRM_ABOVE && useLinksRun.getState().confirmed !== plan.requests) return useLinksRun.setState({ phase: 'confirm' });
  await useResearch.getState().run();
}

/** After the confirmation: runs Research, which asks for the links. */
export function confirmLinks(): void {
  useLinksRun.setState({ confirmed: useLinksRun.getState().plan?.requests ?? null });
  void useResearch.getState().run();
}

export function dismissLinks(): void {
  if (useLinksRun.getState().phase === 'confirm') useLinksRun.setState({ phase: 'idle' });
}
