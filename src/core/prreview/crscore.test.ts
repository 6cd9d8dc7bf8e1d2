// CRScore of a whole review (`pr-eval --evaluator crscore`): τ's default, and the reference-free form whose P is
// the PR's pseudo-references, each placed on its file and line (analyzer issues) or its hunk (claims).
import { describe, expect, it } from 'vitest';
import { prEval } from './evaluate.ts';
import { dataset, type PullRequest } from './model.ts';
import { DEFAULT_THRESHOLD } from './matchers.ts';
import { LEXICAL_TAU } from '../lexical.ts';
import { changeRow, crscoreP, cutPrs, NO_DIFF, NO_HUNK, NO_REFERENCE, placePseudoRefs, prChanges, pseudoIssuesOf } from './pseudoRefs.ts';

const pr = (over: Partial<PullRequest> = {}): PullRequest => ({
  id: 'o/r#1',
  languages: [],
  references: [{ text: 'the loop never ends when the list is empty', path: 'a.js', from: 10, to: 10 }],
  reviews: {
    // Shares one content word of eight with the issue: a text similarity far below the lexical τ, above 0.
    tool: [{ text: 'rename this variable, the list name is unclear to readers', path: 'a.js', from: 10, to: 10 }],
  },
  ...over,
});

describe('crscore τ', () => {
  it('defaults to the similarity\'s documented τ (lexical: LEXICAL_TAU), not 0, when no matcher is named', () => {
    const r = prEval(dataset('crscore-pr', [pr()], []), { evaluator: 'crscore', resamples: 10, locationWeight: 0 });
    expect(DEFAULT_THRESHOLD.lexical).toBe(LEXICAL_TAU);
    expect(r.signature).toContain(`tau:${LEXICAL_TAU}`);
    const row = r.rows[0];
    // A comment on another concern at the same line does not address the issue at the paper's τ.
    expect([row.comments_addressing, row.issues_found]).toEqual([0, 0]);
  });
  it('takes --threshold as τ when --tau is not given, and --tau over both', () => {
    const ds = dataset('crscore-pr', [pr()], []);
    expect(prEval(ds, { evaluator: 'crscore', threshold: 0.01, resamples: 10 }).signature).toContain('tau:0.01');
    expect(prEval(ds, { evaluator: 'crscore', threshold: 0.01, tau: 0.5, resamples: 10 }).signature).toContain('tau:0.5');
    expect(prEval(ds, { evaluator: 'crscore', matcher: 'bleu', resamples: 10 }).signature).toContain(`tau:${DEFAULT_THRESHOLD.bleu}`);
  });
});

const DIFF = [
  'diff --git a/src/a.js b/src/a.js',
  '--- a/src/a.js',
  '+++ b/src/a.js',
  '@@ -10,3 +10,4 @@',
  ' var x = 1;',
  '-var y = 2;',
  '+var y = 3;',
  '+var z = y * 2;',
  ' return x;',
  '@@ -40 +41 @@',
  '-old();',
  '+fresh();',
  'diff --git a/gone.js b/gone.js',
  'deleted file mode 100644',
  '--- a/gone.js',
  '+++ /dev/null',
  '@@ -1,2 +0,0 @@',
  '-a();',
  '-b();',
  '',
].join('\n');

