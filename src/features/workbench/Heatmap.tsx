// The P×R similarity matrix on a canvas: repainted synchronously in a layout effect, so the slider's
// commit and the new picture land in the same frame. Hover shows both texts (as text, never HTML).
import { useEffect, useLayoutEffect, useRef, useState, memo } from 'react';
import { credit, type Ramp } from '../../core/plus/score';
import type { Scores, SimilarityMatrix } from '../../core/types';
import { at } from '../../core/similarity';
import type { PseudoReferenceItem } from '../../store/session/session';
import { useWorkbench } from '../../store/session/workbench';
import { cellAt, layoutFor, paintHeatmap, type Cell } from './paint';
import { LINK_COLUMNS_WIDTH, paintLinkColumns, type RowMarks } from './paintLinks';
import { LUT } from './palette';
import { FloatingTip } from '../../ui/FloatingTip';

export interface HeatmapProps {
  matrix: SimilarityMatrix;
  tau: number;
  scores: Scores;
  refs: PseudoReferenceItem[];
  sentences: string[];
  /** Plus preset: draw graded credit. */
  ramp?: Ramp;
  /** The metric's and the annotators' review-level links (LinkedHeatmap.tsx), and the row the filter is on. */
  links?: { marks: RowMarks; focus: number | null; step: number };
}

const rowList = (n: number, keep: (i: number) => boolean) => Array.from({ length: n }, (_, i) => i).filter(keep).join(',');

