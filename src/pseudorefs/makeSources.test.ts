// The one order of the pseudo-reference sources (the CLI, Research's datasets and its pull requests all call it):
// which stages each source runs, in which order, on which changes; a cancelled run starts no further stage; an LLM
// source without its settings is refused before anything runs. The LLM stage against the project's stub on 127.0.0.1.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LlmStub } from '../../e2e/stubs/llmStub';
import type { LlmSettings } from '../claims/providers';
import { memoryCache } from '../llmbatch/cache';
import { openAiStub } from '../testing/llmStub';
import { PSEUDO_REF_SOURCES, type PseudoRefSource } from './dataset';
import { makeSources, type MakeSourcesOptions } from './makeSources';
import type { IssuesChangeInput } from './issuesBatch';

const hunk = (id: string): IssuesChangeInput => ({ id, diff: `@@ -1,1 +1,1 @@\n-a = 1\n+a = 2 # ${id}`, lang: 'py', newFile: `${id}.py`, newCode: 'a = 2\n' });

let stub: LlmStub;
let settings: LlmSettings;
beforeEach(async () => void ({ stub, settings } = await openAiStub({ model: 'stub-model', apiKey: 'sk-test' })));
afterEach(() => stub.close());

function run(source: PseudoRefSource, o: Partial<MakeSourcesOptions<IssuesChangeInput>> = {}) {
  const calls: string[] = [];
  const made = makeSources({
    source,
    claimRows: [hunk('h1'), hunk('h2')],
    issueRows: [hunk('f1')],
    llm: { settings, format: 'paper', cache: memoryCache() },
    treeClaims: async (_l, diff) => (calls.push(`tree ${/# (\w+)/.exec(diff)![1]}`), [{ text: 'The change updates a literal.', kind: 'claim' }] as never),
    analyze: async (req) => (calls.push(`analyze ${req.language}`), []),
    analyzers: { filter: 'paper', options: 'paper' },
    signal: new AbortController().signal,
    onStage: (stage) => calls.push(`start ${stage}`),
    // Each stage once, when it has done all (a stage may report its last count more than once).
    onProgress: (p) => p.done === p.total && calls.at(-1) !== `${p.stage} done ${p.total}` && calls.push(`${p.stage} done ${p.total}`),
    ...o,
  });
  return { calls, made };
}

describe('makeSources', () => {
  it("runs each source's stages in the one order, claims on the claim changes and the analyzers on theirs", async () => {
    const want: Record<Exclude<PseudoRefSource, 'dataset'>, { from: 'llm' | 'tree' | null; analyzers: boolean }> = {
      claims: { from: 'llm', analyzers: false },
      local: { from: 'llm', analyzers: false },
      generate: { from: 'llm', analyzers: true },
      'tree-claims': { from: 'tree', analyzers: false },
      offline: { from: 'tree', analyzers: true },
      analyzers: { from: null, analyzers: true },
    };
    for (const source of PSEUDO_REF_SOURCES) {
      if (source === 'dataset') continue;
      const before = stub.count;
      const { calls, made } = run(source);
      const out = await made;
      const w = want[source];
      expect(out.claimsFrom, source).toBe(w.from);
      expect(out.claims?.map((c) => c.id) ?? null, source).toEqual(w.from ? ['h1', 'h2'] : null);
      expect(out.issues?.map((i) => i.id) ?? null, source).toEqual(w.analyzers ? ['f1'] : null);
      expect(stub.count - before, source).toBe(w.from === 'llm' ? 2 : 0);
      const stages = calls.filter((c) => c.endsWith('done 2') || c.endsWith('done 1'));
      expect(stages, source).toEqual([...(w.from === 'llm' ? ['claims done 2'] : w.from === 'tree' ? ['tree-claims done 2'] : []), ...(w.analyzers ? ['analyzers done 1'] : [])]);
      if (w.from === 'tree') expect(calls.filter((c) => c.startsWith('tree')), source).toEqual(['tree h1', 'tree h2', 'tree-claims done 2']);
      expect(calls.filter((c) => c.startsWith('start')), source).toEqual([...(w.from === 'llm' ? ['start claims'] : w.from === 'tree' ? ['start tree-claims'] : []), ...(w.analyzers ? ['start analyzers'] : [])]);
    }
  });

  it('a run cancelled during one stage starts no further stage', async () => {
    const ctrl = new AbortController();
    const { calls, made } = run('offline', {
      signal: ctrl.signal,
      treeClaims: async () => (ctrl.abort(), []),
    });
    const out = await made;
    expect(out.claims!.length).toBe(1);
    expect(out.issues).toBeNull();
    expect(calls.some((c) => c.startsWith('analyze') || c === 'start analyzers')).toBe(false);
  });

  it('an LLM source without its settings is refused before any stage runs', async () => {
    const { calls, made } = run('generate', { llm: undefined });
    await expect(made).rejects.toThrow(/asks an LLM/);
    expect(calls).toEqual([]);
    expect(stub.count).toBe(0);
  });
});
