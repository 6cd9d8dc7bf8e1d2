// Glue between the panel and the analyzers (src/analyzers/client.ts, which runs them off the main thread).
// The client is loaded lazily through import.meta.glob: it stays out of the entry chunk, and a build
// without it still works (the panel then says the analyzers are not available).

import type { Language } from '../../core/diff';
import type { PseudoReference } from '../../core/types';
import type { AnalyzerFilter, AnalyzerOptionSet } from '../../store/shared/claimsSettings';
import { resolveCodeLanguage, type CodeLanguage } from '../../analyzers/languages';

export type { AnalyzerFilter, AnalyzerOptionSet };

export interface AnalyzeInput {
  language: Language;
  newCode?: string;
  oldCode?: string;
  diff: string;
  filter: AnalyzerFilter;
  options: AnalyzerOptionSet;
}

interface ClientModule {
  analyzeInBrowser(input: AnalyzeInput): Promise<unknown>;
  treeClaimsInBrowser(input: { language: CodeLanguage; diff: string }): Promise<PseudoReference[]>;
}

const CLIENT_PATH = '../../analyzers/client.ts';
const clients = import.meta.glob<ClientModule>('../../analyzers/client.ts');

export interface AnalyzerRun {
  name: string;
  refs: PseudoReference[];
  /** Why the analyzer could not run. */
  error?: string;
  /** What it could not analyze (code that does not parse), and why: never shown as "0 issues". */
  unanalyzed?: string;
  /** Hunks of a diff-only input that were wrapped to parse ("hunk 1: inside a function"). */
  wrapped?: string[];
}

/** The panel's words for one analyzer's run: issues found, and what could not be analyzed. */
export function describeRun(r: AnalyzerRun, plural: (n: number, word: string) => string): string {
  const found = plural(r.refs.length, 'issue');
  const how = r.wrapped?.length ? ` (${r.wrapped.join('; ')})` : '';
  if (r.error) return `failed (${r.error})`;
  if (!r.unanalyzed) return `${found}${how}`;
  return `could not analyze: ${r.unanalyzed}${r.refs.length ? ` · ${found} in the rest${how}` : ''}`;
}

const NAMES: Partial<Record<Language, string>> = {
  javascript: 'JSHint',
  python: 'PyScent',
  java: 'PMD',
};

/** 'js' | 'javascript' | 'py' | 'python' | 'java' (any case) -> the core's Language. */
export function normalizeLanguage(language: string): Language {
  const l = language.trim().toLowerCase();
  if (['js', 'javascript', 'jsx', 'mjs', 'cjs', 'ts', 'tsx', 'typescript'].includes(l))
    return 'javascript';
  if (['py', 'python', 'python3', 'pyw'].includes(l)) return 'python';
  if (l === 'java') return 'java';
  return 'unknown';
}

/** The analyzers that fit the language (one per language, as in the paper). */
export function analyzersFor(language: string): string[] {
  const name = NAMES[normalizeLanguage(language)];
  return name ? [name] : [];
}

export async function runAnalyzers(input: {
  language: string;
  diff: string;
  oldCode?: string;
  newCode?: string;
  filter: AnalyzerFilter;
  options: AnalyzerOptionSet;
}): Promise<AnalyzerRun[]> {
  const language = normalizeLanguage(input.language);
  const name = NAMES[language];
  if (!name) return [];
  const load = clients[CLIENT_PATH];
  if (!load) return [{ name, refs: [], error: 'not available in this build' }];
  try {
    const client = await load();
    const result = await client.analyzeInBrowser({
      language,
      diff: input.diff,
      oldCode: input.oldCode,
      newCode: input.newCode,
      filter: input.filter,
      options: input.options,
    });
    return toRuns(result, name);
  } catch (e) {
    return [{ name, refs: [], error: e instanceof Error ? e.message : String(e) }];
  }
}

/**
 * Accepts what the client may return: PseudoReference[], {refs|pseudoReferences, analyzer?, error?},
 * or a list of such per-analyzer results.
 */
export function toRuns(result: unknown, fallbackName: string): AnalyzerRun[] {
  if (Array.isArray(result)) {
    if (result.every(isRef))
      return [
        {
          name: fallbackName,
          refs: result.map((r) => ({ ...r, source: r.source || fallbackName })),
        },
      ];
    return result.flatMap((r) => toRuns(r, fallbackName));
  }
  if (result && typeof result === 'object') {
    const o = result as Record<string, unknown>;
    const name =
      typeof o.analyzer === 'string'
        ? o.analyzer
        : typeof o.name === 'string'
          ? o.name
          : typeof o.source === 'string'
            ? o.source
            : fallbackName;
    const list = [o.refs, o.pseudoReferences, o.warnings].find(Array.isArray) as
      unknown[] | undefined;
    const refs = (list ?? []).filter(isRef).map((r) => ({ ...r, source: r.source || name }));
    const error =
      typeof o.error === 'string'
        ? o.error
        : o.error instanceof Error
          ? o.error.message
          : undefined;
    const wrapped = Array.isArray(o.wrapped) ? o.wrapped.filter((w): w is string => typeof w === 'string') : undefined;
    const unanalyzed = typeof o.unanalyzed === 'string' ? o.unanalyzed : undefined;
    return [{ name, refs, error, ...(unanalyzed ? { unanalyzed } : {}), ...(wrapped?.length ? { wrapped } : {}) }];
  }
  return [{ name: fallbackName, refs: [], error: 'the analyzer returned nothing readable' }];
}

function isRef(v: unknown): v is PseudoReference {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as PseudoReference).text === 'string' &&
    typeof (v as PseudoReference).kind === 'string'
  );
}

/** The language tree claims read for this diff (the language picked, else its code), or null. */
export function treeClaimsLanguage(language: string, diff: string): CodeLanguage | null {
  const code = diff.split('\n').filter((l) => /^[ +-]/.test(l) && !/^(\+\+\+|---) /.test(l)).map((l) => l.slice(1)).join('\n');
  return resolveCodeLanguage({ lang: language, code })?.language ?? null;
}

/** The tree claims of one diff, in the analyzers' worker (src/analyzers/treeClaims, the CLI's function). */
export async function runTreeClaims(language: CodeLanguage, diff: string): Promise<AnalyzerRun> {
  const name = 'Tree claims';
  const load = clients[CLIENT_PATH];
  if (!load) return { name, refs: [], error: 'not available in this build' };
  try {
    return { name, refs: await (await load()).treeClaimsInBrowser({ language, diff }) };
  } catch (e) {
    return { name, refs: [], error: e instanceof Error ? e.message : String(e) };
  }
}
