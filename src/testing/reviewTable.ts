// A synthetic table of the commonest labelled shape: reviewers' comments on bare diff hunks in CodeReviewer's nine
// languages, columns `patch, msg, lang, relevance, informativeness, expression`, binary labels, no reference review.
// The one generator of such hunks (bench/treelang*.ts times the analyzers and tree claims on its hunks; the
// reference-free measurement judges CRScore on its table). Pure functions from a seed, no Node API.
//
// The labels follow what each review does, not a coin: a review is relevant when it is about the hunk's actual
// change or smell (it names the hunk's identifiers and what changed), informative when it also gives a reason or a
// fix, and well expressed unless it was written sloppily (typos, no capitals). Each label is then flipped with a
// small probability (annotators disagree). It is synthetic: the figures it gives say whether the pipeline can tell
// on-point reviews from others by what the code holds, not how CRScore fares on real reviewers.
import { mulberry32 } from '../core/bootstrap.ts';
import type { CodeLanguage } from '../analyzers/languages.ts';

/** The table's `lang` codes (CodeReviewer's), and the analyzers' language each stands for. */
export const TABLE_LANGS = { c: 'c', cpp: 'cpp', '.cs': 'csharp', go: 'go', java: 'java', js: 'javascript', php: 'php', py: 'python', rb: 'ruby' } as const satisfies Record<string, CodeLanguage>;
export type TableLang = keyof typeof TABLE_LANGS;
export const TABLE_LANG_CODES = Object.keys(TABLE_LANGS) as TableLang[];

/** What a hunk does: clean changes (a tree claim states them) and changes that add a smell an analyzer may flag. */
export const HUNK_KINDS = ['cond', 'guard', 'call', 'unused', 'selfassign', 'emptycatch', 'dupcond'] as const;
export type HunkKind = (typeof HUNK_KINDS)[number];

export interface TableRow {
  patch: string;
  msg: string;
  lang: TableLang;
  relevance: 0 | 1;
  informativeness: 0 | 1;
  expression: 0 | 1;
  /** Not columns of the table: what the generator made, for checks. */
  kind: HunkKind;
  onPoint: boolean;
}

type Op = ' ' | '+' | '-';
type Line = [Op, number, string];

interface Ids {
  fn: string;
  obj: string;
  method: string;
  local: string;
  bound: number;
}

/** Each language's syntax, enough for the hunks below. */
interface Syntax {
  fn(ids: Ids): [string, string | null];
  call(o: string, m: string, arg?: string): string;
  v(n: string): string;
  decl(n: string, e: string): string;
  assign(n: string, e: string): string;
  nil: string;
  ifOpen(c: string): string;
  elseIf(c: string): string;
  close: string | null;
  ret(e: string): string;
  /** An empty handler around one statement (C has none: null). */
  tryEmpty(stmt: string): [number, string][] | null;
  snake: boolean;
}

const braces = (kw = 'if', paren = true) => ({
  ifOpen: (c: string) => (paren ? `${kw} (${c}) {` : `${kw} ${c} {`),
  elseIf: (c: string) => (paren ? `} else if (${c}) {` : `} else if ${c} {`),
  close: '}' as string | null,
});
const tryBlock = (catchLine: string) => (stmt: string): [number, string][] => [[0, 'try {'], [1, stmt], [0, catchLine], [0, '}']];

