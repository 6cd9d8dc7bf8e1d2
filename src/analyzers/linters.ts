// The tree-sitter analyzers for every language of CodeReviewer and TypeScript: lizard's per-function measures
// (./lang/lizard.ts) and the language's linter rules (./lang/ruleSets.ts), on one parse of the text. A text
// that does not parse is reported as stopped (the analyzers never read "could not parse" as "no issues").
import { GRAMMAR, type CodeLanguage } from './languages.ts';
import { lizardWarnings } from './lang/lizard.ts';
import { ruleWarnings } from './lang/ruleSets.ts';
import { firstSyntaxError, type SyntaxTree } from './syntax.ts';
import { parsePlain, type TreeSitterAssets } from './treesitter.ts';
import type { AnalyzerOutcome } from './types.ts';

// The two analyzers of a language and the tree claims read the same texts (each hunk, as it stands and
// wrapped) one after the other: the last few parses are kept, so each text is parsed once per change.
const RECENT = 16;
const recent = new Map<string, Promise<SyntaxTree | null>>();

export function parseCode(language: CodeLanguage, code: string, assets: TreeSitterAssets): Promise<SyntaxTree | null> {
  const key = `${language}\u0000${code}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const tree = parsePlain(GRAMMAR[language], code, assets);
  recent.set(key, tree);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
  tree.catch(() => recent.delete(key));
  return tree;
}

async function outcome(language: CodeLanguage, code: string, assets: TreeSitterAssets, warn: (t: SyntaxTree) => AnalyzerOutcome['warnings']): Promise<AnalyzerOutcome> {
  const tree = await parseCode(language, code, assets);
  if (!tree) return { warnings: [], stopped: { line: 1, reason: 'the parser gave up' } };
  const err = firstSyntaxError(tree);
  return err ? { warnings: [], stopped: err } : { warnings: warn(tree) };
}

/** lizard's warnings: functions over its default thresholds (the wrapper function of a hunk is not measured). */
export function lizardOutcome(language: CodeLanguage, code: string, assets: TreeSitterAssets): Promise<AnalyzerOutcome> {
  return outcome(language, code, assets, (t) => lizardWarnings(t, language, (f) => /__hunk__|Hunk__/.test(f.name)));
}

/** The language's linter rules. */
export function linterOutcome(language: CodeLanguage, code: string, assets: TreeSitterAssets): Promise<AnalyzerOutcome> {
  return outcome(language, code, assets, (t) => ruleWarnings(t, language));
}
