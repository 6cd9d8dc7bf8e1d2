// Research › Pull requests, reference-free: the PRs' pseudo-references made in the browser, exactly as
// `crscore pr-eval --evaluator crscore --pseudo-refs SOURCE` makes them. The core cuts each PR's diff (cutPrs), the
// shared batch functions run the sources (tree claims and analyzers in the analyzers' worker, LLM claims with the
// person's key from the claims settings, answers cached), the core places them back (placePseudoRefs), and the
// evaluation takes them as PrEvalOptions.pseudoRefs. Orchestration only, with progress and Cancel.
import { create } from 'zustand';
import { changeRow, cutPrs, placePseudoRefs, type PrDataset, type PrEvalOptions, type PullRequest } from '../../core/prreview/index';
import { analyzeInWorker, treeClaimsInWorker } from '../shared/analyzersInWorker';
import { settingsProblem } from '../../claims/generate';
import { planClaims } from '../../pseudorefs/claimsBatch';
import { makeSources } from '../../pseudorefs/makeSources';
import { usesLlm, type PseudoRefSource } from '../../pseudorefs/dataset';
import { claimsBatchFor, settingsFor, showLocalProviderFor, useClaimsSettings } from '../shared/claimsSettings';
import { rememberingCache } from '../../llmbatch/cache';
import { idbAnswerCache } from '../shared/answerCacheIdb';
import { usePrReview } from './prReview';

/**
 * none: the reference issues only. fill: the reference issues, else offline pseudo-references for a PR without any
 * (what `pr-eval --evaluator crscore` does without --pseudo-refs). The rest: every PR judged against its
 * pseudo-references from that source (`--pseudo-refs SOURCE`).
 */
export type PrPseudoChoice = 'none' | 'fill' | Exclude<PseudoRefSource, 'dataset'>;
export const PR_PSEUDO_CHOICES: readonly PrPseudoChoice[] = ['none', 'fill', 'offline', 'analyzers', 'tree-claims', 'claims', 'generate', 'local'];

export interface PrPseudoProgress {
  stage: 'claims' | 'tree-claims' | 'analyzers';
  done: number;
  total: number;
}

interface PrPseudoState {
  choice: PrPseudoChoice;
  /** settings: an LLM choice whose settings cannot succeed yet (no key): nothing planned or sent. */
  phase: 'idle' | 'settings' | 'confirm' | 'running' | 'done' | 'cancelled' | 'error';
  progress: PrPseudoProgress | null;
  /** What was made (claims, issues, PRs without any) or why it stopped. */
  message: string | null;
  /** The LLM's requests and input tokens, shown before anything is sent. */
  plan: { requests: number; cached: number; inputTokens: number } | null;
  /** Failures the sources named (an analyzer that could not parse a file, a request that failed): never "0 issues". */
  failures: string[];
  choose(c: PrPseudoChoice): Promise<void>;
  /** Sends the planned LLM requests (after the plan was shown). */
  confirm(): Promise<void>;
  cancel(): void;
}

const answerCache = rememberingCache(idbAnswerCache);
let controller: AbortController | null = null;
/** The files and reading the handed pseudo-references were made for (another dataset makes them again). */
let madeFor: { files: unknown; read: unknown; choice: PrPseudoChoice } | null = null;

const sourceOf = (c: PrPseudoChoice): PseudoRefSource => (c === 'fill' || c === 'none' ? 'offline' : c);

/** The PRs' pseudo-references from `source`, as the CLI's prPseudoReferences makes them (its makePseudoRefs' order). */
export async function makePrPseudoRefs(
  ds: Pick<PrDataset, 'prs'>,
  source: PseudoRefSource,
  wanted: (pr: PullRequest) => boolean,
  o: { signal: AbortSignal; onProgress: (p: PrPseudoProgress) => void },
) {
  const cut = cutPrs(ds, wanted);
  const hunks = cut.hunks.map(changeRow);
  const files = cut.files.map(changeRow);
  const s = useClaimsSettings.getState();
  const { claims, issues } = await makeSources({
    source,
    claimRows: hunks,
    issueRows: files,
    llm: claimsBatchFor(source, s, answerCache),
    treeClaims: treeClaimsInWorker,
    analyze: analyzeInWorker,
    analyzers: { filter: s.analyzerFilter, options: s.analyzerOptions },
    signal: o.signal,
    onProgress: (p) => o.onProgress({ stage: p.stage, done: p.done, total: p.total }),
  });
  const failures = [
    ...(claims ?? []).flatMap((c) => (c.failure && c.failure.kind !== 'cancelled' ? [`${c.id}: ${c.failure.reason}`] : [])),
    ...(issues ?? []).flatMap((i) => i.failed.map((f) => `${i.id}: ${f.analyzer} could not analyze: ${f.reason}`)),
  ];
  return { cut, placed: placePseudoRefs(cut, { claims, issues }), failures };
}

