// Per-system aggregates of per-PR rows, with percentile bootstrap intervals over PRs (a PR keeps all of its rows
// together, as the metric's bootstrap keeps a change's reviews), and paired differences between systems read off
// the same resamples. Each evaluator says which row fields add up and which statistics are ratios of the sums:
// CodeFuse averages per-PR scores; AACR-Bench and Martian pool counts over PRs, as their own summaries do.
import { DEFAULT_RESAMPLES, DEFAULT_SEED, drawWeights, mulberry32, percentileInterval } from '../bootstrap.ts';

export interface AggregateSpec {
  /** Row fields summed over a system's PRs (`n` is added: the number of PRs). */
  sums: readonly string[];
  /** Statistics of the sums, in the order they are reported. */
  stats: Readonly<Record<string, (s: Readonly<Record<string, number>>) => number>>;
  /** The statistic paired comparisons and rankings use. */
  main: string;
}

export interface StatEstimate {
  value: number;
  lo: number;
  hi: number;
}

export interface SystemAggregate {
  system: string;
  prs: number;
  stats: Record<string, StatEstimate>;
}

export interface SystemPair {
  a: string;
  b: string;
  stat: string;
  diff: number;
  lo: number;
  hi: number;
  /** The interval of the difference excludes 0. */
  significant: boolean;
}

export interface Aggregates {
  resamples: number;
  seed: number;
  level: number;
  prs: number;
  systems: SystemAggregate[];
  pairs: SystemPair[];
}

export interface AggregateOptions {
  resamples?: number;
  seed?: number;
  level?: number;
}

type Row = { pr: string; system: string } & Record<string, unknown>;

export function aggregate(rows: readonly Row[], spec: AggregateSpec, o: AggregateOptions = {}): Aggregates {
  const resamples = o.resamples ?? DEFAULT_RESAMPLES;
  const seed = o.seed ?? DEFAULT_SEED;
  const level = o.level ?? 0.95;
  const ok = rows.filter((r) => r.error === undefined && r.skipped !== true);
  const prIds = [...new Set(ok.map((r) => r.pr))].sort();
  const prAt = new Map(prIds.map((p, k) => [p, k]));
  const systems = [...new Set(ok.map((r) => r.system))].sort();
  const fields = ['n', ...spec.sums];
  const F = fields.length;
  // Per system: a PRs × fields table of that system's sums per PR, and the PRs it has rows on (ascending).
  const bySystem = new Map(systems.map((s) => [s, [] as Row[]]));
  for (const r of ok) bySystem.get(r.system)!.push(r);
  const tables = systems.map((s) => {
    const t = new Float64Array(prIds.length * F);
    const seen = new Uint8Array(prIds.length);
    for (const r of bySystem.get(s)!) {
      const k = prAt.get(r.pr)!;
      seen[k] = 1;
      t[k * F] += 1;
      spec.sums.forEach((f, i) => (t[k * F + 1 + i] += Number(r[f] ?? 0)));
    }
    const at = Int32Array.from(prIds.keys()).filter((k) => seen[k] === 1);
    return { t, at, prs: at.length };
  });
  const statNames = Object.keys(spec.stats);
  // A resample's sums: its weights over the system's PRs (a PR without rows adds +0, which changes no sum).
  const acc = new Float64Array(F);
  const sumsOf = (t: Float64Array, at: Int32Array, w: ArrayLike<number> | null, s: Record<string, number> = {}) => {
    acc.fill(0);
    for (let a = 0; a < at.length; a++) {
      const k = at[a];
      const wk = w ? w[k] : 1;
      if (wk === 0) continue;
      for (let f = 0; f < F; f++) acc[f] += wk * t[k * F + f];
    }
    for (let i = 0; i < F; i++) s[fields[i]] = acc[i];
    return s;
  };
  const point = tables.map(({ t, at }) => sumsOf(t, at, null));
  const draws = systems.map(() => statNames.map(() => new Float64Array(resamples)));
  const rng = mulberry32(seed);
  const w = new Uint32Array(prIds.length);
  // One record of sums, refilled for every resample and system (its shape stays the same, so reading it is fast).
  const s: Record<string, number> = {};
  const stats = statNames.map((name) => spec.stats[name]);
  for (let b = 0; b < resamples; b++) {
    drawWeights(prIds.length, rng, w);
    for (let si = 0; si < tables.length; si++) {
      sumsOf(tables[si].t, tables[si].at, w, s);
      for (let j = 0; j < stats.length; j++) draws[si][j][b] = s.n > 0 ? stats[j](s) : NaN;
    }
  }
  const out: SystemAggregate[] = systems.map((system, si) => {
    const stats: Record<string, StatEstimate> = {};
    statNames.forEach((name, j) => {
      const [lo, hi] = percentileInterval(draws[si][j], level);
      stats[name] = { value: spec.stats[name](point[si]), lo, hi };
    });
    return { system, prs: tables[si].prs, stats };
  });
  const mj = statNames.indexOf(spec.main);
  const pairs: SystemPair[] = [];
  for (let a = 0; a < systems.length; a++)
    for (let b = a + 1; b < systems.length; b++) {
      const d = draws[a][mj].map((x, k) => x - draws[b][mj][k]);
      const [lo, hi] = percentileInterval(d, level);
      pairs.push({ a: systems[a], b: systems[b], stat: spec.main, diff: out[a].stats[spec.main].value - out[b].stats[spec.main].value, lo, hi, significant: lo > 0 || hi < 0 });
    }
  return { resamples, seed, level, prs: prIds.length, systems: out, pairs };
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const hm = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);

