// Runs the reference tools Debian ships on the generated files and reads their findings as { file, line, id }:
// cppcheck (C, C++), PHPMD (PHP) and pylint (Python). Each runs once on every file of its languages, from the
// folder the files were written to, so the paths it prints are the cases' own.
import { spawnSync } from 'node:child_process';
import type { RefTool, RuleCase } from './cases.ts';

export interface RefFinding {
  line: number;
  id: string;
}

/** The commands, as recorded in the fixture and docs/analyzers.md (FILES: the generated files of the tool's languages). */
export const COMMANDS: Record<RefTool, string[]> = {
  cppcheck: ['cppcheck', '--enable=style', '--inconclusive', '--quiet', '--template={file}\t{line}\t{id}'],
  phpmd: ['phpmd', 'FILES', 'json', 'unusedcode,design'],
  pylint: ['pylint', '--output-format=json', '--persistent=n', '--score=n', '--disable=all', '--enable=W0511,C0301,W0702,W0612,W0127,R0124,W0107'],
};

const run = (cmd: string, args: string[], cwd: string) => spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });

/** The tool's version line, or null when it is not installed. */
export function toolVersion(tool: RefTool): string | null {
  const r = run(tool, ['--version'], '.');
  if (r.error || r.status !== 0) return null;
  return (r.stdout || r.stderr).trim().split('\n')[0];
}

/** The findings per file (the case's `file`), each file listed even when the tool found nothing. */
export function runTool(tool: RefTool, cases: readonly RuleCase[], dir: string): Map<string, RefFinding[]> {
  const out = new Map<string, RefFinding[]>(cases.map((c) => [c.file, []]));
  const files = cases.map((c) => c.file);
  const add = (file: string, line: number, id: string) => {
    const key = files.find((f) => file === f || file.endsWith(`/${f}`));
    if (key) out.get(key)!.push({ line, id });
  };
  const [cmd, ...args] = COMMANDS[tool];
  if (tool === 'cppcheck') {
    const r = run(cmd, [...args, ...files], dir);
    if (r.error) throw r.error;
    for (const l of r.stderr.split('\n')) {
      const [file, line, id] = l.split('\t');
      if (id && /^\d+$/.test(line)) add(file, Number(line), id.trim());
    }
  } else if (tool === 'phpmd') {
    const r = run(cmd, args.map((a) => (a === 'FILES' ? files.join(',') : a)), dir);
    if (r.error) throw r.error;
    const report = JSON.parse(r.stdout) as { files: { file: string; violations: { beginLine: number; rule: string }[] }[] };
    for (const f of report.files) for (const v of f.violations) add(f.file, v.beginLine, v.rule);
  } else {
    const r = run(cmd, [...args, ...files], dir);
    if (r.error) throw r.error;
    const report = JSON.parse(r.stdout || '[]') as { path: string; line: number; 'message-id': string }[];
    for (const m of report) add(m.path, m.line, m['message-id']);
  }
  for (const v of out.values()) v.sort((a, b) => a.line - b.line || a.id.localeCompare(b.id));
  return out;
}
