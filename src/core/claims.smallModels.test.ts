// Answers as small instruction-tuned code models write them (the in-browser provider's 0.5B–1.5B models),
// straying from the paper's format: a preamble, markdown headings, a "Summary:" with no numbers, a list
// written twice, the diff quoted back in a code block.
import { describe, expect, it } from 'vitest';
import { parseClaims } from './claims.ts';

const kt = (out: string) => parseClaims(out).map((r) => [r.kind, r.text]);

describe('parseClaims on small models’ answers', () => {
  it('drops a preamble and a closing remark around bold section headings', () => {
    const out = `Sure! Here's a summary of the code changes and their implications:

**Summary of Changes:**

1. The \`get\` method now uses \`dict.get\` instead of indexing.
2. A missing key returns \`None\`.

**Implications:**

1. Callers no longer get a \`KeyError\` for a missing key.

Let me know if you need anything else!`;
    expect(kt(out)).toEqual([
      ['claim', 'The `get` method now uses `dict.get` instead of indexing.'],
      ['claim', 'A missing key returns `None`.'],
      ['implication', 'Callers no longer get a `KeyError` for a missing key.'],
    ]);
  });

  it('reads numbered markdown headings ("### 2. Implications") and drops bold labels’ asterisks', () => {
    const out = `### 1. Summary of Changes

- **Lookup**: \`get\` now calls \`self.store.get(key)\`.

### 2. Implications

- **Behaviour**: missing keys return \`None\` instead of raising.`;
    expect(kt(out)).toEqual([
      ['claim', 'Lookup: `get` now calls `self.store.get(key)`.'],
      ['implication', 'Behaviour: missing keys return `None` instead of raising.'],
    ]);
  });

  it('reads "Summary:" with no numbers, one item per sentence', () => {
    const out = `Summary: The get method now uses dict.get instead of indexing. This avoids a KeyError.
Implications: Callers must handle None.`;
    expect(kt(out)).toEqual([
      ['claim', 'The get method now uses dict.get instead of indexing.'],
      ['claim', 'This avoids a KeyError.'],
      ['implication', 'Callers must handle None.'],
    ]);
  });

  it('reads sections written as paragraphs under their headings', () => {
    const out = `Summary of changes:
The get method now returns None for a missing key rather than raising.

Implications:
Code that caught KeyError will never see it. Tests expecting the exception will fail.`;
    expect(kt(out)).toEqual([
      ['claim', 'The get method now returns None for a missing key rather than raising.'],
      ['implication', 'Code that caught KeyError will never see it.'],
      ['implication', 'Tests expecting the exception will fail.'],
    ]);
  });

  it('keeps one copy of a list the model repeated (and of a repeat cut short by the token limit)', () => {
    const list = '1. Uses dict.get.\n2. Returns None.\nImplications:\n1. No KeyError.';
    const out = `${list}\n\nSummary of changes:\n${list}\n\nSummary of changes:\n1. Uses dict.get.\n2. Ret`;
    expect(kt(out)).toEqual([
      ['claim', 'Uses dict.get.'],
      ['claim', 'Returns None.'],
      ['implication', 'No KeyError.'],
      ['claim', 'Ret'],
    ]);
  });

  it('skips the diff quoted back in a code block (its +/- lines are not bullets)', () => {
    const out =
      'Summary of changes:\n1. Replaces indexing with get.\n```diff\n- return self.store[key]\n+ return self.store.get(key)\n```\nImplications:\n1. No KeyError.';
    expect(kt(out)).toEqual([
      ['claim', 'Replaces indexing with get.'],
      ['implication', 'No KeyError.'],
    ]);
  });

  it('a numbered item that starts with a section word stays an item', () => {
    expect(kt('Summary of changes:\n1. Changes: renamed foo to bar.\n2. Added a test.')).toEqual([
      ['claim', 'Changes: renamed foo to bar.'],
      ['claim', 'Added a test.'],
    ]);
  });

  it('prose before any section is still not a pseudo-reference', () => {
    expect(kt('The change looks fine to me. It is small.')).toEqual([]);
  });
});
