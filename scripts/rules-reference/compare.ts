// Our rule sets against the reference tools' recorded findings, rule by rule: a finding of ours is a true
// positive when the reference tool reports the mapped rule on the same line of the same file (each reference
// finding matched once). Precision = TP / our findings, recall = TP / the reference tool's findings of that rule.
import { linterOutcome } from '../../src/analyzers/linters.ts';
import type { TreeSitterAssets } from '../../src/analyzers/treesitter.ts';
import { REFERENCE_ID, TOOL_OF, type RefLanguage, type RuleCase } from './cases.ts';
import type { RefFinding } from './tools.ts';

export interface RuleScore {
  language: RefLanguage;
  rule: string;
  referenceId: string;
  ours: number;
  reference: number;
  tp: number;
  /** null when there is nothing to divide by (no finding on that side). */
  precision: number | null;
  recall: number | null;
  /** Files where the two disagree, for reading: `file:line ours|reference`. */
  misses: string[];
}

/** Our findings per file, as { line, id } with our rule ids (the whole file analyzed, no diff filter). */
export async function ourFindings(cases: readonly RuleCase[], assets: TreeSitterAssets): Promise<Map<string, RefFinding[]>> {
  const out = new Map<string, RefFinding[]>();
  for (const c of cases) {
    const o = await linterOutcome(c.language, c.code, assets);
    if (o.stopped) throw new Error(`${c.file} does not parse: ${o.stopped.reason} (line ${o.stopped.line})`);
    out.set(c.file, o.warnings.map((w) => ({ line: w.line, id: w.rule })));
  }
  return out;
}

export function scoreRules(cases: readonly RuleCase[], ours: Map<string, RefFinding[]>, reference: Map<string, RefFinding[]>): RuleScore[] {
  const scores: RuleScore[] = [];
  for (const language of Object.keys(REFERENCE_ID) as RefLanguage[]) {
    for (const [rule, referenceId] of Object.entries(REFERENCE_ID[language])) {
      const s: RuleScore = { language, rule, referenceId, ours: 0, reference: 0, tp: 0, precision: null, recall: null, misses: [] };
      for (const c of cases) {
        if (c.language !== language) continue;
        const mine = (ours.get(c.file) ?? []).filter((f) => f.id === rule).map((f) => f.line);
        const theirs = (reference.get(c.file) ?? []).filter((f) => f.id === referenceId).map((f) => f.line);
        s.ours += mine.length;
        s.reference += theirs.length;
        const left = [...theirs];
        for (const l of mine) {
          const i = left.indexOf(l);
          if (i >= 0) {
            left.splice(i, 1);
            s.tp++;
          } else s.misses.push(`${c.file}:${l} ours`);
        }
        for (const l of left) s.misses.push(`${c.file}:${l} ${TOOL_OF[language]}`);
      }
      s.precision = s.ours ? s.tp / s.ours : null;
      s.recall = s.reference ? s.tp / s.reference : null;
      scores.push(s);
    }
  }
  return scores;
}

const LABEL: Record<RefLanguage, string> = { c: 'C', cpp: 'C++', php: 'PHP', python: 'Python' };
const pct = (x: number | null) => (x === null ? '–' : x.toFixed(2));

/** The per-rule table of docs/analyzers.md. */
export function scoreTable(scores: readonly RuleScore[]): string {
  const rows = scores.map((s) => `| ${LABEL[s.language]} | \`${s.rule}\` | ${TOOL_OF[s.language]} \`${s.referenceId}\` | ${s.ours} | ${s.reference} | ${s.tp} | ${pct(s.precision)} | ${pct(s.recall)} |`);
  return ['| Language | Our rule | Reference rule | Ours | Reference | Both | Precision | Recall |', '|---|---|---|---|---|---|---|---|', ...rows].join('\n');
}