export const usePrPseudoRefs = create<PrPseudoState>()((set, get) => ({
  // pr-eval's own default: a PR without a reference issue is judged against its diff's offline pseudo-references.
  choice: 'fill',
  phase: 'idle',
  progress: null,
  message: null,
  plan: null,
  failures: [],

  async choose(choice) {
    controller?.abort();
    controller = null;
    madeFor = null;
    set({ choice, phase: 'idle', progress: null, message: null, plan: null, failures: [] });
    if (choice === 'none') return usePrReview.getState().setPseudoRefs(null);
    const source = sourceOf(choice);
    if (usesLlm(source)) {
      showLocalProviderFor(source);
      const s = useClaimsSettings.getState();
      const problem = settingsProblem(settingsFor(source, s));
      // The panel says what is missing (LlmSettingsMissing) and offers the settings; choosing again plans.
      if (problem) return set({ phase: 'settings' });
      const ds = usePrReview.getState().dataset;
      if (!ds) return;
      const cut = cutPrs(ds, wantedFor(choice));
      const p = await planClaims(cut.hunks.map((h) => ({ id: h.id, diff: h.diff })), claimsBatchFor(source, s, answerCache));
      if (get().choice !== choice) return;
      // Nothing is sent before the person has seen what it costs.
      return set({ phase: 'confirm', plan: { requests: p.requests, cached: p.cached, inputTokens: p.inputTokens } });
    }
    await get().confirm();
  },

  async confirm() {
    const { choice } = get();
    const pr = usePrReview.getState();
    const ds = pr.dataset;
    if (choice === 'none' || !ds) return;
    const ctrl = new AbortController();
    controller = ctrl;
    const source = sourceOf(choice);
    const at = { files: pr.files, read: pr.read, choice };
    // Every PR has reference issues: nothing to fill, and the rows are pr-eval's without --pseudo-refs (no run again).
    if (choice === 'fill' && ds.prs.every((p) => p.references.length > 0)) {
      madeFor = at;
      set({ phase: 'idle', progress: null, message: null, failures: [] });
      if (pr.pseudoRefs) pr.setPseudoRefs(null);
      return;
    }
    set({ phase: 'running', progress: null, message: null, failures: [] });
    // At most ~10 repaints a second.
    let shownAt = 0;
    const onProgress = (p: PrPseudoProgress) => {
      const now = performance.now();
      if (controller === ctrl && (now - shownAt > 100 || p.done === p.total)) {
        shownAt = now;
        set({ progress: p });
      }
    };
    try {
      const made = await makePrPseudoRefs(ds, source, wantedFor(choice), { signal: ctrl.signal, onProgress });
      if (controller !== ctrl) return;
      controller = null;
      if (ctrl.signal.aborted) {
        set({ phase: 'cancelled', choice: 'none', message: 'Cancelled: the rows are judged against the reference issues only.' });
        return usePrReview.getState().setPseudoRefs(null);
      }
      const p = made.placed;
      const now = usePrReview.getState();
      // Another dataset was opened meanwhile: these are not its pseudo-references.
      if (now.files !== at.files || now.read !== at.read) return;
      madeFor = at;
      set({
        phase: 'done',
        failures: made.failures,
        message: `${p.claims} claims over ${made.cut.hunks.length} hunks, ${p.issues} analyzer issues over ${made.cut.files.length} files, ${made.cut.cut.size} of ${p.byPr.size} PRs with a diff; ${p.without} PRs without pseudo-references (not scored)`,
      });
      const pseudoRefs: PrEvalOptions['pseudoRefs'] = { byPr: p.byPr, source, only: choice !== 'fill' };
      usePrReview.getState().setPseudoRefs(pseudoRefs);
    } catch (e) {
      if (controller === ctrl) controller = null;
      set({ phase: 'error', message: (e as Error).message });
    }
  },

  cancel() {
    if (get().phase === 'confirm' || get().phase === 'settings') {
      set({ phase: 'idle', choice: 'none', plan: null });
      return usePrReview.getState().setPseudoRefs(null);
    }
    controller?.abort();
  },
}));

function wantedFor(choice: PrPseudoChoice): (pr: PullRequest) => boolean {
  return choice === 'fill' ? (pr) => pr.references.length === 0 : () => true;
}

// Another dataset (or another reading of it) opened with a choice made: its own pseudo-references are made.
usePrReview.subscribe((s) => {
  const me = usePrPseudoRefs.getState();
  if (me.choice === 'none' || !s.dataset || me.phase === 'running' || me.phase === 'confirm' || me.phase === 'settings' || s.pseudoRefs) return;
  if (madeFor && madeFor.files === s.files && madeFor.read === s.read) return;
  if (me.phase === 'error') return;
  void me.choose(me.choice);
});

// Test hook (holds no key).
(globalThis as { __crscorePrPseudoRefs?: typeof usePrPseudoRefs }).__crscorePrPseudoRefs = usePrPseudoRefs;