export const CODEFUSE_AGGREGATE: AggregateSpec = {
  sums: ['score', 'precision', 'recall', 'f1', 'average_location_similarity', 'average_description_similarity'],
  stats: {
    score: (s) => s.score / s.n,
    precision: (s) => s.precision / s.n,
    recall: (s) => s.recall / s.n,
    f1: (s) => s.f1 / s.n,
    average_location_similarity: (s) => s.average_location_similarity / s.n,
    average_description_similarity: (s) => s.average_description_similarity / s.n,
  },
  main: 'score',
};

export const AACR_AGGREGATE: AggregateSpec = {
  sums: ['positive_expected_nums', 'total_generated_nums', 'positive_match_nums', 'positive_line_match_nums', 'unmatched_nums'],
  stats: {
    positive_match_rate: (s) => ratio(s.positive_match_nums, s.total_generated_nums),
    positive_recall_rate: (s) => ratio(s.positive_match_nums, s.positive_expected_nums),
    positive_line_match_rate: (s) => ratio(s.positive_line_match_nums, s.total_generated_nums),
    positive_line_recall_rate: (s) => ratio(s.positive_line_match_nums, s.positive_expected_nums),
    unmatched_rate: (s) => ratio(s.unmatched_nums, s.total_generated_nums),
  },
  main: 'positive_recall_rate',
};

export const MARTIAN_AGGREGATE: AggregateSpec = {
  sums: ['tp', 'fp', 'fn', 'total_candidates'],
  stats: {
    precision: (s) => ratio(s.tp, s.tp + s.fp),
    recall: (s) => ratio(s.tp, s.tp + s.fn),
    f1: (s) => hm(ratio(s.tp, s.tp + s.fp), ratio(s.tp, s.tp + s.fn)),
    precision_per_candidate: (s) => ratio(s.tp, s.total_candidates),
  },
  main: 'f1',
};

export const CRSCORE_AGGREGATE: AggregateSpec = {
  sums: ['comments_addressing', 'num_comments', 'issues_found', 'num_issues'],
  stats: {
    con: (s) => ratio(s.comments_addressing, s.num_comments),
    comp: (s) => ratio(s.issues_found, s.num_issues),
    rel: (s) => hm(ratio(s.comments_addressing, s.num_comments), ratio(s.issues_found, s.num_issues)),
  },
  main: 'rel',
};
