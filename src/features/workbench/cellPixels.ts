// The heatmap's cells as pixels: a pure function of (matrix, τ, ramp, grid) over a Uint32 view of an
// ImageData-like buffer, so the incremental repaint can be checked against a full one in Node.
//
// A τ step repaints only the cells whose picture changes. What a cell shows (its palette index, its "> τ"
// outline, its credit bar) is monotone in its similarity for a fixed τ, so over the cells sorted by value
// (once per matrix) each palette index is one run, found by binary search. The cells whose run differs
// between the old and the new τ, plus those in either τ's credit ramp, are the only ones whose code is
// recomputed; the palette is centred on τ, so a step still recolours a band of each colour, never all.
import { credit, type Ramp } from '../../core/plus/score';
import { colourIndex, LUT } from './palette';

export const WHITE = 0xffffffff;
export const INK = 0xff271811; // #111827 as 0xAABBGGRR

/** Device-pixel cell boundaries relative to the cell area's origin: xs has cols + 1 entries, ys rows + 1. */
export interface CellGrid {
  rows: number;
  cols: number;
  xs: ArrayLike<number>;
  ys: ArrayLike<number>;
  /** Outline thickness in device pixels. */
  t: number;
}

export const gridWidth = (g: CellGrid) => g.xs[g.cols] - g.xs[0];
export const gridHeight = (g: CellGrid) => g.ys[g.rows] - g.ys[0];

const ABOVE = 1 << 12;

/** What cell (i, j) shows: palette index | above-τ bit | credit-bar length << 13. */
export function cellCode(v: number, tau: number, lo: number, hi: number, ramp: Ramp | undefined, cellPx: number): number {
  const k = colourIndex(v, tau, lo, hi);
  const c = ramp ? credit(v, ramp) : 0;
  const above = ramp ? c >= 1 : v > tau; // strict, as in the metric
  const barLen = ramp && !above && c > 0 ? Math.max(1, Math.round(c * (cellPx - 1))) : 0;
  return k | (above ? ABOVE : 0) | (barLen << 13);
}

export const codeAbove = (code: number) => (code & ABOVE) !== 0;
export const codeHasBar = (code: number) => code >>> 13 > 0;

/** Writes cell (i, j)'s pixels for `code`, its gap column and gap row included (they are always white). */
export function writeCell(px: Uint32Array, W: number, g: CellGrid, i: number, j: number, code: number, withRamp: boolean, gaps = true) {
  const colour = LUT.rgba[code & 0xfff];
  const above = (code & ABOVE) !== 0;
  const barLen = code >>> 13;
  const x0 = g.xs[0];
  const a = g.xs[j] - x0;
  const b = g.xs[j + 1] - x0 - 1; // last column of the cell is the white gap
  const y0 = g.ys[i] - g.ys[0];
  const y1 = g.ys[i + 1] - g.ys[0] - 1; // last row of the cell is the white gap
  const t = g.t;
  const edge = above ? INK : colour;
  // Plain loops: a cell is a few pixels wide, where a fill() call per run costs more than the stores.
  for (let y = y0; y < y1; y++) {
    const row = y * W;
    if (withRamp && y1 - y <= t) {
      const barEnd = a + barLen;
      for (let x = a; x < b; x++) px[row + x] = x < barEnd ? INK : edge;
    } else if (y - y0 < t || y1 - y <= t) {
      for (let x = a; x < b; x++) px[row + x] = edge;
    } else if (above) {
      for (let x = a; x < b; x++) px[row + x] = x < a + t || x >= b - t ? INK : colour;
    } else {
      for (let x = a; x < b; x++) px[row + x] = colour;
    }
    if (gaps && b >= a) px[row + b] = WHITE;
  }
  for (let x = a, row = y1 * W; gaps && y1 >= y0 && x <= b; x++) px[row + x] = WHITE;
}

export interface Dirty {
  /** Bounding box of the repainted cells, in cell rows and columns (empty when `rowTo` < `rowFrom`). */
  rowFrom: number;
  rowTo: number;
  colFrom: number;
  colTo: number;
  /** Cells repainted. */
  cells: number;
}

/** Every cell painted from scratch: the reference the incremental repaint must equal. */
export function paintAll(px: Uint32Array, data: ArrayLike<number>, g: CellGrid, tau: number, lo: number, hi: number, ramp?: Ramp, code?: Int32Array) {
  const W = gridWidth(g);
  for (let i = 0; i < g.rows; i++)
    for (let j = 0; j < g.cols; j++) {
      const c = cellCode(data[i * g.cols + j], tau, lo, hi, ramp, g.xs[j + 1] - g.xs[j]);
      if (code) code[i * g.cols + j] = c;
      writeCell(px, W, g, i, j, c, !!ramp);
    }
}

/**
 * The cells of one matrix sorted by value, and what each currently shows. `update` moves the picture in
 * `px` from the last τ to a new one and returns the bounding box of what it repainted.
 */
export class CellPainter {
  /** Cell indices, by value ascending (NaN cells left out: they never change). */
  private readonly order: Int32Array;
  private readonly sorted: Float64Array;
  private readonly code: Int32Array;
  private last: { tau: number; ramp?: Ramp } | null = null;

  constructor(
    private readonly data: ArrayLike<number>,
    private readonly g: CellGrid,
    private readonly lo: number,
    private readonly hi: number,
    private readonly withRamp: boolean,
  ) {
    const n = g.rows * g.cols;
    const idx: number[] = [];
    for (let k = 0; k < n; k++) if (!Number.isNaN(data[k])) idx.push(k);
    idx.sort((p, q) => data[p] - data[q]);
    this.order = Int32Array.from(idx);
    this.sorted = Float64Array.from(idx, (k) => data[k]);
    this.code = new Int32Array(n).fill(-1);
  }

