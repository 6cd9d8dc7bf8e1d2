// A table (CSV, JSONL or XLSX, one review a row) becomes a HumanDataset through a mapping: which column is the id,
// the code, the review, the system, the reference, the language, and which columns are human dimensions with what
// scale. The browser's mapping step and the CLI's --map/--human/--mapping build the same Mapping and call applyMapping.
import type { ImportIssue } from '../importers/types.ts';
import { badCellReason, isBadCell } from './cells.ts';
import { guessScale, HUMAN_SYSTEM, numberOrBoolean, readScore, type ChangeCode, type Dimension, type HumanChange, type HumanDataset, type HumanReview, type Scale, type ScaleKind } from './model.ts';
import type { BadCell, Cell } from './cells.ts';
import type { Table } from './table.ts';

export const MAP_FIELDS = ['id', 'diff', 'old_code', 'new_code', 'code', 'review', 'system', 'reference', 'lang'] as const;
export type MapField = (typeof MAP_FIELDS)[number];

export interface HumanColumn {
  column: string;
  /** The dimension the column scores; several columns of one dimension are its annotators. */
  dimension: string;
  /** Guessed from the values when absent. */
  scale?: ScaleKind;
  /** A Likert scale's top point (1–max); guessed from the values when absent. */
  max?: number;
}

export interface Mapping {
  fields: Partial<Record<MapField, string>>;
  human: HumanColumn[];
}

/** The key a mapping is saved under: the same header maps itself next time. */
export function headerKey(header: readonly string[]): string {
  return JSON.stringify(header);
}

const GUESS: Record<MapField, RegExp> = {
  id: /^(id|change_?id|item_?id|idx)$/i,
  diff: /^(diff|patch|hunk|diff_hunk)$/i,
  old_code: /^(old_?code|old_?file|oldf|before)$/i,
  new_code: /^(new_?code|new_?file|newf|after)$/i,
  code: /^(code|snippet|related_?code|method|source)$/i,
  review: /^(review|comment|body|review_?comment|candidate|prediction)$/i,
  system: /^(system|model|tool|generator)$/i,
  reference: /^(reference|ground_?truth|msg|gold|target)$/i,
  lang: /^(lang|language)$/i,
};

/** A first guess from the header names and the values: the user fixes it in the mapping step. */
export function guessMapping(t: Table): Mapping {
  const fields: Mapping['fields'] = {};
  const used = new Set<string>();
  for (const f of MAP_FIELDS) {
    const col = t.header.find((h) => !used.has(h) && GUESS[f].test(h.replace(/[\s-]+/g, '_')));
    if (col === undefined) continue;
    fields[f] = col;
    used.add(col);
  }
  const human: HumanColumn[] = [];
  const text: string[] = [];
  t.header.forEach((h, k) => {
    if (used.has(h) || h === '') return;
    // A spreadsheet's unreadable cell is no evidence either way; TRUE and FALSE read as 1 and 0 (a binary guess).
    const values = t.rows.flatMap((r) => (isBadCell(r.cells[k]) ? [] : [numberOrBoolean(r.cells[k])]));
    const numbers = values.filter((v): v is number => typeof v === 'number');
    if (numbers.length > 0 && values.every((v) => v !== 'bad')) human.push({ column: h, dimension: h, scale: guessScale(numbers).kind });
    else if (values.some((v) => v === 'bad')) text.push(h);
  });
  // No column is named as the review: the one text column left is it (a reference-named one, CodeReviewer's `msg`,
  // when no other text is there: a review is what a human-scored table scores). With several, the person picks.
  if (fields.review === undefined) {
    if (text.length === 1) fields.review = text[0];
    else if (text.length === 0 && fields.reference !== undefined) {
      fields.review = fields.reference;
      delete fields.reference;
    }
  }
  return { fields, human };
}

/** `id=ID,review=Comment,…` (the CLI's --map). */
export function parseMapSpec(spec: string): Mapping['fields'] {
  const out: Mapping['fields'] = {};
  for (const part of spec.split(',').filter((p) => p.trim() !== '')) {
    const eq = part.indexOf('=');
    const field = part.slice(0, eq).trim() as MapField;
    if (eq < 0 || !MAP_FIELDS.includes(field)) throw new Error(`--map ${part}: write FIELD=COLUMN with FIELD one of ${MAP_FIELDS.join(', ')}`);
    out[field] = part.slice(eq + 1).trim();
  }
  return out;
}

