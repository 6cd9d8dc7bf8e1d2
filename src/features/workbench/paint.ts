// Paints the P×R heatmap on a 2D canvas. Pure drawing from (matrix, τ, view state) so the slider only
// repaints; the returned summary says exactly what was drawn (tests and the bench read it).
// Cells, gaps and the "> τ" outlines are written straight into an ImageData at device resolution (one
// memcpy per pixel row): at 60×40 that is far cheaper for Chromium than thousands of anti-aliased strokes.
import { credit, type Ramp } from '../../core/plus/score';
import type { Scores, SimilarityMatrix } from '../../core/types';
import { colourIndex, LUT, scaleDomain } from './palette';
import { ANNOTATOR_COLOUR, paintAnnotatorRows, type RowMarks } from './paintLinks';

export interface Layout {
  left: number;
  top: number;
  cellW: number;
  cellH: number;
  width: number;
  height: number;
}

export const LABEL_LEFT = 36;
export const LABEL_TOP = 22;

/** `reserved`: width beside the canvas taken by something else (the link columns' own canvas). */
export function layoutFor(rows: number, cols: number, availableWidth: number, reserved = 0): Layout {
  const cellW = Math.max(8, Math.min(44, Math.floor((availableWidth - reserved - LABEL_LEFT - 4) / Math.max(1, cols))));
  const cellH = Math.max(9, Math.min(30, Math.floor(560 / Math.max(1, rows)), cellW));
  return { left: LABEL_LEFT, top: LABEL_TOP, cellW, cellH, width: LABEL_LEFT + cols * cellW + 4, height: LABEL_TOP + rows * cellH + 4 };
}

export interface Cell {
  row: number;
  col: number;
}

export interface PaintState {
  tau: number;
  scores: Scores;
  pinned: Cell | null;
  hover: Cell | null;
  /** Each row's pseudo-reference kind, for the label colour. */
  rowKinds: string[];
  /** Device pixel ratio the canvas was sized with. */
  dpr: number;
  /**
   * The plus preset's graded credit: full outline at credit 1 (s ≥ τ), and for partial credit
   * (τ − sd < s < τ) a bar along the cell's bottom edge as long as the credit.
   */
  ramp?: Ramp;
  /** Review-level links of the metric and the annotators, drawn by paintLinks. */
  links?: RowMarks;
}

export interface PaintSummary {
  /** Cells drawn with the "above τ" outline (plus: full credit), as "row,col". */
  outlined: string[];
  /** Plus preset: cells drawn with a partial-credit bar. */
  partial: number;
}

const KIND_COLOUR: Record<string, string> = { claim: '#3553a6', implication: '#7a3fa0', issue: '#b4541a', manual: '#2f7d4f' };
const WHITE = 0xffffffff;
const INK = 0xff271811; // #111827 as 0xAABBGGRR

/**
 * The cells at device resolution, kept between paints: a τ step rebuilds and uploads only the pixel rows of the
 * cell rows whose colour, outline or credit bar changed (a keyboard step moves few cells across a palette step),
 * and a hover or a pin, which change no cell, upload nothing. The marks, boxes and labels are drawn over it.
 */
interface CellLayer {
  matrix: SimilarityMatrix;
  key: string;
  canvas: OffscreenCanvas | HTMLCanvasElement;
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  image: ImageData;
  /** Per cell: what its pixels show (palette index, outline, credit bar length); -1 before the first paint. */
  code: Int32Array;
  lo: number;
  hi: number;
}

let layer: CellLayer | null = null;
let labels: { key: string; canvas: OffscreenCanvas | HTMLCanvasElement } | null = null;

function cellLayer(m: SimilarityMatrix, W: number, H: number, key: string): CellLayer | null {
  if (layer && layer.matrix === m && layer.key === key) return layer;
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(W, H) : Object.assign(document.createElement('canvas'), { width: W, height: H });
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) return null;
  const [lo, hi] = scaleDomain(m.data);
  layer = { matrix: m, key, canvas, ctx, image: ctx.createImageData(W, H), code: new Int32Array(m.rows * m.cols).fill(-1), lo, hi };
  return layer;
}

