import { describe, expect, it } from 'vitest';
import { analyze } from '../analyzers/run';
import { nodeTreeSitterAssets } from '../analyzers/treesitterNode';
import { issuesForChanges, type AnalyzeFn } from './issuesBatch';

const realAnalyze: AnalyzeFn = (req) => analyze(req, nodeTreeSitterAssets());
const opts = { filter: 'paper', options: 'paper' } as const;

describe('issuesForChanges', () => {
  it('finds JSHint issues on a change whose new file parses', async () => {
    const diff = ['--- a/a.js', '+++ b/a.js', '@@ -1,1 +1,2 @@', ' var a = 1;', '+b = 2'].join('\n');
    const [c] = await issuesForChanges([{ id: 'ok', diff, lang: 'js', newCode: 'var a = 1;\nb = 2\n' }], realAnalyze, opts);
    expect(c.failed).toEqual([]);
    expect(c.refs.map((r) => r.text).join('\n')).toMatch(/semicolon/i);
  });

  it('counts a file the analyzer cannot parse as a failure with its reason, never as 0 issues', async () => {
    const broken = 'function f( {\n  return 1\n';
    const diff = ['--- a/b.js', '+++ b/b.js', '@@ -0,0 +1,2 @@', '+function f( {', '+  return 1'].join('\n');
    const progress: number[] = [];
    const [c] = await issuesForChanges([{ id: 'broken', diff, lang: 'js', newCode: broken }], realAnalyze, {
      ...opts,
      onProgress: (p) => progress.push(p.failed),
    });
    expect(c.failed).toHaveLength(1);
    expect(c.failed[0].analyzer).toBe('JSHint');
    expect(c.failed[0].reason.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('keeps what an analyzer found before it stopped, and drops the results of one that could not run', async () => {
    const fake: AnalyzeFn = async () => [
      { analyzer: 'JSHint', refs: [{ text: 'Missing semicolon.', kind: 'issue', source: 'JSHint' }], warnings: [], kept: [], newFile: 'given', unanalyzed: 'lines 9–12 do not parse' },
      { analyzer: 'PMD', refs: [{ text: 'never shown', kind: 'issue', source: 'PMD' }], warnings: [], kept: [], newFile: 'given', error: 'tree-sitter failed to load' },
    ] as unknown as Awaited<ReturnType<AnalyzeFn>>;
    const [c] = await issuesForChanges([{ id: 'x', diff: '+x', lang: 'js' }], fake, opts);
    expect(c.refs.map((r) => r.text)).toEqual(['Missing semicolon.']);
    expect(c.failed).toEqual([
      { analyzer: 'JSHint', reason: 'lines 9–12 do not parse', partial: true },
      { analyzer: 'PMD', reason: 'tree-sitter failed to load' },
    ]);
  });

  it('says a language has no analyzer, which is not a failure', async () => {
    const [c] = await issuesForChanges([{ id: 'kt', diff: '+x', lang: 'kotlin', newFile: 'Main.kt' }], realAnalyze, opts);
    expect(c).toMatchObject({ noAnalyzer: true, failed: [], refs: [] });
  });

  it('analyzes a bare Go hunk with no lang and no file name, and says the language came from its code', async () => {
    const diff = '@@ -1,3 +1,5 @@\n func (s *S) Close() error {\n+\tif s.a == s.a {\n+\t}\n \treturn nil\n }';
    const [c] = await issuesForChanges([{ id: 'go', diff, lang: '', newFile: null }], realAnalyze, opts);
    expect(c).toMatchObject({ noAnalyzer: false, failed: [], language: 'go', languageFrom: 'content' });
    expect(c.refs.map((r) => r.text)).toEqual(['line 2, SA9003:\tempty branch', "line 2, SA4000:\tidentical expressions on the left and right side of the '==' operator"]);
  });

  it("analyzes each change with the code codeOf reads for it, one change's code at a time", async () => {
    const events: string[] = [];
    const given: { oldCode?: string; newCode?: string }[] = [];
    const fake: AnalyzeFn = async (req) => {
      events.push(`analyze ${req.newCode}`);
      given.push({ oldCode: req.oldCode, newCode: req.newCode });
      return [{ analyzer: 'JSHint', refs: [], warnings: [], kept: [], newFile: 'given' }] as unknown as Awaited<ReturnType<AnalyzeFn>>;
    };
    const changes = ['a', 'b'].map((id) => ({ id, diff: '+x', lang: 'js', oldCode: null, newCode: null }));
    const out = await issuesForChanges(changes, fake, {
      ...opts,
      codeOf: async (c) => {
        events.push(`read ${c.id}`);
        return { oldCode: `old ${c.id}`, newCode: `new ${c.id}` };
      },
    });
    expect(given).toEqual([
      { oldCode: 'old a', newCode: 'new a' },
      { oldCode: 'old b', newCode: 'new b' },
    ]);
    expect(events).toEqual(['read a', 'analyze new a', 'read b', 'analyze new b']);
    expect(out.map((c) => c.failed)).toEqual([[], []]);
  });

  it('marks a change whose code cannot be read as failed, with the reason, and goes on', async () => {
    const fake: AnalyzeFn = async () => [{ analyzer: 'JSHint', refs: [{ text: 'Missing semicolon.', kind: 'issue', source: 'JSHint' }], warnings: [], kept: [], newFile: 'given' }] as unknown as Awaited<ReturnType<AnalyzeFn>>;
    const progress: number[] = [];
    const out = await issuesForChanges(
      [
        { id: 'gone', diff: '+x', lang: 'js' },
        { id: 'ok', diff: '+x', lang: 'js' },
      ],
      fake,
      {
        ...opts,
        onProgress: (p) => progress.push(p.failed),
        codeOf: async (c) => {
          if (c.id === 'gone') throw new Error('The code of change gone is in a file this page no longer has open.');
          return { oldCode: null, newCode: 'x;' };
        },
      },
    );
    expect(out[0]).toMatchObject({ id: 'gone', refs: [], noAnalyzer: false, failed: [{ reason: 'The code of change gone is in a file this page no longer has open.' }] });
    expect(out[1]).toMatchObject({ id: 'ok', failed: [] });
    expect(out[1].refs).toHaveLength(1);
    expect(progress.at(-1)).toBe(1);
  });
});