/**
 * `COLUMN[:likert[-K]|binary|continuous][@DIMENSION],…` (the CLI's --human): likert-5 is Likert 1–5; columns sharing
 * a @DIMENSION are its annotators.
 */
export function parseHumanSpec(spec: string): HumanColumn[] {
  return spec
    .split(',')
    .filter((p) => p.trim() !== '')
    .map((part) => {
      const m = /^(.+?)(?::(likert|binary|continuous)(?:-(\d+))?)?(?:@(.+))?$/.exec(part.trim());
      if (!m || (m[3] !== undefined && (m[2] !== 'likert' || Number(m[3]) < 2))) throw new Error(`--human ${part}: write COLUMN[:likert[-K]|binary|continuous][@DIMENSION]`);
      return { column: m[1], dimension: m[4] ?? m[1], ...(m[2] ? { scale: m[2] as ScaleKind } : {}), ...(m[3] ? { max: Number(m[3]) } : {}) };
    });
}

/** A Likert scale's highest top point (the mapping step's field stops there too). */
export const MAX_LIKERT_TOP = 100;

/** A name that would reach a plain object's prototype were it a key (dimensions key each review's scores). */
const reserved = (name: string) => name in Object.prototype || name === '__proto__' || name === 'prototype';

/**
 * What is wrong with a mapping, or null: the one check of the CLI's --map/--human/--mapping and the browser's mapping
 * step and saved mappings. Fields name known fields and non-empty columns, no column twice; human columns are
 * non-empty, none a field's or listed twice; a dimension is a non-empty name that is no Object.prototype member;
 * a scale is likert, binary or continuous; a Likert top is a whole number from 2 to MAX_LIKERT_TOP.
 */
export function mappingProblem(m: unknown): string | null {
  const o = m as { fields?: unknown; human?: unknown } | null;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return 'a mapping file holds {"fields": {FIELD: COLUMN, …}, "human": [{"column", "dimension", "scale"}, …]}';
  if (!o.fields || typeof o.fields !== 'object' || Array.isArray(o.fields)) return 'mapping: "fields" must be an object of FIELD: COLUMN';
  if (!Array.isArray(o.human)) return 'mapping: "human" must be a list of {"column", "dimension", "scale"}';
  const byColumn = new Map<string, string>();
  for (const [k, v] of Object.entries(o.fields)) {
    if (!(MAP_FIELDS as readonly string[]).includes(k)) return `mapping: unknown field "${k.slice(0, 40)}" (fields: ${MAP_FIELDS.join(', ')})`;
    if (typeof v !== 'string' || v === '') return `mapping: field "${k}" must name a column (a non-empty text)`;
    if (byColumn.has(v)) return `mapping: the column "${v.slice(0, 40)}" is mapped to both ${byColumn.get(v)} and ${k}: a column is one thing`;
    byColumn.set(v, k);
  }
  const humanColumns = new Set<string>();
  for (const [k, h] of (o.human as unknown[]).entries()) {
    const x = h as Partial<Record<keyof HumanColumn, unknown>> | null;
    if (!x || typeof x !== 'object' || Array.isArray(x)) return `mapping: human[${k}] must be {"column", "dimension", "scale"}`;
    if (typeof x.column !== 'string' || x.column === '') return `mapping: human[${k}] has no column`;
    if (byColumn.has(x.column)) return `mapping: the column "${x.column.slice(0, 40)}" is both the ${byColumn.get(x.column)} and a human score`;
    if (humanColumns.has(x.column)) return `mapping: the human column "${x.column.slice(0, 40)}" is listed twice`;
    humanColumns.add(x.column);
    if (x.dimension !== undefined && (typeof x.dimension !== 'string' || x.dimension === '')) return `mapping: human[${k}]'s dimension must be a non-empty name`;
    const dim = (x.dimension as string | undefined) ?? x.column;
    if (reserved(dim)) return `mapping: "${dim}" cannot name a dimension (it is a name JavaScript objects reserve); choose another`;
    if (x.scale !== undefined && !['likert', 'binary', 'continuous'].includes(x.scale as string)) return `mapping: human[${k}]'s scale must be likert, binary or continuous`;
    if (x.max !== undefined && !(typeof x.max === 'number' && Number.isInteger(x.max) && x.max >= 2 && x.max <= MAX_LIKERT_TOP)) return `mapping: human[${k}]'s max must be a whole number from 2 to ${MAX_LIKERT_TOP}`;
    if (x.max !== undefined && x.scale !== undefined && x.scale !== 'likert') return `mapping: human[${k}] gives a max, which only a likert scale has`;
  }
  return null;
}

