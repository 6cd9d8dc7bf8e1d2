// The first sheet of an XLSX workbook as a table, read part by part under caps (zip.ts) with saxen, a small SAX
// parser. Written here rather than through a sheet library because a reader of untrusted workbooks must:
// - never expand a cell reference beyond the cells present (one cell at XFD1048576 is one cell, not 17 billion);
// - name every cell it cannot read (an Excel error #VALUE!, a formula saved without its result, a shared-string
//   index or style out of range, a boolean of 2, a date out of range) and keep the rest of the sheet;
// - read numbers as decimals (the app's one number rule, inputRules.ts).
// Row numbers are the sheet's; the first row holding a cell is the header. Pure.
import { Parser } from 'saxen';
import { decimalNumber } from '../inputRules.ts';
import type { ImportIssue } from '../importers/types.ts';
import { cellRef, type BadCell, type Cell } from './cells.ts';
import { zipReader, ZipError } from './zip.ts';

/** More header columns than any dataset has; a sheet wider than this is refused, never expanded. */
export const MAX_COLUMNS = 1024;
/** Cells held in the table, counting the empty ones between present cells of a row (the table is dense by row). */
export const MAX_TABLE_CELLS = 20_000_000;

export interface SheetTable {
  header: string[];
  rows: { line: number; cells: Cell[] }[];
  errors: ImportIssue[];
}

export class XlsxError extends Error {}

