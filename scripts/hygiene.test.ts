// Issue 14, item 12: the codebase's own rules, checked: no two modules import each other (no cycles), and no
// folder of a build machine is named in the code.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : files(p);
    return /\.(ts|tsx|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Static imports only (`import ... from`, `export ... from`); a dynamic import() is a lazy edge, not a cycle. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gms)) {
    if (/^\s*import\s+type\s/.test(m[0]) || /^\s*export\s+type\s/.test(m[0])) continue;
    const r = resolve(file, m[1]);
    if (r) out.push(r);
  }
  return out;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of graph.get(n) ?? []) {
      if (state.get(m) === 'open') found.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of graph.keys()) if (!state.has(n)) visit(n);
  return found;
}

describe('code hygiene', () => {
  it('no import cycles in src/', () => {
    const graph = new Map(files(path.join(ROOT, 'src')).map((f) => [f, importsOf(f)]));
    const rel = (c: string[]) => c.map((f) => path.relative(ROOT, f)).join(' → ');
    expect(cycles(graph).map(rel)).toEqual([]);
  });

  it("src/cli/'s rooms import only rooms below them (type imports included)", () => {
    // shared < pseudorefs < score < stages < metaeval < human < eval; linker, pr and github sit on the lower
    // rooms; main.ts, at the top, dispatches the commands.
    const order = ['shared', 'pseudorefs', 'score', 'stages', 'metaeval', 'human', 'eval', 'linker', 'pr', 'github'];
    const cli = path.join(ROOT, 'src/cli');
    const roomOf = (f: string) => path.relative(cli, f).split(path.sep)[0];
    const upward: string[] = [];
    for (const f of files(cli)) {
      const from = roomOf(f);
      if (from.endsWith('.ts') || /\.test\.ts$/.test(f)) continue;
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/(?:from|import\()\s*['"](\.[^'"]+)['"]/g)) {
        const to = path.resolve(path.dirname(f), m[1]);
        if (!to.startsWith(cli + path.sep)) continue;
        const room = roomOf(to);
        if (room === from) continue;
        if (!order.includes(from) || !order.includes(room) || order.indexOf(room) >= order.indexOf(from)) upward.push(`${path.relative(ROOT, f)} → ${m[1]}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('the cycle finder finds a cycle', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']], ['c', []]]))).toEqual([['a', 'b', 'a']]);
  });

  it('no build-machine folder is named in src, e2e, bench or scripts', () => {
    const offenders = ['src', 'e2e', 'bench', 'scripts']
      .flatMap((d) => files(path.join(ROOT, d)))
      .filter((f) => f !== path.join(ROOT, 'scripts', 'hygiene.test.ts'))
      .filter((f) => /\/work\/(shared|wt|main)\b/.test(fs.readFileSync(f, 'utf8')));
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  // npm marks the root package of the lock when it has install scripts (postinstall runs patch-package); a lock
  // without the mark is rewritten by every `npm install`, and the work tree is dirty after a fresh install.
  it('package-lock.json records the root package\'s install scripts, so `npm install` leaves it unchanged', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const installs = ['preinstall', 'install', 'postinstall'].some((s) => pkg.scripts?.[s]);
    expect(lock.packages[''].hasInstallScript ?? false).toBe(installs);
  });
});
