// Workbooks written part by part, for what no spreadsheet writer produces on purpose: error cells, formulas saved
// without their result, cells at XFD1048576, millions of empty rows, a part that inflates to hundreds of megabytes,
// a central directory that lies about a size. Zipped with fflate (the reader's own inflater is fflate too, but the
// archive is laid out here byte by byte where a header must lie).
import { Deflate, zipSync, strToU8 } from 'fflate';

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`;
const WORKBOOK = (pr = '') => `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${pr}<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** Styles: 0 general, 1 a date (built-in format 14). */
export const STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`;

export const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const sharedStringsXml = (strings: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`).join('')}</sst>`;

/** An inline-string cell, a number cell and any raw cell XML, for rows written by hand. */
export const str = (ref: string, s: string) => `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(s)}</t></is></c>`;
export const num = (ref: string, v: number | string, style?: number) => `<c r="${ref}"${style === undefined ? '' : ` s="${style}"`}><v>${v}</v></c>`;
export const row = (r: number, cells: string) => `<row r="${r}">${cells}</row>`;

/** A workbook of one sheet from its XML (and shared strings and styles, if any). */
export function rawWorkbook(sheet: string, opts: { sharedStrings?: string; styles?: string; workbookPr?: string } = {}): ArrayBuffer {
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    'xl/workbook.xml': strToU8(WORKBOOK(opts.workbookPr)),
    'xl/_rels/workbook.xml.rels': strToU8(RELS),
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    'xl/styles.xml': strToU8(opts.styles ?? STYLES),
  };
  if (opts.sharedStrings !== undefined) files['xl/sharedStrings.xml'] = strToU8(opts.sharedStrings);
  const z = zipSync(files, { level: 6 });
  return z.buffer.slice(z.byteOffset, z.byteOffset + z.byteLength) as ArrayBuffer;
}

/** `piece` repeated `times`, deflated a megabyte at a time (never held whole), with its true length. */
export function deflateRepeated(prefix: string, piece: string, times: number, suffix: string, level: 1 | 9 = 9): { data: Uint8Array; size: number } {
  const out: Uint8Array[] = [];
  const d = new Deflate({ level }, (chunk) => void out.push(chunk));
  const perBlock = piece === '' ? Infinity : Math.max(1, Math.floor(1_048_576 / piece.length));
  const block = perBlock === Infinity ? new Uint8Array(0) : strToU8(piece.repeat(perBlock));
  let size = 0;
  const push = (b: Uint8Array, final = false) => {
    size += b.length;
    d.push(b, final);
  };
  push(strToU8(prefix));
  let left = times;
  for (; left >= perBlock; left -= perBlock) push(block);
  if (piece !== '') push(strToU8(piece.repeat(left)));
  push(strToU8(suffix), true);
  const data = new Uint8Array(out.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of out) {
    data.set(c, at);
    at += c.length;
  }
  return { data, size };
}

/**
 * A ZIP laid out by hand: each entry already deflated (method 8), with the uncompressed size its headers declare
 * (`declared`, the truth unless a test wants a lie). CRCs are left 0: the reader does not check them.
 */
export function handZip(entries: readonly { name: string; deflated: Uint8Array; declared: number }[]): ArrayBuffer {
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = strToU8(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(18, e.deflated.length, true);
    lv.setUint32(22, e.declared, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const cd = new Uint8Array(46 + name.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(20, e.deflated.length, true);
    cv.setUint32(24, e.declared, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    cd.set(name, 46);
    parts.push(local, e.deflated);
    central.push(cd);
    offset += local.length + e.deflated.length;
  }
  const cdSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, cdSize, true);
  ev.setUint32(16, offset, true);
  const all = [...parts, ...central, end];
  const out = new Uint8Array(all.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of all) {
    out.set(c, at);
    at += c.length;
  }
  return out.buffer;
}

/** The small parts of a workbook (all but the sheet and shared strings), deflated, for handZip. */
export function workbookParts(): { name: string; deflated: Uint8Array; declared: number }[] {
  const d = (name: string, text: string) => {
    const r = deflateRepeated(text, '', 0, '');
    return { name, deflated: r.data, declared: r.size };
  };
  return [d('[Content_Types].xml', CONTENT_TYPES), d('xl/workbook.xml', WORKBOOK()), d('xl/_rels/workbook.xml.rels', RELS), d('xl/styles.xml', STYLES)];
}
