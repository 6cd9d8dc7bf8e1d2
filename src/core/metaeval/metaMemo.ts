// What a meta-evaluation computed, kept for the next one (metaPool.ts takes it as PoolOptions.memo):
//  - a metric's unit (tie calibration, point statistics, bootstrap, cross-validated ε, SPA) depends only on its
//    reviews (x, h, change, system) and on the grouping, resamples, seed, folds and the numbers of changes and
//    systems: the four statistics come from one bootstrap, so a change of ranking statistic, a metric added or
//    a configuration seen before reuse every unit already computed;
//  - a pair's PERM-BOTH p depends on the two metrics' reviews and ε, the grouping, the statistic and the
//    permutations (resamples, seed, changes).
// Keys are the settings and a hash of the reviews; a hit is checked against the stored reviews element by element,
// so a collision can never hand back another metric's figures. The figures are the ones a fresh run gives, to the
// bit (metaMemo.test.ts).
import type { MetaPlan, MetricBase, MetricUnit } from './metaPlan.ts';

interface Entry<T> {
  base: MetricBase;
  other?: MetricBase;
  value: T;
}

export interface MetaMemo {
  units: Map<string, Entry<MetricUnit>>;
  perms: Map<string, Entry<number>>;
  /** Entries kept in each map; the oldest go first. */
  limit: number;
}

export function metaMemo(limit = 512): MetaMemo {
  return { units: new Map(), perms: new Map(), limit };
}

const hashes = new WeakMap<MetricBase, string>();

/** FNV-1a-like hashes over the words of the base's arrays: the key's part that names the reviews. */
function baseHash(b: MetricBase): string {
  const known = hashes.get(b);
  if (known) return known;
  let h1 = 0x811c9dc5, h2 = 0x01000193 ^ b.x.length;
  // Word by word (the arrays are 4- or 8-byte elements, so their views are aligned).
  for (const a of [b.x, b.h, b.change, b.system]) {
    const words = new Uint32Array(a.buffer, a.byteOffset, a.byteLength >> 2);
    for (let i = 0; i < words.length; i++) {
      h1 = Math.imul(h1 ^ words[i], 0x01000193);
      h2 = Math.imul(h2 ^ words[i], 0x5bd1e995) ^ (h2 >>> 15);
    }
  }
  const key = `${(h1 >>> 0).toString(36)}.${(h2 >>> 0).toString(36)}.${b.x.length}`;
  hashes.set(b, key);
  return key;
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  // Object.is: NaN equals NaN, and -0 is not 0 (the figures could differ).
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

// The dimension is in h already; the unit does not depend on the metric's name.
const sameBase = (a: MetricBase, b: MetricBase) =>
  sameArray(a.x, b.x) && sameArray(a.h, b.h) && sameArray(a.change, b.change) && sameArray(a.system, b.system);

const settings = (p: MetaPlan) => `${p.grouping}|${p.total}|${p.seed}|${p.folds}|${p.C}|${p.S}`;

function put<T>(map: Map<string, Entry<T>>, limit: number, key: string, e: Entry<T>): void {
  map.delete(key);
  map.set(key, e);
  while (map.size > limit) map.delete(map.keys().next().value!);
}

/** The memo's key of metric k's unit under this plan. */
export const unitKey = (p: MetaPlan, k: number) => `${settings(p)}|${baseHash(p.bases[k])}`;

export function memoUnit(memo: MetaMemo, p: MetaPlan, k: number, key = unitKey(p, k)): MetricUnit | undefined {
  const e = memo.units.get(key);
  return e && sameBase(e.base, p.bases[k]) ? e.value : undefined;
}

export function keepUnit(memo: MetaMemo, p: MetaPlan, k: number, unit: MetricUnit, key = unitKey(p, k)): void {
  put(memo.units, memo.limit, key, { base: p.bases[k], value: unit });
}

const permKey = (p: MetaPlan, ia: number, ib: number, ea: number, eb: number) =>
  `${settings(p)}|${p.stat}|${baseHash(p.bases[ia])}|${baseHash(p.bases[ib])}|${ea}|${eb}`;

/** PERM-BOTH's p of metrics ia and ib at ε ea and eb, if a run computed it. */
export function memoPerm(memo: MetaMemo, p: MetaPlan, ia: number, ib: number, ea: number, eb: number): number | undefined {
  const e = memo.perms.get(permKey(p, ia, ib, ea, eb));
  return e && sameBase(e.base, p.bases[ia]) && sameBase(e.other!, p.bases[ib]) ? e.value : undefined;
}

export function keepPerm(memo: MetaMemo, p: MetaPlan, ia: number, ib: number, ea: number, eb: number, value: number): void {
  put(memo.perms, memo.limit, permKey(p, ia, ib, ea, eb), { base: p.bases[ia], other: p.bases[ib], value });
}
