// Claims without an LLM: deterministic sentences from the difference between the old and new syntax trees of
// each hunk, in the style of the paper's claims ("The change adds a null check on `output` before calling
// `register`."), by ChangeDistiller's change types (Fluri et al. 2007): statement inserted, deleted, updated or
// moved; condition changed; method added, removed or renamed; parameter added, removed or retyped; return
// value changed; call added or removed; literal changed; exception handling added or removed; import added or
// removed; comment or string changed. Pure: the parser is injected (the worker's, or Node's in the CLI).
import { parseUnifiedDiff, type DiffHunk } from '../../core/diff.ts';
import type { PseudoReference } from '../../core/types.ts';
import { fragmentWrappers } from '../fragment.ts';
import type { CodeLanguage } from '../languages.ts';
import type { SyntaxTree } from '../syntax.ts';
import { sideEntities, type Entity, type FunctionEntity, type SideEntities } from './entities.ts';

export type ParseFn = (language: CodeLanguage, code: string) => Promise<SyntaxTree | null>;

export type ChangeType =
  | 'statement-inserted' | 'statement-deleted' | 'statement-updated' | 'statement-moved'
  | 'condition-changed' | 'method-added' | 'method-removed' | 'method-renamed'
  | 'parameter-added' | 'parameter-removed' | 'parameter-retyped' | 'return-changed'
  | 'call-added' | 'call-removed' | 'literal-changed' | 'exception-handling-added' | 'exception-handling-removed'
  | 'import-added' | 'import-removed' | 'comment-changed' | 'string-changed';

export interface TreeClaim {
  type: ChangeType;
  text: string;
  /** Hunk-side lines the claim is about (old side for deletions, new side otherwise), 1-based within the hunk. */
  hunk: number;
  /** The other side's line, for a claim about a pair of lines. */
  also?: number;
}

/** At most this many claims per change (the paper's LLM claims are a handful per change). */
export const MAX_CLAIMS = 12;

const code = (s: string) => `\`${s.replace(/`/g, "'")}\``;
const NULLISH = /^(?:!\s*)?([\w$.>-]+)\s*(?:!==?|===?|is not|is)\s*(?:null|nil|None|NULL|nullptr|undefined)$|^(?:null|nil|None|NULL|nullptr)\s*(?:!==?|===?)\s*([\w$.>-]+)$|^([\w$.]+)\.nil\?$|^!\s*([\w$.]+)$|^([\w$.]+)\s*!=\s*nil$/;

interface Side {
  text: string;
  /** Side line (1-based) of each changed hunk line. */
  changed: Set<number>;
  /** Side line → its text (trimmed). */
  lines: string[];
}

function sides(h: DiffHunk): { old: Side; new: Side } {
  const old: Side = { text: '', changed: new Set(), lines: [] };
  const nu: Side = { text: '', changed: new Set(), lines: [] };
  for (const l of h.lines) {
    if (l.type !== 'add') {
      old.lines.push(l.text);
      if (l.type === 'del') old.changed.add(old.lines.length);
    }
    if (l.type !== 'del') {
      nu.lines.push(l.text);
      if (l.type === 'add') nu.changed.add(nu.lines.length);
    }
  }
  old.text = old.lines.join('\n');
  nu.text = nu.lines.join('\n');
  return { old, new: nu };
}

/** The side's entities, from the first form of it that parses cleanly (as it stands, else wrapped), lines mapped back. */
async function entitiesOf(language: CodeLanguage, side: Side, parse: ParseFn): Promise<SideEntities | null> {
  if (side.text.trim() === '') return null;
  const forms = [{ text: side.text, prefixLines: 0 }, ...fragmentWrappers(language, side.text)];
  let chosen: { tree: SyntaxTree; prefix: number } | null = null;
  for (const f of forms) {
    const tree = await parse(language, f.text);
    if (!tree) continue;
    chosen ??= { tree, prefix: f.prefixLines };
    if (!tree.hasError) {
      chosen = { tree, prefix: f.prefixLines };
      break;
    }
  }
  if (!chosen) return null;
  const e = sideEntities(chosen.tree, language);
  const n = side.lines.length;
  const shift = <T extends { line: number }>(xs: T[]) => xs.map((x) => ({ ...x, line: x.line - chosen!.prefix })).filter((x) => x.line >= 1 && x.line <= n);
  const statements = new Map<number, string>();
  for (const [l, k] of e.statements) if (l - chosen.prefix >= 1 && l - chosen.prefix <= n) statements.set(l - chosen.prefix, k);
  return {
    functions: shift(e.functions),
    conditions: shift(e.conditions),
    calls: shift(e.calls),
    catches: shift(e.catches),
    imports: shift(e.imports),
    numbers: shift(e.numbers),
    strings: shift(e.strings),
    comments: shift(e.comments),
    returns: shift(e.returns),
    statements,
  };
}

