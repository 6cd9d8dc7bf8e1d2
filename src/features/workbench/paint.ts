// Paints the P×R heatmap on a 2D canvas. Pure drawing from (matrix, τ, view state) so the slider only
// repaints; the returned summary says exactly what was drawn (tests and the bench read it).
// Cells, gaps and the "> τ" outlines are written straight into an ImageData at device resolution
// (cellPixels.ts): far cheaper for Chromium than thousands of anti-aliased strokes.
import type { Ramp } from '../../core/plus/score';
import type { Scores, SimilarityMatrix } from '../../core/types';
import { colourIndex, LUT, scaleDomain } from './palette';
import { CellPainter, gridHeight, gridWidth, type CellGrid } from './cellPixels';
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
  /** Cells drawn with the "above τ" outline (plus: full credit), as "row,col" (built when read). */
  readonly outlined: string[];
  outlinedCount: number;
  /** Plus preset: cells drawn with a partial-credit bar. */
  partial: number;
}

const KIND_COLOUR: Record<string, string> = { claim: '#3553a6', implication: '#7a3fa0', issue: '#b4541a', manual: '#2f7d4f' };

/**
 * The cells at device resolution, kept between paints: a τ step rewrites only the cells whose colour, outline
 * or credit bar changed (cellPixels.ts finds them by binary search over the values) and uploads the box
 * around them; a hover or a pin, which change no cell, upload nothing. The marks, boxes and labels go on top.
 */
interface CellLayer {
  matrix: SimilarityMatrix;
  key: string;
  canvas: OffscreenCanvas | HTMLCanvasElement;
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  image: ImageData;
  painter: CellPainter;
  grid: CellGrid;
  lo: number;
  hi: number;
}

let layer: CellLayer | null = null;
let labels: { key: string; canvas: OffscreenCanvas | HTMLCanvasElement } | null = null;

function cellLayer(m: SimilarityMatrix, grid: CellGrid, key: string, ramp: boolean): CellLayer | null {
  if (layer && layer.matrix === m && layer.key === key) return layer;
  const W = gridWidth(grid);
  const H = gridHeight(grid);
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(W, H) : Object.assign(document.createElement('canvas'), { width: W, height: H });
  const ctx = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!ctx) return null;
  const [lo, hi] = scaleDomain(m.data);
  layer = { matrix: m, key, canvas, ctx, image: ctx.createImageData(W, H), painter: new CellPainter(m.data, grid, lo, hi, ramp), grid, lo, hi };
  return layer;
}

export function paintHeatmap(ctx: CanvasRenderingContext2D, m: SimilarityMatrix, L: Layout, st: PaintState): PaintSummary {
  const { rows, cols, data } = m;
  const { left, top, cellW, cellH } = L;
  const dpr = st.dpr;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const ramp = st.ramp;

  // Device-pixel cell boundaries.
  const xs = Array.from({ length: cols + 1 }, (_, j) => Math.round((left + j * cellW) * dpr));
  const ys = Array.from({ length: rows + 1 }, (_, i) => Math.round((top + i * cellH) * dpr));
  const grid: CellGrid = { rows, cols, xs, ys, t: Math.max(1, Math.round((cellW >= 12 ? 2 : 1) * dpr)) };
  const W = gridWidth(grid);
  const H = gridHeight(grid);
  const cells = W > 0 && H > 0 ? cellLayer(m, grid, `${cellW}|${cellH}|${dpr}|${rows}|${cols}|${ramp ? 'ramp' : 'hard'}`, !!ramp) : null;
  const lo = cells?.lo ?? 0;
  const hi = cells?.hi ?? 1;
  let summary: PaintSummary = { outlined: [], outlinedCount: 0, partial: 0 };
  if (cells) {
    // bench:slider's floor: the same step with the cells left as they were (the cost of everything else).
    const floor = (globalThis as { __crscoreSliderFloor?: boolean }).__crscoreSliderFloor === true;
    const d = floor ? null : cells.painter.update(new Uint32Array(cells.image.data.buffer), st.tau, ramp);
    // Only the box around the repainted cells goes up to the layer.
    if (d && d.rowTo >= 0) {
      const x0 = xs[d.colFrom] - xs[0];
      const y0 = ys[d.rowFrom] - ys[0];
      cells.ctx.putImageData(cells.image, 0, 0, x0, y0, xs[d.colTo + 1] - xs[0] - x0, ys[d.rowTo + 1] - ys[0] - y0);
    }
    ctx.drawImage(cells.canvas, xs[0], ys[0]);
    summary = cells.painter.summary();
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
  return summary;
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