type Attrs = Record<string, string>;
type Handlers = { open?(name: string, attrs: () => Attrs, selfClosing: boolean): void; close?(name: string): void; text?(t: string): void };

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Numeric character references decoded to code points (saxen's own decoder cuts those above U+FFFF). */
function decode(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(/&#(\d+);|&#x([0-9a-fA-F]+);|&(amp|lt|gt|quot|apos);/g, (m, d: string, x: string, n: string) => {
    if (n) return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[n];
    const cp = d ? Number(d) : parseInt(x, 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

function parseXml(part: string, xml: string, h: Handlers): void {
  const parser = new Parser();
  let error: Error | null = null;
  parser.on('error', (e: Error) => {
    error = e;
    parser.stop();
  });
  parser.on('openTag', (name: string, getAttrs: () => Attrs, _d: unknown, selfClosing: boolean) => {
    h.open?.(local(name), () => Object.fromEntries(Object.entries(getAttrs()).map(([k, v]) => [local(k), v])), selfClosing);
  });
  if (h.close) parser.on('closeTag', (name: string) => h.close!(local(name)));
  if (h.text) {
    parser.on('text', (t: string) => h.text!(decode(t)));
    parser.on('cdata', (t: string) => h.text!(t));
  }
  parser.parse(xml);
  if (error) throw new XlsxError(`${part} is not well-formed XML (${(error as Error).message})`);
}

/** Excel's `_xHHHH_` escapes of characters XML cannot hold (ECMA-376 Part 1, §22.9.2.19). */
const unescapeX = (s: string) => (s.indexOf('_x') < 0 ? s : s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, and the East Asian and Thai locales'). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

/** A custom number format shows a date when, quoted text and [..] sections aside, it holds date or time tokens and no digit placeholder. */
function isDateFormat(code: string): boolean {
  const s = code.toLowerCase().replace(/"[^"]*"/g, '').replace(/\[[^\]]*\]/g, '').replace(/\\./g, '').replace(/;@$/, '');
  return /[dmyhs]/.test(s) && !/[0#?%]/.test(s);
}

interface Styles {
  /** Per cellXfs index: whether its number format is a date's. */
  dates: boolean[];
}

function readStyles(xml: string): Styles {
  const formats = new Map<number, string>();
  const dates: boolean[] = [];
  let inXfs = false;
  parseXml('xl/styles.xml', xml, {
    open(name, attrs) {
      if (name === 'numFmt') formats.set(Number(attrs().numFmtId), attrs().formatCode ?? '');
      else if (name === 'cellXfs') inXfs = true;
      else if (name === 'xf' && inXfs) {
        const id = Number(attrs().numFmtId ?? 0);
        const custom = formats.get(id);
        dates.push(custom !== undefined && id >= 100 ? isDateFormat(custom) : DATE_FORMAT_IDS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inXfs = false;
    },
  });
  return { dates };
}

function readSharedStrings(xml: string): string[] {
  const out: string[] = [];
  let cur: string | null = null;
  let inT = false;
  let phonetic = 0;
  parseXml('xl/sharedStrings.xml', xml, {
    open(name, _a, selfClosing) {
      if (name === 'si') cur = '';
      else if (name === 'rPh') phonetic += selfClosing ? 0 : 1;
      else if (name === 't' && !selfClosing) inT = true;
    },
    close(name) {
      if (name === 'si') out.push(unescapeX(cur ?? ''));
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 't') inT = false;
    },
    text(t) {
      if (inT && !phonetic && cur !== null) cur += t;
    },
  });
  return out;
}

/** The workbook's first sheet's part, and whether its dates count from 1904. */
function firstSheet(read: (name: string) => string | null): { path: string; epoch1904: boolean; rels: Map<string, { type: string; target: string }> } {
  const workbook = read('xl/workbook.xml');
  const relsXml = read('xl/_rels/workbook.xml.rels');
  if (workbook === null || relsXml === null) throw new XlsxError('no xl/workbook.xml or its relationships: not an XLSX workbook');
  let sheetRel: string | null = null;
  let epoch1904 = false;
  parseXml('xl/workbook.xml', workbook, {
    open(name, attrs) {
      if (name === 'workbookPr') epoch1904 ||= attrs().date1904 === '1' || attrs().date1904 === 'true';
      else if (name === 'sheet' && sheetRel === null) sheetRel = attrs().id ?? null;
    },
  });
  const rels = new Map<string, { type: string; target: string }>();
  parseXml('xl/_rels/workbook.xml.rels', relsXml, {
    open(name, attrs) {
      const a = attrs();
      if (name === 'Relationship' && a.Id && a.Target) rels.set(a.Id, { type: a.Type ?? '', target: a.Target[0] === '/' ? a.Target.slice(1) : `xl/${a.Target}` });
    },
  });
  const sheet = sheetRel === null ? undefined : rels.get(sheetRel);
  if (!sheet) throw new XlsxError('the workbook names no sheet');
  return { path: sheet.target, epoch1904, rels };
}

const DAY_MS = 86_400_000;
/** Days from Excel's day 0 (1899-12-30, counting its 1900 leap day) to 1970-01-01; 1904-based dates start 1462 days later. */
const UNIX_EPOCH_SERIAL = 25569;

function excelDate(serial: number, epoch1904: boolean): string | null {
  const ms = Math.floor((serial + (epoch1904 ? 1462 : 0) - UNIX_EPOCH_SERIAL) * DAY_MS);
  const d = new Date(ms);
  return Number.isFinite(d.getTime()) ? d.toISOString() : null;
}

const ADDRESS = /^([A-Z]{1,3})([1-9]\d{0,6})$/;

/** The address's 1-based column and row, or null for one that is no cell of a sheet (past XFD or row 1,048,576). */
function parseAddress(r: string): [number, number] | null {
  const m = ADDRESS.exec(r);
  if (!m) return null;
  let col = 0;
  for (const ch of m[1]) col = col * 26 + ch.charCodeAt(0) - 64;
  const row = Number(m[2]);
  return col <= 16384 && row <= 1_048_576 ? [col, row] : null;
}

interface RawCell {
  t: string;
  s: string | undefined;
  v: string | undefined;
  inline: string | undefined;
  formula: boolean;
}

/** One cell's value, or why it has none. */
function cellValue(c: RawCell, shared: readonly string[], styles: Styles | null, epoch1904: boolean): Cell | { bad: string } {
  const bad = (why: string) => ({ bad: why });
  const text = (s: string) => (s === '' ? null : s);
  switch (c.t) {
    case 'e':
      return bad(`holds the spreadsheet error ${c.v || '(unnamed)'}`);
    case 's': {
      const k = c.v === undefined ? NaN : decimalNumber(c.v) ?? NaN;
      return Number.isInteger(k) && k >= 0 && k < shared.length ? text(shared[k]) : bad(`names shared string ${JSON.stringify((c.v ?? '').slice(0, 12))}, which the workbook does not hold (it has ${shared.length})`);
    }
    case 'inlineStr':
      return c.inline === undefined ? null : text(unescapeX(c.inline));
    case 'str':
      if (c.v === undefined) return bad('holds a formula saved without its result (open and save the workbook in a spreadsheet program to compute it)');
      return text(unescapeX(c.v));
    case 'b':
      if (c.v === undefined) return c.formula ? bad('holds a formula saved without its result') : null;
      return c.v.trim() === '1' ? true : c.v.trim() === '0' ? false : bad(`holds the boolean ${JSON.stringify(c.v.slice(0, 12))}, which is neither 0 nor 1`);
    case 'd': {
      if (c.v === undefined || c.v === '') return null;
      const d = new Date(c.v.trim());
      return Number.isFinite(d.getTime()) ? d.toISOString() : bad(`holds the date ${JSON.stringify(c.v.slice(0, 30))}, which is no date`);
    }
    case 'n': {
      if (c.v === undefined || c.v === '') return c.formula ? bad('holds a formula saved without its result (open and save the workbook in a spreadsheet program to compute it)') : null;
      const x = decimalNumber(c.v);
      if (x === null) return bad(`holds the number ${JSON.stringify(c.v.slice(0, 20))}, which is not a decimal number`);
      if (c.s === undefined || c.s === '0' || !styles) return x;
      const style = decimalNumber(c.s);
      if (style === null || !Number.isInteger(style) || style < 0 || style >= styles.dates.length) return bad(`has style ${JSON.stringify(c.s.slice(0, 12))}, which the workbook's styles do not hold (it has ${styles.dates.length})`);
      if (!styles.dates[style]) return x;
      return excelDate(x, epoch1904) ?? bad(`holds the date serial ${c.v.slice(0, 20)}, which is no date (past the year 275760)`);
    }
    default:
      return bad(`has the cell type ${JSON.stringify(c.t.slice(0, 12))}, which is none of XLSX's`);
  }
}

/** The first sheet of an XLSX workbook, every cell it could not read named in `errors` or kept as a BadCell. */
export function readXlsx(name: string, data: ArrayBuffer): SheetTable {
  const bytes = new Uint8Array(data);
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new XlsxError('not a ZIP archive (an XLSX file is one)');
  const zip = zipReader(bytes);
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const read = (part: string): string | null => {
    const b = zip.read(part);
    if (b === null) return null;
    try {
      return utf8.decode(b);
    } catch {
      throw new XlsxError(`${part} is not UTF-8`);
    }
  };
  const { path, epoch1904, rels } = firstSheet(read);
  const relOf = (kind: string) => [...rels.values()].find((r) => r.type.endsWith(`/${kind}`))?.target;
  const sharedXml = read(relOf('sharedStrings') ?? 'xl/sharedStrings.xml');
  const stylesXml = read(relOf('styles') ?? 'xl/styles.xml');
  const shared = sharedXml === null ? [] : readSharedStrings(sharedXml);
  const styles = stylesXml === null ? null : readStyles(stylesXml);
  const sheetXml = read(path);
  if (sheetXml === null) throw new XlsxError(`the first sheet's part ${path} is not in the workbook`);
  return sheetTable(name, sheetXml, shared, styles, epoch1904);
}

function sheetTable(name: string, xml: string, shared: readonly string[], styles: Styles | null, epoch1904: boolean): SheetTable {
  const errors: ImportIssue[] = [];
  // Present cells only, row by row: [column, value].
  const rows: { line: number; cells: [number, Cell | { bad: string }][] }[] = [];
  let rowNo = 0;
  let lastCol = 0;
  let cur: { line: number; cells: [number, Cell | { bad: string }][] } | null = null;
  let cell: (RawCell & { col: number; row: number }) | null = null;
  let into: 'v' | 't' | null = null;
  let inInline = false;
  let phonetic = 0;
  const rowOf = (line: number) => {
    if (cur?.line === line) return cur;
    if (cur && line < cur.line) throw new XlsxError(`row ${line} comes after row ${cur.line}: rows out of order`);
    cur = { line, cells: [] };
    rows.push(cur);
    return cur;
  };
  parseXml(`the sheet of ${name}`, xml, {
    open(tag, attrs, selfClosing) {
      if (tag === 'row') {
        const r = attrs().r;
        const n = r === undefined ? rowNo + 1 : decimalNumber(r);
        if (n === null || !Number.isInteger(n) || n < 1 || n > 1_048_576) throw new XlsxError(`a row numbered ${JSON.stringify(String(r ?? n).slice(0, 12))}, which is no row of a sheet`);
        rowNo = n;
        lastCol = 0;
      } else if (tag === 'c') {
        const a = attrs();
        const at = a.r === undefined ? [lastCol + 1, Math.max(rowNo, 1)] : parseAddress(a.r);
        if (!at) throw new XlsxError(`a cell at ${JSON.stringify(a.r.slice(0, 20))}, which is no cell of a sheet`);
        [lastCol, rowNo] = [at[0], at[1]];
        cell = { t: a.t ?? 'n', s: a.s, v: undefined, inline: undefined, formula: false, col: at[0], row: at[1] };
        if (selfClosing) into = null;
      } else if (cell) {
        if (tag === 'v' && !selfClosing) [into, cell.v] = ['v', ''];
        else if (tag === 'v') cell.v = '';
        else if (tag === 'f') cell.formula = true;
        else if (tag === 'is') [inInline, cell.inline] = [true, ''];
        else if (tag === 'rPh') phonetic += selfClosing ? 0 : 1;
        else if (tag === 't' && inInline && !selfClosing) into = 't';
      }
    },
    close(tag) {
      if (tag === 'c' && cell) {
        const value = cellValue(cell, shared, styles, epoch1904);
        if (value !== null) rowOf(cell.row).cells.push([cell.col, value]);
        cell = null;
      } else if (tag === 'v' || tag === 't') into = null;
      else if (tag === 'is') inInline = false;
      else if (tag === 'rPh') phonetic = Math.max(0, phonetic - 1);
    },
    text(t) {
      if (!cell || into === null) return;
      if (into === 'v') cell.v += t;
      else if (!phonetic) cell.inline += t;
    },
  });
  const first = rows.find((r) => r.cells.length > 0);
  if (!first) return { header: [], rows: [], errors: [{ file: name, line: 0, reason: "the workbook's first sheet is empty" }] };
  let width = 0;
  for (const [c] of first.cells) width = Math.max(width, c);
  if (width > MAX_COLUMNS) throw new XlsxError(`its header reaches column ${cellRef(width, first.line).replace(/\d+$/, '')} (${width} columns), more than the ${MAX_COLUMNS} this app reads`);
  const header: string[] = new Array<string>(width).fill('');
  for (const [c, v] of first.cells) {
    if (typeof v === 'object' && v !== null) errors.push({ file: name, line: first.line, reason: `the header's cell ${cellRef(c, first.line)} ${v.bad}` });
    else header[c - 1] = v === null ? '' : String(v).trim();
  }
  let outside = 0;
  let firstOutside = '';
  let held = 0;
  const out: SheetTable['rows'] = [];
  for (const r of rows) {
    if (r === first || r.line < first.line) continue;
    const inside = r.cells.filter(([c]) => c <= width);
    if (inside.length < r.cells.length) {
      if (!outside) firstOutside = cellRef(r.cells.find(([c]) => c > width)![0], r.line);
      outside += r.cells.length - inside.length;
    }
    if (inside.length === 0) continue;
    let last = 0;
    for (const [c] of inside) last = Math.max(last, c);
    const cells: Cell[] = new Array<Cell>(last).fill(null);
    held += cells.length;
    if (held > MAX_TABLE_CELLS) throw new XlsxError(`the sheet holds more than ${MAX_TABLE_CELLS.toLocaleString('en')} cells under its header`);
    for (const [c, v] of inside) cells[c - 1] = typeof v === 'object' && v !== null ? ({ bad: v.bad, ref: cellRef(c, r.line) } satisfies BadCell) : v;
    out.push({ line: r.line, cells });
  }
  if (outside) errors.push({ file: name, line: 0, reason: `${outside} cell${outside === 1 ? '' : 's'} right of the header's last column (first at ${firstOutside}) ${outside === 1 ? 'has' : 'have'} no column name and ${outside === 1 ? 'is' : 'are'} left out` });
  return { header, rows: out, errors };
}

export { ZipError };
