// The links on the heatmap. Over the matrix: the annotators' rows (a dashed outline and a bar left of the label,
// drawn once into paint.ts's label layer). On a narrow canvas of their own, left of the matrix and sticky while it
// scrolls sideways: one column for the metric's review-level link (filled as far as it credits the row) and one for
// the annotators'. Disagreements tint both: orange metric-only, violet annotator-only.
import type { RowAgreement } from '../../core/links';

/** The part of the heatmap's layout the links need (paint.ts's Layout has it). */
interface Layout {
  left: number;
  top: number;
  cellW: number;
  cellH: number;
  height: number;
}

export interface RowMarks {
  /** Per row: the metric's review-level link strength in [0, 1] (1/0 under hard τ, graded credit under plus). */
  metric: ArrayLike<number>;
  /** Per row 0/1 as the annotators linked; null when the case has no recorded annotator links. */
  annotator: ArrayLike<number> | null;
  agreement: readonly RowAgreement[];
}

export const ANNOTATOR_COLOUR = '#0d9488';
const TINT: Partial<Record<RowAgreement, string>> = {
  'metric-only': '#fdba74',
  'annotator-only': '#c4b5fd',
};

/** Width of the link columns' canvas (CSS pixels). */
export const LINK_COLUMNS_WIDTH = 36;
const BOX = 12;
const M = 3;
const A = M + BOX + 4;
const END = A + BOX + 3;

/** The annotators' rows over the matrix: a dashed outline round the row, over a white one so it shows on any cell. */
export function paintAnnotatorRows(
  ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  rows: number,
  cols: number,
  L: Layout,
  gold: ArrayLike<number>,
) {
  const outline = (colour: string, width: number, dash: number[]) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    for (let i = 0; i < rows; i++)
      if (gold[i] > 0)
        ctx.strokeRect(L.left - 1, L.top + i * L.cellH - 1, cols * L.cellW + 1, L.cellH + 1);
  };
  outline('#ffffff', 3.5, []);
  outline(ANNOTATOR_COLOUR, 2.5, [6, 3]);
  ctx.setLineDash([]);
}

/** The link columns, rows aligned with the matrix (same top and cell height); repainted as τ moves. */
export function paintLinkColumns(
  ctx: CanvasRenderingContext2D,
  rows: number,
  L: Layout,
  marks: RowMarks,
  dpr: number,
) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const recorded = marks.annotator !== null;
  const h = Math.max(3, Math.min(BOX, L.cellH - 2));
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  ctx.fillStyle = '#111827';
  ctx.fillText('M', M + BOX / 2, L.top / 2);
  if (recorded) {
    ctx.fillStyle = ANNOTATOR_COLOUR;
    ctx.fillText('A', A + BOX / 2, L.top / 2);
  }
  ctx.lineWidth = 1;
  for (let i = 0; i < rows; i++) {
    const y = L.top + i * L.cellH;
    const cy = y + (L.cellH - 1 - h) / 2;
    const tint = recorded ? TINT[marks.agreement[i]] : undefined;
    if (tint) {
      ctx.fillStyle = tint;
      ctx.fillRect(0, y, END, L.cellH - 1);
    }
    const s = marks.metric[i];
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(M, cy, BOX, h);
    if (s > 0) {
      ctx.fillStyle = '#111827';
      // Graded credit fills the box from the left as far as the credit goes.
      ctx.fillRect(M, cy, Math.max(1, Math.round(BOX * Math.min(1, s))), h);
    }
    ctx.strokeStyle = '#9ca3af';
    ctx.strokeRect(M + 0.5, cy + 0.5, BOX - 1, h - 1);
    if (recorded) {
      ctx.fillStyle = marks.annotator![i] > 0 ? ANNOTATOR_COLOUR : '#ffffff';
      ctx.fillRect(A, cy, BOX, h);
      ctx.strokeRect(A + 0.5, cy + 0.5, BOX - 1, h - 1);
    }
  }
}
