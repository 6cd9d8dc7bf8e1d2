// "Open in workbench" keeps Research's similarity, scoring rule and τ (issue 28): before, every similarity but
// lexical opened as the workbench's embedding model at its own τ, graded credit opened as hard τ, and the
// disagreements the workbench showed were not the ones Research listed.
import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../core/dataset';
import { importStreamed } from '../../core/importers/stream';
import { prepare } from '../../core/research/prepare';
import type { SimilarityKind } from '../../core/research/similarity';
import { streamSource } from '../dataset/datasetFile';
import { DEFAULT_CONFIG } from './researchConfig';
import { openInWorkbench, researchSession } from './researchOpen';
import type { Results } from './researchRun';
import { registerImportFiles } from '../dataset/rowCode';
import { useSessions } from '../session/sessions';
import { metricOf } from '../../features/workbench/metric';
import { humanRows } from '../../core/humanData/bridge';
import type { HumanDataset } from '../../core/humanData/model';

const row: DatasetRow = {
  id: 'py-1',
  lang: 'py',
  index: null,
  diff: '@@ -1 +1 @@\n-a = 1\n+b = 1',
  oldFile: null,
  newFile: 'a.py',
  oldCode: null,
  newCode: null,
  pseudoRefs: [
    { no: 1, type: 'claim', text: 'The variable a is renamed to b.', necessary: 1 },
    { no: 2, type: 'issue', text: 'line 1, col 1, missing docstring', necessary: 0 },
  ],
  reviews: [{ system: 'sys', review: 'Rename a to b. Add a docstring.', claimsAddressed: '1', con: 3, comp: 3, rel: 3 }],
  referenceAnalyzerOutput: null,
};

function results(similarity: SimilarityKind, scoring: 'hard' | 'graded', rows: DatasetRow[] = [row]) {
  const prepared = prepare(rows, 'reference');
  const matrices = prepared.items.map((it) => ({ rows: it.pseudoReferences.length, cols: it.sentences.length, data: Float32Array.from([0.9, 0.1, 0.2, 0.8]) }));
  return { config: { ...DEFAULT_CONFIG, similarity, scoring }, prepared, matrices, label: similarity };
}

describe('researchSession', () => {
  it('an encoder run opens with its own matrix and τ, kept for that matrix', () => {
    const s = researchSession(results('use-lite', 'hard'), 0, 0.612, 'dev.jsonl');
    expect(metricOf(s)).toEqual({ similarity: 'embedding', scoring: 'hard' });
    expect(s.tau).toBe(0.612);
    expect(s.tauFor).toBe('use-lite');
    expect(s.tauBy).toEqual({ 'use-lite': 0.612 });
    expect(s.embedding).toMatchObject({ encoderId: 'use-lite', rows: 2, cols: 2, rTexts: ['Rename a to b', 'Add a docstring.'] });
    expect(s.embedding?.data.map((x) => Number(x.toFixed(3)))).toEqual([0.9, 0.1, 0.2, 0.8]);
    expect(s.note).toMatch(/Research's use-lite, the paper's hard τ, τ 0\.612/);
  });

  it("a human dataset's snippet change (GradedReviews' relatedCode) opens as its code, marked a snippet, with no diff", async () => {
    const code = 'int size() { return n; }';
    const d: HumanDataset = {
      source: 'graded.xlsx',
      changes: [{ id: 'g-1', lang: 'java', code: { kind: 'snippet', code }, references: ['Keep a size field.'], line: 2 }],
      reviews: [{ changeId: 'g-1', system: 'gpt', review: 'Cache the size.', scores: { grade: [3] }, line: 2 }],
      dimensions: [{ name: 'grade', scale: { kind: 'likert', min: 1, max: 5 }, annotators: ['a'] }],
      errors: [],
      notes: [],
    };
    const r = results('lexical', 'hard', humanRows(d, d.dimensions[0]).rows);
    expect(researchSession(r, 0, 0.2, 'graded.xlsx').input).toMatchObject({ codeKind: 'snippet', diff: '', newCode: code, language: 'java' });
    await openInWorkbench(r as unknown as Results, 0, 0.2, 'graded.xlsx');
    const s = useSessions.getState();
    expect(s.sessions[s.activeId!].input).toMatchObject({ codeKind: 'snippet', newCode: code });
  });

  it('lexical, TF-IDF and the learned linker keep their similarity, rule and τ', () => {
    const lex = researchSession(results('lexical', 'graded'), 0, 0.2, null);
    expect(metricOf(lex)).toEqual({ similarity: 'lexical', scoring: 'graded' });
    expect(lex).toMatchObject({ tau: 0.2, tauFor: 'lexical', tauBy: { lexical: 0.2 } });
    const plus = researchSession(results('tfidf', 'graded'), 0, 0.31, null);
    expect(metricOf(plus)).toEqual({ similarity: 'tfidf', scoring: 'graded' });
    expect(plus.plusTau).toBe(0.31);
    const tfidfHard = researchSession(results('tfidf', 'hard'), 0, 0.4, null);
    expect(metricOf(tfidfHard)).toEqual({ similarity: 'tfidf', scoring: 'hard' });
    const learned = researchSession(results('learned', 'hard'), 0, 0.3, null);
    expect(metricOf(learned)).toEqual({ similarity: 'learned', scoring: 'hard' });
    expect(learned.learnedTau).toBe(0.3);
  });

  // A large file's rows leave their code in the file (rowCode.ts): before, such a change opened with empty files.
  it("opens a streamed row with its old and new files read back from the dataset's file", async () => {
    const line = { id: 'big-1', diff: '@@ -1 +1 @@\n-a = 1\n+b = 1', new_file: 'a.py', old_code: 'a = 1\n# é\n', new_code: 'b = 1\n# 😀\n', reviews: [{ system: 'sys', review: 'Rename a to b.' }], pseudo_refs: ['The variable a is renamed to b.'] };
    const files = [{ name: 'big.jsonl', blob: new Blob([JSON.stringify(line), '\n']) }];
    const rows: DatasetRow[] = [];
    await importStreamed(files.map(streamSource), (rs) => rows.push(...rs), { source: registerImportFiles(files) });
    expect(rows[0]).toMatchObject({ oldCode: null, newCode: null, codeAt: { start: 0 } });
    await openInWorkbench(results('lexical', 'hard', rows) as unknown as Results, 0, 0.2, 'big.jsonl');
    const s = useSessions.getState();
    const opened = s.sessions[s.activeId!];
    expect(opened.input).toMatchObject({ diff: line.diff, oldCode: line.old_code, newCode: line.new_code, fileName: 'a.py' });
    expect(opened.input.codeUnread).toBeUndefined();

    // The file gone (another page, a moved file): the change still opens, with its diff, and says why the files are missing.
    const gone = rows.map((r) => ({ ...r, codeAt: { ...r.codeAt!, source: 10_000 } }));
    await openInWorkbench(results('lexical', 'hard', gone) as unknown as Results, 0, 0.2, 'big.jsonl');
    const t = useSessions.getState();
    const missing = t.sessions[t.activeId!];
    expect(missing.input).toMatchObject({ diff: line.diff, oldCode: '', newCode: '' });
    expect(missing.input.codeUnread).toMatch(/change big-1 is in a file this page no longer has open/);
  });
});