export function paintHeatmap(ctx: CanvasRenderingContext2D, m: SimilarityMatrix, L: Layout, st: PaintState): PaintSummary {
  const { rows, cols, data } = m;
  const { left, top, cellW, cellH } = L;
  const dpr = st.dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const outlined: string[] = [];
  let partial = 0;
  const ramp = st.ramp;

  // Device-pixel cell boundaries.
  const xs = Array.from({ length: cols + 1 }, (_, j) => Math.round((left + j * cellW) * dpr));
  const ys = Array.from({ length: rows + 1 }, (_, i) => Math.round((top + i * cellH) * dpr));
  const W = xs[cols] - xs[0];
  const H = ys[rows] - ys[0];
  const cells = W > 0 && H > 0 ? cellLayer(m, W, H, `${cellW}|${cellH}|${dpr}|${rows}|${cols}|${ramp ? 'ramp' : 'hard'}`) : null;
  const lo = cells?.lo ?? 0;
  const hi = cells?.hi ?? 1;
  if (cells) {
    const { image, code } = cells;
    const px = new Uint32Array(image.data.buffer);
    const edge = new Uint32Array(W);
    const mid = new Uint32Array(W);
    const gap = new Uint32Array(W).fill(WHITE);
    const bar = ramp ? new Uint32Array(W) : null;
    const t = Math.max(1, Math.round((cellW >= 12 ? 2 : 1) * dpr));
    let dirtyFrom = rows;
    let dirtyTo = -1;
    for (let i = 0; i < rows; i++) {
      // What each cell of the row shows now; the row's pixels are rebuilt only if one of them changed.
      let changed = false;
      for (let j = 0; j < cols; j++) {
        const v = data[i * cols + j];
        const k = colourIndex(v, st.tau, lo, hi);
        const c = ramp ? credit(v, ramp) : 0;
        const above = ramp ? c >= 1 : v > st.tau; // strict, as in the metric
        if (above) outlined.push(`${i},${j}`);
        const barLen = ramp && !above && c > 0 ? Math.max(1, Math.round(c * (xs[j + 1] - xs[j] - 1))) : 0;
        if (barLen) partial++;
        const now = k | (above ? 1 << 12 : 0) | (barLen << 13);
        if (code[i * cols + j] !== now) {
          code[i * cols + j] = now;
          changed = true;
        }
      }
      if (!changed) continue;
      dirtyFrom = Math.min(dirtyFrom, i);
      dirtyTo = i;
      for (let j = 0; j < cols; j++) {
        const cc = code[i * cols + j];
        const colour = LUT.rgba[cc & 0xfff];
        const above = (cc & (1 << 12)) !== 0;
        const barLen = cc >>> 13;
        const a = xs[j] - xs[0];
        const b = xs[j + 1] - xs[0] - 1; // last column of the cell is the white gap
        if (bar) {
          bar.fill(above ? INK : colour, a, b);
          if (barLen) bar.fill(INK, a, a + barLen);
          bar[b] = WHITE;
        }
        edge.fill(above ? INK : colour, a, b);
        mid.fill(colour, a, b);
        if (above) {
          mid.fill(INK, a, Math.min(b, a + t));
          mid.fill(INK, Math.max(a, b - t), b);
        }
        edge[b] = WHITE;
        mid[b] = WHITE;
      }
      const y0 = ys[i] - ys[0];
      const y1 = ys[i + 1] - ys[0] - 1; // last row of the cell is the white gap
      for (let y = y0; y < y1; y++) px.set(bar && y1 - y <= t ? bar : y - y0 < t || y1 - y <= t ? edge : mid, y * W);
      px.set(gap, y1 * W);
    }
    // Only the band of rows that changed goes up to the layer.
    if (dirtyTo >= 0) {
      const y0 = ys[dirtyFrom] - ys[0];
      cells.ctx.putImageData(cells.image, 0, 0, 0, y0, W, ys[dirtyTo + 1] - ys[0] - y0);
    }
    ctx.drawImage(cells.canvas, xs[0], ys[0]);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  // Best matches: a dot for each row's best, a ring for each column's best.
  const r = Math.max(1.5, Math.min(cellW, cellH) * 0.16);
  const mark = (i: number, j: number, ring: boolean) => {
    const k = colourIndex(data[i * cols + j], st.tau, lo, hi);
    const ink = LUT.light[k] > 60 ? '#111827' : '#ffffff';
    const cx = left + j * cellW + (cellW - 1) / 2;
    const cy = top + i * cellH + (cellH - 1) / 2;
    ctx.beginPath();
    if (ring) {
      ctx.strokeStyle = ink;
      ctx.lineWidth = 1.25;
      ctx.arc(cx, cy, r * 2, 0, Math.PI * 2);
      ctx.stroke();
    } else {
      ctx.fillStyle = ink;
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
    }
  };
  st.scores.bestForPseudoReference.forEach((b, i) => b.index >= 0 && mark(i, b.index, false));
  st.scores.bestForSentence.forEach((b, j) => b.index >= 0 && mark(b.index, j, true));

  // Hover and pin.
  const box = (c: Cell, colour: string, w: number) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = w;
    ctx.strokeRect(left + c.col * cellW - 1, top + c.row * cellH - 1, cellW + 1, cellH + 1);
  };
  if (st.hover) box(st.hover, '#6b7280', 2);
  if (st.pinned) {
    box(st.pinned, '#f59e0b', 3);
    ctx.fillStyle = 'rgba(245,158,11,0.12)';
    ctx.fillRect(left, top + st.pinned.row * cellH, cols * cellW, cellH - 1);
    ctx.fillRect(left + st.pinned.col * cellW, top, cellW - 1, rows * cellH);
  }


  // Labels only change with the layout: drawn once into their own canvas, then copied.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(labelLayer(rows, cols, L, st), 0, 0);
  return { outlined, partial };
}

