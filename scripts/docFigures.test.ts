// The docs' figure marks are read as documented, and a figure that drifted is reported (no data needed; the dev
// half's run is docFigures.dev.test.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADAPTERS } from './docFigureAdapters.ts';
import { agrees, cellNumbers, compareTable, parseCalls, readAllFigureMarks, readFigureMarks } from './docFigures.ts';

const DOC = `Intro.

<!-- figures: demo -->
\`\`\`sh
D=../shared/data/x.jsonl
M="--metaeval --json"
npm run crscore -- eval --dataset $D --preset plus \\
  --cv 5 --json   # a comment
crscore eval --dataset \${D} $M > out.json
\`\`\`

<!-- figures: demo markdown -->
| method | Rel ρ | AUC |
|---|---:|---:|
| **plus** | **0.597 ± 0.038** | 0.835 |
| oracle | 1 | 1 |
`;

describe('figure marks', () => {
  it('reads a command block and a table, with variables, continuations, comments and > FILE', () => {
    const { commands, tables } = readFigureMarks('x.md', DOC);
    expect(commands).toHaveLength(1);
    expect(parseCalls(commands[0])).toEqual([
      { argv: ['eval', '--dataset', '../shared/data/x.jsonl', '--preset', 'plus', '--cv', '5', '--json'], stdout: undefined, line: 7 },
      { argv: ['eval', '--dataset', '../shared/data/x.jsonl', '--metaeval', '--json'], stdout: 'out.json', line: 9 },
    ]);
    expect(tables).toMatchObject([{ id: 'demo', kind: 'markdown', header: ['method', 'Rel ρ', 'AUC'], rows: [['**plus**', '**0.597 ± 0.038**', '0.835'], ['oracle', '1', '1']] }]);
  });

  it('refuses what it would not run as written', () => {
    const block = (text: string) => ({ id: 'x', file: 'x.md', line: 1, text });
    expect(() => parseCalls(block('crscore eval --dataset x | head'))).toThrow(/only plain crscore calls/);
    expect(() => parseCalls(block('python3 make.py'))).toThrow(/not a crscore call/);
    expect(() => parseCalls(block('npm run crscore -- eval --json > a.json'))).toThrow(/npm run -s crscore/);
    expect(parseCalls(block('npm run -s crscore -- eval --json > a.json'))[0]).toMatchObject({ argv: ['eval', '--json'], stdout: 'a.json' });
    expect(() => parseCalls(block('crscore eval --dataset $NOPE'))).toThrow(/\$NOPE is not set/);
    expect(() => readFigureMarks('x.md', '<!-- figures: a -->\nprose')).toThrow(/before a ```sh block or a table/);
    expect(() => readFigureMarks('x.md', '<!-- figures: a -->\n| a |\n|---|\n| 1 |')).toThrow(/names its id and kind/);
  });

  it("reads a cell's numbers as printed, and compares at the printed precision", () => {
    expect(cellNumbers('0.485 [0.429, 0.535]')).toEqual(['0.485', '0.429', '0.535']);
    expect(cellNumbers('−0.111 [−0.146, −0.077] *')).toEqual(['-0.111', '-0.146', '-0.077']);
    expect(cellNumbers('0.412 ± 0.023 (soft)')).toEqual(['0.412', '0.023']);
    expect(cellNumbers('0.619 [2]')).toEqual(['0.619', '2']);
    expect(cellNumbers('—')).toEqual([]);
    expect(agrees('0.619', 0.6194)).toBe(true);
    expect(agrees('0.619', 0.6197)).toBe(false);
    expect(agrees('0.06321', 0.06693)).toBe(false);
    expect(agrees('10', 10)).toBe(true);
  });

  it('passes a table the output gives and names the row that drifted', () => {
    const table = readFigureMarks('x.md', DOC).tables[0];
    const made = (rel: string) =>
      ADAPTERS.markdown.rows(new Map([['#1', `| method | Rel ρ | AUC |\n|---|---|---|\n| plus | ${rel} | 0.835 ± 0.025 |\n| oracle | 1.000 ± 0.000 | 1.000 ± 0.000 |\n`]]));
    expect(compareTable(table, made('0.597 ± 0.038'), ADAPTERS.markdown.ignore)).toEqual([]);
    const drift = compareTable(table, made('0.620 ± 0.038'), ADAPTERS.markdown.ignore);
    expect(drift).toHaveLength(1);
    expect(drift[0]).toMatch(/x\.md:13 \(demo markdown\): row "\*\*plus\*\* \| \*\*0\.597 ± 0\.038\*\*" is not what the commands give \(closest: plus: Rel ρ: 0\.62, 0\.038\)/);
  });

  it('reports a column of figures that no command makes', () => {
    const table = readFigureMarks('x.md', DOC).tables[0];
    const rows = [{ label: 'plus', cells: { 'Rel ρ': [0.597, 0.038] } }, { label: 'oracle', cells: { 'Rel ρ': [1, 0] } }];
    expect(compareTable(table, rows, ['method'])).toEqual(['x.md:13 (demo markdown): column "AUC" has figures that no command makes']);
  });

  it("the repository's marks parse: every table names a known kind and a marked command block", () => {
    const { commands, tables } = readAllFigureMarks(path.resolve(import.meta.dirname, '..'));
    for (const c of commands) expect(parseCalls(c).length, `${c.file}:${c.line}`).toBeGreaterThan(0);
    for (const t of tables) {
      expect(Object.keys(ADAPTERS), `${t.file}:${t.line}`).toContain(t.kind);
      expect(commands.filter((c) => c.id === t.id), `${t.file}:${t.line} ${t.id}`).toHaveLength(1);
      if (t.output) expect(commands.flatMap((c) => (c.id === t.id ? parseCalls(c).map((k) => k.stdout) : [])), `${t.file}:${t.line}`).toContain(t.output);
    }
    expect(tables.length).toBeGreaterThanOrEqual(12);
  });
});
