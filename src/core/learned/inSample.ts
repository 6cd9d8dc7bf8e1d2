// Is a learned figure in-sample? The weights record a short key of each change they were trained on (a hash of its
// diff, so the same change is found whatever the file's format or ids), and a dataset's overlap with them says
// whether its agreement figure measures the linker on its own training data. Such a figure flatters the linker:
// it is shown labelled, beside the cross-validated figure the weights carry.
import type { LinkerWeights } from './weights.ts';

/** FNV-1a (32 bits) of the diff with line endings and outer blank space normalised: 8 hex digits. */
export function changeKey(diff: string): string {
  const text = diff.replace(/\r\n?/g, '\n').trim();
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

export interface TrainingOverlap {
  /** Changes of the dataset (with a diff) that were in the linker's training data. */
  overlap: number;
  /** Changes of the dataset with a diff. */
  changes: number;
}

/** Null when the weights do not record their training changes (older files) or nothing overlaps. */
export function trainingOverlap(weights: Pick<LinkerWeights, 'training'>, diffs: Iterable<string>): TrainingOverlap | null {
  const keys = weights.training.changeKeys;
  if (!keys || keys.length === 0) return null;
  const trained = new Set(keys);
  const seen = new Set<string>();
  let overlap = 0;
  for (const d of diffs) {
    if (!d.trim()) continue;
    const k = changeKey(d);
    if (seen.has(k)) continue;
    seen.add(k);
    if (trained.has(k)) overlap++;
  }
  return overlap > 0 ? { overlap, changes: seen.size } : null;
}

/** The label beside an in-sample figure, with the cross-validated Rel the weights record. */
export function inSampleNote(o: TrainingOverlap, weights: Pick<LinkerWeights, 'crossValidation' | 'training'>): string {
  const cv = weights.crossValidation;
  const part = o.overlap === o.changes ? 'all' : `${o.overlap} of ${o.changes}`;
  const cvText = cv ? `; cross-validated (${cv.folds} folds of changes) Rel ρ ${cv.relSpearman.mean.toFixed(3)} ± ${cv.relSpearman.sd.toFixed(3)}, system ranking ρ ${cv.systemSpearman.mean.toFixed(3)} ± ${cv.systemSpearman.sd.toFixed(3)}` : '';
  return `In-sample: ${part} ${o.changes === 1 ? 'change' : 'changes'} of this dataset trained the linker (${weights.training.dataset}), so these figures flatter it${cvText}`;
}

/** rowId → diff of a dataset's rows, for trainLinker's record of its training changes. */
export function diffOfRows(rows: readonly { id: string; diff: string }[]): (rowId: string) => string {
  const m = new Map(rows.map((r) => [r.id, r.diff]));
  return (id) => m.get(id) ?? '';
}