  /** How many cells are > τ (strict), by binary search. */
  countAbove(tau: number): number {
    return this.sorted.length - this.upper(tau);
  }

  /** The cells > τ as indices row * cols + col (ascending by value). */
  above(tau: number): Int32Array {
    return this.order.subarray(this.upper(tau));
  }

  /** First sorted position whose value is > x. */
  private upper(x: number): number {
    let a = 0;
    let b = this.sorted.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (this.sorted[m] > x) b = m;
      else a = m + 1;
    }
    return a;
  }

  /** First sorted position whose value is ≥ x. */
  private lower(x: number): number {
    let a = 0;
    let b = this.sorted.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (this.sorted[m] >= x) b = m;
      else a = m + 1;
    }
    return a;
  }

  /**
   * Start positions of the runs of (palette index, above τ) at τ, as sorted positions, ascending. Both are
   * monotone in the value for a fixed τ (IEEE subtraction, division and rounding are monotone), so each run
   * starts where the key first reaches its value: one binary search per palette index.
   */
  private runStarts(tau: number): number[] {
    const key = (p: number) => colourIndex(this.sorted[p], tau, this.lo, this.hi) * 2 + (this.sorted[p] > tau ? 1 : 0);
    const n = this.sorted.length;
    const starts: number[] = [];
    let p = 0;
    while (p < n) {
      starts.push(p);
      const kp = key(p);
      // First position after p whose key exceeds kp.
      let a = p + 1;
      let b = n;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (key(m) > kp) b = m;
        else a = m + 1;
      }
      p = a;
    }
    return starts;
  }

  /** What the last update drew: the outlined cells (as "row,col", built only when read) and the credit bars. */
  summary(): { readonly outlined: string[]; outlinedCount: number; partial: number } {
    const { code, g } = this;
    let outlinedCount = 0;
    let partial = 0;
    for (let k = 0; k < code.length; k++) {
      if (code[k] & ABOVE) outlinedCount++;
      else if (code[k] >>> 13 > 0) partial++;
    }
    let list: string[] | null = null;
    return {
      outlinedCount,
      partial,
      get outlined() {
        list ??= Array.from(code.keys())
          .filter((k) => (code[k] & ABOVE) !== 0)
          .map((k) => `${(k / g.cols) | 0},${k % g.cols}`);
        return list;
      },
    };
  }

  update(px: Uint32Array, tau: number, ramp?: Ramp): Dirty {
    const { g, data, code } = this;
    const W = gridWidth(g);
    const dirty: Dirty = { rowFrom: g.rows, rowTo: -1, colFrom: g.cols, colTo: -1, cells: 0 };
    // After the first paint the gaps are white already; `known`: the code when the caller knows it.
    const gaps = !this.last;
    const repaint = (k: number, known: number) => {
      const i = (k / g.cols) | 0;
      const j = k - i * g.cols;
      const now = known >= 0 ? known : cellCode(data[k], tau, this.lo, this.hi, ramp, g.xs[j + 1] - g.xs[j]);
      if (code[k] === now) return;
      code[k] = now;
      writeCell(px, W, g, i, j, now, this.withRamp, gaps);
      dirty.cells++;
      if (i < dirty.rowFrom) dirty.rowFrom = i;
      if (i > dirty.rowTo) dirty.rowTo = i;
      if (j < dirty.colFrom) dirty.colFrom = j;
      if (j > dirty.colTo) dirty.colTo = j;
    };
    if (!this.last) {
      for (let k = 0; k < code.length; k++) repaint(k, -1);
      this.last = { tau, ramp };
      return dirty;
    }
    const prev = this.last;
    this.last = { tau, ramp };
    if (prev.tau === tau && prev.ramp?.low === ramp?.low && prev.ramp?.high === ramp?.high) return dirty;
    // Positions whose (palette index, outline) run differs between the two τ: merge the two lists of run starts.
    const n = this.sorted.length;
    const a = this.runStarts(prev.tau);
    const b = this.runStarts(tau);
    const visit = (from: number, to: number, known = -1) => {
      for (let p = from; p < to; p++) repaint(this.order[p], known);
    };
    let ia = 0;
    let ib = 0;
    let p = 0;
    while (p < n) {
      // The segment [p, q) lies inside one run of each list: it changed unless both runs began at the same
      // place with the same key, which holds exactly when the cell at p shows the same at both τ.
      while (ia + 1 < a.length && a[ia + 1] <= p) ia++;
      while (ib + 1 < b.length && b[ib + 1] <= p) ib++;
      const q = Math.min(ia + 1 < a.length ? a[ia + 1] : n, ib + 1 < b.length ? b[ib + 1] : n);
      const v = this.sorted[p];
      const same =
        colourIndex(v, prev.tau, this.lo, this.hi) === colourIndex(v, tau, this.lo, this.hi) && v > prev.tau === v > tau;
      // Without a ramp the whole segment shows one code (no bar, whose length depends on the column).
      if (!same) visit(p, q, ramp ? -1 : cellCode(v, tau, this.lo, this.hi, undefined, 0));
      p = q;
    }
    // The credit ramps: below both lows a cell has no credit at either τ, above both highs full credit, so
    // only the values in [lowest low, highest high] can change their bar or outline.
    if (prev.ramp || ramp) {
      const rs = [prev.ramp, ramp].filter((r): r is Ramp => !!r);
      visit(this.lower(Math.min(...rs.map((r) => r.low))), this.upper(Math.max(...rs.map((r) => r.high))));
    }
    return dirty;
  }
}
