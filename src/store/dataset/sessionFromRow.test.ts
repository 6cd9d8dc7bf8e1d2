import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../core/dataset';
import { importStreamed } from '../../core/importers/stream';
import { streamSource } from './datasetFile';
import { registerImportFiles } from './rowCode';
import { useSessions } from '../session/sessions';
import { openRowInWorkbench, rowForSession, sessionFromRow } from './sessionFromRow';
import { humanRows } from '../../core/humanData/bridge';
import type { HumanDataset } from '../../core/humanData/model';
import { exportSession, importSession } from '../session/sessionFile';
import { caseJson } from '../session/caseLink';

const row = (claimsAddressed: string | null): DatasetRow => ({
  id: 'py-1',
  lang: 'py',
  index: null,
  diff: '@@ -1 +1 @@\n-a\n+b',
  oldFile: null,
  newFile: 'a.py',
  oldCode: null,
  newCode: null,
  pseudoRefs: [
    { no: 1, type: 'claim', text: 'first', necessary: 1 },
    { no: 2, type: 'claim', text: 'second', necessary: 1 },
    { no: 3, type: 'issue', text: 'third', necessary: 0 },
  ],
  reviews: [{ system: 'sys', review: 'a review', claimsAddressed, con: 3, comp: 3, rel: 3 }],
  referenceAnalyzerOutput: null,
});

describe('sessionFromRow', () => {
  it("marks the pseudo-references the annotators linked, by the dataset's own numbers", () => {
    const r = row('1, 3');
    const s = sessionFromRow(r, r.reviews[0], { note: 'n' });
    expect(s.pseudoReferences.map((p) => p.annotatorLinked === true)).toEqual([true, false, true]);
    expect(s.annotatorLinks).toEqual({ state: 'linked', review: 'a review' });
  });
  it("records '-' as linked to none, and leaves unrecorded links out", () => {
    const none = row('-');
    expect(sessionFromRow(none, none.reviews[0], { note: 'n' }).annotatorLinks?.state).toBe('none');
    const blank = row(null);
    const s = sessionFromRow(blank, blank.reviews[0], { note: 'n' });
    expect(s.annotatorLinks).toBeUndefined();
    expect(s.pseudoReferences.some((p) => p.annotatorLinked)).toBe(false);
    expect(sessionFromRow(blank, null, { note: 'n' }).annotatorLinks).toBeUndefined();
  });

  it("opens a streamed row (code left in its file) with the row's old and new files", async () => {
    const line = { id: 'j-1', diff: '@@ -1 +1 @@\n-var a;\n+let a;', new_file: 'a.js', old_code: 'var a;\r\n', new_code: 'let a;\n', reviews: [{ system: 'sys', review: 'Use let.' }] };
    const files = [{ name: 'big.jsonl', blob: new Blob([JSON.stringify({ ...line, id: 'j-0' }), '\r\n', JSON.stringify(line)]) }];
    const rows: DatasetRow[] = [];
    await importStreamed(files.map(streamSource), (rs) => rows.push(...rs), { source: registerImportFiles(files) });
    const r = rows[1];
    expect(r.codeAt).toBeDefined();
    await openRowInWorkbench(r, r.reviews[0], { note: 'n' });
    const s = useSessions.getState();
    expect(s.sessions[s.activeId!].input).toMatchObject({ oldCode: 'var a;\r\n', newCode: 'let a;\n', fileName: 'a.js' });
    // sessionFromRow itself reads nothing: given the row as it is, the files are empty.
    expect(sessionFromRow(r, r.reviews[0], { note: 'n' }).input.oldCode).toBe('');
    const gone = await rowForSession({ ...r, codeAt: { ...r.codeAt!, source: 10_000 } });
    expect(gone.row.codeAt).toBeUndefined();
    expect(gone.codeUnread).toMatch(/change j-1/);
  });

  it("opens a change whose code is a snippet (GradedReviews' relatedCode) as that code, marked snippet, with no diff", () => {
    const code = 'public int size() {\n  return count;\n}';
    const d: HumanDataset = {
      source: 'graded.xlsx',
      changes: [{ id: 'g-1', lang: 'java', code: { kind: 'snippet', code }, references: ['Return the field directly.'], line: 2 }],
      reviews: [{ changeId: 'g-1', system: 'gpt', review: 'Consider caching the size.', scores: { grade: [4] }, line: 2 }],
      dimensions: [{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 }, annotators: ['a'] }],
      errors: [],
      notes: [],
    };
    const r = humanRows(d, d.dimensions[0]).rows[0];
    const s = sessionFromRow(r, r.reviews[1], { note: 'n' });
    expect(s.input).toMatchObject({ mode: 'diff', diff: '', newCode: code, oldCode: '', codeKind: 'snippet', language: 'java' });
    expect(s.review).toBe('Consider caching the size.');
    // A diff's row is not a snippet; the mark survives the session file and a case link keeps the snippet's code.
    expect(sessionFromRow(row(null), null, { note: 'n' }).input.codeKind).toBeUndefined();
    expect(importSession(exportSession(s)).input).toMatchObject({ codeKind: 'snippet', newCode: code });
    expect(JSON.parse(caseJson(s)).session.input).toMatchObject({ codeKind: 'snippet', newCode: code });
  });
});