const onChanged = (xs: Entity[], side: Side) => xs.filter((x) => side.changed.has(x.line));

/** Multiset difference a − b by text. */
function minus(a: Entity[], b: Entity[]): Entity[] {
  const left = new Map<string, number>();
  for (const x of b) left.set(x.text, (left.get(x.text) ?? 0) + 1);
  return a.filter((x) => {
    const k = left.get(x.text) ?? 0;
    if (k > 0) {
      left.set(x.text, k - 1);
      return false;
    }
    return true;
  });
}

const tokens = (s: string) => new Set(s.split(/[^\w$]+/).filter(Boolean));
function similarity(a: string, b: string): number {
  const x = tokens(a);
  const y = tokens(b);
  if (!x.size || !y.size) return 0;
  let both = 0;
  for (const t of x) if (y.has(t)) both++;
  return (2 * both) / (x.size + y.size);
}

function functionClaims(o: SideEntities, n: SideEntities, old: Side, nu: Side, out: TreeClaim[]): void {
  const oldByName = new Map(o.functions.map((f) => [f.name, f]));
  const newByName = new Map(n.functions.map((f) => [f.name, f]));
  const added = n.functions.filter((f) => !oldByName.has(f.name) && nu.changed.has(f.line));
  const removed = o.functions.filter((f) => !newByName.has(f.name) && old.changed.has(f.line));
  const renamedFrom = new Set<FunctionEntity>();
  for (const f of added) {
    const was = removed.find((r) => !renamedFrom.has(r) && (r.body === f.body || (r.params.map((p) => p.name).join() === f.params.map((p) => p.name).join() && similarity(r.body, f.body) > 0.6)));
    if (was) {
      renamedFrom.add(was);
      out.push({ type: 'method-renamed', text: `The change renames the method ${code(was.name)} to ${code(f.name)}.`, hunk: f.line });
    } else {
      const takes = f.params.length ? `, taking ${f.params.map((p) => code(p.name)).join(', ')}` : '';
      out.push({ type: 'method-added', text: `The change adds a method ${code(f.name)}${takes}.`, hunk: f.line });
    }
  }
  for (const r of removed) if (!renamedFrom.has(r)) out.push({ type: 'method-removed', text: `The change removes the method ${code(r.name)}.`, hunk: r.line });
  for (const f of n.functions) {
    const was = oldByName.get(f.name);
    if (!was || !nu.changed.has(f.line)) continue;
    const before = new Map(was.params.map((p) => [p.name, p]));
    const after = new Map(f.params.map((p) => [p.name, p]));
    for (const p of f.params) {
      const q = before.get(p.name);
      if (!q) out.push({ type: 'parameter-added', text: `The change adds a parameter ${code(p.name)}${p.type ? ` of type ${code(p.type)}` : ''} to ${code(f.name)}.`, hunk: f.line });
      else if (q.type && p.type && q.type !== p.type) out.push({ type: 'parameter-retyped', text: `The change changes the type of the parameter ${code(p.name)} of ${code(f.name)} from ${code(q.type)} to ${code(p.type)}.`, hunk: f.line });
    }
    for (const q of was.params) if (!after.has(q.name)) out.push({ type: 'parameter-removed', text: `The change removes the parameter ${code(q.name)} from ${code(f.name)}.`, hunk: f.line });
  }
}