export const Heatmap = memo(function Heatmap({ matrix, tau, scores, refs, sentences, ramp, links }: HeatmapProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const pinned = useWorkbench((s) => s.pinned);
  const hover = useWorkbench((s) => s.hover);
  const setHover = useWorkbench((s) => s.setHover);
  const setPinned = useWorkbench((s) => s.setPinned);
  const [cursor, setCursor] = useState<Cell | null>(null);
  const [tipPos, setTipPos] = useState<{ x: number; y: number } | null>(null);
  const L = layoutFor(matrix.rows, matrix.cols, width, links ? LINK_COLUMNS_WIDTH : 0);
  const linkRef = useRef<HTMLCanvasElement>(null);
  const painted = useRef<{ marks: RowMarks | null; height: number }>({ marks: null, height: 0 });
  const focusRef = useRef<HTMLDivElement>(null);
  const focus = links && links.focus !== null && links.focus < matrix.rows ? links.focus : null;

  useEffect(() => {
    const el = wrapRef.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.max(240, Math.floor(e.contentRect.width))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const validPinned = pinned && pinned.row < matrix.rows && pinned.col < matrix.cols ? pinned : null;
  const validHover = hover && hover.row < matrix.rows && hover.col < matrix.cols ? hover : null;

  useLayoutEffect(() => {
    const c = canvasRef.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(L.width * dpr);
    const h = Math.round(L.height * dpr);
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
      c.style.width = `${L.width}px`;
      c.style.height = `${L.height}px`;
    }
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const summary = paintHeatmap(ctx, matrix, L, {
      tau,
      scores,
      pinned: validPinned,
      hover: validHover ?? cursor,
      rowKinds: refs.map((r) => r.kind),
      dpr,
      ramp,
      links: links?.marks,
    });
    // What was drawn, for tests and the bench (attribute writes are cheap at this size).
    // The outlined cells' list is built only when a test reads it: at 200×300 it is tens of thousands of strings.
    Object.defineProperty(c, 'outlined', { configurable: true, get: () => summary.outlined });
    c.dataset.outlinedCount = String(summary.outlinedCount);
    c.dataset.partialCount = String(summary.partial);
    c.dataset.tau = String(tau);
    // The links change far less often than τ: their column and attributes are redrawn only when they do.
    const lc = linkRef.current;
    const fresh = !!links && (painted.current.marks !== links.marks || painted.current.height !== h);
    if (links && fresh) painted.current = { marks: links.marks, height: h };
    const lctx = fresh && lc ? lc.getContext('2d') : null;
    if (links && lc && lctx) {
      const lw = Math.round(LINK_COLUMNS_WIDTH * dpr);
      if (lc.width !== lw || lc.height !== h) {
        lc.width = lw;
        lc.height = h;
        lc.style.width = `${LINK_COLUMNS_WIDTH}px`;
        lc.style.height = `${L.height}px`;
      }
      paintLinkColumns(lctx, matrix.rows, L, links.marks, dpr);
    }
    if (links && fresh) {
      // The review-level links as drawn, for tests: row indices, 0-based.
      const { marks } = links;
      c.dataset.metricRows = rowList(matrix.rows, (i) => marks.agreement[i] === 'both' || marks.agreement[i] === 'metric-only');
      c.dataset.annotatorRows = marks.annotator ? rowList(matrix.rows, (i) => marks.annotator![i] > 0) : 'unrecorded';
      c.dataset.metricOnly = rowList(matrix.rows, (i) => marks.annotator !== null && marks.agreement[i] === 'metric-only');
      c.dataset.annotatorOnly = rowList(matrix.rows, (i) => marks.agreement[i] === 'annotator-only');
    }
    c.dataset.paintedAt = String(performance.now());
    window.dispatchEvent(new CustomEvent('crscore:painted'));
  });

  // Stepping to a row brings it into view inside the scroll box (and the page), however often the same row is chosen.
  const step = links?.step ?? 0;
  useEffect(() => {
    if (focus !== null && step > 0) focusRef.current?.scrollIntoView({ block: 'center', inline: 'nearest' });
  }, [focus, step]);

  // The tip is placed in viewport coordinates: a scroll would leave it behind, so it goes until the next move.
  useEffect(() => {
    if (!tipPos) return;
    const hide = () => setTipPos(null);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [tipPos]);

  const fromEvent = (e: React.MouseEvent): Cell | null => {
    const r = e.currentTarget.getBoundingClientRect();
    return cellAt(L, matrix.rows, matrix.cols, e.clientX - r.left, e.clientY - r.top);
  };

  const shown = validHover ?? cursor ?? null;
  const onKey = (e: React.KeyboardEvent) => {
    const cur = cursor ?? validPinned ?? { row: 0, col: 0 };
    const d: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (d[e.key]) {
      e.preventDefault();
      const next = {
        row: Math.min(matrix.rows - 1, Math.max(0, cur.row + d[e.key][0])),
        col: Math.min(matrix.cols - 1, Math.max(0, cur.col + d[e.key][1])),
      };
      setCursor(next);
      const r = e.currentTarget.getBoundingClientRect();
      setTipPos({ x: r.left + L.left + (next.col + 1) * L.cellW, y: r.top + L.top + (next.row + 1) * L.cellH });
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setPinned(validPinned && validPinned.row === cur.row && validPinned.col === cur.col ? null : cur);
    } else if (e.key === 'Escape') {
      setPinned(null);
      setCursor(null);
    }
  };

  return (
    <div className="heatmap" ref={wrapRef}>
      <div className={links ? 'heatmap-scroll with-links' : 'heatmap-scroll'}>
        {links && <canvas ref={linkRef} className="link-columns" data-testid="link-columns" aria-hidden="true" />}
        <canvas
          ref={canvasRef}
          data-testid="heatmap"
          data-rows={matrix.rows}
          data-cols={matrix.cols}
          tabIndex={0}
          role="img"
          aria-label={`Similarity matrix, ${matrix.rows} pseudo-references by ${matrix.cols} review sentences. Arrow keys move, Enter pins a pair.`}
          onMouseMove={(e) => {
            const c = fromEvent(e);
            setHover(c);
            setTipPos({ x: e.clientX, y: e.clientY }); // viewport coordinates: the tip is position: fixed
          }}
          onMouseLeave={() => setHover(null)}
          onClick={(e) => {
            const c = fromEvent(e);
            if (!c) return;
            setPinned(validPinned && validPinned.row === c.row && validPinned.col === c.col ? null : c);
          }}
          onKeyDown={onKey}
          onBlur={() => setCursor(null)}
        />
        {focus !== null && (
          <div
            ref={focusRef}
            className="link-focus"
            data-testid="link-focus"
            data-row={focus}
            aria-hidden="true"
            style={{ top: L.top + focus * L.cellH - 3, left: 0, width: L.width + LINK_COLUMNS_WIDTH, height: L.cellH + 5 }}
          />
        )}
        {shown && tipPos && (
          <FloatingTip className="heatmap-tip" testId="heatmap-tooltip" x={tipPos.x} y={tipPos.y}>
            <div className="tip-value">
              s(P{shown.row + 1}, S{shown.col + 1}) = <strong>{at(matrix, shown.row, shown.col).toFixed(4)}</strong>{' '}
              {ramp ? `credit ${credit(at(matrix, shown.row, shown.col), ramp).toFixed(2)}` : at(matrix, shown.row, shown.col) > tau ? '> τ' : '≤ τ'}
            </div>
            <div className="tip-text">
              <span className={`badge kind-${refs[shown.row]?.kind}`}>{refs[shown.row]?.kind}</span> {refs[shown.row]?.text}
            </div>
            <div className="tip-text">
              <span className="badge sentence">S{shown.col + 1}</span> {sentences[shown.col] || '(empty review)'}
            </div>
          </FloatingTip>
        )}
      </div>
      <Legend tau={tau} ramp={ramp} />
    </div>
  );
});

function Legend({ tau, ramp }: { tau: number; ramp?: Ramp }) {
  const stops = [0, 32, 64, 96, 128, 160, 192, 224, 255].map((k, i, a) => `${LUT.css[k]} ${(i / (a.length - 1)) * 100}%`);
  return (
    <div className="legend" aria-hidden="true">
      <span>low</span>
      <span className="legend-bar" style={{ background: `linear-gradient(90deg, ${stops.join(',')})` }} />
      <span>high</span>
      <span className="legend-note">centre = τ {Number(tau.toFixed(4))}</span>
      {ramp ? (
        <>
          <span className="legend-item">
            <span className="sw-outline" /> full credit (s ≥ τ)
          </span>
          <span className="legend-item">
            <span className="sw-bar" /> partial credit ({Number(ramp.low.toFixed(4))} &lt; s &lt; τ), bar length = credit
          </span>
        </>
      ) : (
        <span className="legend-item">
          <span className="sw-outline" /> &gt; τ
        </span>
      )}
      <span className="legend-item">● row best</span>
      <span className="legend-item">◯ column best</span>
    </div>
  );
}
