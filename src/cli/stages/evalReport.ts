// What `crscore eval` prints: its result's shape, shared by the paper and plus presets, and the table.
import { DIMENSIONS, type Agreement, type CorrelationPair } from '../../core/evaluate.ts';
import type { SplitMode } from '../../core/types.ts';
import { fmt, fmtP } from '../shared/io.ts';
import type { pseudoRefsSummary } from '../pseudorefs/pseudoRefs.ts';
import type { LinksSummary } from './evalLinks.ts';

export interface EvalResult {
  tau: number;
  n: number;
  correlations: Record<
    string,
    { spearman: number; kendall: number; spearmanP: number; kendallP: number }
  >;
  systemRanking: {
    spearman: number;
    kendall: number;
    spearmanP: number;
    kendallP: number;
    systems: Agreement['systemRanking']['systems'];
  };
  byLanguage: Record<
    string,
    { n: number; rel: { spearman: number; kendall: number; spearmanP: number; kendallP: number } }
  >;
  calibration: { system: string; tau: number; sd: number; sentences: number } | null;
  counts: {
    diffs: number;
    skippedDiffs: number;
    reviews: number;
    reviewsWithHumanScores: number;
    badLines: number;
  };
  config: {
    dataset: string;
    similarity: string;
    split: SplitMode;
    encoder: string | null;
    pooling: string | null;
    tauSource: 'option' | 'calibration' | 'fixed' | 'linker';
    calibrateOn: string | null;
    preset?: 'paper' | 'plus' | 'learned';
    scoring?: 'hard' | 'graded';
  };
  /** Where the pseudo-references came from and what making them cost. */
  pseudoRefs?: ReturnType<typeof pseudoRefsSummary>;
  /** --similarity llm-links: the model, the prompt and what the links cost. */
  llmLinks?: LinksSummary;
}

export function flat(c: CorrelationPair) {
  return {
    spearman: c.spearman.r,
    kendall: c.kendall.r,
    spearmanP: c.spearman.p,
    kendallP: c.kendall.p,
  };
}

export function renderTable(r: EvalResult): string {
  const lines: string[] = [];
  const c = r.config;
  lines.push(`CRScore eval: ${c.dataset}`);
  lines.push(
    `similarity ${c.similarity}${c.encoder ? ` (${c.encoder}${c.pooling ? `, pooling ${c.pooling}` : ''})` : ''}${c.scoring ? `, scoring ${c.scoring}` : ''}, split ${c.split}`,
  );
  lines.push(
    r.calibration
      ? `τ = ${fmt(r.tau)} (paper's calibration on ${r.calibration.system}: mean best similarity of ${r.calibration.sentences} sentences, sd ${fmt(r.calibration.sd)})`
      : c.tauSource === 'fixed'
        ? `τ = ${fmt(r.tau)} (fixed: llm-links' cells are 0 or 1, so τ has no effect)`
        : `τ = ${fmt(r.tau)} (${c.tauSource === 'linker' ? "the linker's probability threshold, used by its hard rule" : 'given'})`,
  );
  lines.push(
    `diffs ${r.counts.diffs} (${r.counts.skippedDiffs} without pseudo-references skipped), reviews scored ${r.counts.reviews}, with human scores n = ${r.n}`,
  );
  lines.push('');
  lines.push('        Spearman  p         Kendall   p');
  for (const d of DIMENSIONS) {
    const x = r.correlations[d];
    lines.push(
      `${d.padEnd(6)}  ${fmt(x.spearman).padStart(8)}  ${fmtP(x.spearmanP).padEnd(8)}  ${fmt(x.kendall).padStart(7)}   ${fmtP(x.kendallP)}`,
    );
  }
  lines.push('');
  const s = r.systemRanking;
  lines.push(
    `System ranking (mean Rel per system vs mean human Rel, ${s.systems.length} systems): Spearman ${fmt(s.spearman)} (p ${fmtP(s.spearmanP)}), Kendall ${fmt(s.kendall)} (p ${fmtP(s.kendallP)})`,
  );
  const byMetric = [...s.systems].sort((a, b) => b.metricRel - a.metricRel);
  const humanOrder = [...s.systems].sort((a, b) => b.humanRel - a.humanRel).map((x) => x.system);
  lines.push('  rank  system                 mean Rel  human Rel  human rank    n');
  byMetric.forEach((x, k) => {
    lines.push(
      `  ${String(k + 1).padStart(4)}  ${x.system.padEnd(21)}  ${fmt(x.metricRel).padStart(8)}  ${fmt(x.humanRel).padStart(9)}  ${String(humanOrder.indexOf(x.system) + 1).padStart(10)}  ${String(x.n).padStart(3)}`,
    );
  });
  lines.push('');
  lines.push('Rel by language:');
  for (const [lang, v] of Object.entries(r.byLanguage)) {
    lines.push(
      `  ${lang.padEnd(5)} n = ${String(v.n).padStart(4)}  Spearman ${fmt(v.rel.spearman)}  Kendall ${fmt(v.rel.kendall)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
