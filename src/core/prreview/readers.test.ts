import { describe, expect, it } from 'vitest';
import { extractDefects, readSweCare } from './readers/swecare.ts';
import { parseGeneratedComments, prForFileName, readAacr } from './readers/aacr.ts';
import { readMartian, withCandidatesFrom } from './readers/martian.ts';
import { readOurs } from './readers/ours.ts';
import { detectFileLayout, detectFolderLayout } from './readers/detect.ts';
import { parseDiffHunks } from './readers/unidiff.ts';
import { referencesFor } from './model.ts';
import { PrFilesError, readPrFiles } from './readers/files.ts';

const PATCH = [
  'diff --git a/src/a.py b/src/a.py',
  '--- a/src/a.py',
  '+++ b/src/a.py',
  '@@ -10,3 +10,4 @@ def f():',
  ' x = 1',
  '-y = 2',
  '+y = 3',
  '+z = 4',
  ' return x',
  '@@ -40 +41 @@',
  '-old',
  '+new',
  'diff --git a/b.py b/b.py',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/b.py',
  '@@ -0,0 +1,2 @@',
  '+a',
  '+b',
  '',
].join('\n');

describe('unidiff hunks', () => {
  it('reads paths, ranges and writes headers with both lengths, as str(hunk)', () => {
    const h = parseDiffHunks(PATCH);
    expect(h.map((x) => [x.file, x.newStart, x.newLines])).toEqual([['src/a.py', 10, 4], ['src/a.py', 41, 1], ['b.py', 1, 2]]);
    expect(h[0].hunk.split('\n')[0]).toBe('@@ -10,3 +10,4 @@ def f():');
    expect(h[1].hunk.split('\n')[0]).toBe('@@ -40,1 +41,1 @@');
  });
});

describe('SWE-CARE defects', () => {
  it('parses <defect> blocks as extract_defects_from_review, with the hunk the line falls in', () => {
    const review = `Intro <defect>\nfile_path: src/a.py \nline: 12\nsuggestion: Use z.\nMore text.\n</defect>
<defect>file_path: b.py\nsuggestion: no line here</defect><defect>line: 3\nsuggestion: no path</defect>
<defect>file_path: src/a.py\nline: 99\nsuggestion: outside</defect>`;
    const d = extractDefects(review, PATCH);
    expect(d).toHaveLength(3);
    expect(d[0]).toMatchObject({ path: 'src/a.py', to: 12, text: 'Use z.\nMore text.' });
    expect(d[0].hunk!.startsWith('@@ -10,3 +10,4 @@')).toBe(true);
    expect(d[1]).toMatchObject({ path: 'b.py', to: null, hunk: null });
    expect(d[2]).toMatchObject({ to: 99, hunk: null });
  });

  it('names every unreadable record and keeps the rest', () => {
    const inst = [
      JSON.stringify({ instance_id: 'o__r-1@abc', repo: 'o/r', language: 'Python', reference_review_comments: [{ text: 'fix', path: 'a', line: 1, diff_hunk: null }, 5], commit_to_review: { patch_to_review: PATCH } }),
      '{broken',
      JSON.stringify({ repo: 'x' }),
    ].join('\n');
    const preds = [JSON.stringify({ instance_id: 'o__r-1@abc', review_text: '<defect>file_path: a\nsuggestion: s</defect>' }), JSON.stringify({ instance_id: 'nope', review_text: '' })].join('\n');
    const ds = readSweCare({ file: 'i.jsonl', text: inst }, [{ system: 'm', file: 'p.jsonl', text: preds }]);
    expect(ds.prs.map((p) => p.id)).toEqual(['o__r-1@abc']);
    expect(ds.prs[0].references).toHaveLength(1);
    expect(ds.prs[0].reviews.m).toHaveLength(1);
    expect(ds.problems.map((p) => `${p.file} ${p.where}`).sort()).toEqual(['i.jsonl line 1, reference_review_comments[1]', 'i.jsonl line 2', 'i.jsonl line 3', 'p.jsonl instance nope']);
  });
});

