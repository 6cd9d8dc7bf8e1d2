// The docs' figures, read from the docs themselves: a `<!-- figures: ID -->` line before a ```sh block marks the
// commands that make figure set ID; `<!-- figures: ID KIND[:OUTPUT] -->` before a Markdown table marks a table of
// those figures, KIND naming how a command's output becomes rows (docFigureAdapters.ts). The doc stays the one
// source: the test runs the marked commands as written and compares every number of every marked table.
import fs from 'node:fs';
import path from 'node:path';

export interface FigureCommands { id: string; file: string; line: number; text: string }
export interface FigureTable { id: string; kind: string; output?: string; file: string; line: number; header: string[]; rows: string[][] }

const MARK = /^<!--\s*figures:\s*([\w.-]+)(?:\s+([\w-]+)(?::(\S+))?)?\s*-->\s*$/;

/** The marked command blocks and tables of one Markdown text. */
export function readFigureMarks(file: string, text: string): { commands: FigureCommands[]; tables: FigureTable[] } {
  const lines = text.split('\n');
  const commands: FigureCommands[] = [];
  const tables: FigureTable[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = MARK.exec(lines[i].trim());
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === '') j++;
    const at = `${file}:${i + 1}`;
    if (/^```/.test(lines[j] ?? '')) {
      if (m[2]) throw new Error(`${at}: a command block's mark names only its id`);
      const end = lines.findIndex((l, k) => k > j && /^```/.test(l));
      if (end < 0) throw new Error(`${at}: the command block is not closed`);
      commands.push({ id: m[1], file, line: j + 2, text: lines.slice(j + 1, end).join('\n') });
    } else if (/^\|/.test(lines[j] ?? '')) {
      if (!m[2]) throw new Error(`${at}: a table's mark names its id and kind, e.g. <!-- figures: ${m[1]} eval-systems -->`);
      const rowsOf = (l: string) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      const header = rowsOf(lines[j]);
      const rows: string[][] = [];
      for (let k = j + 2; k < lines.length && /^\|/.test(lines[k]); k++) rows.push(rowsOf(lines[k]));
      tables.push({ id: m[1], kind: m[2], output: m[3], file, line: j + 1, header, rows });
    } else throw new Error(`${at}: a figures mark must stand before a \`\`\`sh block or a table`);
  }
  return { commands, tables };
}

/** Every mark of README.md and docs/*.md. */
export function readAllFigureMarks(root: string) {
  const files = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];
  const all = files.map((f) => readFigureMarks(f, fs.readFileSync(path.join(root, f), 'utf8')));
  return { commands: all.flatMap((a) => a.commands), tables: all.flatMap((a) => a.tables) };
}

export interface CliCall { argv: string[]; stdout?: string; line: number }

/**
 * The crscore calls of a command block, as a reader would type them: `NAME=value` lines set variables, `\` joins
 * lines, `#` starts a comment, `> FILE` keeps stdout. Each call is `crscore …` or `npm run [-s] crscore -- …`; anything
 * else (a pipe, a loop) is an error, so the block stays runnable as written.
 */
export function parseCalls(block: FigureCommands): CliCall[] {
  const vars = new Map<string, string>();
  const calls: CliCall[] = [];
  const raw = block.text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const start = i;
    let l = raw[i];
    while (/\\\s*$/.test(l) && i + 1 < raw.length) l = l.replace(/\\\s*$/, ' ') + raw[++i];
    l = l.replace(/(^|\s)#.*$/, '').trim();
    if (!l) continue;
    const at = `${block.file}:${block.line + start}`;
    const assign = /^([A-Z_][A-Z0-9_]*)=(?:"([^"$`\\]*)"|([^\s"'$`\\]+))$/.exec(l);
    if (assign) {
      vars.set(assign[1], assign[2] ?? assign[3]);
      continue;
    }
    if (/[|;&<`'"]/.test(l)) throw new Error(`${at}: only plain crscore calls are run (no pipes, quotes or lists): ${l}`);
    // An unquoted $NAME splits into words, as the shell does.
    let words = l
      .replace(/\$(\w+)|\$\{(\w+)\}/g, (_s, a: string | undefined, b: string | undefined) => {
        const v = vars.get((a ?? b)!);
        if (v === undefined) throw new Error(`${at}: $${a ?? b} is not set in the block`);
        return v;
      })
      .split(/\s+/);
    let stdout: string | undefined;
    const gt = words.indexOf('>');
    if (gt >= 0) {
      if (gt !== words.length - 2) throw new Error(`${at}: '> FILE' must end the call`);
      stdout = words[gt + 1];
      words = words.slice(0, gt);
    }
    if (words[0] === 'npm' && words[1] === 'run' && /^(-s|--silent)$/.test(words[2]) && words[3] === 'crscore' && words[4] === '--') words = words.slice(5);
    else if (words[0] === 'npm' && words[1] === 'run' && words[2] === 'crscore' && words[3] === '--') {
      // npm's own lines ("> crscore-studio@… crscore") go to stdout, so a kept stdout needs -s.
      if (stdout) throw new Error(`${at}: 'npm run crscore -- … > ${stdout}' keeps npm's banner in the file: write 'npm run -s crscore -- …'`);
      words = words.slice(4);
    }
    else if (words[0] === 'crscore') words = words.slice(1);
    else throw new Error(`${at}: not a crscore call: ${l}`);
    calls.push({ argv: words, stdout, line: block.line + start });
  }
  return calls;
}

