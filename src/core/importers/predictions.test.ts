import { describe, expect, it } from 'vitest';
import crTest from '../../../e2e/fixtures/codereviewer/msg-test.jsonl?raw';
import crText from '../../../e2e/fixtures/codereviewer/codereviewer.txt?raw';
import crJsonl from '../../../e2e/fixtures/codereviewer/llama-ft.jsonl?raw';
import { importCodeReviewerPredictions, systemNameFromFile } from './index.ts';

const FILES: Record<string, string> = { 'msg-test.jsonl': crTest, 'codereviewer.txt': crText, 'llama-ft.jsonl': crJsonl };
const file = (name: string) => ({ name, text: FILES[name] });
const test = file('msg-test.jsonl');
const line = (o: object) => JSON.stringify(o);
const small = {
  name: 'msg-test.jsonl',
  text: [
    line({ id: 7, patch: '@@ -1 +1 @@\n-a\n+b', msg: 'ref one', oldf: 'a\n', lang: 'py' }),
    line({ id: 8, patch: '@@ -1 +1 @@\n-c\n+d', msg: 'ref two', oldf: 'c\n', lang: 'py' }),
  ].join('\n') + '\n',
};

describe('importCodeReviewerPredictions', () => {
  it('aligned text and JSONL predictions: one review per system per row, the reference kept as msg', () => {
    const r = importCodeReviewerPredictions(test, [file('codereviewer.txt'), file('llama-ft.jsonl')]);
    expect(r.errors).toEqual([]);
    expect(r.systems).toEqual(['codereviewer', 'llama-ft']);
    expect(r.rows).toHaveLength(6);
    const first = r.rows[0];
    expect(first.id).toBe('1000');
    expect(first.oldCode).toContain('def read_config(path)');
    expect(first.reviews.map((x) => x.system)).toEqual(['msg', 'codereviewer', 'llama-ft']);
    expect(first.reviews[1].review).toMatch(/^Returning None hides/);
    expect(first.reviews[2].review).toBe('The encoding parameter is a good addition.');
    // An empty prediction is an empty review (scores 0), not a shifted line.
    expect(r.rows[1].reviews.find((x) => x.system === 'llama-ft')?.review).toBeNull();
    expect(r.rows[5].reviews.find((x) => x.system === 'codereviewer')?.review).toBe('Use Objects.requireNonNull(name).');
  });

  it('names a system after its file, or as the user renamed it', () => {
    expect(systemNameFromFile('out/gpt-4o.predictions.txt')).toBe('gpt-4o.predictions');
    expect(systemNameFromFile('C:\\x\\codereviewer.jsonl')).toBe('codereviewer');
    const r = importCodeReviewerPredictions(small, [{ name: 'p.txt', text: 'x\ny\n', system: 'Mine' }]);
    expect(r.systems).toEqual(['Mine']);
    expect(r.rows[1].reviews.map((x) => x.system)).toEqual(['msg', 'Mine']);
  });

  it('too few lines: error naming the file and the first test line without a prediction; file not used', () => {
    const r = importCodeReviewerPredictions(small, [{ name: 'short.txt', text: 'only one\n' }]);
    expect(r.errors).toEqual([{ file: 'short.txt', line: 1, reason: expect.stringMatching(/1 line, but msg-test.jsonl has 2.*line 2 of the test file has no prediction/) }]);
    expect(r.systems).toEqual([]);
    expect(r.rows.every((row) => row.reviews.every((x) => x.system === 'msg'))).toBe(true);
  });

  it('too many lines: error naming the first extra line', () => {
    const r = importCodeReviewerPredictions(small, [{ name: 'long.txt', text: 'a\nb\nc\n' }]);
    expect(r.errors[0]).toMatchObject({ file: 'long.txt', line: 3 });
    expect(r.errors[0].reason).toMatch(/3 lines, but msg-test.jsonl has 2/);
  });

  it('JSONL: unknown id, duplicate id, no review field, bad JSON, and a row left without a prediction', () => {
    const preds = [line({ id: 7, review: 'fine' }), line({ id: 99, review: 'x' }), line({ id: 7, review: 'again' }), line({ id: 8 }), '{oops'].join('\n');
    const r = importCodeReviewerPredictions(small, [{ name: 'sys.jsonl', text: preds }]);
    expect(r.errors).toEqual([
      { file: 'sys.jsonl', line: 2, reason: expect.stringContaining('unknown id "99"') },
      { file: 'sys.jsonl', line: 3, reason: expect.stringContaining('appears twice') },
      { file: 'sys.jsonl', line: 4, reason: expect.stringContaining('no review') },
      { file: 'sys.jsonl', line: 5, reason: expect.stringContaining('not valid JSON') },
      { file: 'msg-test.jsonl', line: 2, reason: 'no prediction in sys.jsonl for id "8"' },
    ]);
    expect(r.rows[0].reviews.find((x) => x.system === 'sys')?.review).toBe('fine');
  });

  it('empty predictions file and empty test file are errors', () => {
    expect(importCodeReviewerPredictions(small, [{ name: 'e.txt', text: '  \n' }]).errors).toEqual([{ file: 'e.txt', line: 1, reason: 'the predictions file is empty' }]);
    expect(importCodeReviewerPredictions({ name: 't.jsonl', text: '' }, []).errors).toEqual([{ file: 't.jsonl', line: 1, reason: 'the test file is empty' }]);
  });

  it('two files with the same system name: the second is refused', () => {
    const r = importCodeReviewerPredictions(small, [{ name: 'a/sys.txt', text: 'x\ny\n' }, { name: 'b/sys.txt', text: 'x\ny\n' }]);
    expect(r.systems).toEqual(['sys']);
    expect(r.errors[0]).toMatchObject({ file: 'b/sys.txt', line: 1 });
  });
});
