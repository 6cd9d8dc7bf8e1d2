// "Nice" axis ticks (1, 2 or 5 × 10^k steps, as d3's ticks), so charts read 0.4, 0.5, 0.6 rather than
// 0.45, 0.60, 0.75 or −0.05, 1.05, and never "-0.0".

/** Ticks covering [lo, hi] with about `count` intervals; the first tick ≤ lo and the last ≥ hi. */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (lo > hi) [lo, hi] = [hi, lo];
  if (lo === hi) {
    const pad = lo === 0 ? 1 : Math.abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw * 0.999) ?? 10 * mag;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 2);
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(Number((i * step).toFixed(digits)) + 0); // + 0 turns −0 into 0
  return out;
}

/** Decimals needed to tell the ticks apart (0.25 steps need 2, 0.1 steps 1). */
export function tickDigits(ticks: readonly number[]): number {
  if (ticks.length < 2) return 1;
  const step = Math.abs(ticks[1] - ticks[0]);
  for (let d = 0; d <= 6; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 6;
}

/** A tick label that never reads "-0.0". */
export function tickLabel(v: number, digits: number): string {
  const s = v.toFixed(digits);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s;
}
