// A tooltip drawn in a portal at a fixed viewport position, so no scrolling or clipping container cuts it off:
// placed below-right of its anchor, flipped above or to the left when it would leave the viewport.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const GAP = 14;
const MARGIN = 8;

export function FloatingTip({ x, y, className, testId, children }: { x: number; y: number; className: string; testId?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x + GAP, top: y + GAP });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const w = el.offsetWidth;
    const h = el.offsetHeight;
    let left = x + GAP;
    if (left + w > window.innerWidth - MARGIN) left = Math.max(MARGIN, x - GAP - w);
    let top = y + GAP;
    if (top + h > window.innerHeight - MARGIN) top = Math.max(MARGIN, y - GAP - h);
    setPos((p) => (p.left === left && p.top === top ? p : { left, top }));
  }, [x, y, children]);
  return createPortal(
    <div ref={ref} className={className} data-testid={testId} role="status" style={{ position: 'fixed', left: pos.left, top: pos.top, zIndex: 1000 }}>
      {children}
    </div>,
    document.body,
  );
}
