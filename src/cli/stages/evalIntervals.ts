// `crscore eval --bootstrap N --seed S`: per-system means and correlations with bootstrap intervals over changes
// (src/core/bootstrap.ts), added to the eval result and printed as tables.
import { bootstrap, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapReport, type Estimate } from '../../core/bootstrap.ts';
import { reviewRecords } from '../../core/evalRecords.ts';
import type { EvalItem, ItemScore } from '../../core/evaluate.ts';
import { formatAgreementTable, formatPairs, formatSystemTable } from '../../core/researchTables.ts';
import { CliError } from '../shared/io.ts';

export const INTERVAL_USAGE = `  --bootstrap N             resamples of changes for the 95% intervals (default ${DEFAULT_RESAMPLES}; 0 turns them off)
  --seed S                  seed of the resampling (default ${DEFAULT_SEED})
`;

export const INTERVAL_OPTIONS = {
  bootstrap: { type: 'string' },
  seed: { type: 'string' },
} as const;

export interface IntervalOptions {
  resamples: number;
  seed: number;
}

export function parseIntervalOptions(v: { bootstrap?: string; seed?: string }): IntervalOptions {
  const int = (s: string | undefined, name: string, dflt: number, max: number) => {
    if (s === undefined) return dflt;
    const n = Number(s);
    if (s.trim() === '' || !Number.isInteger(n) || n < 0 || n > max) throw new CliError(`${name}: expected a whole number from 0 to ${max}, got "${s}"`);
    return n;
  };
  // 0 resamples turns the intervals off; above 100,000 the run takes hours for no visible gain.
  return { resamples: int(v.bootstrap, '--bootstrap', DEFAULT_RESAMPLES, 100_000), seed: int(v.seed, '--seed', DEFAULT_SEED, 2 ** 32 - 1) };
}

type Ci = [number, number];
export interface IntervalFields {
  bootstrap: { resamples: number; seed: number; level: number; changes: number };
  systems: { system: string; n: number; con: Estimate; comp: Estimate; rel: Estimate; human: BootstrapReport['systems'][number]['human'] }[];
  pairwise: BootstrapReport['pairs'];
}

type CorrelationWithCi = WithCorrelations['correlations'][string] & { spearmanCi: Ci | null; kendallCi: Ci | null };

interface WithCorrelations {
  correlations: Record<string, { spearman: number; kendall: number; spearmanP: number; kendallP: number }>;
}

/** Adds `systems`, `pairwise`, `bootstrap` and each correlation's `spearmanCi`/`kendallCi` to an eval result. */
export function withIntervals<T extends WithCorrelations>(
  out: T,
  items: readonly EvalItem[],
  scores: readonly ItemScore[],
  o: IntervalOptions,
): T & IntervalFields & { correlations: Record<string, CorrelationWithCi> } {
  return intervalFields(out, bootstrap(reviewRecords(items, scores), { resamples: o.resamples, seed: o.seed }));
}

/** The same fields from a finished bootstrap report (evalResamples.ts runs the resamples for every figure at once). */
export function intervalFields<T extends WithCorrelations>(
  out: T,
  r: BootstrapReport,
): T & IntervalFields & { correlations: Record<string, CorrelationWithCi> } {
  const ci = (x: Ci): Ci | null => (r.resamples > 0 ? x : null);
  const correlations: Record<string, CorrelationWithCi> = Object.fromEntries(
    Object.entries(out.correlations).map(([d, c]) => {
      const b = r.correlations[d as 'con' | 'comp' | 'rel'];
      return [d, { ...c, spearmanCi: b ? ci(b.spearmanCi) : null, kendallCi: b ? ci(b.kendallCi) : null }];
    }),
  );
  return {
    ...out,
    correlations,
    bootstrap: { resamples: r.resamples, seed: r.seed, level: r.level, changes: r.changes },
    systems: r.systems.map((s) => ({ system: s.system, n: s.n, con: s.con, comp: s.comp, rel: s.rel, human: s.human })),
    pairwise: r.pairs,
  };
}

/** The system table, the agreement table and the significant pairs, as text for the terminal. */
export function renderIntervals(out: IntervalFields & WithCorrelations & { n: number }): string {
  const r: BootstrapReport = {
    resamples: out.bootstrap.resamples,
    seed: out.bootstrap.seed,
    level: out.bootstrap.level,
    changes: out.bootstrap.changes,
    systems: out.systems,
    pairs: out.pairwise,
    correlations: {
      n: out.n,
      ...(Object.fromEntries(
        (['con', 'comp', 'rel'] as const).map((d) => {
          const c = out.correlations[d] as CorrelationWithCi;
          return [d, { spearman: c.spearman, kendall: c.kendall, spearmanCi: c.spearmanCi ?? [NaN, NaN], kendallCi: c.kendallCi ?? [NaN, NaN] }];
        }),
      ) as Omit<BootstrapReport['correlations'], 'n'>),
    },
  };
  return [formatSystemTable(r, 'text'), formatAgreementTable(r, 'text'), out.bootstrap.resamples > 0 ? formatPairs(r) : ''].join('\n');
}