const SYNTAX: Record<TableLang, Syntax> = {
  c: { fn: (i) => [`int ${i.fn}(struct ${i.obj} *${i.obj})`, null], call: (o, m, a) => `${m}(${o}${a ? `, ${a}` : ''})`, v: (n) => n, decl: (n, e) => `int ${n} = ${e};`, assign: (n, e) => `${n} = ${e};`, nil: 'NULL', ...braces(), ret: (e) => `return ${e};`, tryEmpty: () => null, snake: true },
  cpp: { fn: (i) => [`int ${i.fn}(${cap(i.obj)} *${i.obj}) {`, '}'], call: (o, m, a) => `${o}->${m}(${a ?? ''})`, v: (n) => n, decl: (n, e) => `auto ${n} = ${e};`, assign: (n, e) => `${n} = ${e};`, nil: 'nullptr', ...braces(), ret: (e) => `return ${e};`, tryEmpty: tryBlock('} catch (...) {'), snake: false },
  '.cs': { fn: (i) => [`public int ${cap(i.fn)}(${cap(i.obj)} ${i.obj}) {`, '}'], call: (o, m, a) => `${o}.${cap(m)}(${a ?? ''})`, v: (n) => n, decl: (n, e) => `var ${n} = ${e};`, assign: (n, e) => `${n} = ${e};`, nil: 'null', ...braces(), ret: (e) => `return ${e};`, tryEmpty: tryBlock('} catch (Exception e) {'), snake: false },
  go: {
    fn: (i) => [`func ${i.fn}(${i.obj} *${cap(i.obj)}) int {`, '}'],
    call: (o, m, a) => `${o}.${cap(m)}(${a ?? ''})`,
    v: (n) => n,
    decl: (n, e) => `${n} := ${e}`,
    assign: (n, e) => `${n} = ${e}`,
    nil: 'nil',
    ...braces('if', false),
    ret: (e) => `return ${e}`,
    tryEmpty: (stmt) => [[0, `if err := ${stmt}; err != nil {`], [0, '}']],
    snake: false,
  },
  java: { fn: (i) => [`public int ${i.fn}(${cap(i.obj)} ${i.obj}) {`, '}'], call: (o, m, a) => `${o}.${m}(${a ?? ''})`, v: (n) => n, decl: (n, e) => `int ${n} = ${e};`, assign: (n, e) => `${n} = ${e};`, nil: 'null', ...braces(), ret: (e) => `return ${e};`, tryEmpty: tryBlock('} catch (Exception e) {'), snake: false },
  js: { fn: (i) => [`function ${i.fn}(${i.obj}) {`, '}'], call: (o, m, a) => `${o}.${m}(${a ?? ''})`, v: (n) => n, decl: (n, e) => `let ${n} = ${e};`, assign: (n, e) => `${n} = ${e};`, nil: 'null', ...braces(), ret: (e) => `return ${e};`, tryEmpty: tryBlock('} catch (e) {'), snake: false },
  php: { fn: (i) => [`public function ${i.fn}($${i.obj}) {`, '}'], call: (o, m, a) => `$${o}->${m}(${a ?? ''})`, v: (n) => `$${n}`, decl: (n, e) => `$${n} = ${e};`, assign: (n, e) => `$${n} = ${e};`, nil: 'null', ...braces(), ret: (e) => `return ${e};`, tryEmpty: tryBlock('} catch (Exception $e) {'), snake: false },
  py: {
    fn: (i) => [`def ${i.fn}(${i.obj}):`, null],
    call: (o, m, a) => `${o}.${m}(${a ?? ''})`,
    v: (n) => n,
    decl: (n, e) => `${n} = ${e}`,
    assign: (n, e) => `${n} = ${e}`,
    nil: 'None',
    ifOpen: (c) => `if ${c}:`,
    elseIf: (c) => `elif ${c}:`,
    close: null,
    ret: (e) => `return ${e}`,
    tryEmpty: (stmt) => [[0, 'try:'], [1, stmt], [0, 'except:'], [1, 'pass']],
    snake: true,
  },
  rb: {
    fn: (i) => [`def ${i.fn}(${i.obj})`, 'end'],
    call: (o, m, a) => `${o}.${m}${a ? `(${a})` : ''}`,
    v: (n) => n,
    decl: (n, e) => `${n} = ${e}`,
    assign: (n, e) => `${n} = ${e}`,
    nil: 'nil',
    ifOpen: (c) => `if ${c}`,
    elseIf: (c) => `elsif ${c}`,
    close: 'end',
    ret: (e) => e,
    tryEmpty: (stmt) => [[0, 'begin'], [1, stmt], [0, 'rescue'], [0, 'end']],
    snake: true,
  },
};

