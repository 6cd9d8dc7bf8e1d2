// Measures the PMD port against the study's saved PMD output on the 50 Java dev rows (new_code,
// unfiltered; a match is the same line and rule). Needs ../shared/data; skipped without it.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { analyzeJava } from './java.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';
import { JAVA_RULES } from './java/rules/index.ts';
import {
  compareWithReference,
  mergeCounts,
  parsePmdText,
  precision,
  recall,
  totalCounts,
  type RuleCounts,
} from './java/reference.ts';

const DEV = new URL('../../../shared/data/crscore-human-study/dev.jsonl', import.meta.url);
const hasData = existsSync(DEV);
if (!hasData) console.warn(`skipping PMD reference comparison: ${DEV.pathname} not found`);

interface Row {
  id: string;
  lang: string;
  new_code: string;
  reference_analyzer_output: string | null;
}

describe.skipIf(!hasData)('PMD port vs the study reference output (Java dev rows)', () => {
  test('precision and recall per rule', async () => {
    const rows = (
      readFileSync(DEV, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l)) as Row[]
    ).filter((r) => r.lang === 'java' && r.reference_analyzer_output !== null);
    const counts = new Map<string, RuleCounts>();
    let exact = 0;
    let sameText = 0;
    let exactText = 0;
    for (const row of rows) {
      const warnings = await analyzeJava(row.new_code, nodeTreeSitterAssets());
      const reference = parsePmdText(row.reference_analyzer_output!);
      const c = compareWithReference(warnings, reference);
      mergeCounts(counts, c);
      const t = totalCounts(c);
      if (t.truePositives === t.predicted && t.truePositives === t.reference) exact++;
      // The full PMD text line (line, rule and message) as the CLI prints it.
      const left = new Map<string, number>();
      for (const r of reference)
        left.set(
          `${r.line}:\t${r.rule}:\t${r.message}`,
          (left.get(`${r.line}:\t${r.rule}:\t${r.message}`) ?? 0) + 1,
        );
      let same = 0;
      for (const w of warnings) {
        const key = `${w.line}:\t${w.rule}:\t${w.message}`;
        if ((left.get(key) ?? 0) > 0) {
          left.set(key, left.get(key)! - 1);
          same++;
        }
      }
      sameText += same;
      if (same === warnings.length && same === reference.length) exactText++;
    }
    const implemented = new Set(JAVA_RULES.map((r) => r.name));
    const pct = (x: number) => (100 * x).toFixed(1).padStart(5);
    const lines = [...counts]
      .sort((a, b) => b[1].reference - a[1].reference)
      .map(
        ([rule, c]) =>
          `${rule.padEnd(46)} ${implemented.has(rule) ? 'yes' : ' no'} ref ${String(c.reference).padStart(3)} ours ${String(c.predicted).padStart(3)} tp ${String(c.truePositives).padStart(3)}  P ${pct(precision(c))}  R ${pct(recall(c))}`,
      );
    const all = totalCounts(counts);
    const mine = totalCounts(counts, implemented);
    console.log(
      [
        ...lines,
        `overall (all reference rules): P ${pct(precision(all))}  R ${pct(recall(all))}  (tp ${all.truePositives}, ours ${all.predicted}, ref ${all.reference})`,
        `implemented rules only:        P ${pct(precision(mine))}  R ${pct(recall(mine))}  (tp ${mine.truePositives}, ours ${mine.predicted}, ref ${mine.reference})`,
        `rows reproduced exactly (line+rule): ${exact}/${rows.length}; with identical text lines: ${exactText}/${rows.length}`,
        `matches whose message is also identical: ${sameText}/${all.truePositives}`,
      ].join('\n'),
    );
    expect(rows.length).toBe(50);
    // Floors well under the measured figures, so that a regression fails the test.
    expect(precision(all)).toBeGreaterThan(0.95);
    expect(recall(all)).toBeGreaterThan(0.9);
    expect(sameText).toBe(all.truePositives);
  });
});
