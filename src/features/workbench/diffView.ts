// Turns a parsed unified diff into the two sides Monaco's diff editor shows, keeping each side's real
// line numbers (hunks start mid-file) so the gutter and "reveal line N" use the file's numbering.
import type { DiffFile } from '../../core/diff';

export interface DiffSides {
  original: string;
  modified: string;
  /** Model line (1-based) → old-file line number, or 0 for separator lines. */
  oldNumbers: number[];
  /** Model line (1-based) → new-file line number, or 0 for separator lines. */
  newNumbers: number[];
}

export function diffToSides(files: readonly DiffFile[]): DiffSides {
  const o: string[] = [];
  const n: string[] = [];
  const on: number[] = [0];
  const nn: number[] = [0];
  const sep = (text: string) => {
    o.push(text);
    n.push(text);
    on.push(0);
    nn.push(0);
  };
  for (const f of files) {
    if (files.length > 1) sep(`// ${f.newName ?? f.oldName ?? 'file'}`);
    for (const h of f.hunks) {
      sep(`@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@ ${h.section}`.trimEnd());
      for (const l of h.lines) {
        if (l.type !== 'add') {
          o.push(l.text);
          on.push(l.oldLine ?? 0);
        }
        if (l.type !== 'del') {
          n.push(l.text);
          nn.push(l.newLine ?? 0);
        }
      }
    }
  }
  return { original: o.join('\n'), modified: n.join('\n'), oldNumbers: on, newNumbers: nn };
}

/** The model line showing new-file line `line`, or -1. */
export function modelLineForNewLine(sides: DiffSides, line: number): number {
  return sides.newNumbers.indexOf(line);
}