/** A doc cell's numbers as printed: "0.485 [0.429, 0.535]", "0.619 [2]", "−0.111 *", "0.412 ± 0.023 (soft)". */
export function cellNumbers(cell: string): string[] {
  const clean = cell.replace(/\*\*/g, '').replace(/[−–]/g, '-').replace(/\([^)]*[a-z][^)]*\)/gi, '');
  return [...clean.matchAll(/-?\d+(?:\.\d+)?(?:e-?\d+)?/gi)].map((m) => m[0]);
}

/** True when `actual` prints as `printed` at the printed precision (half a unit of its last digit). */
export function agrees(printed: string, actual: number): boolean {
  const decimals = /\.(\d+)/.exec(printed)?.[1].length ?? 0;
  return Number.isFinite(actual) && Math.abs(actual - Number(printed)) <= 0.5 * 10 ** -decimals + 1e-9;
}

/** A row a command made: per column header, the numbers of that cell, at full precision. */
export type MadeRow = { label: string; cells: Record<string, readonly number[]> };

/**
 * Each doc row's numbers against the rows the commands made. A doc row agrees with a made row when every numeric
 * cell agrees, number by number (the doc may print fewer numbers than the command gives, e.g. a point without its
 * interval); columns the adapter ignores are named in `ignore`. Returns one line per doc row that no made row
 * gives, naming the closest one, and per numeric column that nothing checks.
 */
export function compareTable(t: FigureTable, made: readonly MadeRow[], ignore: readonly string[] = []): string[] {
  const problems: string[] = [];
  const where = `${t.file}:${t.line} (${t.id} ${t.kind})`;
  const madeHeaders = new Set(made.flatMap((r) => Object.keys(r.cells)));
  t.header.forEach((h, c) => {
    if (ignore.includes(h) || madeHeaders.has(h)) return;
    if (t.rows.some((r) => cellNumbers(r[c] ?? '').length)) problems.push(`${where}: column "${h}" has figures that no command makes`);
  });
  for (const row of t.rows) {
    const wanted = t.header.map((h, c) => ({ h, nums: cellNumbers(row[c] ?? '') })).filter((x) => x.nums.length && madeHeaders.has(x.h) && !ignore.includes(x.h));
    if (!wanted.length) continue;
    const misses = made.map((r) => {
      const bad = wanted.filter(({ h, nums }) => {
        const got = r.cells[h];
        return !got || got.length < nums.length || nums.some((n, k) => !agrees(n, got[k]));
      });
      return { r, bad };
    });
    if (misses.some((m) => m.bad.length === 0)) continue;
    const best = misses.sort((a, b) => a.bad.length - b.bad.length)[0];
    const got = best ? best.bad.map(({ h }) => `${h}: ${(best.r.cells[h] ?? []).map((x) => (typeof x === 'number' ? +x.toPrecision(5) : String(x))).join(', ') || 'none'}`).join('; ') : 'no rows';
    problems.push(`${where}: row "${row.slice(0, 2).join(' | ')}" is not what the commands give (closest: ${best?.r.label ?? '-'}: ${got})`);
  }
  return problems;
}
