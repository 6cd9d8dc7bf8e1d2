// Orchestrates a pull-request import: read it through src/github, keep the items and the user's picks, and hand
// picked comments to the workbench (one session each) or the whole pull request to Research (a dataset).
import { create } from 'zustand';
import type { PseudoReference } from '../../core/types';
import { apiHost, checkRefHost, fetchPullRequest, GithubError, normaliseApiBase, parsePullRequestRef, safeWebLink, tokenMayGoTo, toJsonl, toReviewItems, type FetchProgress, type GithubErrorKind, type ReviewItem } from '../../github';
import { LEXICAL_TAU } from '../../store/shared/bundledEncoder';
import { blankSession, toItems, type Session } from '../../store/session/session';
import { useSessions } from '../../store/session/sessions';
import { useResearch } from '../../store/research/research';
import { runAnalyzers } from '../claims/analyzers';
import { issuesForChanges } from '../../pseudorefs/issuesBatch';
import type { AnalyzeRequest } from '../../analyzers/run';
import { useClaimsSettings } from '../../store/shared/claimsSettings';
import { useGithubSettings } from './settingsStore';

/** How the opened sessions are scored: the paper's metric with the embedding model or word overlap, or plus. */
export type SessionMetric = 'embedding' | 'lexical' | 'plus';

export interface PullSummary {
  owner: string;
  repo: string;
  number: number;
  title: string;
  /** The pull request's page when it is https on github.com or the configured host, else null (shown as text). */
  url: string | null;
  /** The page address as GitHub gave it, shown as text when it is not a safe link. */
  rawUrl: string;
  /** The API base it was read from: its web host's links are clickable. */
  apiBase: string;
  headSha: string;
  reviews: { id: number; author: string; state: string; body: string; url?: string }[];
  notes: string[];
  /** Milliseconds from pressing Load to the items on screen. */
  ms: number;
}

export interface Work {
  what: 'opening' | 'research';
  done: number;
  total: number;
}

interface ImportState {
  input: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  progress: FetchProgress | null;
  /** message: what to do, in plain words; detail: the technical cause, shown collapsed. */
  error: { kind: GithubErrorKind | 'unexpected'; message: string; detail?: string } | null;
  pull: PullSummary | null;
  items: ReviewItem[];
  selected: Record<string, boolean>;
  metric: SessionMetric;
  work: Work | null;
  message: string | null;
  setInput(input: string): void;
  setMetric(metric: SessionMetric): void;
  /** `withoutToken`: this once, read without the token (it was entered for another host). */
  load(opts?: { withoutToken?: boolean }): Promise<void>;
  cancel(): void;
  toggle(id: string, on?: boolean): void;
  selectAll(on: boolean): void;
  openInWorkbench(): Promise<number>;
  sendToResearch(): Promise<void>;
}

let controller: AbortController | null = null;

/** The items that count under the current replies choice. */
export function itemsInScope(items: readonly ReviewItem[], includeReplies: boolean): ReviewItem[] {
  return includeReplies ? [...items] : items.filter((it) => !it.inReplyTo);
}

async function analyzerRefs(it: ReviewItem): Promise<{ refs: PseudoReference[]; error?: string }> {
  const { analyzerFilter, analyzerOptions } = useClaimsSettings.getState();
  const runs = await runAnalyzers({ language: it.language, diff: it.diff, newCode: it.newCode ?? undefined, filter: analyzerFilter, options: analyzerOptions });
  return { refs: runs.flatMap((r) => r.refs), error: runs.find((r) => r.error)?.error };
}

function sessionFor(it: ReviewItem, pull: PullSummary, refs: PseudoReference[], metric: SessionMetric): Session {
  const base = blankSession(`${pull.repo}#${pull.number} · ${it.author} on ${it.file.split('/').pop()}${it.line ? `:${it.line}` : ''}`);
  return {
    ...base,
    input: { ...base.input, mode: 'diff', diff: it.diff, newCode: it.newCode ?? '', fileName: it.file, language: it.language, languageAuto: it.language !== 'unknown' },
    review: it.review,
    pseudoReferences: toItems(refs),
    similarity: metric === 'lexical' ? 'lexical' : 'embedding',
    // Word overlap runs far below cosine: the paper's calibration, done with lexical similarity, gives its τ.
    ...(metric === 'lexical' ? { tau: LEXICAL_TAU } : {}),
    ...(metric === 'plus' ? { preset: 'plus' as const } : {}),
    note: `Review comment by ${it.author} on ${it.file}${it.line ? ` line ${it.line}` : ''} of ${pull.owner}/${pull.repo}#${pull.number}${it.inReplyTo ? ' (a reply)' : ''}: ${it.url}`,
  };
}

