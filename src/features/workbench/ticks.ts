// Axis ticks a reader expects: round values on a 0.1 grid that cover the data, never "-0.0" or 1.05.
export interface NiceAxis {
  domain: [number, number];
  ticks: number[];
}

const round = (x: number) => Math.round(x * 1e9) / 1e9;

/** Domain widened to the 0.1 grid around [lo, hi]; ticks every 0.2 (0.1 when the range is under 0.6), at most 8. */
export function niceAxis(lo: number, hi: number): NiceAxis {
  const a = Math.floor(round(lo * 10)) / 10;
  const b = Math.ceil(round(hi * 10)) / 10;
  const span = b - a;
  const step = span < 0.6 ? 0.1 : span <= 1.6 ? 0.2 : 0.5;
  const start = Math.ceil(round(a / step)) * step;
  const ticks: number[] = [];
  for (let t = start; t <= b + 1e-9; t += step) ticks.push(round(t) === 0 ? 0 : round(t));
  return { domain: [round(a), round(b)], ticks };
}

/** A tick label: one decimal, and 0 for −0. */
export const tickLabel = (v: number) => (Math.abs(v) < 1e-9 ? '0' : v.toFixed(1));
