// Compares PMD warnings with a saved PMD text report (`LINE:\tRule:\tmessage` lines, the dataset's
// reference_analyzer_output): a match is the same line and rule, counted with multiplicity.
import type { AnalyzerWarning } from '../types.ts';

export interface ReferenceLine {
  line: number;
  rule: string;
  message: string;
}

export function parsePmdText(report: string): ReferenceLine[] {
  const out: ReferenceLine[] = [];
  for (const raw of report.split('\n')) {
    const m = /^(\d+):\t(\w+):\t(.*)$/.exec(raw.trimEnd());
    if (m) out.push({ line: Number(m[1]), rule: m[2], message: m[3] });
  }
  return out;
}

export interface RuleCounts {
  truePositives: number;
  predicted: number;
  reference: number;
}

export const precision = (c: RuleCounts): number =>
  c.predicted ? c.truePositives / c.predicted : 1;
export const recall = (c: RuleCounts): number => (c.reference ? c.truePositives / c.reference : 1);

/** Per-rule counts for one file; add them up over files with `mergeCounts`. */
export function compareWithReference(
  warnings: AnalyzerWarning[],
  reference: ReferenceLine[],
): Map<string, RuleCounts> {
  const counts = new Map<string, RuleCounts>();
  const get = (rule: string): RuleCounts => {
    let c = counts.get(rule);
    if (!c) counts.set(rule, (c = { truePositives: 0, predicted: 0, reference: 0 }));
    return c;
  };
  const remaining = new Map<string, number>();
  for (const r of reference) {
    get(r.rule).reference++;
    const key = `${r.line}\t${r.rule}`;
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  for (const w of warnings) {
    const c = get(w.rule);
    c.predicted++;
    const key = `${w.line}\t${w.rule}`;
    const left = remaining.get(key) ?? 0;
    if (left > 0) {
      c.truePositives++;
      remaining.set(key, left - 1);
    }
  }
  return counts;
}

export function mergeCounts(into: Map<string, RuleCounts>, from: Map<string, RuleCounts>): void {
  for (const [rule, c] of from) {
    const t = into.get(rule) ?? { truePositives: 0, predicted: 0, reference: 0 };
    t.truePositives += c.truePositives;
    t.predicted += c.predicted;
    t.reference += c.reference;
    into.set(rule, t);
  }
}

export function totalCounts(counts: Map<string, RuleCounts>, rules?: Set<string>): RuleCounts {
  const t = { truePositives: 0, predicted: 0, reference: 0 };
  for (const [rule, c] of counts) {
    if (rules && !rules.has(rule)) continue;
    t.truePositives += c.truePositives;
    t.predicted += c.predicted;
    t.reference += c.reference;
  }
  return t;
}
