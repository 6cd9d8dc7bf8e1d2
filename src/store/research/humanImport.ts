// Research's import of any human-scored review dataset (src/core/humanData): GradedReviews' workbook opens at once
// (recognised by its header); another table, or one the user asks to map, goes through the mapping step, whose
// mapping is saved by header (headerKey) so the same file maps itself next time. A mapping that reads nothing keeps
// the step open with the reasons; nothing already loaded is replaced until a dataset with reviews and a dimension
// is read. Orchestration only: reading and mapping are the core's, as `crscore eval --dataset` runs them.
import { create } from 'zustand';
import { applyMapping, gradedReviewsNearMiss, guessMapping, headerKey, humanDataFromTable, isGradedReviews, mappingFromJson, mappingProblem, readTable, tableFormat, type HumanDataset, type HumanImport, type Mapping, type Table } from '../../core/humanData/index';
import type { ImportIssue } from '../../core/importers/types';
import { sha256BytesHex } from '../../core/sha256';
import { useResearch } from './research';
import { pickedFiles } from '../dataset/importRun';
import { isBlobFile, type DatasetFile } from '../dataset/datasetFile';
import { setHumanReopener, type SavedHuman } from './researchPersist';
import { writeLocal } from '../../settings/storageWrites';

/** Where the mappings are saved; a refused write is recorded under it (useStorageRefusals), and the views say so. */
export const SAVED_MAPPINGS_KEY = 'crscore.humanMappings';
const SAVED = SAVED_MAPPINGS_KEY;

/** The mappings saved by header (they hold column names only, no secret). */
function savedMappings(): Record<string, Mapping> {
  try {
    const o = JSON.parse(localStorage.getItem(SAVED) ?? '{}') as Record<string, unknown>;
    const out: Record<string, Mapping> = {};
    for (const [k, v] of Object.entries(o))
      try {
        out[k] = mappingFromJson(v);
      } catch {
        // a damaged entry is dropped, the others kept
      }
    return out;
  } catch {
    return {};
  }
}

export function savedMapping(header: readonly string[]): Mapping | null {
  return savedMappings()[headerKey(header)] ?? null;
}

/** Saves the mapping for its header; a refusal (storage full) is recorded, never thrown: the views say it. */
function saveMapping(header: readonly string[], m: Mapping): void {
  writeLocal(SAVED, JSON.stringify({ ...savedMappings(), [headerKey(header)]: m }));
}

/** The mapping as the file `crscore eval --mapping FILE.json` reads (mappingFromJson's shape). */
export const mappingJson = (m: Mapping): string => `${JSON.stringify({ fields: m.fields, human: m.human }, null, 2)}\n`;

export interface MappingStep {
  name: string;
  /** The file read (saved with the dataset, so a reload reads it again). */
  file: DatasetFile;
  table: Table;
  mapping: Mapping;
  /** The SHA-256 of the file's bytes (the signature names the dataset by it). */
  sha256: string;
  /** Where the mapping came from: guessed from the header and values, or saved for this header. */
  from: 'guess' | 'saved';
  /** Why the last try read nothing (the step stays open; the dataset on screen stays). */
  issues: ImportIssue[];
  /** Why a header meant as GradedReviews' is not its layout (a column missing or out of place), or null. */
  layoutNote: string | null;
}