function cap(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
const snakeCase = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const OBJS = ['conn', 'cache', 'session', 'reader', 'client', 'buffer', 'parser', 'queue', 'socket', 'logger'];
const METHODS = ['flush', 'reset', 'reload', 'send', 'drain', 'commit', 'refresh', 'sync'];
const LOCALS = ['count', 'size', 'limit', 'offset', 'retries', 'total', 'pending', 'width'];
const FN_VERBS = ['close', 'load', 'update', 'prepare', 'handle', 'finish', 'start', 'apply'];
const FN_NOUNS = ['Request', 'Batch', 'Entry', 'Record', 'Page', 'Chunk', 'Frame', 'Job'];

/** One hunk of `kind` in `lang`: bare (no file header), old and new sides in one `@@` hunk. */
export function makeHunk(lang: TableLang, kind: HunkKind, ids: Ids): string {
  const s = SYNTAX[lang];
  const [head, tail] = s.fn(ids);
  const o = s.v(ids.obj);
  const n = s.v(ids.local);
  const size = s.call(o, 'size');
  const act = s.call(o, ids.method);
  const body: Line[] = [[' ', 0, head], [' ', 1, s.decl(ids.local, size)]];
  const block = (c: string, inner: string[], op: Op, depth = 1): Line[] => [[op, depth, s.ifOpen(c)], ...inner.map((x): Line => [op, depth + 1, x]), ...(s.close ? [[op, depth, s.close] as Line] : [])];
  const stmt = (x: string) => (lang === 'py' || lang === 'rb' || lang === 'go' ? x : `${x};`);
  switch (kind) {
    case 'cond':
      body.push(...block(`${n} > ${ids.bound}`, [stmt(act)], '-'), ...block(`${n} >= ${ids.bound}`, [stmt(act)], '+'));
      break;
    case 'guard':
      body.push(['-', 1, stmt(act)], ...block(`${o} != ${s.nil}`, [stmt(act)], '+'));
      break;
    case 'call':
      body.push([' ', 1, stmt(act)], ['+', 1, stmt(s.call(o, 'close'))]);
      break;
    case 'unused':
      body.push(['+', 1, s.decl(s.snake ? `${ids.local}_old` : `${ids.local}Old`, `${n} * ${ids.bound}`)], [' ', 1, stmt(act)]);
      break;
    case 'selfassign':
      body.push(['+', 1, s.assign(ids.local, n)], [' ', 1, stmt(act)]);
      break;
    case 'emptycatch': {
      const t = s.tryEmpty(stmt(act));
      if (!t) return makeHunk(lang, 'dupcond', ids);
      body.push(['-', 1, stmt(act)], ...t.map(([d, x]): Line => ['+', 1 + d, x]));
      break;
    }
    case 'dupcond': {
      const c = `${n} > ${ids.bound}`;
      const branches: Line[] = [['+', 1, s.ifOpen(c)], ['+', 2, stmt(act)], ['+', 1, s.elseIf(c)], ['+', 2, stmt(s.call(o, 'close'))]];
      if (s.close) branches.push(['+', 1, s.close]);
      body.push(['-', 1, stmt(act)], ...branches);
      break;
    }
  }
  body.push([' ', 1, s.ret(n)]);
  if (tail) body.push([' ', 0, tail]);
  const indent = lang === 'go' ? '\t' : '    ';
  const oldN = body.filter((l) => l[0] !== '+').length;
  const newN = body.filter((l) => l[0] !== '-').length;
  return [`@@ -1,${oldN} +1,${newN} @@`, ...body.map(([op, d, x]) => `${op}${indent.repeat(d)}${x}`)].join('\n');
}

/** What an on-point review says about each kind: the hunk's identifiers and what changed; a reason or fix when informative. */
const ON_POINT: Record<HunkKind, { bare: string[]; why: string[] }> = {
  cond: {
    bare: ['Why `>=` now instead of `>`?', 'So {local} equal to {bound} now calls {method} too?', 'The bound on {local} changed here.'],
    why: ['Changing `>` to `>=` means {method} also runs when {local} is exactly {bound}; is that off-by-one intended? A test for {local} == {bound} would pin it.', 'With `>=` the {bound} case now triggers {method} on {obj}; please name {bound} as a constant so the threshold is explained.'],
  },
  guard: {
    bare: ['Can {obj} really be null here?', 'Why the null check on {obj}?', 'Null check added before {method}.'],
    why: ['The null check on {obj} hides the bug: if {obj} can be null here, {fn} should fail early instead of silently skipping {method}.', 'If {obj} is null, {fn} now skips {method} but still reads {local}; better to return early before the {local} assignment.'],
  },
  call: {
    bare: ['Why close {obj} here?', 'Is closing {obj} right after {method} ok?', 'New close call on {obj}.'],
    why: ['Closing {obj} right after {method} means the caller of {fn} can no longer use it; close it in the caller or in a finally block instead.', 'Calling close on {obj} inside {fn} breaks reuse of the {obj}; move the close to where {obj} is created.'],
  },
  unused: {
    bare: ['Is this new variable used?', '{local} times {bound} is never read.', 'Unused variable here.'],
    why: ['The new variable computed from {local} * {bound} is never used; remove it, or use it in the return value of {fn}.', 'This assigns {local} * {bound} to a variable that is never read; drop it to keep {fn} clear.'],
  },
  selfassign: {
    bare: ['{local} is assigned to itself?', 'Self-assignment of {local}.', 'What does this {local} line do?'],
    why: ['Assigning {local} to itself does nothing; did you mean to assign the result of {method} to {local}? Remove the line otherwise.', 'The self-assignment of {local} is a no-op and a linter will flag it; delete it or assign the intended value.'],
  },
  emptycatch: {
    bare: ['Empty catch around {method}?', 'The exception from {method} is swallowed.', 'Why ignore errors from {obj}?'],
    why: ['The empty handler around {method} swallows every exception from {obj}; at least log it, or catch only the error you expect.', 'Silently ignoring a failed {method} on {obj} will hide data loss; rethrow or log the exception in {fn}.'],
  },
  dupcond: {
    bare: ['Both branches test {local} > {bound}?', 'The second condition is the same as the first.', 'Duplicate condition on {local}.'],
    why: ['The else-if repeats `{local} > {bound}`, so the close branch can never run; the second condition should probably be a different bound.', 'Both conditions check {local} > {bound}: the branch that closes {obj} is dead code; fix the second condition or merge the branches.'],
  },
};
/** Off-point reviews: about code the hunk does not hold, or nothing in particular. */
const OFF_POINT = {
  bare: ['Why?', 'Hmm, not sure about this.', 'LGTM', 'Looks good to me, thanks!', 'Nice.', 'Is this still needed?', 'ok'],
  why: [
    'Please also update the changelog and bump the minor version, since the release notes list every public API change.',
    'Could you rename the UserService interface to AccountService so it matches the naming used in the rest of the module?',
    'The README example for the CLI flags is out of date; please regenerate it with the docs script before merging.',
    'We should add the new settings page to the navigation menu and document the keyboard shortcut in the help dialog.',
    'Please split the migration of the billing tables into its own pull request so the database review is easier.',
  ],
};

function sloppy(text: string, rnd: () => number): string {
  const typo = (w: string) => (w.length > 4 && rnd() < 0.35 ? w.slice(0, 1) + w.slice(2, 3) + w.slice(1, 2) + w.slice(3) : w);
  return text
    .toLowerCase()
    .replace(/\byou\b/g, 'u')
    .replace(/\bplease\b/g, 'pls')
    .split(' ')
    .map(typo)
    .join(' ')
    .replace(/[.?!]+$/, '');
}

export interface TableOptions {
  rows?: number;
  seed?: number;
  /** Probability a label is flipped (annotators' noise); default 0.07. */
  noise?: number;
}

/** The table: rows in round-robin over the nine languages, each hunk its own change with one review. */
export function generateReviewTable(opts: TableOptions = {}): TableRow[] {
  const rows = opts.rows ?? 2438;
  const rnd = mulberry32(opts.seed ?? 45);
  const noise = opts.noise ?? 0.07;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const flip = (b: boolean): 0 | 1 => ((rnd() < noise ? !b : b) ? 1 : 0);
  const out: TableRow[] = [];
  for (let i = 0; i < rows; i++) {
    const lang = TABLE_LANG_CODES[i % TABLE_LANG_CODES.length];
    const kind = pick(HUNK_KINDS);
    const fnRaw = `${pick(FN_VERBS)}${pick(FN_NOUNS)}${i}`;
    const sn = SYNTAX[lang].snake;
    const ids: Ids = { fn: sn ? snakeCase(fnRaw) : fnRaw, obj: pick(OBJS), method: pick(METHODS), local: pick(LOCALS), bound: 2 + Math.floor(rnd() * 98) };
    const onPoint = rnd() < 0.55;
    const informative = rnd() < 0.5;
    const clean = rnd() < 0.75;
    const pool = onPoint ? ON_POINT[kind] : OFF_POINT;
    const template = pick(informative ? pool.why : pool.bare);
    const said = template.replace(/\{(\w+)\}/g, (_, k: keyof Ids) => String(ids[k]));
    out.push({
      patch: makeHunk(lang, kind, ids),
      msg: clean ? said : sloppy(said, rnd),
      lang,
      relevance: flip(onPoint),
      informativeness: flip(informative && (onPoint || rnd() < 0.3)),
      expression: flip(clean),
      kind,
      onPoint,
    });
  }
  return out;
}

/** The table as CSV (the columns of the shape, quoted as RFC 4180 has it). */
export function reviewTableCsv(rows: TableRow[]): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const lines = ['patch,msg,lang,relevance,informativeness,expression'];
  for (const r of rows) lines.push([q(r.patch), q(r.msg), r.lang, r.relevance, r.informativeness, r.expression].join(','));
  return `${lines.join('\n')}\n`;
}
