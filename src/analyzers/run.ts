// One entry point for every analyzer: pick the one that fits the language, analyze the new file, map
// lines back to the new file, filter by the diff and turn warnings into pseudo-references.
// Used by the worker (browser) and the CLI (Node); the caller says where the tree-sitter .wasm files are.
import type { Language } from '../core/diff.ts';
import type { PseudoReference } from '../core/types.ts';
import {
  filterWarnings,
  newFileFor,
  toPseudoReference,
  type NewFileSource,
  type WarningFilter,
} from './filter.ts';
import { analyzeNewFile } from './fragments.ts';
import { javaOutcome } from './java.ts';
import { jshintOutcome, type JshintOptionSet } from './jshint.ts';
import { pythonOutcome } from './python.ts';
import type { TreeSitterAssets } from './treesitter.ts';
import type { AnalyzerName, AnalyzerOutcome, AnalyzerWarning } from './types.ts';
import type { CodeLanguage } from './languages.ts';
import { linterOutcome, lizardOutcome } from './linters.ts';

export interface AnalyzeRequest {
  language: Language | CodeLanguage;
  diff: string;
  oldCode?: string;
  newCode?: string;
  filter: WarningFilter;
  /** JSHint's option set; the tree-sitter analyzers have none. */
  options: JshintOptionSet;
}

export interface AnalyzerResult {
  analyzer: AnalyzerName;
  /** The kept warnings as pseudo-references (paper's text, readable form, new-file line). */
  refs: PseudoReference[];
  /** Every warning on the new file, before the diff filter (new-file line numbers). */
  warnings: AnalyzerWarning[];
  /** The warnings the filter kept (same order as `refs`). */
  kept: AnalyzerWarning[];
  /** What was analyzed: the given new file, the old file with the patch applied, or the diff's new side. */
  newFile: NewFileSource;
  /** Why the analyzer could not run at all. */
  error?: string;
  /** What it could not analyze (code that does not parse) and why: such code never reads as "0 issues". */
  unanalyzed?: string;
  /** The hunks that were wrapped to parse (diff-only input), as "hunk 1: inside a function". */
  wrapped?: string[];
}

export type Runner = (code: string, req: AnalyzeRequest, assets: TreeSitterAssets) => Promise<AnalyzerOutcome>;

interface Entry {
  name: AnalyzerName;
  run: Runner;
}

// The paper's three analyzers, one per language, as the study ran them.
const PAPER: Partial<Record<Language, Entry>> = {
  javascript: { name: 'JSHint', run: async (code, req) => jshintOutcome(code, req.options) },
  python: { name: 'PyScent', run: (code, _req, assets) => pythonOutcome(code, assets) },
  java: { name: 'PMD', run: (code, _req, assets) => javaOutcome(code, assets) },
};

const lizard = (language: CodeLanguage): Entry => ({ name: 'Lizard', run: (code, _req, assets) => lizardOutcome(language, code, assets) });
const linter = (language: CodeLanguage, name: AnalyzerName): Entry => ({ name, run: (code, _req, assets) => linterOutcome(language, code, assets) });

// The other languages: the language's linter rules and lizard's measures (docs/analyzers.md).
const LINTED: Partial<Record<CodeLanguage, Entry[]>> = {
  c: [linter('c', 'cppcheck'), lizard('c')],
  cpp: [linter('cpp', 'cppcheck'), lizard('cpp')],
  csharp: [linter('csharp', '.NET analyzers'), lizard('csharp')],
  go: [linter('go', 'go vet'), lizard('go')],
  php: [linter('php', 'PHPMD'), lizard('php')],
  ruby: [linter('ruby', 'RuboCop'), lizard('ruby')],
  typescript: [linter('typescript', 'ESLint'), lizard('typescript')],
};

// The modern option set adds linter rules and lizard to the paper's languages (the paper set keeps the study's output).
const MODERN_EXTRA: Partial<Record<CodeLanguage, Entry[]>> = {
  javascript: [linter('javascript', 'ESLint'), lizard('javascript')],
  python: [linter('python', 'Pylint'), lizard('python')],
  java: [lizard('java')],
};

function analyzersOf(language: Language | CodeLanguage, options: JshintOptionSet = 'paper'): Entry[] {
  const paper = PAPER[language as Language];
  if (paper) return [paper, ...(options === 'modern' ? (MODERN_EXTRA[language as CodeLanguage] ?? []) : [])];
  return LINTED[language as CodeLanguage] ?? [];
}

/** The first analyzer for a language (the paper's one for JavaScript, Python and Java), or none. */
export function analyzerFor(language: Language | CodeLanguage): AnalyzerName | undefined {
  return analyzersOf(language)[0]?.name;
}

/** Every analyzer that runs on a language under an option set. */
export function analyzersFor(language: Language | CodeLanguage, options: JshintOptionSet = 'paper'): AnalyzerName[] {
  return analyzersOf(language, options).map((e) => e.name);
}

/** Runs the analyzers that fit `req.language`; a failing analyzer gives a result with `error`, never a throw. */
export async function analyze(req: AnalyzeRequest, assets: TreeSitterAssets): Promise<AnalyzerResult[]> {
  const entries = analyzersOf(req.language, req.options);
  const out: AnalyzerResult[] = [];
  for (const entry of entries) out.push(await analyzeWith(entry, req, assets));
  return out;
}

async function analyzeWith(entry: Entry, req: AnalyzeRequest, assets: TreeSitterAssets): Promise<AnalyzerResult> {
  const file = newFileFor(req);
  const base = { analyzer: entry.name, newFile: file.source };
  if (file.text.trim() === '')
    return { ...base, refs: [], warnings: [], kept: [], error: 'nothing to analyze: the diff has no new-side lines' };
  try {
    const run = await analyzeNewFile(entry.name, req.language, file, req, (code) => entry.run(code, req, assets));
    const warnings = run.warnings;
    const kept = filterWarnings(warnings, file, req.diff, req.filter);
    return {
      ...base,
      refs: kept.map(toPseudoReference),
      warnings,
      kept,
      ...(run.error ? { unanalyzed: run.error } : {}),
      ...(run.wrapped.length ? { wrapped: run.wrapped } : {}),
    };
  } catch (e) {
    // The panel shows "<analyzer>: failed (<error>)", so the error is the reason alone.
    const why = e instanceof Error ? e.message : String(e);
    return { ...base, refs: [], warnings: [], kept: [], error: why };
  }
}
