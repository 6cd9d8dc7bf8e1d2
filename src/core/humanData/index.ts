// Any human-scored review dataset: read a table, recognise GradedReviews' workbook by its header, else map columns
// (the given mapping, or a guess the user can fix). The browser's import and `crscore eval --map …` both call this.
import { isGradedReviews, readGradedReviews } from './gradedReviews.ts';
import { applyMapping, guessMapping, type Mapping } from './mapping.ts';
import type { HumanDataset } from './model.ts';
import { readTable, type Table } from './table.ts';

export * from './gradedReviews.ts';
export * from './mapping.ts';
export * from './model.ts';
export * from './study.ts';
export * from './table.ts';

export interface HumanImport {
  dataset: HumanDataset;
  table: Table;
  /** The mapping applied: the one given, or the guess; null for a layout recognised by its header. */
  mapping: Mapping | null;
  /** human-study: the CRScore human study's own file (dev.jsonl, its CSVs), read by the importers and study.ts. */
  layout: 'graded-reviews' | 'mapped' | 'human-study';
}

export function humanDataFromTable(t: Table, source: string, mapping?: Mapping): HumanImport {
  if (!mapping && isGradedReviews(t.header)) return { dataset: readGradedReviews(t, source), table: t, mapping: null, layout: 'graded-reviews' };
  const m = mapping ?? guessMapping(t);
  return { dataset: applyMapping(t, m, source), table: t, mapping: m, layout: 'mapped' };
}

export async function importHumanData(name: string, bytes: ArrayBuffer, mapping?: Mapping): Promise<HumanImport> {
  return humanDataFromTable(await readTable(name, bytes), name, mapping);
}