interface HumanImportState {
  step: MappingStep | null;
  /** The table of the human dataset on screen (the mapping step reopens on it), with how it was mapped. */
  shown: { name: string; file: DatasetFile; table: Table; sha256: string; from: SavedHuman['from'] } | null;
  /** A file that could not be read as a table at all (the dataset on screen stays). */
  failed: { name: string; issues: ImportIssue[] } | null;
  busy: boolean;
  /** A single table the main picker refused: its refusal offers the mapping step on this file (mapRefused). */
  refused: File | null;
  /** Opens the mapping step on the refused file. */
  mapRefused(): Promise<void>;
  /** Research's picker: .xlsx and tables the importers do not read come here; the rest goes to importFiles. */
  importAny(files: File[]): Promise<void>;
  /** Reads one table; `map`: open the mapping step even for a recognised layout or a saved mapping; `read`: the
   *  file's bytes and table when the caller has read them already (importAny), so a file is read and parsed once. */
  openTable(file: File, map?: boolean, read?: { bytes: ArrayBuffer; table: Table }): Promise<void>;
  setMapping(m: Mapping): void;
  /** Reads the table under the step's mapping; opens it in Research when it gives reviews and a dimension. */
  confirm(): boolean;
  cancel(): void;
  /** Reopens the mapping step on the dataset on screen. */
  editMapping(): void;
}

/** Why a dataset cannot be opened (no review, no human dimension), or null. */
function unusable(d: HumanDataset, mapping?: Mapping | null): ImportIssue[] | null {
  const why: ImportIssue[] = [];
  if (d.reviews.length === 0) why.push({ file: d.source, line: 1, reason: 'no review could be read' });
  // (A mapping without a review reads no row, so no dimension either: only a mapping that ticks none is told to.)
  if (d.dimensions.length === 0 && !(mapping && mapping.human.length > 0)) why.push({ file: d.source, line: 1, reason: 'no column is a human score: tick at least one' });
  return why.length ? [...d.errors.slice(0, 20), ...why] : null;
}

type Keep = Parameters<ReturnType<typeof useResearch.getState>['openHuman']>[2];
function open(name: string, r: HumanImport, sha256: string, keep: Keep): void {
  useResearch.getState().openHuman(name, { dataset: r.dataset, layout: r.layout, mapping: r.mapping, file: { rows: r.table.rows.length, sha256 }, table: r.table }, keep);
}

/** The table read as the import reads it: GradedReviews' layout by its header, any other under its mapping. */
function readAs(table: Table, name: string, mapping: Mapping | null): HumanImport {
  return mapping ? { dataset: applyMapping(table, mapping, name), table, mapping, layout: 'mapped' } : humanDataFromTable(table, name);
}

const bytesOf = async (f: DatasetFile): Promise<ArrayBuffer> => (isBlobFile(f) ? f.blob.arrayBuffer() : (new TextEncoder().encode(f.text).buffer as ArrayBuffer));

// After a reload: the saved file read again by the import's own steps, with its mapping and dimension; null when
// it opened, else why not (Research says so and opens nothing).
setHumanReopener(async (file, saved) => {
  const bytes = await bytesOf(file);
  const sha256 = sha256BytesHex(new Uint8Array(bytes));
  const table = await readTable(file.name, bytes);
  const r = readAs(table, file.name, saved.from === 'graded-reviews' ? null : saved.mapping);
  const why = unusable(r.dataset);
  if (why) return [...new Set(why.slice(-2).map((e) => e.reason))].join('; ');
  open(file.name, r, sha256, { file, from: saved.from, dimension: saved.dimension, restored: true });
  useHumanImport.setState({ step: null, failed: null, shown: { name: file.name, file, table, sha256, from: saved.from } });
  return null;
});