function conditionClaims(o: SideEntities, n: SideEntities, old: Side, nu: Side, out: TreeClaim[]): void {
  const gone = minus(onChanged(o.conditions, old), n.conditions);
  const come = minus(onChanged(n.conditions, nu), o.conditions);
  const paired = Math.min(gone.length, come.length);
  for (let i = 0; i < paired; i++) out.push({ type: 'condition-changed', text: `The change changes the condition ${code(gone[i].text)} to ${code(come[i].text)}.`, hunk: come[i].line, also: -gone[i].line });
  for (const c of come.slice(paired)) {
    const m = NULLISH.exec(c.text);
    const subject = m && (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5]);
    const before = c.detail ? ` before calling ${code(c.detail)}` : '';
    out.push({ type: 'condition-changed', text: subject ? `The change adds a null check on ${code(subject)}${before}.` : `The change adds a check ${code(c.text)}${before}.`, hunk: c.line });
  }
  for (const c of gone.slice(paired)) out.push({ type: 'condition-changed', text: `The change removes the check ${code(c.text)}.`, hunk: -c.line });
}

function listClaims(o: Entity[], n: Entity[], old: Side, nu: Side, add: (e: Entity) => TreeClaim, remove: (e: Entity) => TreeClaim, max: number, out: TreeClaim[]): void {
  const come = minus(onChanged(n, nu), o);
  const gone = minus(onChanged(o, old), n);
  out.push(...dedupe(come).slice(0, max).map(add), ...dedupe(gone).slice(0, max).map(remove));
}

function dedupe(xs: Entity[]): Entity[] {
  const seen = new Set<string>();
  return xs.filter((x) => !seen.has(x.text) && seen.add(x.text));
}

function literalClaims(o: SideEntities, n: SideEntities, old: Side, nu: Side, out: TreeClaim[]): void {
  for (const [kind, type] of [['numbers', 'literal-changed'], ['strings', 'string-changed']] as const) {
    const gone = dedupe(minus(onChanged(o[kind], old), n[kind]));
    const come = dedupe(minus(onChanged(n[kind], nu), o[kind]));
    const what = kind === 'numbers' ? 'the literal' : 'the string';
    for (let i = 0; i < Math.min(gone.length, come.length, 2); i++) out.push({ type, text: `The change changes ${what} ${code(gone[i].text)} to ${code(come[i].text)}.`, hunk: come[i].line });
  }
  const gone = minus(onChanged(o.comments, old), n.comments);
  const come = minus(onChanged(n.comments, nu), o.comments);
  if (gone.length && come.length) out.push({ type: 'comment-changed', text: `The change rewrites the comment ${code(gone[0].text)} as ${code(come[0].text)}.`, hunk: come[0].line });
  else if (come.length) out.push({ type: 'comment-changed', text: `The change adds a comment: ${code(come[0].text)}.`, hunk: come[0].line });
  else if (gone.length) out.push({ type: 'comment-changed', text: `The change removes the comment ${code(gone[0].text)}.`, hunk: -gone[0].line });
}

function returnClaims(o: SideEntities, n: SideEntities, old: Side, nu: Side, section: string, out: TreeClaim[]): void {
  const gone = minus(onChanged(o.returns, old), n.returns);
  const come = minus(onChanged(n.returns, nu), o.returns);
  for (let i = 0; i < Math.min(gone.length, come.length, 2); i++) {
    const fn = come[i].detail ?? gone[i].detail ?? section;
    const who = fn ? code(fn) : 'the function';
    out.push({ type: 'return-changed', text: `The change makes ${who} return ${code(come[i].text || 'nothing')} instead of ${code(gone[i].text || 'nothing')}.`, hunk: come[i].line, also: -gone[i].line });
  }
}

