// `crscore eval`'s link-level results: the metric's links against the annotators' (`links`) and the oracle's
// agreement with the humans (`oracle`), from the same core stage Research runs (src/core/research/links.ts).
import { writeOutputSync } from '../shared/io.ts';
import { bootstrap, type BootstrapReport } from '../../core/bootstrap.ts';
import { reviewRecords } from '../../core/evalRecords.ts';
import type { EvalItem } from '../../core/evaluate.ts';
import { formatLinkTable, linkRuleText } from '../../core/linkTables.ts';
import type { LinkAgreementReport, LinkAgreementRow } from '../../core/links/agreement.ts';
import type { LinkRule } from '../../core/links/links.ts';
import { metricLinkStage, oracle, reviewLinkResults, type LinkCase, type LinkStage, type Oracle } from '../../core/research/links.ts';
import type { SimilarityMatrix } from '../../core/types.ts';
import type { IntervalOptions } from './evalIntervals.ts';
import { flat } from './evalReport.ts';
import { fmt } from '../shared/io.ts';

type Ci = [number, number] | null;
type Row = Omit<LinkAgreementRow, 'precisionCi' | 'recallCi' | 'f1Ci'> & { precisionCi: Ci; recallCi: Ci; f1Ci: Ci };

export interface EvalLinks {
  links:
    | { available: false; reason: string }
    | {
        available: true;
        rule: LinkRule;
        bootstrap: { resamples: number; seed: number; level: number; changes: number };
        unrecorded: number;
        overall: Row;
        bySystem: Row[];
        byLanguage: Row[];
        byType: Row[];
        /** The worst-agreeing reviews with the links only the metric made and those only the annotators made. */
        worst: LinkCase[];
      };
  oracle: null | {
    reviews: number;
    n: number;
    correlations: Record<'con' | 'comp' | 'rel', ReturnType<typeof flat> & { spearmanCi: Ci; kendallCi: Ci }>;
    systemRanking: ReturnType<typeof flat>;
  };
}

/** Both link-level results of a run: matrices and the scoring rule's links in, JSON-ready figures out. */
export function evalLinkAgreement(
  items: readonly EvalItem[],
  matrices: readonly SimilarityMatrix[],
  rule: LinkRule,
  o: IntervalOptions,
): EvalLinks {
  const st = metricLinkStage(items, matrices, rule, linkStageOptions(o));
  const or = oracle(items);
  return linkFigures(st, or, or && bootstrap(reviewRecords(or.items, or.scores), { resamples: o.resamples, seed: o.seed, correlationsOnly: true }));
}

export const linkStageOptions = (o: IntervalOptions) => ({ resamples: o.resamples, seed: o.seed, worst: 10 });

/** The JSON-ready figures from a finished link stage and the oracle with its (correlations-only) bootstrap. */
export function linkFigures(st: LinkStage, or: Oracle | null, b: BootstrapReport | null): EvalLinks {
  const row = (x: LinkAgreementRow): Row => {
    const ci = (c: [number, number]): Ci => (st.available && st.report.resamples > 0 && Number.isFinite(c[0]) ? c : null);
    return { ...x, precisionCi: ci(x.precisionCi), recallCi: ci(x.recallCi), f1Ci: ci(x.f1Ci) };
  };
  const links: EvalLinks['links'] = st.available
    ? {
        available: true,
        rule: st.rule,
        bootstrap: { resamples: st.report.resamples, seed: st.report.seed, level: st.report.level, changes: st.report.changes },
        unrecorded: st.report.unrecorded,
        overall: row(st.report.overall),
        bySystem: st.report.bySystem.map(row),
        byLanguage: st.report.byLanguage.map(row),
        byType: st.report.byType.map(row),
        worst: st.worst,
      }
    : { available: false, reason: st.reason };
  let oracleOut: EvalLinks['oracle'] = null;
  if (or && b) {
    const ci = (c: [number, number]): Ci => (b.resamples > 0 ? c : null);
    const a = or.agreement;
    oracleOut = {
      reviews: or.reviews,
      n: a.n,
      correlations: {
        con: { ...flat(a.correlations.con), spearmanCi: ci(b.correlations.con.spearmanCi), kendallCi: ci(b.correlations.con.kendallCi) },
        comp: { ...flat(a.correlations.comp), spearmanCi: ci(b.correlations.comp.spearmanCi), kendallCi: ci(b.correlations.comp.kendallCi) },
        rel: { ...flat(a.correlations.rel), spearmanCi: ci(b.correlations.rel.spearmanCi), kendallCi: ci(b.correlations.rel.kendallCi) },
      },
      systemRanking: flat(a.systemRanking),
    };
  }
  return { links, oracle: oracleOut };
}

