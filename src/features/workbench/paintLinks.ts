// The links on the heatmap: the annotators' rows (dashed outline; the bar left of the label is in the label layer)
// and, between the labels and the cells, one column for the metric's review-level link (filled as strongly as it credits the
// row) and one for the annotators'. Disagreements tint both: orange metric-only, violet annotator-only.
import type { RowAgreement } from '../../core/links';

/** The part of the heatmap's layout the link columns need (paint.ts's Layout has it). */
interface Layout {
  left: number;
  top: number;
  cellW: number;
  cellH: number;
}

export interface RowMarks {
  /** Per row: the metric's review-level link strength in [0, 1] (1/0 under hard τ, graded credit under plus). */
  metric: ArrayLike<number>;
  /** Per row 0/1 as the annotators linked; null when the case has no recorded annotator links. */
  annotator: ArrayLike<number> | null;
  agreement: readonly RowAgreement[];
}

export const ANNOTATOR_COLOUR = '#0d9488';
export const METRIC_ONLY_COLOUR = '#ea580c';
export const ANNOTATOR_ONLY_COLOUR = '#7c3aed';
const TINT: Partial<Record<RowAgreement, string>> = { 'metric-only': '#fed7aa', 'annotator-only': '#ddd6fe' };
const STRONG: Partial<Record<RowAgreement, string>> = { 'metric-only': METRIC_ONLY_COLOUR, 'annotator-only': ANNOTATOR_ONLY_COLOUR };

/** Room the link columns take between the row labels and the cells. */
export const LINK_GUTTER = 40;
const BOX = 12;

/** The two columns in the gutter left of the cells (layoutFor puts LINK_GUTTER between the labels and the cells). */
function columns(L: Layout) {
  const x0 = L.left - LINK_GUTTER + 2;
  return { x0, m: x0 + 3, a: x0 + 3 + BOX + 4, end: x0 + 3 + 2 * BOX + 4 + 3 };
}

/** Drawn every paint (the metric's links follow τ); in CSS pixels, the caller's transform set to dpr. */
export function paintLinks(ctx: CanvasRenderingContext2D, rows: number, cols: number, L: Layout, marks: RowMarks) {
  const { cellW, cellH, left, top } = L;
  const { x0, m, a, end } = columns(L);
  const h = Math.min(BOX, cellH - 2);
  const recorded = marks.annotator !== null;
  for (let i = 0; i < rows; i++) {
    const y = top + i * cellH;
    const cy = y + (cellH - 1 - h) / 2;
    const tint = TINT[marks.agreement[i]];
    if (tint && recorded) {
      ctx.fillStyle = tint;
      ctx.fillRect(x0, y, end - x0, cellH - 1);
      ctx.fillStyle = STRONG[marks.agreement[i]]!;
      ctx.fillRect(end - 3, y, 3, cellH - 1);
    }
    const s = marks.metric[i];
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(m, cy, BOX, h);
    if (s > 0) {
      ctx.fillStyle = '#111827';
      // Graded credit fills the box from the left as far as the credit goes.
      ctx.fillRect(m, cy, Math.max(1, Math.round(BOX * Math.min(1, s))), h);
    }
    ctx.strokeStyle = '#9ca3af';
    ctx.lineWidth = 1;
    ctx.strokeRect(m + 0.5, cy + 0.5, BOX - 1, h - 1);
    if (recorded) {
      ctx.fillStyle = marks.annotator![i] > 0 ? ANNOTATOR_COLOUR : '#ffffff';
      ctx.fillRect(a, cy, BOX, h);
      ctx.strokeRect(a + 0.5, cy + 0.5, BOX - 1, h - 1);
    }
  }
  if (!recorded) return;
  // The annotators' rows: a dashed outline round the whole row, over a white one so it shows on dark and light cells.
  const outline = (colour: string, width: number, dash: number[]) => {
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash);
    for (let i = 0; i < rows; i++)
      if (marks.annotator![i] > 0) ctx.strokeRect(left - 1, top + i * cellH - 1, cols * cellW + 1, cellH + 1);
  };
  outline('#ffffff', 3.5, []);
  outline(ANNOTATOR_COLOUR, 2.5, [6, 3]);
  ctx.setLineDash([]);
}

/** The link columns' headings, drawn once with the labels. */
export function paintLinkHeadings(ctx: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D, L: Layout, recorded: boolean) {
  const { m, a } = columns(L);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#111827';
  ctx.fillText('M', m + BOX / 2, L.top / 2);
  if (recorded) {
    ctx.fillStyle = ANNOTATOR_COLOUR;
    ctx.fillText('A', a + BOX / 2, L.top / 2);
  }
}
