// Research's import of a human-scored table: the mapping step's guess, the mapping saved by header (the same header
// maps itself next time), a mapping that reads nothing leaves the dataset on screen, GradedReviews' workbook opens
// by its header, and the exported mapping is the one `crscore eval --mapping` reads.
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headerKey, mappingFromJson } from '../../core/humanData/index';
import * as humanData from '../../core/humanData/index';
import { memoryStorage } from '../../testing/memoryStorage';
import { gradedReviewsRows, workbook } from '../../testing/workbook';
import { useResearch } from './research';
import { useStorageRefusals } from '../../settings/storageWrites';
import { mappingJson, SAVED_MAPPINGS_KEY, useHumanImport } from './humanImport';

// Every table the import parses, counted (the module's own readTable, called through).
const parsed = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../core/humanData/index', async (importOriginal) => {
  const core = await importOriginal<typeof humanData>();
  return { ...core, readTable: (...a: Parameters<typeof core.readTable>) => (parsed.n++, core.readTable(...a)) };
});

const csv = ['change,hunk_text,comment,gold,relevant', 'a,"-x\n+y",Check x.,Check x for null.,1', 'a,"-x\n+y",Fine.,Check x for null.,0', 'b,"-p\n+q",Why?,Rename q.,0', 'b,"-p\n+q",,Rename q.,1'].join('\n');
const file = (name: string, data: BlobPart) => new File([data], name);
let storage: ReturnType<typeof memoryStorage>;

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage.storage);
  useResearch.getState().reset();
  useHumanImport.setState({ step: null, shown: null, failed: null });
});