export const useGithubImport = create<ImportState>()((set, get) => ({
  input: '',
  status: 'idle',
  progress: null,
  error: null,
  pull: null,
  items: [],
  selected: {},
  metric: 'embedding',
  work: null,
  message: null,
  setInput: (input) => set({ input }),
  setMetric: (metric) => set({ metric }),

  async load(opts = {}) {
    controller?.abort();
    const ac = new AbortController();
    controller = ac;
    const t0 = performance.now();
    set({ status: 'loading', progress: null, error: null, message: null });
    try {
      const ref = parsePullRequestRef(get().input);
      const settings = useGithubSettings.getState();
      // The API base is the user's setting, never the link's host: a link elsewhere is refused, not followed.
      const apiBase = normaliseApiBase(settings.apiBase);
      checkRefHost(ref, apiBase);
      let token = settings.token.trim();
      if (token && !tokenMayGoTo(settings.tokenApiBase, apiBase)) {
        if (!opts.withoutToken)
          throw new GithubError(
            'token-host',
            `Your token was entered for ${apiHost(settings.tokenApiBase || 'https://api.github.com')}, and the API base is now ${apiHost(apiBase)}. A token is never sent to another host without your say: send it to ${apiHost(apiBase)}, load without it, or enter a token for ${apiHost(apiBase)}.`,
          );
        token = '';
      }
      const data = await fetchPullRequest(ref, { apiBase, token, signal: ac.signal, onProgress: (progress) => controller === ac && set({ progress }) });
      if (controller !== ac) return;
      const items = toReviewItems(data);
      const pull: PullSummary = {
        owner: data.owner,
        repo: data.repo,
        number: data.pr.number,
        title: String(data.pr.title ?? ''),
        url: safeWebLink(data.pr.html_url, apiBase),
        rawUrl: String(data.pr.html_url ?? ''),
        apiBase,
        headSha: data.pr.head.sha,
        reviews: data.reviews.filter((r) => (r.body ?? '').trim()).map((r) => ({ id: r.id, author: r.user?.login ?? 'ghost', state: r.state, body: r.body ?? '', url: safeWebLink(r.html_url, apiBase) ?? undefined })),
        notes: data.notes,
        ms: performance.now() - t0,
      };
      set({ status: 'done', pull, items, selected: Object.fromEntries(items.filter((i) => !i.inReplyTo).map((i) => [i.id, true])), progress: null });
    } catch (e) {
      if (controller !== ac) return;
      const err = e instanceof GithubError ? { kind: e.kind, message: e.message, detail: e.detail } : { kind: 'unexpected' as const, message: `Something went wrong: ${(e as Error).message}` };
      // The previous pull request (if any) stays on screen; the input stays in its field.
      set({ status: 'error', error: err, progress: null });
    } finally {
      if (controller === ac) controller = null;
    }
  },

  cancel() {
    controller?.abort();
  },

  toggle(id, on) {
    set((s) => ({ selected: { ...s.selected, [id]: on ?? !s.selected[id] } }));
  },

  selectAll(on) {
    const scope = itemsInScope(get().items, useGithubSettings.getState().includeReplies);
    set({ selected: Object.fromEntries(scope.map((i) => [i.id, on])) });
  },

  async openInWorkbench() {
    const { pull, items, selected, metric } = get();
    if (!pull) return 0;
    const picked = itemsInScope(items, useGithubSettings.getState().includeReplies).filter((i) => selected[i.id]);
    if (!picked.length) return 0;
    set({ work: { what: 'opening', done: 0, total: picked.length }, message: null });
    const sessions: Session[] = [];
    const failures: string[] = [];
    for (const [k, it] of picked.entries()) {
      const { refs, error } = await analyzerRefs(it);
      if (error) failures.push(`${it.file}: ${error}`);
      sessions.push(sessionFor(it, pull, refs, metric));
      set({ work: { what: 'opening', done: k + 1, total: picked.length } });
    }
    const store = useSessions.getState();
    for (const s of sessions) store.add(s);
    store.select(sessions[0].id);
    set({ work: null, message: `Opened ${sessions.length} session${sessions.length === 1 ? '' : 's'} in the workbench${failures.length ? `; analyzers failed on ${failures.join(', ')}` : ''}.` });
    location.hash = '#workbench';
    scrollTo(0, 0);
    return sessions.length;
  },

  async sendToResearch() {
    const { pull, items } = get();
    if (!pull) return;
    const scope = itemsInScope(items, useGithubSettings.getState().includeReplies);
    set({ work: { what: 'research', done: 0, total: scope.length }, message: null });
    // The batch path's analyzer step (src/pseudorefs): a file that does not parse is counted, never "0 issues".
    const { analyzerFilter, analyzerOptions } = useClaimsSettings.getState();
    const client = await import('../../analyzers/client');
    const issues = await issuesForChanges(
      scope.map((it) => ({ id: it.id, diff: it.diff, lang: it.language, newFile: it.file, newCode: it.newCode })),
      (req: AnalyzeRequest) => client.analyzeInBrowser(req),
      { filter: analyzerFilter, options: analyzerOptions, onProgress: (p) => set({ work: { what: 'research', done: p.done, total: scope.length } }) },
    );
    const refs = new Map<string, { text: string; type: string }[]>();
    for (const c of issues) if (c.refs.length) refs.set(c.id, c.refs.map((p) => ({ text: p.text, type: 'issue' })));
    const unparsed = issues.filter((c) => c.failed.length).length;
    const name = `${pull.owner}-${pull.repo}-pr${pull.number}.jsonl`;
    useResearch.getState().importFiles([{ name, text: toJsonl(scope, refs) }]);
    const without = scope.length - refs.size;
    set({
      work: null,
      message: `Sent ${scope.length} review comments to Research as ${name}, one system per author.${without ? ` ${without} have no analyzer pseudo-references yet and are not scorable there until they get some.` : ''}${unparsed ? ` The analyzers could not parse ${unparsed} of them (listed in Research's pseudo-references panel when you generate them there).` : ''}`,
    });
    location.hash = '#research';
    scrollTo(0, 0);
  },
}));