export const useHumanImport = create<HumanImportState>()((set, get) => ({
  step: null,
  shown: null,
  failed: null,
  busy: false,
  refused: null,

  async mapRefused() {
    const f = get().refused;
    if (!f) return;
    set({ refused: null });
    useResearch.setState({ importRejected: null });
    await get().openTable(f, true);
  },

  async importAny(files) {
    set({ refused: null });
    if (files.length === 1 && tableFormat(files[0].name) === 'xlsx') return get().openTable(files[0]);
    const ok = await useResearch.getState().importFiles(await pickedFiles(files));
    if (ok) return set({ shown: null });
    // The importers read nothing: a single table may still be a human-scored dataset, mapped by hand.
    const f = files[0];
    // (A cancelled import is no refusal: nothing more is read.)
    if (files.length !== 1 || !useResearch.getState().importRejected || (tableFormat(f.name) !== 'csv' && tableFormat(f.name) !== 'jsonl')) return;
    // The refusal offers the mapping step on this file, whatever is in it.
    set({ refused: f });
    const bytes = await f.arrayBuffer();
    const table = await readTable(f.name, bytes);
    // Opened at once only when a saved mapping, or a guess that finds the change's code or reference review, reads
    // reviews and a human score: a table of other things (name, age) stays refused, its mapping a click away.
    const saved = savedMapping(table.header);
    const m = saved ?? guessMapping(table);
    const reviewTable = saved !== null || ['diff', 'old_code', 'new_code', 'code', 'reference'].some((k) => m.fields[k as keyof Mapping['fields']] !== undefined);
    if (table.header.length < 2 || !reviewTable || unusable(applyMapping(table, m, f.name))) return;
    set({ refused: null });
    useResearch.setState({ importRejected: null });
    await get().openTable(f, false, { bytes, table });
  },

  async openTable(file, map = false, read) {
    set({ busy: true, failed: null });
    try {
      const kept: DatasetFile = { name: file.name, blob: file };
      const bytes = read?.bytes ?? (await file.arrayBuffer());
      const sha256 = sha256BytesHex(new Uint8Array(bytes));
      const table = read?.table ?? (await readTable(file.name, bytes));
      if (table.header.length === 0 || table.rows.length === 0) {
        set({ failed: { name: file.name, issues: table.errors.length ? table.errors : [{ file: file.name, line: 1, reason: 'no row in this file' }] } });
        return;
      }
      const saved = savedMapping(table.header);
      if (!map && isGradedReviews(table.header) && !saved) {
        const r = readAs(table, file.name, null);
        const why = unusable(r.dataset);
        if (why) return set({ failed: { name: file.name, issues: why } });
        open(file.name, r, sha256, { file: kept, from: 'graded-reviews' });
        return set({ step: null, shown: { name: file.name, file: kept, table, sha256, from: 'graded-reviews' } });
      }
      const step: MappingStep = { name: file.name, file: kept, table, sha256, mapping: saved ?? guessMapping(table), from: saved ? 'saved' : 'guess', issues: [], layoutNote: gradedReviewsNearMiss(table.header) };
      set({ step });
      // A saved mapping maps the file at once (the step stays a click away: Edit the mapping).
      if (saved && !map) get().confirm();
    } catch (e) {
      set({ failed: { name: file.name, issues: [{ file: file.name, line: 0, reason: (e as Error).message }] } });
    } finally {
      set({ busy: false });
    }
  },

  setMapping(m) {
    const step = get().step;
    if (step) set({ step: { ...step, mapping: m, issues: [] } });
  },

  confirm() {
    const step = get().step;
    if (!step) return false;
    // The CLI's check of --map/--human/--mapping, on the mapping as the step built it.
    const problem = mappingProblem(step.mapping);
    if (problem) return set({ step: { ...step, issues: [{ file: step.name, line: 1, reason: problem }] } }), false;
    const r = readAs(step.table, step.name, step.mapping);
    const why = unusable(r.dataset, step.mapping);
    if (why) return set({ step: { ...step, issues: why } }), false;
    saveMapping(step.table.header, step.mapping);
    const from = step.from === 'saved' ? 'saved' : 'edited';
    open(step.name, r, step.sha256, { file: step.file, from });
    set({ step: null, shown: { name: step.name, file: step.file, table: step.table, sha256: step.sha256, from } });
    return true;
  },

  cancel: () => set({ step: null }),

  editMapping() {
    const shown = get().shown;
    const h = useResearch.getState().human;
    if (!shown || !h) return;
    set({ step: { name: shown.name, file: shown.file, table: shown.table, sha256: shown.sha256, mapping: h.mapping ?? savedMapping(shown.table.header) ?? guessMapping(shown.table), from: h.mapping ? 'saved' : 'guess', issues: [], layoutNote: gradedReviewsNearMiss(shown.table.header) } });
  },
}));
