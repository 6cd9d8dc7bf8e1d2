// A diverging colour scale built in CIELAB (symmetric lightness ramp, like Crameri's 'vik'), sampled
// once into a 256-entry lookup table so painting a cell is one array read.

type Lab = [number, number, number];

// Blue (below τ) → near-white (τ) → red/orange (above τ). Lightness is symmetric about the middle so
// equal distances from τ look equally strong on both sides.
const ANCHORS: Lab[] = [
  [22, 18, -52],
  [52, 2, -42],
  [80, -4, -16],
  [97, 0, 2],
  [80, 18, 22],
  [52, 48, 42],
  [22, 38, 28],
];

function labToRgb([L, a, b]: Lab): [number, number, number] {
  // D65 white; CIE 1976 inverse, then linear sRGB → gamma.
  const fy = (L + 16) / 116;
  const fx = fy + a / 500;
  const fz = fy - b / 200;
  const inv = (t: number) => (t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29));
  const X = 0.95047 * inv(fx);
  const Y = 1.0 * inv(fy);
  const Z = 1.08883 * inv(fz);
  const lin = [3.2406 * X - 1.5372 * Y - 0.4986 * Z, -0.9689 * X + 1.8758 * Y + 0.0415 * Z, 0.0557 * X - 0.204 * Y + 1.057 * Z];
  const gamma = (c: number) => {
    const v = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
    return Math.round(Math.min(1, Math.max(0, v)) * 255);
  };
  return [gamma(lin[0]), gamma(lin[1]), gamma(lin[2])];
}

export const LUT_SIZE = 256;

/** CSS colours, packed RGBA (for ImageData) and the lightness of each entry (to pick legible marks on top). */
export const LUT: { css: string[]; rgba: Uint32Array; light: Float32Array } = (() => {
  const css: string[] = [];
  const rgba = new Uint32Array(LUT_SIZE);
  const light = new Float32Array(LUT_SIZE);
  const seg = ANCHORS.length - 1;
  for (let k = 0; k < LUT_SIZE; k++) {
    const t = (k / (LUT_SIZE - 1)) * seg;
    const i = Math.min(seg - 1, Math.floor(t));
    const f = t - i;
    const lab: Lab = [0, 1, 2].map((c) => ANCHORS[i][c] * (1 - f) + ANCHORS[i + 1][c] * f) as Lab;
    const [r, g, b] = labToRgb(lab);
    css.push(`rgb(${r},${g},${b})`);
    // ImageData is RGBA in memory order; as a little-endian Uint32 that is 0xAABBGGRR.
    rgba[k] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    light[k] = lab[0];
  }
  return { css, rgba, light };
})();

/** Domain of the scale: at least [0, 1], widened to the data (cosines can be negative). */
export function scaleDomain(data: ArrayLike<number>): [number, number] {
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < data.length; k++) {
    const v = data[k];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/** LUT index of value v, with τ at the centre: [lo, τ] fills the lower half, [τ, hi] the upper. */
export function colourIndex(v: number, tau: number, lo: number, hi: number): number {
  if (Number.isNaN(v)) return (LUT_SIZE - 1) >> 1;
  let t: number;
  if (v <= tau) t = tau > lo ? 0.5 * ((v - lo) / (tau - lo)) : 0.5;
  else t = hi > tau ? 0.5 + 0.5 * ((v - tau) / (hi - tau)) : 1;
  const k = Math.round(Math.min(1, Math.max(0, t)) * (LUT_SIZE - 1));
  return k;
}
