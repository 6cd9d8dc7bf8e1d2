// Subsets and slices of a human-scored dataset (`crscore eval --where EXPR --by FIELD`): which reviews are judged,
// and the values a table is repeated for. A field is a human dimension (its score as the file gives it, the mean
// over annotators), `lang`, `system`, `id` (the change) or a column of the file's table. Pure.
import { isBadCell } from './cells.ts';
import type { HumanDataset, HumanChange, HumanReview } from './model.ts';
import { readNumber } from './model.ts';
import type { Table } from './table.ts';

export type WhereOp = '<=' | '>=' | '<' | '>' | '=' | '!=';
export interface WhereClause {
  field: string;
  op: WhereOp;
  value: string;
}
export interface SliceBy {
  field: string;
}

const CLAUSE = /^\s*([^<>=!]+?)\s*(<=|>=|==|!=|<|>|=)\s*(.*?)\s*$/;

/** `grade<=4`, `lang=go`, `grade>=2,system!=gpt`: each clause FIELD OP VALUE, all of them must hold. */
export function parseWhere(expr: string): WhereClause[] {
  const parts = expr.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) throw new Error('give FIELD OP VALUE, e.g. grade<=4 or lang=go');
  return parts.map((p) => {
    const m = CLAUSE.exec(p);
    if (!m || m[3] === '') throw new Error(`"${p}" is not FIELD OP VALUE (OP one of <= >= < > = !=)`);
    return { field: m[1], op: (m[2] === '==' ? '=' : m[2]) as WhereOp, value: m[3] };
  });
}

export function parseBy(spec: string): SliceBy | null {
  const field = spec.trim();
  return field ? { field } : null;
}

/** How a review's fields are read: the dataset's dimensions and, for a column, the file's table. */
export interface FieldSource {
  dataset: Pick<HumanDataset, 'dimensions' | 'changes'>;
  table?: Pick<Table, 'header' | 'rows'> | null;
}

export type FieldValue = string | number | null;
export type FieldReader = (review: HumanReview, change: HumanChange | undefined) => FieldValue;

/** The reader of one field, or an error naming the fields there are. */
export function fieldReader(field: string, src: FieldSource): FieldReader {
  const dim = src.dataset.dimensions.find((d) => d.name === field);
  if (dim)
    return (r) => {
      const xs = (r.scores[dim.name] ?? []).filter((v): v is number => v !== null);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
    };
  if (field === 'lang') return (_r, c) => c?.lang ?? null;
  if (field === 'system') return (r) => r.system;
  if (field === 'id') return (r) => r.changeId;
  const col = src.table?.header.indexOf(field) ?? -1;
  if (col >= 0) {
    const byLine = new Map(src.table!.rows.map((row) => [row.line, row.cells]));
    return (r) => {
      const v = byLine.get(r.line)?.[col];
      // A cell the reader refused (a spreadsheet error, a bad number) holds no value to compare.
      return v === undefined || v === null || v === '' || isBadCell(v) ? null : typeof v === 'boolean' ? (v ? 1 : 0) : v;
    };
  }
  const names = [...src.dataset.dimensions.map((d) => d.name), 'lang', 'system', 'id', ...(src.table?.header ?? [])];
  throw new Error(`"${field}" is not a field of the dataset (its fields: ${[...new Set(names)].join(', ')})`);
}

const num = (v: FieldValue) => {
  const n = readNumber(v);
  return typeof n === 'number' ? n : null;
};

/** Whether a value holds a clause: numbers compare as numbers, text as text without regard to case (= and != only). */
export function holds(v: FieldValue, c: WhereClause): boolean {
  if (v === null) return false;
  const a = num(v);
  const b = num(c.value);
  if (a !== null && b !== null) {
    switch (c.op) {
      case '<=': return a <= b;
      case '>=': return a >= b;
      case '<': return a < b;
      case '>': return a > b;
      case '=': return a === b;
      case '!=': return a !== b;
    }
  }
  if (c.op !== '=' && c.op !== '!=') return false;
  const eq = String(v).trim().toLowerCase() === c.value.toLowerCase();
  return c.op === '=' ? eq : !eq;
}

/** The dataset with only the reviews every clause holds for (and the changes that keep a review). */
export function whereDataset(d: HumanDataset, clauses: readonly WhereClause[], table?: FieldSource['table']): HumanDataset {
  const readers = clauses.map((c) => [c, fieldReader(c.field, { dataset: d, table })] as const);
  const changes = new Map(d.changes.map((c) => [c.id, c]));
  const reviews = d.reviews.filter((r) => readers.every(([c, read]) => holds(read(r, changes.get(r.changeId)), c)));
  const kept = new Set(reviews.map((r) => r.changeId));
  return { ...d, reviews, changes: d.changes.filter((c) => kept.has(c.id)) };
}

/** A slice: its value and the indices (into `reviews`) of its reviews, in the values' order (numbers, then text). */
export interface Slice {
  value: FieldValue;
  indices: number[];
}

export function slicesBy(reviews: readonly { review: HumanReview; change: HumanChange }[], read: FieldReader): Slice[] {
  const by = new Map<string, Slice>();
  reviews.forEach((r, k) => {
    const v = read(r.review, r.change);
    const key = v === null ? '\u0000null' : `${typeof v}:${v}`;
    let s = by.get(key);
    if (!s) by.set(key, (s = { value: v, indices: [] }));
    s.indices.push(k);
  });
  const rank = (v: FieldValue) => (typeof v === 'number' ? 0 : v === null ? 2 : 1);
  return [...by.values()].sort((a, b) => rank(a.value) - rank(b.value) || (typeof a.value === 'number' && typeof b.value === 'number' ? a.value - b.value : String(a.value) < String(b.value) ? -1 : String(a.value) > String(b.value) ? 1 : 0));
}

/** The signature's text of a --where: its clauses as given, without spaces. */
export const whereSignature = (clauses: readonly WhereClause[]): string => clauses.map((c) => `${c.field}${c.op}${c.value}`).join(',');
