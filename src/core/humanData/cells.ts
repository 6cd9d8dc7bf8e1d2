// A table's cell as the readers give it: text, a number, a boolean, empty, or a cell that holds no usable value (a
// spreadsheet's #VALUE!, a formula saved without its result, a date out of range), which names itself and why so
// that the row reader leaves it out and counts it, never reading it as an empty review or a score.

/** A cell that could not be read; `ref` is its address (D851), `reason` what it holds. */
export interface BadCell {
  bad: string;
  ref: string;
}

export type Cell = string | number | boolean | null | BadCell;

export function isBadCell(c: unknown): c is BadCell {
  return typeof c === 'object' && c !== null && typeof (c as BadCell).bad === 'string';
}

/** `cell D851 holds the error #VALUE!` */
export function badCellReason(c: BadCell): string {
  return `cell ${c.ref} ${c.bad}`;
}

/** A cell as text for a preview ('' for empty; a bad cell as what it holds). */
export function cellText(c: Cell | undefined): string {
  return c === null || c === undefined ? '' : isBadCell(c) ? `(${c.bad})` : String(c);
}

/** The A1-style address of a 1-based column and row. */
export function cellRef(column: number, row: number): string {
  let s = '';
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return `${s}${row}`;
}