describe('AACR-Bench', () => {
  const pos = JSON.stringify([
    { githubPrUrl: 'https://github.com/o/proj/pull/7', project_main_language: 'Go', category: 'Bug Fix', comments: [
      { note: 'a', path: 'x.go', side: 'right', source_model: '', from_line: 3, to_line: 4 },
      { note: 'b', path: 'x.go', side: 'right', source_model: 'GPT-5.2', from_line: 0, to_line: 9 },
      'junk',
    ] },
    { comments: [] },
  ]);
  const neg = JSON.stringify([{ githubPrUrl: 'https://github.com/o/proj/pull/7', comments: [{ note: 'c', path: 'y.go', side: 'right', source_model: 'GPT-5.2', from_line: 1, to_line: 1 }] }]);
  it('makes each source a system (""→human), positives the reference, and leave-one-out references', () => {
    const ds = readAacr({ file: 'positive_samples.json', text: pos }, { file: 'negative_samples.json', text: neg });
    expect(ds.systems).toEqual(['GPT-5.2', 'human']);
    const pr = ds.prs[0];
    expect(pr.references.map((r) => r.text)).toEqual(['a', 'b']);
    expect(pr.reviews['GPT-5.2'].map((c) => [c.text, c.label])).toEqual([['b', 'accepted'], ['c', 'rejected']]);
    expect(pr.reviews['GPT-5.2'][0].from).toBeNull(); // `0 or None` in Python
    expect(referencesFor(pr, 'GPT-5.2', 'others').map((r) => r.text)).toEqual(['a']);
    expect(referencesFor(pr, 'GPT-5.2', 'all')).toHaveLength(2);
    expect(ds.problems.map((p) => p.where)).toEqual(['[0].comments[2] (https://github.com/o/proj/pull/7)', '[1]']);
  });
  it('parses the generated-comments format as parse_generated_comments_file', () => {
    const t = '<path>a.go</path>\n<side>right</side><from> 3 </from><to>x</to><note> n1 </note>\n<notesplit />\n<note>  </note><NOTESPLIT/><path>b</path><note>n2</note>';
    expect(parseGeneratedComments(t)).toEqual([
      { path: 'a.go', side: 'right', from: 3, to: null, text: 'n1' },
      { path: 'b', side: '', from: null, to: null, text: 'n2' },
    ]);
    expect(prForFileName('comments_proj_7.txt', ['https://github.com/o/proj/pull/7'])).toBe('https://github.com/o/proj/pull/7');
    expect(prForFileName('other.txt', ['https://github.com/o/proj/pull/7'])).toBeNull();
  });
});

describe('Martian', () => {
  const golden = JSON.stringify([
    { url: 'https://github.com/fork/p/pull/1', original_url: 'https://github.com/up/p/pull/9', comments: [{ comment: 'g1', severity: 'High' }, { comment: 'g2' }] },
    { url: 'https://github.com/up/p/pull/2', comments: [{ comment: 'g3' }] },
  ]);
  const cands = JSON.stringify({ 'https://github.com/fork/p/pull/1': { t1: [{ text: 'c1', path: null, line: null }, { text: '' }] } });
  const rec = (o: object) => ({ skipped: false, errors_count: 0, ...o });
  const evals = JSON.stringify({
    'https://github.com/fork/p/pull/1': { t1: rec({ true_positives: [{ golden_comment: 'g1', matched_candidate: 'c1', confidence: 0.9 }], false_positives: [], false_negatives: [{ golden_comment: 'g2' }], total_candidates: 1, tp: 1, fp: 0, fn: 1 }) },
    'https://github.com/up/p/pull/2': { t1: rec({ true_positives: [], false_positives: [{ candidate: 'x' }], false_negatives: [{ golden_comment: 'g3' }], total_candidates: 1, tp: 0, fp: 1, fn: 1 }) },
    'https://github.com/up/p/pull/404': {},
  });
  it('keys PRs by original_url else url, finds results by url, and rebuilds missing candidates from the record', () => {
    const ds = readMartian({ golden: [{ file: 'golden_comments/p.json', text: golden }], judges: [{ name: 'j', candidates: { file: 'c.json', text: cands }, evaluations: { file: 'e.json', text: evals } }] });
    expect(ds.prs.map((p) => p.id)).toEqual(['https://github.com/up/p/pull/9', 'https://github.com/up/p/pull/2']);
    expect(ds.judges).toEqual(['j']);
    expect(ds.prs[0].reviews.t1.map((c) => c.text)).toEqual(['c1']);
    expect(ds.prs[0].judged!.j.t1.candidatesFrom).toBe('candidates');
    expect(ds.prs[1].judged!.j.t1).toMatchObject({ candidatesFrom: 'record', candidates: [{ text: 'x' }] });
    expect(ds.problems).toEqual([{ file: 'e.json', where: 'key https://github.com/up/p/pull/404', why: 'no golden comments for this PR' }]);
    expect(withCandidatesFrom(ds, 'none').systems).toEqual([]);
  });
});

