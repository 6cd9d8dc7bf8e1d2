import { memo } from 'react';
// The review, and the sentences the metric sees in it (splitReview), numbered S1.. as in the matrix.
import type { Scores, SplitMode } from '../../core/types';
import { useWorkbench } from '../../store/session/workbench';

interface Props {
  review: string;
  splitMode: SplitMode;
  sentences: string[];
  scores: Scores | null;
  onReview(review: string): void;
  onSplitMode(mode: SplitMode): void;
}

export const ReviewEditor = memo(function ReviewEditor({ review, splitMode, sentences, scores, onReview, onSplitMode }: Props) {
  const pinned = useWorkbench((s) => s.pinned);
  const hover = useWorkbench((s) => s.hover);
  const setPinned = useWorkbench((s) => s.setPinned);
  const empty = sentences.every((s) => s.trim() === '');
  return (
    <div className="review-editor">
      <textarea
        data-testid="review-input"
        aria-label="Review comment"
        rows={4}
        placeholder="Paste or write the review comment to score"
        value={review}
        onChange={(e) => onReview(e.currentTarget.value)}
      />
      <div className="toolbar">
        <span className="muted small">
          {empty ? 'No sentences yet' : `${sentences.length} sentence${sentences.length === 1 ? '' : 's'}`} · split
        </span>
        <select aria-label="Sentence splitting" value={splitMode} onChange={(e) => onSplitMode(e.currentTarget.value as SplitMode)} data-testid="split-mode">
          <option value="reference">as the reference code</option>
          <option value="improved">improved (keeps code spans)</option>
        </select>
      </div>
      {!empty && (
        <ol className="sentences" data-testid="review-sentences">
          {sentences.map((s, j) => {
            const best = scores?.bestForSentence[j];
            const matched = !!best && best.index >= 0 && best.similarity > (scores?.tau ?? Infinity);
            const cls = [
              'sentence-chip',
              matched ? 'matched' : 'unmatched',
              pinned?.col === j ? 'pinned' : '',
              hover?.col === j ? 'hovered' : '',
            ].join(' ');
            return (
              <li key={j} className={cls} data-testid="review-sentence" data-pinned={pinned?.col === j || undefined}>
                <button
                  type="button"
                  className="chip-button"
                  onClick={() => best && best.index >= 0 && setPinned({ row: best.index, col: j })}
                  title={best && best.index >= 0 ? `best: P${best.index + 1} at ${best.similarity.toFixed(3)}` : undefined}
                >
                  <span className="badge sentence">S{j + 1}</span> {s}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
});