/** A mapping file as the browser exports it (or saves it); throws with what is wrong (mappingProblem). */
export function mappingFromJson(value: unknown): Mapping {
  const problem = mappingProblem(value);
  if (problem) throw new Error(problem);
  const o = value as Mapping;
  const fields: Mapping['fields'] = {};
  for (const [k, v] of Object.entries(o.fields)) fields[k as MapField] = v;
  const human = o.human.map((h) => ({ column: h.column, dimension: h.dimension ?? h.column, ...(h.scale ? { scale: h.scale } : {}), ...(h.max !== undefined ? { max: h.max } : {}) }));
  return { fields, human };
}

/**
 * The mapping's dimensions as the table is read: the columns of one dimension are its annotators, in the mapping's
 * order, and its scale is the one given (on its first column that gives one; Likert without a top point takes the
 * top from the values), else guessed from all its columns' values. The mapping step shows these scales and the
 * signature names the mapping by them (runSignature.ts's mappingId).
 */
export function dimensionsOf(t: Table, m: Mapping): Map<string, { columns: number[]; names: string[]; scale: Scale }> {
  const dims = new Map<string, { columns: number[]; names: string[]; scale?: ScaleKind; max?: number }>();
  for (const h of m.human) {
    const d = dims.get(h.dimension) ?? { columns: [], names: [] };
    d.columns.push(t.header.indexOf(h.column));
    d.names.push(h.column === h.dimension ? '' : h.column);
    d.scale ??= h.scale;
    d.max ??= h.max;
    dims.set(h.dimension, d);
  }
  return new Map(
    [...dims].map(([name, d]) => {
      // The values are looked at only for what the mapping does not give: the kind, or a Likert scale's top.
      const kind = d.scale ?? (d.max !== undefined ? 'likert' : undefined);
      const guessed = kind === undefined || (kind === 'likert' && d.max === undefined) ? guessScale(numbersOf(t, d.columns)) : null;
      const scale: Scale = kind === undefined ? guessed! : kind === 'likert' ? { kind: 'likert', min: 1, max: d.max ?? (guessed?.kind === 'likert' ? guessed.max! : 5) } : { kind };
      return [name, { columns: d.columns, names: d.names, scale }];
    }),
  );
}

/** Every number in the columns, for a guess (a loop: a column may hold more values than a spread takes). */
function numbersOf(t: Table, columns: readonly number[]): number[] {
  const out: number[] = [];
  for (const r of t.rows)
    for (const c of columns) {
      const v = numberOrBoolean(r.cells[c]);
      if (typeof v === 'number') out.push(v);
    }
  return out;
}

/** A cell as text; an empty cell is no value whichever way its format holds it (a CSV's "", JSON's null, a sheet's
 *  missing cell), so an empty system or id reads alike in all three. */
const text = (c: Cell | undefined): string | null => (c === null || c === undefined || c === '' ? null : String(c));

