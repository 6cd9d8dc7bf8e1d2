// The part of Python's `unidiff` that SWE-CARE's `_parse_diff_hunks` reads: each hunk's file path (the
// VCS-abstracted `PatchedFile.path`), its old and new ranges, and `str(hunk)`, whose header unidiff always writes
// with both lengths ("@@ -a,b +c,d @@"). Only what SWE-CARE consumes is reproduced.

export interface DiffHunk {
  file: string;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** `str(hunk)`: the normalised header, then the hunk's lines as written. */
  hunk: string;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@[ ]?(.*)/;
const SOURCE = /^--- ([^\t\n]+)/;
const TARGET = /^\+\+\+ ([^\t\n]+)/;
const DEV_NULL = '/dev/null';

function vcsPath(source: string | null, target: string | null, rename: boolean): string {
  let p = source;
  if (p === null || p === DEV_NULL || (rename && target !== null && target !== DEV_NULL)) p = target;
  p ??= '';
  return p.startsWith('a/') || p.startsWith('b/') ? p.slice(2) : p;
}

/** Hunks of a unified diff, in order. Lines outside any hunk (git headers) are skipped. */
export function parseDiffHunks(diff: string): DiffHunk[] {
  const out: DiffHunk[] = [];
  const lines = diff.split(/(?<=\n)/);
  let source: string | null = null;
  let target: string | null = null;
  let rename = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r?\n$/, '');
    if (line.startsWith('diff --git ')) {
      source = target = null;
      rename = false;
      continue;
    }
    if (line.startsWith('rename from ')) rename = true;
    const s = SOURCE.exec(line);
    if (s && (i + 1 < lines.length && TARGET.test(lines[i + 1]))) {
      source = s[1];
      target = TARGET.exec(lines[i + 1])![1];
      i++;
      continue;
    }
    const h = HUNK.exec(line);
    if (!h) continue;
    const oldStart = Number(h[1]);
    const oldLines = h[2] === undefined ? 1 : Number(h[2]);
    const newStart = Number(h[3]);
    const newLines = h[4] === undefined ? 1 : Number(h[4]);
    const section = h[5];
    let body = '';
    // A hunk holds as many old and new lines as its header says (unidiff stops there too).
    let oldLeft = oldLines;
    let newLeft = newLines;
    while (i + 1 < lines.length && (oldLeft > 0 || newLeft > 0 || lines[i + 1].startsWith('\\'))) {
      const l = lines[i + 1];
      const c = l[0];
      if (c === ' ' || c === '\n' || c === '\r' || l === '') {
        oldLeft--;
        newLeft--;
      } else if (c === '-') oldLeft--;
      else if (c === '+') newLeft--;
      else if (c !== '\\') break;
      body += l.endsWith('\n') ? l : l + '\n';
      i++;
    }
    const head = `@@ -${oldStart},${oldLines} +${newStart},${newLines} @@${section ? ' ' + section : ''}\n`;
    out.push({ file: vcsPath(source, target, rename), oldStart, oldLines, newStart, newLines, hunk: head + body });
  }
  return out;
}