describe('the pseudo-references of a pull request', () => {
  it('cuts the diff into hunk changes (claims) and file changes with new-side lines (analyzers)', () => {
    const c = prChanges(pr({ diff: DIFF }));
    expect(c.hunks.map((h) => [h.id, h.path, h.from, h.to])).toEqual([
      ['o/r#1#hunk:1', 'src/a.js', 10, 13],
      ['o/r#1#hunk:2', 'src/a.js', 41, 41],
      ['o/r#1#hunk:3', 'gone.js', 0, 0],
    ]);
    expect(c.hunks[1].diff).toBe('diff --git a/src/a.js b/src/a.js\n--- a/src/a.js\n+++ b/src/a.js\n@@ -40,1 +41,1 @@\n-old();\n+fresh();\n');
    // The deleted file has no new side: no analyzer change for it.
    expect(c.files.map((f) => [f.id, f.path, f.from, f.to])).toEqual([['o/r#1#file:1', 'src/a.js', 10, 41]]);
    expect(c.files[0].diff).toContain('@@ -10,3 +10,4 @@');
    expect(c.files[0].diff).toContain('@@ -40,1 +41,1 @@');
    expect(prChanges(pr())).toEqual({ files: [], hunks: [] });
  });
  it('places a claim on its hunk and an analyzer issue on its line', () => {
    const c = prChanges(pr({ diff: DIFF }));
    const issues = pseudoIssuesOf(c, {
      claims: new Map([['o/r#1#hunk:2', [{ kind: 'claim' as const, source: 'tree-claims', text: 'The change calls fresh instead of old.' }]]]),
      issues: new Map([['o/r#1#file:1', [{ kind: 'issue' as const, source: 'JSHint', text: 'line 12, col 5, y is defined but never used', line: 12 }]]]),
    });
    expect(issues).toEqual([
      { text: 'The change calls fresh instead of old.', path: 'src/a.js', from: 41, to: 41, side: 'right', category: 'claim', source: 'tree-claims' },
      { text: 'line 12, col 5, y is defined but never used', path: 'src/a.js', from: 12, to: 12, side: 'right', category: 'issue', source: 'JSHint' },
    ]);
  });
});

describe('the PRs cut and their pseudo-references placed (the CLI and the browser call these)', () => {
  const prs = [pr({ id: 'a', diff: DIFF }), pr({ id: 'b', references: [] }), pr({ id: 'c', diff: 'diff --git a/x b/x\n' }), pr({ id: 'd', diff: DIFF, references: [] })];
  it('cuts the wanted PRs only, and names why a PR without a diff or a hunk has none', () => {
    const c = cutPrs({ prs }, (p) => p.id !== 'd');
    expect([...c.cut.keys()]).toEqual(['a']);
    expect([...c.none]).toEqual([['b', NO_DIFF], ['c', NO_HUNK]]);
    expect(c.hunks.map((h) => h.id)).toEqual(['a#hunk:1', 'a#hunk:2', 'a#hunk:3']);
    expect(c.files.map((h) => h.id)).toEqual(['a#file:1']);
    expect(changeRow(c.files[0])).toMatchObject({ id: 'a#file:1', newFile: 'src/a.js', lang: '', diff: c.files[0].diff });
  });
  it('places what the sources made back on each PR, a PR with nothing made counted as without', () => {
    const c = cutPrs({ prs }, () => true);
    const p = placePseudoRefs(c, { claims: [{ id: 'a#hunk:1', refs: [{ kind: 'claim', source: 'tree-claims', text: 't' }] }], issues: [{ id: 'd#file:1', refs: [{ kind: 'issue', source: 'JSHint', text: 'w', line: 11 }] }] });
    expect(p).toMatchObject({ claims: 1, issues: 1, without: 2 });
    expect(p.byPr.get('a')).toEqual({ issues: [{ text: 't', path: 'src/a.js', from: 10, to: 13, side: 'right', category: 'claim', source: 'tree-claims' }] });
    expect(p.byPr.get('d')).toEqual({ issues: [{ text: 'w', path: 'src/a.js', from: 11, to: 11, side: 'right', category: 'issue', source: 'JSHint' }] });
    expect(p.byPr.get('b')).toEqual({ none: NO_DIFF });
  });
  it("P of a review: the reference issues, else (or with only, always) the PR's pseudo-references, else why not scored", () => {
    const byPr = new Map([['d', { issues: [{ text: 'w' }] }], ['b', { none: NO_DIFF }]]);
    expect(crscoreP(prs[0], 'tool', 'others', { byPr })).toMatchObject({ from: 'reference issues', refs: prs[0].references });
    expect(crscoreP(prs[3], 'tool', 'others', { byPr })).toEqual({ from: 'pseudo-references', refs: [{ text: 'w' }] });
    expect(crscoreP(prs[1], 'tool', 'others', { byPr })).toEqual({ from: 'pseudo-references', refs: [], why: NO_DIFF });
    expect(crscoreP(prs[0], 'tool', 'others', { byPr, only: true })).toEqual({ from: 'pseudo-references', refs: [], why: NO_DIFF });
    expect(crscoreP(prs[3], 'tool', 'others')).toEqual({ from: 'reference issues', refs: [], why: NO_REFERENCE });
  });
});

