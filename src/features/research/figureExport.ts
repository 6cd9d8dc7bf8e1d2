// A research chart as a figure that stands alone in a paper: the chart's own SVG (or canvas) with a title above,
// axis labels, a legend (recharts draws its legend in HTML, outside the SVG, so it is redrawn here) and the
// configuration as a caption line; the full configuration also goes in <desc> as JSON. All text is set with
// textContent, so dataset names and system names stay text.

const NS = 'http://www.w3.org/2000/svg';
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface LegendItem {
  label: string;
  color: string;
  dash?: string;
}

/** The chart drawing inside a research figure: a recharts SVG, an SVG made for export, or a canvas. */
export function figureGraphic(figure: HTMLElement): SVGSVGElement | HTMLCanvasElement | null {
  return (
    figure.querySelector<SVGSVGElement>('.recharts-wrapper > svg') ??
    figure.querySelector<SVGSVGElement>('svg.r-export-svg') ??
    figure.querySelector<HTMLCanvasElement>('canvas')
  );
}

/** Legend entries: the chart's HTML legend items (recharts' or our own SVG charts'), then the figure's own (reference lines, colour keys). */
export function figureLegend(figure: HTMLElement): LegendItem[] {
  const items: LegendItem[] = [];
  for (const li of figure.querySelectorAll<HTMLElement>('.recharts-legend-item, .r-legend-item')) {
    const label = li.querySelector('.recharts-legend-item-text, .r-legend-item-text')?.textContent?.trim() ?? li.textContent?.trim() ?? '';
    const mark = li.querySelector('path, line, rect');
    const fill = mark?.getAttribute('fill');
    const color = fill && fill !== 'none' ? fill : (mark?.getAttribute('stroke') ?? '#111827');
    if (label) items.push({ label, color });
  }
  try {
    const extra = JSON.parse(figure.dataset.legend ?? '[]') as LegendItem[];
    if (Array.isArray(extra)) items.push(...extra.filter((x) => x && typeof x.label === 'string' && typeof x.color === 'string'));
  } catch {
    // A malformed data-legend only loses its entries.
  }
  return items;
}

/** One caption line (or a few) that says how the numbers were made. */
export function captionText(config: Record<string, unknown>): string {
  const c = config as Record<string, unknown> & { calibration?: { system?: string; tau?: number } };
  const parts: string[] = [];
  if (c.dataset) parts.push(`dataset ${String(c.dataset)}`);
  const model = c.model ? `${String(c.model)}${c.backend ? ` (${String(c.backend)}, ${String(c.dtype)}, pooling ${String(c.pooling)})` : ''}` : null;
  parts.push(`similarity ${model ?? String(c.similarity ?? '?')}`);
  if (c.splitting) parts.push(`splitting ${String(c.splitting)}`);
  if (typeof c.tau === 'number')
    parts.push(
      `τ = ${c.tau.toFixed(4)} (${c.tauSource === 'manual' ? 'set by hand' : `calibrated on ${c.calibration?.system ?? '?'}`})`,
    );
  if (c.reviewsScored != null) parts.push(`${String(c.reviewsScored)} reviews (${String(c.reviewsWithHumanScores ?? '?')} with human scores)`);
  const b = c.bootstrap as { resamples?: number; seed?: number } | undefined;
  if (b?.resamples) parts.push(`${b.resamples} bootstrap resamples over changes, seed ${b.seed}`);
  parts.push(`CRScore Studio ${String(c.appVersion ?? '')}`.trim());
  return parts.join(' · ');
}

