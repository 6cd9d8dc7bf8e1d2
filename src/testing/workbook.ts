// Workbooks for tests, written by write-excel-file: GradedReviews' published layout (its real workbook's licence is
// not stated, so it is never committed) and any table of cells.
import writeXlsxFile from 'write-excel-file/node';

export type SheetCell = string | number | null;

/** An XLSX of one sheet whose rows are these cells (the first row is the header). */
export async function workbook(rows: readonly (readonly SheetCell[])[]): Promise<ArrayBuffer> {
  // write-excel-file 4.1 drops a string that names an Object.prototype member ("valueOf", "constructor") from its
  // shared strings, and the cell is then unreadable: a defect of the writer (read-excel-file reads such a cell from
  // a workbook openpyxl wrote). Tests must not meet it unawares.
  for (const r of rows) for (const v of r) if (typeof v === 'string' && v in Object.prototype) throw new Error(`workbook(): write-excel-file cannot write the string "${v}"`);
  const data = rows.map((r) => r.map((v) => (v === null ? null : { value: v })));
  const buf = await writeXlsxFile(data as never, { sheet: 'Sheet1' } as never).toBuffer();
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer;
}

export const GRADED_REVIEWS_HEADER = ['ID', 'groundTruth', 'relatedCode', "Tufano's", 'Grade', 'commentFinder', 'Grade', 'Auger', 'Grade', 'LLaMA-Reviewer', 'Grade'];

/** `n` methods in GradedReviews' layout, with grades drawn from a seeded stream (most of them 1, as in the paper). */
export function gradedReviewsRows(n: number, seed = 1): SheetCell[][] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  const grade = () => (next() < 0.8 ? 1 : 1 + Math.floor(next() * 5));
  const rows: SheetCell[][] = [GRADED_REVIEWS_HEADER];
  for (let i = 1; i <= n; i++)
    rows.push([
      i,
      `Please rename variable v${i} to something clearer.`,
      `code2comment :public int method${i}(int v${i}) { return v${i} + 1; }`,
      `rename v${i}`,
      grade(),
      `Why is this public?`,
      grade(),
      `Consider a clearer name than v${i}.`,
      grade(),
      i % 7 === 0 ? '' : `I don't think this is needed.`,
      grade(),
    ]);
  return rows;
}
