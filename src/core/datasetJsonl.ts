// Writes dataset rows as dev.jsonl lines (the format parseDatasetJsonl reads back), so a dataset whose
// pseudo-references were generated can be re-scored later without the LLM. `config` (how the pseudo-references
// were made) is written on every line, so any part of the file still says where it came from.
import type { DatasetRow } from './dataset.ts';

export function datasetRowToJson(row: DatasetRow, config?: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = {
    id: row.id,
    lang: row.lang,
    diff: row.diff,
    old_file: row.oldFile,
    new_file: row.newFile,
    old_code: row.oldCode,
    new_code: row.newCode,
    pseudo_refs: row.pseudoRefs.map((p) => ({ no: p.no, type: p.type, text: p.text, necessary: p.necessary })),
    reviews: row.reviews.map((r) => ({ system: r.system, review: r.review, claims_addressed: r.claimsAddressed, con: r.con, comp: r.comp, rel: r.rel })),
  };
  if (row.index != null) o.index = row.index;
  if (row.referenceAnalyzerOutput != null) o.reference_analyzer_output = row.referenceAnalyzerOutput;
  if (config !== undefined) o.pseudo_refs_config = config;
  return o;
}

/** One row's line (no line break): the one mapping of a row to JSONL, for the whole text and the browser's Blob. */
export function datasetLine(row: DatasetRow, config?: unknown): string {
  return JSON.stringify(datasetRowToJson(row, config));
}

export function datasetToJsonl(rows: readonly DatasetRow[], config?: unknown): string {
  return rows.map((r) => datasetLine(r, config)).join('\n') + (rows.length ? '\n' : '');
}