/** The link agreement table, the oracle row and the worst reviews, as text for the terminal. */
export function renderLinks(r: EvalLinks, crscoreRel?: number): string {
  const lines: string[] = [];
  const L = r.links;
  if (!L.available) lines.push(`Links: ${L.reason}`);
  else {
    // The JSON's rows back into the core report's shape (no interval: NaN), for the shared table renderer.
    const back = (x: Row): LinkAgreementRow => ({
      ...x,
      precisionCi: x.precisionCi ?? [NaN, NaN],
      recallCi: x.recallCi ?? [NaN, NaN],
      f1Ci: x.f1Ci ?? [NaN, NaN],
    });
    const report: LinkAgreementReport = {
      ...L.bootstrap,
      overall: back(L.overall),
      bySystem: L.bySystem.map(back),
      byLanguage: L.byLanguage.map(back),
      byType: L.byType.map(back),
      reviews: [],
      unrecorded: L.unrecorded,
    };
    lines.push(formatLinkTable(report, L.rule, 'text').trimEnd());
    lines.push('', `Worst-agreeing reviews (links by ${linkRuleText(L.rule)}):`);
    for (const w of L.worst.slice(0, 5)) {
      lines.push(`  ${w.changeId}  ${w.system}  F1 ${w.f1 === null ? '—' : fmt(w.f1)}`);
      for (const d of w.metricOnly) lines.push(`    metric only (${fmt(d.strength)}): ${d.text}${d.sentence ? `  ← "${d.sentence}"` : ''}`);
      for (const d of w.annotatorOnly) lines.push(`    annotators only: ${d.text}`);
    }
  }
  if (r.oracle) {
    const c = r.oracle.correlations;
    const ci = (x: Ci) => (x ? ` [${fmt(x[0])}, ${fmt(x[1])}]` : '');
    lines.push(
      '',
      `Oracle (Con, Comp, Rel from the annotators' links; ${r.oracle.reviews} reviews with links, n = ${r.oracle.n} with human scores):`,
      `  Spearman Con ${fmt(c.con.spearman)}${ci(c.con.spearmanCi)}  Comp ${fmt(c.comp.spearman)}${ci(c.comp.spearmanCi)}  Rel ${fmt(c.rel.spearman)}${ci(c.rel.spearmanCi)}` +
        (crscoreRel !== undefined ? `  (CRScore Rel ${fmt(crscoreRel)})` : ''),
      `  system ranking Spearman ${fmt(r.oracle.systemRanking.spearman)}, Kendall ${fmt(r.oracle.systemRanking.kendall)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export const LINKS_OUT_USAGE = `  --links-out FILE          write every review's links as JSONL: per sentence the pseudo-references it
                            credits with their strength, per pseudo-reference the review's, and the annotators'
`;

/** `--links-out FILE`: the links themselves, one review a line, for any analysis outside this tool. */
export function writeLinks(file: string, items: readonly EvalItem[], matrices: readonly SimilarityMatrix[], rule: LinkRule): void {
  const lines = reviewLinkResults(items, matrices, rule).map((r) => JSON.stringify({ ...r, rule }));
  writeOutputSync(file, lines.length ? `${lines.join('\n')}\n` : '', '--links-out');
}
