import { describe, expect, it } from 'vitest';
import { paperExamples } from '../examples/paper.ts';
import { lexicalSimilarityMatrix } from './lexical.ts';
import { scoreAt } from './score.ts';
import { splitReview } from './sentences.ts';
import { matrixFromRows } from './similarity.ts';
import { LINK_ILLUSTRATIONS } from '../examples/linkIllustrations.ts';
import { bestCell, cellsAbove, coverageChange, diffStats, failingCases, inlineCode, maskCode, pasteCodeExperiment, stopwordShare } from './teaching.ts';

describe('teaching helpers', () => {
  it('counts hunks and changed lines of the paper diffs', () => {
    const pickle = paperExamples.find((e) => e.id === 'paper-pickle-codereviewer')!;
    expect(diffStats(pickle.diff)).toEqual({ files: 1, hunks: 1, added: 1, removed: 1 });
    const imports = paperExamples.find((e) => e.id === 'paper-datetime-target')!;
    expect(diffStats(imports.diff)).toEqual({ files: 1, hunks: 1, added: 2, removed: 0 });
  });

  it('finds the best cell and counts cells above τ (strictly)', () => {
    const m = matrixFromRows([
      [0.2, 0.9],
      [0.9, 0.5],
    ]);
    expect(bestCell(m)).toEqual({ row: 0, col: 1, value: expect.closeTo(0.9, 6) });
    expect(cellsAbove(m, 0.5)).toBe(2);
    expect(bestCell(matrixFromRows([]))).toBeNull();
  });

  it("measures the paper's brief, stopword-heavy review", () => {
    expect(stopwordShare('Why do we need these imports?')).toEqual({ words: 6, stopwords: 4, kept: ['need', 'imports'] });
  });

  it('masks inline and quoted code, keeping the prose', () => {
    expect(maskCode("Shouldn't this be 'module_name.encode('ascii')'?")).toBe("Shouldn't this be this?");
    expect(maskCode('Use `let` here, not ```js\nvar x\n```.')).toBe('Use this here, not this.');
    expect(maskCode("It's fine, don't worry.")).toBe("It's fine, don't worry.");
  });

  it('writes code with backticks as one code span, and masks it whole', () => {
    expect(inlineCode('x = 1')).toBe('`x = 1`');
    expect(inlineCode('`has_all_data` bool')).toBe('`` `has_all_data` bool ``');
    expect(maskCode('Why `` `a` b ``?')).toBe('Why this?');
    expect(maskCode('Use `a` and `b`.')).toBe('Use this and this.');
  });

  it('pastes the diff’s first added line into a question, as valid inline code, for every paper example', () => {
    const col = paperExamples.find((e) => e.id === 'paper-has-all-data')!;
    expect(pasteCodeExperiment(col.diff, col.review)).toEqual({
      text: `${col.review}\nShouldn't this be \`\` \`has_all_data\` bool DEFAULT NULL \`\`?`,
      sentence: "Shouldn't this be `` `has_all_data` bool DEFAULT NULL ``?",
      masked: "Shouldn't this be this?",
    });
    for (const ex of paperExamples) {
      const p = pasteCodeExperiment(ex.diff, ex.review)!;
      // One sentence more, and it is the pasted one.
      expect(splitReview(p.text)).toEqual([...splitReview(ex.review), p.sentence]);
      expect(p.masked).toBe("Shouldn't this be this?");
    }
    expect(pasteCodeExperiment('--- a/x\n+++ b/x\n@@ -1 +0,0 @@\n-gone\n', 'r')).toBeNull();
  });

  it('tells which pseudo-references an edit covers or uncovers', () => {
    const p = ['The module name is encoded to ASCII.', 'A test was added.'];
    const before = 'Looks fine.';
    const after = 'The module name is now encoded to ASCII.';
    const s = (r: string) => {
      const sents = splitReview(r);
      return scoreAt(lexicalSimilarityMatrix(p, sents), 0.149, { sentences: sents });
    };
    expect(coverageChange(s(before), s(after))).toEqual(['gained', 'none']);
    expect(coverageChange(s(after), s(before))).toEqual(['lost', 'none']);
    expect(coverageChange(s(after), s(after))).toEqual(['kept', 'none']);
  });

  it('picks the illustrations that fail at τ: linked though not addressed, missed though addressed', () => {
    const c = (kind: 'metric-only' | 'annotator-only', s: number, id: string) => ({ kind, s, id });
    const cases = [c('metric-only', 0.58, 'm1'), c('metric-only', 0.79, 'm2'), c('metric-only', NaN, 'm3'), c('metric-only', 0.7, 'm4'), c('annotator-only', 0.49, 'a1'), c('annotator-only', 0.7, 'a2'), c('annotator-only', 0.3, 'a3')];
    const f = failingCases(cases, 0.6447);
    // m1 (0.58 ≤ τ) is not linked by the metric: it shows no failure, as a2 (0.7 > τ) is linked as it should be.
    expect(f.metricOnly.map((x) => x.id)).toEqual(['m2', 'm4']);
    expect(f.annotatorOnly.map((x) => x.id)).toEqual(['a3', 'a1']);
    expect(f.right).toEqual({ metricOnly: 1, annotatorOnly: 1 });
    expect(failingCases(cases, 0.6447, 1).metricOnly.map((x) => x.id)).toEqual(['m2']);
    // At τ = s the metric does not link (strict >).
    expect(failingCases([c('metric-only', 0.5, 'x')], 0.5).metricOnly).toEqual([]);
    expect(failingCases([c('annotator-only', 0.5, 'x')], 0.5).annotatorOnly.length).toBe(1);
  });

  it('the lesson’s own illustrations show both failures under lexical similarity at its τ', () => {
    const withS = LINK_ILLUSTRATIONS.map((x) => {
      const m = lexicalSimilarityMatrix([x.p], splitReview(x.s));
      return { ...x, s: Math.max(...Array.from(m.data)) };
    });
    const f = failingCases(withS, 0.149);
    expect(f.metricOnly.length).toBe(2);
    expect(f.annotatorOnly.length).toBe(2);
    expect(Math.min(...f.metricOnly.map((x) => x.s))).toBeGreaterThan(0.149);
    expect(Math.max(...f.annotatorOnly.map((x) => x.s))).toBeLessThanOrEqual(0.149);
  });
});
