// Keeps Con, Comp and Rel in sight while the score cards are scrolled away (editing pseudo-references or the
// review further down): a compact strip fixed to the bottom of the window, shown only then.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatTau } from './TauSlider';

interface Props {
  con: number;
  comp: number;
  rel: number;
  tau: number;
  children: ReactNode;
}

export function ScoreStrip({ con, comp, rel, tau, children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => setHidden(!e.isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <>
      <div ref={box}>{children}</div>
      {hidden && (
        <div className="score-strip" role="status" aria-label="Scores" data-testid="score-strip">
          <span>
            Con <strong data-testid="strip-con">{con.toFixed(3)}</strong>
          </span>
          <span>
            Comp <strong data-testid="strip-comp">{comp.toFixed(3)}</strong>
          </span>
          <span>
            Rel <strong data-testid="strip-rel">{rel.toFixed(3)}</strong>
          </span>
          <span className="muted">τ {formatTau(tau)}</span>
          <button type="button" className="linklike small" onClick={() => box.current?.scrollIntoView({ block: 'center' })}>
            show the matrix
          </button>
        </div>
      )}
    </>
  );
}
