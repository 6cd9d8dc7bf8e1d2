// `--analyzers` for score and eval: rows that come without pseudo-references (such as `crscore github` rows) get
// the static-analysis issues of the analyzer that fits their language, found on their new file (new_code) and
// kept by the diff filter, exactly as the app's analyzers and `crscore analyze` do.
import { detectLanguage, languageFromCode, type Language } from '../core/diff.ts';
import { analyze } from '../analyzers/run.ts';
import { nodeTreeSitterAssets } from '../analyzers/treesitterNode.ts';

export interface AnalyzableRow {
  lang?: string | null;
  file?: string | null;
  diff: string;
  newCode?: string | null;
  oldCode?: string | null;
}

export function rowLanguage(row: Pick<AnalyzableRow, 'lang' | 'file'>): Language {
  const fromCode = languageFromCode(row.lang);
  return fromCode !== 'unknown' ? fromCode : detectLanguage(row.file);
}

/** The analyzer issues as pseudo-references ({text, type: 'issue'}); none for a language without an analyzer. */
export async function analyzerPseudoRefs(row: AnalyzableRow): Promise<{ text: string; type: 'issue' }[]> {
  const language = rowLanguage(row);
  if (language === 'unknown') return [];
  const results = await analyze(
    { language, diff: row.diff, newCode: row.newCode ?? undefined, oldCode: row.oldCode ?? undefined, filter: 'paper', options: 'paper' },
    nodeTreeSitterAssets(),
  );
  return results.flatMap((r) => r.refs.map((p) => ({ text: p.text, type: 'issue' as const })));
}