describe('our JSONL and detection', () => {
  it('reads ours, naming bad comments', () => {
    const t = [JSON.stringify({ pr: 'p1', references: [{ text: 'r', path: 'a', from: 1, to: 2 }], reviews: { s: [{ text: 'c' }, { nope: 1 }] } }), '[]'].join('\n');
    const ds = readOurs(t, 'ours.jsonl');
    expect(ds.prs[0].reviews.s).toHaveLength(1);
    expect(ds.problems.map((p) => p.where).sort()).toEqual(['line 1, reviews.s[1]', 'line 2']);
    expect(detectFileLayout(t)).toBe('crscore-pr');
    expect(detectFileLayout(JSON.stringify({ instance_id: 'a', reference_review_comments: [] }))).toBe('swe-care');
    expect(detectFileLayout('[{"githubPrUrl":"u","comments":[]}]')).toBe('aacr');
    expect(detectFolderLayout(['x/golden_comments/a.json'])).toBe('martian');
    expect(detectFolderLayout(['dataset/positive_samples.json'])).toBe('aacr');
  });
});

describe('a GitHub pull request', () => {
  it('makes each reviewer a system and the named reviewers the reference, placing comments on their hunk\'s last line', async () => {
    const { readGithubRows } = await import('./readers/github.ts');
    const diff = 'diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -10,2 +10,3 @@\n x\n+y\n+z\n';
    const row = (id: string, system: string, review: string, reply: string | null = null) =>
      JSON.stringify({ id, diff, review, system, file: 'a.py', lang: 'py', new_code: null, url: `https://github.com/o/r/pull/5#discussion_r${id}`, in_reply_to: reply });
    const text = [row('1', 'alice', 'Check z.'), row('2', 'coderabbitai[bot]', 'z may be None.'), row('3', 'bob', 'ok', 'o/r#5/1'), 'nope'].join('\n');
    expect(detectFileLayout(text)).toBe('github');
    const ds = readGithubRows(text, 'rows.jsonl', { referenceAuthors: ['alice'] });
    expect(ds.prs.map((p) => p.id)).toEqual(['https://github.com/o/r/pull/5']);
    expect(ds.prs[0].references).toMatchObject([{ text: 'Check z.', path: 'a.py', to: 12, source: 'alice' }]);
    expect(Object.keys(ds.prs[0].reviews)).toEqual(['coderabbitai[bot]']); // bob's reply left out
    expect(ds.problems.map((p) => p.where)).toEqual(['line 4']);
    // The diff, as far as the rows carry it: each commented hunk once.
    expect(ds.prs[0].diff).toBe(diff.trim() + '\n');
  });
});

describe('readPrFiles, the one dispatcher of the browser and the CLI', () => {
  const files = (text: string) => ({ path: 'rows.jsonl', text });
  it('reads crscore github\'s rows with the reference reviewers named, or none (every reviewer a system)', () => {
    const row = (id: string, system: string) => JSON.stringify({ id, diff: '@@ -1 +1 @@\n-a\n+b', review: `r${id}`, system, file: 'a.py', url: `https://github.com/o/r/pull/5#discussion_r${id}` });
    const text = [row('1', 'alice'), row('2', 'bot')].join('\n');
    expect(() => readPrFiles([files(text)])).toThrow(PrFilesError);
    const ds = readPrFiles([files(text)], { referenceSystems: ['alice'] });
    expect([ds.layout, ds.systems, ds.prs[0].references.length]).toEqual(['github', ['bot'], 1]);
    expect(ds.prs[0].diff).toBe('--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-a\n+b\n');
    expect(readPrFiles([files(text)], { referenceSystems: [] }).systems).toEqual(['alice', 'bot']);
  });
  it('takes a file\'s role as the person gave it: predictions of a named system, negatives of any name', () => {
    const inst = JSON.stringify({ instance_id: 'o__r-1', repo: 'o/r', reference_review_comments: [{ text: 'fix', path: 'src/a.py', line: 12 }], commit_to_review: { patch_to_review: PATCH } });
    const pred = JSON.stringify({ instance_id: 'o__r-1', review_text: '<defect>file_path: src/a.py\nline: 12\nsuggestion: fix</defect>' });
    const ds = readPrFiles([{ path: 'i.jsonl', text: inst }, { path: 'preds.jsonl', text: pred, role: 'predictions', system: 'tool-a' }, { path: 'other.jsonl', text: pred }]);
    expect(ds.systems).toEqual(['tool-a']);
    const pos = JSON.stringify([{ githubPrUrl: 'https://github.com/o/r/pull/1', comments: [{ note: 'n', path: 'a', side: 'right', from_line: 1, to_line: 1, source_model: '' }] }]);
    const neg = JSON.stringify([{ githubPrUrl: 'https://github.com/o/r/pull/1', comments: [{ note: 'bad', path: 'a', side: 'right', from_line: 2, to_line: 2, source_model: 'm' }] }]);
    const a = readPrFiles([{ path: 'pos.json', text: pos }, { path: 'rejected.json', text: neg, role: 'negatives' }]);
    expect(a.prs[0].reviews.m?.[0]).toMatchObject({ text: 'bad', label: 'rejected' });
  });
});