function statementClaims(o: SideEntities, n: SideEntities, old: Side, nu: Side, covered: Set<number>, out: TreeClaim[]): void {
  // Pair every changed line first (moved, then updated), then speak only of lines no other claim covers.
  const dels = [...old.changed].filter((l) => old.lines[l - 1].trim() !== '');
  const adds = [...nu.changed].filter((l) => nu.lines[l - 1].trim() !== '');
  const usedDel = new Set<number>();
  const show = (s: string) => code(s.trim().length > 60 ? `${s.trim().slice(0, 59)}…` : s.trim());
  const emitted: TreeClaim[] = [];
  const emit = (c: TreeClaim, ...lines: number[]) => {
    if (!lines.some((l) => covered.has(l))) emitted.push(c);
  };
  for (const a of adds) {
    const t = nu.lines[a - 1].trim();
    const same = dels.find((d) => !usedDel.has(d) && old.lines[d - 1].trim() === t);
    if (same !== undefined) {
      usedDel.add(same);
      if (t.length > 3) emit({ type: 'statement-moved', text: `The change moves ${n.statements.get(a) ?? 'the statement'} ${show(t)}.`, hunk: a }, a, -same);
      continue;
    }
    let best = -1;
    let score = 0.5;
    for (const d of dels) {
      if (usedDel.has(d)) continue;
      const s = similarity(old.lines[d - 1], t);
      if (s > score) [best, score] = [d, s];
    }
    if (best >= 0) {
      usedDel.add(best);
      emit({ type: 'statement-updated', text: `The change updates ${n.statements.get(a) ?? 'the statement'} ${show(old.lines[best - 1])} to ${show(t)}.`, hunk: a }, a, -best);
    } else if (n.statements.has(a)) emit({ type: 'statement-inserted', text: `The change inserts ${n.statements.get(a)}: ${show(t)}.`, hunk: a }, a);
  }
  for (const d of dels) if (!usedDel.has(d) && o.statements.has(d)) emit({ type: 'statement-deleted', text: `The change deletes ${o.statements.get(d)}: ${show(old.lines[d - 1])}.`, hunk: -d }, -d);
  out.push(...emitted.slice(0, 4));
}

/** The claims of one hunk. */
export async function hunkClaims(language: CodeLanguage, h: DiffHunk, parse: ParseFn): Promise<TreeClaim[]> {
  const s = sides(h);
  const empty: SideEntities = { functions: [], conditions: [], calls: [], catches: [], imports: [], numbers: [], strings: [], comments: [], returns: [], statements: new Map() };
  const o = (await entitiesOf(language, s.old, parse)) ?? empty;
  const n = (await entitiesOf(language, s.new, parse)) ?? empty;
  const out: TreeClaim[] = [];
  const section = /([A-Za-z_$][\w$]*)\s*\(/.exec(h.section)?.[1] ?? '';
  functionClaims(o, n, s.old, s.new, out);
  conditionClaims(o, n, s.old, s.new, out);
  const caughtNew = onChanged(n.catches, s.new).length - o.catches.length;
  const caughtOld = onChanged(o.catches, s.old).length - n.catches.length;
  if (caughtNew > 0) {
    const c = onChanged(n.catches, s.new)[0];
    out.push({ type: 'exception-handling-added', text: `The change adds exception handling${c.detail ? ` that catches ${code(c.detail)}` : ''}.`, hunk: c.line });
  } else if (caughtOld > 0) {
    const c = onChanged(o.catches, s.old)[0];
    out.push({ type: 'exception-handling-removed', text: `The change removes the exception handling${c.detail ? ` for ${code(c.detail)}` : ''}.`, hunk: -c.line });
  }
  returnClaims(o, n, s.old, s.new, section, out);
  listClaims(o.imports, n.imports, s.old, s.new, (e) => ({ type: 'import-added', text: `The change adds an import of ${code(e.text)}.`, hunk: e.line }), (e) => ({ type: 'import-removed', text: `The change removes the import of ${code(e.text)}.`, hunk: -e.line }), 3, out);
  listClaims(o.calls, n.calls, s.old, s.new, (e) => ({ type: 'call-added', text: `The change adds a call to ${code(e.text)}.`, hunk: e.line }), (e) => ({ type: 'call-removed', text: `The change removes the call to ${code(e.text)}.`, hunk: -e.line }), 3, out);
  literalClaims(o, n, s.old, s.new, out);
  statementClaims(o, n, s.old, s.new, new Set(out.flatMap((c) => (c.also === undefined ? [c.hunk] : [c.hunk, c.also]))), out);
  return out;
}

/** The claims of a change (every hunk of its diff, bare or with file headers), as pseudo-references. */
export async function treeClaims(language: CodeLanguage, diff: string, parse: ParseFn): Promise<PseudoReference[]> {
  const out: PseudoReference[] = [];
  const seen = new Set<string>();
  for (const file of parseUnifiedDiff(diff))
    for (const h of file.hunks)
      for (const c of await hunkClaims(language, h, parse)) {
        if (seen.has(c.text) || out.length >= MAX_CLAIMS) continue;
        seen.add(c.text);
        out.push({ kind: 'claim', source: 'tree-claims', text: c.text });
      }
  return out;
}