describe('crscore reference-free', () => {
  const claim = { text: 'the change doubles y into a new variable z', path: 'src/a.js', from: 10, to: 13, side: 'right', category: 'claim', source: 'LLM' };
  const near = { text: 'z doubles y here: why a new variable?', path: 'src/a.js', from: 12, to: 12 };
  const far = { text: 'z doubles y here: why a new variable?', path: 'src/a.js', from: 40, to: 40 };
  const elsewhere = { text: 'z doubles y here: why a new variable?', path: 'src/b.js', from: 12, to: 12 };
  const prs = [
    pr({ id: 'p1', references: [], diff: DIFF, reviews: { tool: [near, far, elsewhere] } }),
    pr({ id: 'p2', references: [], reviews: { tool: [near] } }),
    pr({ id: 'p3', diff: DIFF, reviews: { tool: [near] } }),
  ];
  const byPr = new Map<string, { issues: typeof claim[] } | { none: string }>([
    ['p1', { issues: [claim] }],
    ['p2', { none: NO_DIFF }],
    ['p3', { issues: [claim] }],
  ]);
  it('P is the pseudo-references where a PR has no reference issues, gated by the location as reference issues are', () => {
    const r = prEval(dataset('crscore-pr', prs, []), { evaluator: 'crscore', pseudoRefs: { byPr, source: 'claims' }, resamples: 10 });
    expect(r.signature).toContain('|P:reference issues, else pseudo-references (claims)');
    const [p1, p2, p3] = ['p1', 'p2', 'p3'].map((id) => r.rows.find((x) => x.pr === id)!);
    expect(p1).toMatchObject({ p_from: 'pseudo-references', num_issues: 1, num_comments: 3, comments_addressing: 1, issues_found: 1 });
    const cells = p1.cells as { gated: boolean }[];
    // Within the hunk's lines; 27 lines past its end (beyond the window of 3); on another file.
    expect(cells.map((x) => x.gated)).toEqual([false, true, true]);
    expect(p1.con).toBeCloseTo(1 / 3, 12);
    // No diff: said, and not scored (never a Comp of 0).
    expect(p2).toEqual({ pr: 'p2', system: 'tool', p_from: 'pseudo-references', error: NO_DIFF });
    // Reference issues, when the PR has them, stay P unless pseudo-references are asked for.
    expect(p3).toMatchObject({ p_from: 'reference issues', num_issues: 1 });
    expect(r.aggregates.systems[0].prs).toBe(2);
    const only = prEval(dataset('crscore-pr', prs, []), { evaluator: 'crscore', pseudoRefs: { byPr, source: 'claims', only: true }, resamples: 10 });
    expect(only.rows.find((x) => x.pr === 'p3')).toMatchObject({ p_from: 'pseudo-references', issues_found: 1 });
    expect(only.signature).toContain('|P:pseudo-references (claims)');
    // A PR the caller made none for keeps its reference issues (none here): nothing to find, so not scored (never Comp 0).
    const some = prEval(dataset('crscore-pr', prs, []), { evaluator: 'crscore', pseudoRefs: { byPr: new Map([['p1', { issues: [claim] }]]), source: 'claims' }, resamples: 10 });
    expect(some.rows.find((x) => x.pr === 'p2')).toMatchObject({ p_from: 'reference issues', error: expect.stringMatching(/^no reference issue: not scored/) });
    expect(some.rows.find((x) => x.pr === 'p2')).not.toHaveProperty('comp');
  });
  it('a PR whose diff gave no pseudo-reference is named, not scored', () => {
    const r = prEval(dataset('crscore-pr', [prs[0]], []), { evaluator: 'crscore', pseudoRefs: { byPr: new Map([['p1', { issues: [] }]]), source: 'analyzers' }, resamples: 10 });
    expect(r.rows[0].error).toMatch(/no pseudo-reference was made from its diff/);
  });
});

