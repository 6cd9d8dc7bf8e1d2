// The lines of a pull request view: an SVG laid over the pinned comments, one curve per match from the tool's
// comment to the reference issue it matched, bowed out into a gutter on the right so lines never hide the text.
// Positions are measured after layout (and again when the area resizes); the pins are found by data-pin.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { ReviewComment } from '../../core/prreview/index';

export interface Pinned {
  /** pseudo: a pseudo-reference made from the diff, standing where a reference issue would. */
  kind: 'tool' | 'reference' | 'pseudo';
  k: number;
  c: ReviewComment;
}

interface Drawn {
  issue: number;
  comment: number;
  similarity: number;
  d: string;
}

const GUTTER = 44;

export function MatchLines({ links, deps, children }: { links: { issue: number; comment: number; similarity: number }[]; deps: unknown[]; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<{ w: number; h: number; lines: Drawn[] }>({ w: 0, h: 0, lines: [] });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const at = el.getBoundingClientRect();
      const right = at.width - GUTTER;
      const mid = (kind: string, k: number) => {
        const pin = el.querySelector<HTMLElement>(`[data-pin="${kind}-${k}"]`);
        if (!pin) return null;
        const r = pin.getBoundingClientRect();
        return { x: Math.min(r.right - at.left, right), y: r.top - at.top + Math.min(r.height / 2, 12) };
      };
      const lines: Drawn[] = [];
      links.forEach((l, n) => {
        const a = mid('tool', l.comment);
        const b = mid('reference', l.issue);
        if (!a || !b) return;
        // Each line bows out a little further, so crossing lines stay apart.
        const g = right + 6 + ((n * 7) % (GUTTER - 10));
        lines.push({ ...l, d: `M ${a.x} ${a.y} C ${g} ${a.y}, ${g} ${b.y}, ${b.x} ${b.y}` });
      });
      setDrawn({ w: at.width, h: at.height, lines });
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-measured when the links or what moves the pins change
  }, [links, ...deps]);
  return (
    <div className="pr-pins-area" ref={box} style={{ paddingRight: GUTTER }}>
      {children}
      <svg className="pr-match-lines" width={drawn.w} height={drawn.h} aria-hidden="true" data-testid="pr-lines">
        {drawn.lines.map((l) => (
          <path key={`${l.issue}-${l.comment}`} d={l.d} data-testid="pr-line" data-issue={l.issue} data-comment={l.comment}>
            <title>{`C${l.comment + 1} ↔ I${l.issue + 1}: ${l.similarity.toFixed(3)}`}</title>
          </path>
        ))}
      </svg>
    </div>
  );
}
