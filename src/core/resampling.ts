// The bootstrap's arithmetic, apart from the reports built on it: the seeded generator, the resamples (how many
// times each change is drawn), and the kernels that turn one resample into its statistics. A statistic's plan is
// a `ResampleSpec` of plain typed arrays, so the same kernel runs on the page, in a Web Worker or a Node worker
// thread; the resamples are drawn once from the seed, in order, and shared by every statistic over the same
// changes, so any split of the resamples over threads gives the figures a single thread gives, to the last digit.
import { corrScratch, resampleCorrelations, reviewRuns, type CorrPlan } from './weightedRank.ts';

/** mulberry32 (Tommy Ettinger's 32-bit generator): small, fast, and the same stream in every JS engine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * mulberry32(seed) after `calls` draws, without drawing them (its state only advances by a constant per draw), so
 * a worker can start at resample b of a stream: mulberry32At(seed, b × clusters) draws what drawWeights would there.
 */
export function mulberry32At(seed: number, calls: number): () => number {
  return mulberry32(((seed >>> 0) + Math.imul(calls >>> 0, 0x6d2b79f5)) >>> 0);
}

/** Draws one resample of `clusters` clusters with replacement: how many times each is drawn. */
export function drawWeights(clusters: number, rng: () => number, out = new Uint32Array(clusters)): Uint32Array {
  out.fill(0);
  for (let i = 0; i < clusters; i++) out[Math.floor(rng() * clusters)]++;
  return out;
}

/** Every resample's weights, row b = resample b: the stream `drawWeights` consumes, one row after another. */
export interface Resamples {
  clusters: number;
  count: number;
  seed: number;
  /** count × clusters; a count never exceeds the clusters, so 16 bits hold it below 65,536 changes. */
  w: Uint16Array | Uint32Array;
}

/** Draws the resamples; `buffer` (e.g. a SharedArrayBuffer of resampleBytes) lets worker threads read them in place. */
export function drawResamples(clusters: number, count: number, seed: number, buffer?: ArrayBufferLike): Resamples {
  const Wide = clusters < 65536 ? Uint16Array : Uint32Array;
  const w = buffer ? new Wide(buffer as ArrayBuffer, 0, count * clusters) : new Wide(count * clusters);
  const rng = mulberry32(seed);
  const row = new Uint32Array(clusters);
  for (let b = 0; b < count; b++) w.set(drawWeights(clusters, rng, row), b * clusters);
  return { clusters, count, seed, w };
}

export function resampleBytes(clusters: number, count: number): number {
  return count * clusters * (clusters < 65536 ? 2 : 4);
}

/** One statistic family's per-resample work: `outputs` numbers per resample, written from out[at]. */
export interface ResampleKernel {
  outputs: number;
  run(w: ArrayLike<number>, out: Float64Array, at: number): void;
}

/**
 * Per-system means and the correlations with humans (bootstrap.ts). sums: per (change, system) the sums
 * con, comp, rel, n, hcon, hcomp, hrel, hn, laid out [change][system][field] so a resample reads them in order.
 */
export interface BootstrapSpec {
  kind: 'bootstrap';
  clusterIds: readonly string[];
  systems: number;
  sums: Float64Array;
  /** The change of each review with human scores; the correlation plans index those reviews. */
  scoredCluster: Int32Array;
  plans: readonly CorrPlan[];
}

/** Link totals per group (links/agreement.ts): per (change, group) tp, fp, fn, reviews, pairs. */
export interface LinkSpec {
  kind: 'links';
  clusterIds: readonly string[];
  groups: number;
  sums: Float64Array;
}

export type ResampleSpec = BootstrapSpec | LinkSpec;

const F = 8;

/** Outputs per resample: 6 means per system (con, comp, rel, then the human ones), then Spearman, Kendall per plan. */
export function bootstrapKernel(spec: BootstrapSpec): ResampleKernel {
  const S = spec.systems;
  const C = spec.clusterIds.length;
  const acc = new Float64Array(S * F);
  const scratch = spec.plans.map(corrScratch);
  // The reviews' runs of one change: the correlations read the change's weight once per run (bit-identical sums).
  const runs = reviewRuns(spec.scoredCluster);
  const { sums, plans } = spec;
  return {
    outputs: S * 6 + 2 * plans.length,
    run(w, out, at) {
      if (S > 0) {
        // Each accumulator sums its changes in ascending order, as a per-system loop would: the same rounding.
        acc.fill(0);
        for (let c = 0; c < C; c++) {
          const wc = w[c];
          if (wc === 0) continue;
          const base = c * S * F;
          for (let x = 0; x < S * F; x++) acc[x] += wc * sums[base + x];
        }
        for (let s = 0; s < S; s++) {
          const a = s * F;
          const m = at + s * 6;
          for (let f = 0; f < 3; f++) {
            out[m + f] = acc[a + 3] > 0 ? acc[a + f] / acc[a + 3] : NaN;
            out[m + 3 + f] = acc[a + 7] > 0 ? acc[a + 4 + f] / acc[a + 7] : NaN;
          }
        }
      }
      for (let d = 0; d < plans.length; d++) resampleCorrelations(plans[d], w, scratch[d], out, at + S * 6 + 2 * d, runs);
    },
  };
}

/** Outputs per resample: the groups' totals, groups × 5. */
export function linkKernel(spec: LinkSpec): ResampleKernel {
  const GF = spec.groups * 5;
  const C = spec.clusterIds.length;
  const { sums } = spec;
  return {
    outputs: GF,
    run(w, out, at) {
      out.fill(0, at, at + GF);
      for (let c = 0; c < C; c++) {
        const wc = w[c];
        if (wc === 0) continue;
        for (let x = 0; x < GF; x++) out[at + x] += wc * sums[c * GF + x];
      }
    },
  };
}

export function makeKernel(spec: ResampleSpec): ResampleKernel {
  return spec.kind === 'bootstrap' ? bootstrapKernel(spec) : linkKernel(spec);
}

/** Resamples from..to−1 of a kernel into out (row b − from), reading the shared weights. */
export function runKernel(kernel: ResampleKernel, r: Resamples, from: number, to: number, out: Float64Array): void {
  const C = r.clusters;
  for (let b = from; b < to; b++) kernel.run(r.w.subarray(b * C, (b + 1) * C), out, (b - from) * kernel.outputs);
}

/** The key under which statistics share resamples: the same changes (in order), seed and count. */
export function resampleKey(ids: readonly string[], seed: number, count: number): string {
  return `${seed}\u0001${count}\u0001${ids.join('\u0000')}`;
}

/**
 * Runs every spec on one thread; specs over the same changes share one draw of the resamples. Returns each spec's
 * draws (resamples × outputs).
 */
export function runSpecs(specs: readonly ResampleSpec[], seed: number, count: number): Float64Array[] {
  const drawn = new Map<string, Resamples>();
  return specs.map((spec) => {
    const key = resampleKey(spec.clusterIds, seed, count);
    let r = drawn.get(key);
    if (!r) drawn.set(key, (r = drawResamples(spec.clusterIds.length, count, seed)));
    const k = makeKernel(spec);
    const out = new Float64Array(count * k.outputs);
    runKernel(k, r, 0, count, out);
    return out;
  });
}