/** Greedy wrap by an average glyph width (no layout engine in a detached SVG). */
function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function el<K extends keyof SVGElementTagNameMap>(name: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

export interface StandaloneFigure {
  svg: string;
  width: number;
  height: number;
}

/** The figure as one self-contained SVG document: title, chart, axis labels, legend, caption. */
export function standaloneFigure(figure: HTMLElement, config: Record<string, unknown>): StandaloneFigure | null {
  const g = figureGraphic(figure);
  if (!g) return null;
  const rect = g.getBoundingClientRect();
  const cw = Math.max(1, Math.round(rect.width));
  // recharts (and the curve's own SVG) lay an HTML legend over the bottom of the SVG: crop that strip, the legend
  // is redrawn below.
  const htmlLegend = figure.querySelector('.recharts-legend-wrapper, .r-legend')?.getBoundingClientRect().height ?? 0;
  const ch = Math.max(1, Math.round(rect.height - htmlLegend));
  const fontSize = getComputedStyle(g).fontSize || '12px';
  const title = figure.dataset.title ?? figure.querySelector('h3')?.textContent?.trim() ?? figure.dataset.chart ?? 'Figure';
  const xLabel = figure.dataset.xLabel;
  const yLabel = figure.dataset.yLabel;
  const legend = figureLegend(figure);
  const PAD = 16;
  const yl = yLabel ? 22 : 0;
  const width = Math.max(cw + yl + 2 * PAD, 420);
  const charW = 6.2; // average glyph width at 11 px
  const caption = wrap(captionText(config), Math.floor((width - 2 * PAD) / charW));

  // Legend rows: swatch + label, wrapped to the width.
  const legendRows: { item: LegendItem; x: number }[][] = [];
  let row: { item: LegendItem; x: number }[] = [];
  let x = 0;
  for (const item of legend) {
    const w = 26 + item.label.length * charW + 16;
    if (row.length && x + w > width - 2 * PAD) {
      legendRows.push(row);
      row = [];
      x = 0;
    }
    row.push({ item, x });
    x += w;
  }
  if (row.length) legendRows.push(row);

  const titleH = 30;
  const chartY = PAD + titleH;
  const xlH = xLabel ? 22 : 0;
  const legendY = chartY + ch + xlH + 8;
  const captionY = legendY + legendRows.length * 18 + 10;
  const height = captionY + caption.length * 15 + PAD;

  const root = el('svg', { xmlns: NS, width, height, viewBox: `0 0 ${width} ${height}`, 'font-family': FONT });
  root.append(el('title', {}, title), el('desc', {}, JSON.stringify(config)));
  root.append(el('rect', { width: '100%', height: '100%', fill: '#ffffff' }));
  root.append(el('text', { x: PAD, y: PAD + 16, 'font-size': 16, 'font-weight': 600, fill: '#111827' }, title));

  const chartX = PAD + yl;
  if (g instanceof HTMLCanvasElement) {
    root.append(el('image', { x: chartX, y: chartY, width: cw, height: ch, href: g.toDataURL('image/png') }));
  } else {
    const copy = g.cloneNode(true) as SVGSVGElement;
    copy.setAttribute('x', String(chartX));
    copy.setAttribute('y', String(chartY));
    copy.setAttribute('width', String(cw));
    copy.setAttribute('height', String(ch));
    copy.setAttribute('viewBox', `0 0 ${cw} ${ch}`);
    copy.setAttribute('font-size', fontSize); // the page's CSS does not travel with the file
    root.append(copy);
  }
  // Lines drawn over the chart as HTML (the current τ, so a slider step moves one element) join the drawing here.
  for (const line of figure.querySelectorAll<HTMLElement>('.r-tau-line')) {
    const b = line.getBoundingClientRect();
    const lx = chartX + b.left - rect.left;
    const top = chartY + Math.max(0, b.top - rect.top);
    const stroke = getComputedStyle(line).borderLeftColor || '#3b5bdb';
    root.append(el('line', { x1: lx, y1: top, x2: lx, y2: Math.min(chartY + ch, top + b.height), stroke, 'stroke-width': 1.5, 'data-tau-line': '' }));
  }
  if (yLabel)
    root.append(
      el('text', { transform: `translate(${PAD + 12}, ${chartY + ch / 2}) rotate(-90)`, 'text-anchor': 'middle', 'font-size': 12, fill: '#374151', 'data-axis': 'y' }, yLabel),
    );
  if (xLabel)
    root.append(el('text', { x: chartX + cw / 2, y: chartY + ch + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#374151', 'data-axis': 'x' }, xLabel));

  legendRows.forEach((r, i) => {
    const y = legendY + i * 18 + 9;
    for (const { item, x: lx } of r) {
      const gx = el('g', { 'data-legend-item': '' });
      gx.append(
        el('line', { x1: PAD + lx, y1: y, x2: PAD + lx + 20, y2: y, stroke: item.color, 'stroke-width': 4, ...(item.dash ? { 'stroke-dasharray': item.dash } : {}) }),
        el('text', { x: PAD + lx + 26, y: y + 4, 'font-size': 11, fill: '#111827' }, item.label),
      );
      root.append(gx);
    }
  });
  caption.forEach((line, i) =>
    root.append(el('text', { x: PAD, y: captionY + 11 + i * 15, 'font-size': 11, fill: '#4b5563', 'data-caption': '' }, line)),
  );
  return { svg: new XMLSerializer().serializeToString(root), width, height };
}