/** The table as a dataset under the mapping: every row that cannot be read is named with its line and why. */
export function applyMapping(t: Table, m: Mapping, source: string): HumanDataset {
  const errors: ImportIssue[] = [...t.errors];
  // A file refused whole (UTF-16, binary, not a workbook) says so alone: no column of it can be found.
  if (t.header.length === 0 && t.errors.length) return { source, changes: [], reviews: [], dimensions: [], errors, notes: [] };
  const col = (name: string | undefined) => (name === undefined ? -1 : t.header.indexOf(name));
  for (const [f, c] of Object.entries(m.fields)) if (col(c) < 0) errors.push({ file: source, line: 1, reason: `the ${f} column "${c}" is not in the header (${t.header.join(', ')})` });
  for (const h of m.human) if (col(h.column) < 0) errors.push({ file: source, line: 1, reason: `the human column "${h.column}" is not in the header` });
  const bad = errors.length > t.errors.length;
  if (bad || m.fields.review === undefined) {
    if (m.fields.review === undefined) errors.push({ file: source, line: 1, reason: 'no column is mapped to review' });
    return { source, changes: [], reviews: [], dimensions: [], errors, notes: [] };
  }
  const at = Object.fromEntries(Object.entries(m.fields).map(([f, c]) => [f, col(c)])) as Partial<Record<MapField, number>>;
  const cellOf = (cells: Cell[], f: MapField) => (at[f] === undefined ? null : text(cells[at[f]!]));
  const dims = dimensionsOf(t, m);
  const scales = new Map([...dims].map(([name, d]) => [name, d.scale]));
  const changes = new Map<string, HumanChange>();
  const byCode = new Map<string, string>();
  const reviews: HumanReview[] = [];
  for (const { line, cells } of t.rows) {
    // A cell of a mapped field that a spreadsheet could not give (an error, a formula without its result): the row is
    // left out and named, never read as an empty review, id or code.
    const unreadable = Object.entries(at).find(([, k]) => isBadCell(cells[k!]));
    if (unreadable) {
      errors.push({ file: source, line, reason: `the ${unreadable[0]} column "${m.fields[unreadable[0] as MapField]}": ${badCellReason(cells[unreadable[1]!] as BadCell)}` });
      continue;
    }
    const review = cellOf(cells, 'review');
    if (review === null || review.trim() === '') {
      errors.push({ file: source, line, reason: `no review in column "${m.fields.review}"` });
      continue;
    }
    const code = codeOf(cells, cellOf);
    const scores: HumanReview['scores'] = {};
    let why: string | null = null;
    for (const [name, d] of dims) {
      scores[name] = d.columns.map((c) => {
        const v = readScore(cells[c], scales.get(name)!, t.header[c]);
        if (v !== null && typeof v === 'object') why ??= v.why;
        return typeof v === 'number' ? v : null;
      });
    }
    if (why) {
      errors.push({ file: source, line, reason: why });
      continue;
    }
    // Without an id column, rows with the same code form one change.
    const codeKey = JSON.stringify(code);
    const id = cellOf(cells, 'id') ?? byCode.get(codeKey) ?? `change-${byCode.size + 1}`;
    if (at.id === undefined) byCode.set(codeKey, id);
    let change = changes.get(id);
    if (!change) changes.set(id, (change = { id, lang: cellOf(cells, 'lang') ?? '', code, references: [], line }));
    const reference = cellOf(cells, 'reference');
    if (reference !== null && reference.trim() !== '' && !change.references.includes(reference)) change.references.push(reference);
    reviews.push({ changeId: id, system: cellOf(cells, 'system') ?? HUMAN_SYSTEM, review, scores, line });
  }
  const dimensions: Dimension[] = [...dims].map(([name, d]) => ({ name, scale: scales.get(name)!, annotators: d.names }));
  const notes = m.fields.system === undefined ? [`no system column: every review belongs to one system, "${HUMAN_SYSTEM}"`] : [];
  if (m.fields.id === undefined) notes.push('no id column: rows with the same code form one change');
  return { source, changes: [...changes.values()], reviews, dimensions, errors, notes };
}

function codeOf(cells: Cell[], cellOf: (cells: Cell[], f: MapField) => string | null): ChangeCode {
  const diff = cellOf(cells, 'diff');
  if (diff !== null && diff !== '') return { kind: 'diff', diff };
  const oldCode = cellOf(cells, 'old_code');
  const newCode = cellOf(cells, 'new_code');
  if (oldCode !== null || newCode !== null) return { kind: 'files', oldCode, newCode };
  const code = cellOf(cells, 'code');
  return code !== null && code !== '' ? { kind: 'snippet', code } : { kind: 'none' };
}
