// Fuzz and property tests for the unified-diff parser: 10,000 mutated and generated inputs each.
import fc from 'fast-check';
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { fuzzText, RUNS } from '../testing/fuzz.ts';
import { DIFF_SEEDS } from '../testing/seeds.ts';
import {
  addedLines,
  applyUnifiedDiff,
  changedNewLines,
  detectLanguage,
  parseUnifiedDiff,
  type DiffFile,
} from './diff.ts';

/** What every parse must look like, whatever the input: finite, consecutive line numbers and one-line texts. */
function shapeProblem(files: DiffFile[]): string | null {
  for (const f of files) {
    for (const name of [f.oldName, f.newName])
      if (name !== undefined && typeof name !== 'string') return `name ${String(name)}`;
    for (const h of f.hunks) {
      if (
        ![h.oldStart, h.oldLines, h.newStart, h.newLines].every((v) => Number.isFinite(v) && v >= 0)
      )
        return `hunk numbers ${JSON.stringify(h)}`;
      if (h.section.includes('\n')) return 'section spans lines';
      let o = h.oldStart;
      let n = h.newStart;
      const exact =
        Number.isSafeInteger(o + h.lines.length) && Number.isSafeInteger(n + h.lines.length);
      for (const l of h.lines) {
        if (/[\r\n]/.test(l.text)) return `line text spans lines: ${JSON.stringify(l.text)}`;
        const hasOld = l.type !== 'add';
        const hasNew = l.type !== 'del';
        if (hasOld !== (l.oldLine !== undefined) || hasNew !== (l.newLine !== undefined))
          return `numbers of a ${l.type} line`;
        if (hasOld && !(Number.isFinite(l.oldLine) && (!exact || l.oldLine === o++)))
          return `old line ${l.oldLine}`;
        if (hasNew && !(Number.isFinite(l.newLine) && (!exact || l.newLine === n++)))
          return `new line ${l.newLine}`;
      }
    }
  }
  return null;
}

// Line texts from characters that matter to diffs, so generated lines can look like headers or markers.
const lineText = fc.string({
  unit: fc.constantFrom('a', 'b', ' ', '+', '-', '@', '\\', '.', '\t', '(', '\u00e9'),
  maxLength: 12,
});
const op = fc.record({ t: fc.constantFrom(' ', '+', '-'), text: lineText });
const hunkArb = fc
  .record({
    oldStart: fc.integer({ min: 1, max: 5000 }),
    newStart: fc.integer({ min: 1, max: 5000 }),
    // At least one context line, so neither side is empty (no "-0,0" start quirk to model).
    ops: fc
      .array(op, { minLength: 0, maxLength: 12 })
      .chain((ops) =>
        fc
          .nat({ max: ops.length })
          .map((at) => [...ops.slice(0, at), { t: ' ', text: 'ctx' }, ...ops.slice(at)]),
      ),
    section: fc.option(
      fc.string({ unit: fc.constantFrom('d', 'e', 'f', '(', ')', ':', '@', ' '), maxLength: 15 }),
      { nil: undefined },
    ),
    shortCounts: fc.boolean(),
  })
  .map((h) => ({ ...h, section: h.section?.trim() || undefined }));
// A file name as git writes it: no spaces, tabs, or leading a/ b/ prefixes of its own.
const nameArb = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}(\/[a-z0-9_]{1,6}){0,2}\.(py|js|java|md)$/);
const fileArb = fc.record({
  name: nameArb,
  hunks: fc.array(hunkArb, { minLength: 1, maxLength: 3 }),
  junk: fc.array(
    fc.constantFrom('', 'Only in src: x.py', '@@-not-a-header@@', '\\ No newline at end of file'),
    { maxLength: 2 },
  ),
});

interface GenHunk {
  oldStart: number;
  newStart: number;
  ops: { t: string; text: string }[];
  section?: string;
  shortCounts: boolean;
}

function renderHunk(h: GenHunk): string[] {
  const oldLines = h.ops.filter((o) => o.t !== '+').length;
  const newLines = h.ops.filter((o) => o.t !== '-').length;
  const count = (start: number, n: number) =>
    h.shortCounts && n === 1 ? `${start}` : `${start},${n}`;
  const head = `@@ -${count(h.oldStart, oldLines)} +${count(h.newStart, newLines)} @@${h.section ? ` ${h.section}` : ''}`;
  return [head, ...h.ops.map((o) => o.t + o.text)];
}

function expectedHunk(h: GenHunk) {
  let o = h.oldStart;
  let n = h.newStart;
  return {
    oldStart: h.oldStart,
    newStart: h.newStart,
    section: h.section ?? '',
    lines: h.ops.map((x) =>
      x.t === '+'
        ? { type: 'add', text: x.text, newLine: n++ }
        : x.t === '-'
          ? { type: 'del', text: x.text, oldLine: o++ }
          : { type: 'context', text: x.text, oldLine: o++, newLine: n++ },
    ),
  };
}

describe('parseUnifiedDiff, fuzzed', () => {
  it(`never throws on ${RUNS} mutated or random inputs, and every parse is well formed`, () => {
    fc.assert(
      fc.property(fuzzText(DIFF_SEEDS), (text) => {
        const files = parseUnifiedDiff(text);
        expect(shapeProblem(files)).toBeNull();
        expect(addedLines(files).every((l) => Number.isFinite(l.line))).toBe(true);
        changedNewLines(files);
        for (const f of files) detectLanguage(f.newName);
      }),
      { numRuns: RUNS },
    );
  });

  it(`reads ${RUNS} generated diffs (git headers or bare hunks, junk between hunks) exactly`, () => {
    fc.assert(
      fc.property(
        fc.array(fileArb, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (gen, bare, crlf) => {
          const bareFirst = bare && gen.length === 1;
          const text = gen
            .flatMap((f, k) => [
              ...(bareFirst && k === 0 ? [] : [`--- a/${f.name}`, `+++ b/${f.name}`]),
              ...f.hunks.flatMap((h, j) => [
                ...renderHunk(h),
                ...(j < f.hunks.length - 1 ? f.junk.filter((x) => !x.startsWith('\\')) : []),
              ]),
            ])
            .join(crlf ? '\r\n' : '\n');
          const files = parseUnifiedDiff(text);
          expect(shapeProblem(files)).toBeNull();
          expect(
            files.map((f) => ({
              name: f.newName,
              hunks: f.hunks.map(({ oldStart, newStart, section, lines }) => ({
                oldStart,
                newStart,
                section,
                lines,
              })),
            })),
          ).toEqual(
            gen.map((f) => ({
              name: bareFirst ? undefined : f.name,
              hunks: f.hunks.map(expectedHunk),
            })),
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it(`applyUnifiedDiff never throws on ${RUNS / 2} mutated patches`, () => {
    fc.assert(
      fc.property(fuzzText(DIFF_SEEDS), fc.string({ maxLength: 200 }), (patch, old) => {
        const r = applyUnifiedDiff(old, patch);
        expect(r === null || typeof r === 'string').toBe(true);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it(`applyUnifiedDiff rebuilds the new file from ${RUNS / 2} generated edits`, () => {
    const file = fc
      .array(fc.stringMatching(/^[-a-c +]{0,4}$/), { maxLength: 15 })
      .map((ls) => ls.map((l) => `${l}\n`).join(''));
    fc.assert(
      fc.property(file, file, (before, after) => {
        const patch = createTwoFilesPatch('a/f.py', 'b/f.py', before, after);
        expect(applyUnifiedDiff(before, patch)).toBe(after);
      }),
      { numRuns: RUNS / 2 },
    );
  });
});
