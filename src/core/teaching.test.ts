import { describe, expect, it } from 'vitest';
import { paperExamples } from '../examples/paper.ts';
import { lexicalSimilarityMatrix } from './lexical.ts';
import { scoreAt } from './score.ts';
import { splitReview } from './sentences.ts';
import { matrixFromRows } from './similarity.ts';
import { bestCell, cellsAbove, coverageChange, diffStats, inlineCode, maskCode, pasteCodeExperiment, stopwordShare } from './teaching.ts';

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
});