function labelLayer(rows: number, cols: number, L: Layout, st: PaintState) {
  const annotated = st.links?.annotator;
  const key = `${rows}|${cols}|${L.cellW}|${L.cellH}|${L.width}|${L.height}|${st.dpr}|${st.rowKinds.join(',')}|${annotated ? Array.from(annotated).join('') : '-'}`;
  if (labels?.key === key) return labels.canvas;
  const w = Math.round(L.width * st.dpr);
  const h = Math.round(L.height * st.dpr);
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(w, h) : Object.assign(document.createElement('canvas'), { width: w, height: h });
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (ctx) {
    ctx.setTransform(st.dpr, 0, 0, st.dpr, 0, 0);
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    const rowEvery = L.cellH >= 12 ? 1 : Math.ceil(12 / L.cellH);
    // The annotators' rows: a bar left of the label (every such row, even where its label is skipped).
    if (annotated) {
      ctx.fillStyle = ANNOTATOR_COLOUR;
      for (let i = 0; i < rows; i++) if (annotated[i] > 0) ctx.fillRect(0, L.top + i * L.cellH, 4, L.cellH - 1);
      // Their rows' outlines depend on the layout alone, so they live here and cost nothing as τ moves.
      paintAnnotatorRows(ctx, rows, cols, L, annotated);
    }
    for (let i = 0; i < rows; i += rowEvery) {
      ctx.fillStyle = KIND_COLOUR[st.rowKinds[i]] ?? '#374151';
      ctx.fillText(`P${i + 1}`, L.left - 5, L.top + i * L.cellH + L.cellH / 2);
    }
    ctx.textAlign = 'center';
    ctx.fillStyle = '#374151';
    const colEvery = L.cellW >= 22 ? 1 : Math.ceil(22 / L.cellW);
    for (let j = 0; j < cols; j += colEvery) ctx.fillText(`S${j + 1}`, L.left + j * L.cellW + L.cellW / 2, L.top / 2);
  }
  labels = { key, canvas };
  return canvas;
}

/** The cell under a point in CSS pixels, or null. */
export function cellAt(L: Layout, rows: number, cols: number, x: number, y: number): Cell | null {
  const col = Math.floor((x - L.left) / L.cellW);
  const row = Math.floor((y - L.top) / L.cellH);
  if (x < L.left || y < L.top || row < 0 || col < 0 || row >= rows || col >= cols) return null;
  return { row, col };
}