describe('the mapping step', () => {
  it('guesses, takes the fixes, opens the dataset, and saves the mapping by header for the next import', async () => {
    await useHumanImport.getState().openTable(file('labels.csv', csv), true);
    const step = useHumanImport.getState().step!;
    expect(step.from).toBe('guess');
    expect(step.mapping.fields).toEqual({ review: 'comment', reference: 'gold' });
    expect(step.mapping.human).toEqual([{ column: 'relevant', dimension: 'relevant', scale: 'binary' }]);
    useHumanImport.getState().setMapping({ ...step.mapping, fields: { ...step.mapping.fields, id: 'change', diff: 'hunk_text' } });
    expect(useHumanImport.getState().confirm()).toBe(true);
    const h = useResearch.getState().human!;
    expect([h.dataset.changes.length, h.dataset.reviews.length, h.dimension]).toEqual([2, 3, 'relevant']);
    expect(h.dataset.errors.map((e) => [e.line, e.reason])).toEqual([[8, 'no review in column "comment"']]);
    expect(useResearch.getState().imported!.rows.map((r) => r.diff)).toEqual(['-x\n+y', '-p\n+q']);
    // The file as `crscore eval --dataset` names it: the table's rows (the unread one too) and its bytes' SHA-256.
    expect(h.file).toEqual({ rows: 4, sha256: createHash('sha256').update(csv).digest('hex') });
    expect(JSON.parse(storage.data.get('crscore.humanMappings')!)[headerKey(['change', 'hunk_text', 'comment', 'gold', 'relevant'])].fields.diff).toBe('hunk_text');
    // The same header again: mapped at once by the saved mapping.
    useResearch.getState().reset();
    await useHumanImport.getState().openTable(file('labels-again.csv', csv));
    expect(useHumanImport.getState().step).toBeNull();
    expect(useHumanImport.getState().shown!.from).toBe('saved');
    expect(useResearch.getState().human!.mapping!.fields.diff).toBe('hunk_text');
  });

  it('a mapping the browser refuses to store (storage full) is recorded as not saved, and a later save clears it', async () => {
    const full = Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });
    vi.spyOn(storage.storage, 'setItem').mockImplementation(() => {
      throw full;
    });
    await useHumanImport.getState().openTable(file('labels.csv', csv), true);
    expect(useHumanImport.getState().confirm()).toBe(true);
    expect(useResearch.getState().human).not.toBeNull(); // the dataset opens all the same
    expect(useStorageRefusals.getState()[SAVED_MAPPINGS_KEY]).toBe("the browser says this site's storage is full");
    vi.mocked(storage.storage.setItem).mockRestore();
    useHumanImport.getState().editMapping();
    expect(useHumanImport.getState().confirm()).toBe(true);
    expect(useStorageRefusals.getState()[SAVED_MAPPINGS_KEY]).toBeUndefined();
    expect(storage.data.has(SAVED_MAPPINGS_KEY)).toBe(true);
  });

  it('a mapping that reads no review keeps the step open with why, and the dataset on screen', async () => {
    await useHumanImport.getState().openTable(file('labels.csv', csv), true);
    useHumanImport.getState().confirm();
    const before = useResearch.getState().imported;
    await useHumanImport.getState().openTable(file('other.csv', 'a,b,score\nx,y,1\n'), true);
    expect(useHumanImport.getState().confirm()).toBe(false);
    expect(useHumanImport.getState().step!.issues.map((i) => i.reason)).toContain('no column is mapped to review');
    useHumanImport.getState().cancel();
    expect(useResearch.getState().imported).toBe(before);
    expect(useResearch.getState().datasetName).toBe('labels.csv');
  });

  it("GradedReviews' workbook opens by its header; an unreadable workbook is said and changes nothing", async () => {
    await useHumanImport.getState().openTable(file('dataset.xlsx', await workbook(gradedReviewsRows(5))));
    expect(useHumanImport.getState().step).toBeNull();
    expect(useResearch.getState().human!.layout).toBe('graded-reviews');
    expect(useResearch.getState().human!.dataset.reviews).toHaveLength(20);
    await useHumanImport.getState().openTable(file('broken.xlsx', 'not a zip'));
    expect(useHumanImport.getState().failed!.issues[0].reason).toMatch(/not a readable XLSX workbook/);
    expect(useResearch.getState().datasetName).toBe('dataset.xlsx');
  });

  it('a CSV the importers refuse is read and parsed once on its way to the mapping step', async () => {
    const f = file('labels.csv', csv);
    const reads = vi.spyOn(f, 'arrayBuffer');
    parsed.n = 0;
    await useHumanImport.getState().importAny([f]);
    expect(useHumanImport.getState().step!.mapping.fields).toEqual({ review: 'comment', reference: 'gold' });
    expect(useHumanImport.getState().step!.sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    expect(useResearch.getState().importRejected).toBeNull();
    // One parse into a table; two reads of the bytes: the importers' own (they refused it) and the table's.
    expect(parsed.n).toBe(1);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('a table of patch, msg, lang and three scores from the main picker opens the mapping step with msg as the review', async () => {
    const rated = ['patch,msg,lang,relevance,informativeness,expression', '"@@ -1 +1 @@\n-a\n+b",Rename a to b.,py,4,3,5', '"@@ -2 +2 @@\n-c\n+d",Check d for null.,java,2,2,4'].join('\n');
    await useHumanImport.getState().importAny([file('rated.csv', rated)]);
    const step = useHumanImport.getState().step!;
    expect(step.mapping.fields).toEqual({ diff: 'patch', review: 'msg', lang: 'lang' });
    expect(step.mapping.human.map((h) => h.column)).toEqual(['relevance', 'informativeness', 'expression']);
    expect(useResearch.getState().importRejected).toBeNull();
  });

  it('a table with no code and no reference stays refused, and the refusal maps that file on request', async () => {
    await useHumanImport.getState().importAny([file('other.csv', 'name,age\nada,36\nalan,41\n')]);
    expect(useHumanImport.getState().step).toBeNull();
    expect(useResearch.getState().importRejected!.name).toBe('other.csv');
    expect(useHumanImport.getState().refused?.name).toBe('other.csv');
    await useHumanImport.getState().mapRefused();
    expect(useHumanImport.getState().step!.name).toBe('other.csv');
    expect(useHumanImport.getState().step!.table.header).toEqual(['name', 'age']);
    expect(useHumanImport.getState().refused).toBeNull();
  });

  it('with scores ticked but no review, the step says only that the review is missing', async () => {
    await useHumanImport.getState().openTable(file('b.csv', ['diff,bot_comment,maintainer_note,useful,clear', '"@@ -1 +1 @@",Check x.,Check x for null.,1,4'].join('\n')), true);
    expect(useHumanImport.getState().step!.mapping.human).toHaveLength(2);
    expect(useHumanImport.getState().confirm()).toBe(false);
    const reasons = useHumanImport.getState().step!.issues.map((i) => i.reason);
    expect(reasons).toContain('no column is mapped to review');
    expect(reasons.join(' ')).not.toMatch(/tick at least one/);
  });

  it("a broken GradedReviews workbook says what is wrong: a missing column, a grade out of range, an empty sheet", async () => {
    const rows = gradedReviewsRows(5);
    // Without relatedCode it is not GradedReviews' layout: the mapping step opens and says which column is missing.
    await useHumanImport.getState().openTable(file('no-code.xlsx', await workbook(rows.map((r) => [...r.slice(0, 2), ...r.slice(3)]))));
    expect(useHumanImport.getState().step!.layoutNote).toBe('not GradedReviews\' layout: column 3 should be "relatedCode", not "Tufano\'s"');
    useHumanImport.getState().cancel();
    // A grade out of range: the row is named with its line and why; the rest opens.
    const wrong = rows.map((r) => [...r]);
    wrong[3][6] = 7;
    await useHumanImport.getState().openTable(file('dataset.xlsx', await workbook(wrong)));
    expect(useResearch.getState().human!.dataset.errors).toEqual([{ file: 'dataset.xlsx', line: 4, reason: "commentFinder's Grade 7 is outside the Likert range 1–5" }]);
    expect(useResearch.getState().human!.dataset.changes).toHaveLength(4);
    // An empty sheet: said, and the dataset on screen stays.
    await useHumanImport.getState().openTable(file('empty.xlsx', await workbook([[null]])));
    expect(useHumanImport.getState().failed!.issues.map((i) => i.reason)).toEqual(["the workbook's first sheet is empty"]);
    expect(useResearch.getState().datasetName).toBe('dataset.xlsx');
    // A header that is no attempt at GradedReviews' layout gets no such note.
    await useHumanImport.getState().openTable(file('labels.csv', csv), true);
    expect(useHumanImport.getState().step!.layoutNote).toBeNull();
  });

  it('the exported mapping reads back as the same mapping (crscore eval --mapping)', () => {
    const m = { fields: { id: 'change', review: 'comment' }, human: [{ column: 'useful', dimension: 'useful', scale: 'likert' as const, max: 4 }] };
    expect(mappingFromJson(JSON.parse(mappingJson(m)))).toEqual(m);
  });
});
