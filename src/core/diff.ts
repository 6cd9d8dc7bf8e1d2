import { applyPatch, parsePatch, type StructuredPatch } from 'diff';

export type Language = 'javascript' | 'python' | 'java' | 'unknown';

export interface DiffLine {
  type: 'add' | 'del' | 'context';
  text: string;
  /** Line number in the old file (deleted and context lines). */
  oldLine?: number;
  /** Line number in the new file (added and context lines). */
  newLine?: number;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Text after the second "@@" (often the enclosing function). */
  section: string;
  lines: DiffLine[];
}

export interface DiffFile {
  oldName?: string;
  newName?: string;
  hunks: DiffHunk[];
}

const HUNK_NUMBERS = /@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?/;

/**
 * Parse a unified diff: git/`diff -u` output with file headers, or CodeReviewer-style bare hunks that start
 * at "@@". jsdiff's parsePatch does the work; when it rejects a hunk (CodeReviewer hunks are sometimes cut so
 * their counts no longer match) a lenient line-by-line parser takes over, so a diff is never lost.
 */
export function parseUnifiedDiff(text: string): DiffFile[] {
  const src = (text ?? '').replace(/\r\n?/g, '\n');
  if (src.trim() === '') return [];
  let patches: StructuredPatch[];
  try {
    patches = parsePatch(src);
  } catch {
    return parseLenient(src);
  }
  // jsdiff takes any line starting "@@ " as a hunk header, even one without numbers (giving NaN line numbers):
  // such input goes to the lenient parser, which needs real numbers.
  if (patches.some((p) => p.hunks.some((hk) => !Number.isFinite(hk.oldStart) || !Number.isFinite(hk.newStart))))
    return parseLenient(src);
  // Each hunk's section text, from exactly the lines jsdiff took as headers (other "@@" lines shift nothing).
  const sections = src
    .split('\n')
    .filter((l) => /^@@\s/.test(l))
    .map((l) => {
      const m = HUNK_NUMBERS.exec(l);
      return m ? l.slice(m.index + m[0].length) : '';
    });
  let h = 0;
  return patches
    .map((p) => ({
      oldName: cleanName(p.oldFileName),
      newName: cleanName(p.newFileName),
      hunks: p.hunks.map((hk) =>
        numberHunk(
          hk.oldStart,
          hk.oldLines,
          hk.newStart,
          hk.newLines,
          sections[h++] ?? '',
          hk.lines,
        ),
      ),
    }))
    .filter((f) => f.hunks.length > 0 || f.oldName || f.newName);
}

/** Added lines with their new-file line numbers, over all files and hunks. */
export function addedLines(
  files: readonly DiffFile[],
): { line: number; text: string; file?: string }[] {
  return files.flatMap((f) =>
    f.hunks.flatMap((h) =>
      h.lines
        .filter((l) => l.type === 'add')
        .map((l) => ({ line: l.newLine!, text: l.text, file: f.newName })),
    ),
  );
}

/** New-file line numbers touched by the diff (added lines), for filtering analyzer warnings to changed lines. */
export function changedNewLines(files: readonly DiffFile[]): Set<number> {
  return new Set(addedLines(files).map((l) => l.line));
}

/**
 * Rebuild the new file from the old file and a patch. Tries jsdiff's applyPatch exactly, then with a small
 * fuzz factor; returns null when the patch does not fit the old file.
 */
export function applyUnifiedDiff(oldText: string, patch: string): string | null {
  const src = patch.replace(/\r\n?/g, '\n');
  try {
    for (const fuzzFactor of [0, 2]) {
      const res = applyPatch(oldText, src, { fuzzFactor });
      if (res !== false) return res;
    }
  } catch {
    // fall through: a patch jsdiff cannot parse cannot be applied either
  }
  return null;
}

/** Language from a file name: js/ts/jsx/tsx/mjs/cjs → javascript, py → python, java → java. */
export function detectLanguage(fileName: string | undefined | null): Language {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName ?? '')?.[1]?.toLowerCase();
  if (!ext) return 'unknown';
  if (['js', 'jsx', 'ts', 'tsx', 'mjs', 'cjs'].includes(ext)) return 'javascript';
  if (ext === 'py' || ext === 'pyw') return 'python';
  if (ext === 'java') return 'java';
  return 'unknown';
}

/** The dataset's short codes ('py', 'java', 'js') to a Language. */
export function languageFromCode(code: string | undefined | null): Language {
  return detectLanguage(`x.${code ?? ''}`);
}

function numberHunk(
  oldStart: number,
  oldLines: number,
  newStart: number,
  newLines: number,
  section: string,
  raw: string[],
): DiffHunk {
  let o = oldStart;
  let n = newStart;
  const lines: DiffLine[] = [];
  for (const l of raw) {
    const tag = l[0];
    const text = l.slice(1);
    if (tag === '+') lines.push({ type: 'add', text, newLine: n++ });
    else if (tag === '-') lines.push({ type: 'del', text, oldLine: o++ });
    else if (tag === ' ' || l === '')
      lines.push({ type: 'context', text, oldLine: o++, newLine: n++ });
    // "\ No newline at end of file" and anything else carry no content.
  }
  return { oldStart, oldLines, newStart, newLines, section, lines };
}

function parseLenient(src: string): DiffFile[] {
  const files: DiffFile[] = [];
  let file: DiffFile | null = null;
  let raw: string[] | null = null;
  let head: RegExpExecArray | null = null;
  const flush = () => {
    if (head && raw) {
      if (!file) files.push((file = { hunks: [] }));
      file.hunks.push(
        numberHunk(+head[1], +(head[2] ?? 1), +head[3], +(head[4] ?? 1), head[5] ?? '', raw),
      );
    }
    raw = null;
    head = null;
  };
  for (const line of src.replace(/\n$/, '').split('\n')) {
    const hh = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/.exec(line);
    if (hh) {
      flush();
      head = hh;
      raw = [];
    } else if (line.startsWith('--- ') && (raw === null || !line.startsWith('--- a'))) {
      flush();
      files.push((file = { oldName: cleanName(line.slice(4)), hunks: [] }));
    } else if (line.startsWith('+++ ') && raw === null && file) {
      file.newName = cleanName(line.slice(4));
    } else if (raw) {
      raw.push(line);
    }
  }
  flush();
  return files;
}

function cleanName(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const n = name
    .split('\t')[0]
    .trim()
    .replace(/^[ab]\//, '');
  return n === '' || n === '/dev/null' ? undefined : n;
}