describe('location never decides a match alone', () => {
  // The lexical τ (0.149) is below the default location weight (0.2): an additive location term would let a
  // comment with no word in common with an issue on the same line address it.
  const unrelated = pr({ reviews: { tool: [{ text: 'zebra quilt harmonica', path: 'a.js', from: 10, to: 10 }] } });
  it('a located pair with no text in common is no match, at every location weight', () => {
    for (const locationWeight of [0, 0.2, 0.5, 1]) {
      const row = prEval(dataset('crscore-pr', [unrelated], []), { evaluator: 'crscore', resamples: 10, locationWeight }).rows[0];
      expect([row.comments_addressing, row.issues_found], `w ${locationWeight}`).toEqual([0, 0]);
    }
  });
  it('a located pair keeps its text similarity; one without a place is discounted by the location weight', () => {
    const same = pr({ reviews: { tool: [{ text: 'this loop never ends if the given list is empty', path: 'a.js', from: 10, to: 10 }] } });
    const placeless = pr({ reviews: { tool: [{ text: 'the loop never ends when the list is empty' }] } });
    const cell = (p: PullRequest) => (prEval(dataset('crscore-pr', [p], []), { evaluator: 'crscore', resamples: 10, locationWeight: 0.25 }).rows[0].cells as { similarity: number; text: number }[])[0];
    const a = cell(same);
    expect(a.text).toBeGreaterThan(0);
    expect(a.text).toBeLessThan(1);
    const b = cell(placeless);
    expect(a.similarity).toBeCloseTo(a.text, 12);
    expect(b.similarity).toBeCloseTo(0.75 * b.text, 12);
  });
  it('a pair exactly at τ is no match (strict >, as the paper counts)', () => {
    const same = pr({ reviews: { tool: [{ text: 'the loop never ends when the list is empty', path: 'a.js', from: 10, to: 10 }] } });
    const t = (prEval(dataset('crscore-pr', [same], []), { evaluator: 'crscore', resamples: 10 }).rows[0].cells as { text: number }[])[0].text;
    const at = prEval(dataset('crscore-pr', [same], []), { evaluator: 'crscore', resamples: 10, tau: t }).rows[0];
    expect(at.issues_found).toBe(0);
    const below = prEval(dataset('crscore-pr', [same], []), { evaluator: 'crscore', resamples: 10, tau: t - 1e-9 }).rows[0];
    expect(below.issues_found).toBe(1);
  });
});

describe("the generated sample of our JSONL with code (Research's reference-free sample)", () => {
  it('reads as our layout: PRs with and without reference issues, one without a diff, one that changes prose only', async () => {
    const { readPrFiles } = await import('./readers/files.ts');
    const { samplePrFiles } = await import('./sampleFiles.ts');
    const ds = readPrFiles(samplePrFiles('ours'));
    expect([ds.layout, ds.problems.length, ds.systems]).toEqual(['crscore-pr', 0, ['tool-a', 'tool-b']]);
    expect(ds.prs.filter((p) => !p.diff).length).toBe(1);
    expect(ds.prs.filter((p) => p.references.length > 0).length).toBeGreaterThan(0);
    expect(ds.prs.filter((p) => p.diff && p.references.length === 0).length).toBeGreaterThan(3);
    const c = cutPrs(ds, () => true);
    expect(new Set(c.files.map((f) => f.path.split('.').pop()))).toEqual(new Set(['js', 'py', 'java', 'md']));
  });
});
