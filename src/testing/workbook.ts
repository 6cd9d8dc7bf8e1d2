// Workbooks for tests, written by write-excel-file: GradedReviews' published layout (its real workbook's licence is
// not stated, so it is never committed) and any table of cells.
import writeXlsxFile from 'write-excel-file/node';

export type SheetCell = string | number | null;

/**
 * Why write-excel-file 4.1 would not write this text as it is, or null. It removes what XML 1.0 forbids or
 * discourages (control characters but tab and line breaks, U+007F–U+009F but U+0085, U+FDD0–U+FDEF, every plane's
 * U+xFFFE and U+xFFFF, lone surrogates) and U+FFFD as well; it writes Excel's `_xHHHH_` escapes as themselves, so a
 * reader decodes them; and it drops a string that names an Object.prototype member ("valueOf", "constructor") from
 * its shared strings, so the cell is unreadable (the app's reader reads such a cell from a workbook openpyxl wrote).
 * Defects of the writer, not of the reader: tests must not meet them unawares.
 */
export function unwritableText(v: string): string | null {
  if (v in Object.prototype) return 'it names an Object.prototype member';
  if (/_x[0-9a-f]{4}_/i.test(v)) return "it holds an Excel _xHHHH_ escape";
  for (const ch of v) {
    const cp = ch.codePointAt(0)!;
    const control = cp < 0x20 && cp !== 0x9 && cp !== 0xa && cp !== 0xd;
    if (control || (cp >= 0x7f && cp <= 0x9f && cp !== 0x85) || (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) === 0xfffe || cp === 0xfffd || (cp >= 0xd800 && cp <= 0xdfff))
      return `it holds U+${cp.toString(16).toUpperCase().padStart(4, '0')}, which the writer removes`;
  }
  return null;
}

/** An XLSX of one sheet whose rows are these cells (the first row is the header). */
export async function workbook(rows: readonly (readonly SheetCell[])[]): Promise<ArrayBuffer> {
  for (const r of rows)
    for (const v of r) {
      const why = typeof v === 'string' ? unwritableText(v) : null;
      if (why) throw new Error(`workbook(): write-excel-file cannot write ${JSON.stringify(v)}: ${why}`);
    }
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

const REVIEW_WORDS = (
  'please consider using the this method variable name should be final here instead of null check return value why is ' +
  'needed not it we can remove add a test for exception handling could you rename to make private static field ' +
  'constructor call loop index list map string builder log message error case missing javadoc comment unused import ' +
  'duplicate code extract helper simplify condition avoid magic number constant default timeout thread safe lock'
).split(' ');
const CODE_WORDS = 'public private static final void int long String List Map return if else for while new null this try catch throw'.split(' ');

/**
 * `n` methods in GradedReviews' layout with review and code lengths like the published workbook's (Jiang et al.
 * 2025: reference reviews ~18 words, the systems' reviews ~7 to ~18, methods ~56 tokens; most grades 1), words
 * drawn from a code-review vocabulary, so the reference metrics and CRScore work as on the real reviews. Seeded.
 */
export function gradedReviewsRealisticRows(n: number, seed = 1): SheetCell[][] {
  let s = seed >>> 0 || 1;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296);
  // A length with a long right tail around `mean`, at least 1.
  const length = (mean: number) => Math.max(1, Math.round(-Math.log(1 - next()) * mean));
  const words = (vocab: readonly string[], k: number) => Array.from({ length: k }, () => vocab[Math.floor(next() * vocab.length)]);
  const review = (mean: number) => {
    const w = words(REVIEW_WORDS, length(mean));
    // Sentences of about eight words (CRScore splits a review into sentences).
    return w.map((x, i) => (i % 8 === 7 || i === w.length - 1 ? `${x}.` : x)).join(' ');
  };
  const grade = () => (next() < 0.85 ? 1 : 1 + Math.ceil(next() * 4));
  const rows: SheetCell[][] = [GRADED_REVIEWS_HEADER];
  for (let i = 1; i <= n; i++) {
    const code = `code2comment :${words(CODE_WORDS, length(56)).join(' ')} method${i}() { return v${i}; }`;
    rows.push([i, review(18), code, review(13), grade(), review(18), grade(), review(11), grade(), review(7), grade()]);
  }
  return rows;
}
