// What one side (old or new) of a hunk holds, read from its syntax tree: functions with their parameters and
// return values, conditions, calls, catch clauses, imports, literals, comments and statements, each with the
// side's line it is on. The claims (./claims.ts) come from comparing the two sides' entities.
import { LANG_CONFIG } from '../lang/config.ts';
import { functionName, parameterList } from '../lang/config.ts';
import type { CodeLanguage } from '../languages.ts';
import { field, textOf, walk, type SyntaxNode, type SyntaxTree } from '../syntax.ts';

export interface Param {
  name: string;
  type: string;
}

export interface FunctionEntity {
  name: string;
  params: Param[];
  returns: string[];
  /** The body's text without whitespace, to recognise a renamed function. */
  body: string;
  line: number;
}

export interface Entity {
  text: string;
  line: number;
  /** For a condition: the first call in its branch; for a catch: the caught type. */
  detail?: string;
}

export interface SideEntities {
  functions: FunctionEntity[];
  conditions: Entity[];
  calls: Entity[];
  catches: Entity[];
  imports: Entity[];
  numbers: Entity[];
  strings: Entity[];
  comments: Entity[];
  /** Return values; `detail` is the enclosing function's name. */
  returns: Entity[];
  /** Line → the kind of statement that starts there ("a return statement", "an assignment to `x`"). */
  statements: Map<number, string>;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const short = (s: string, n = 60) => {
  const t = squash(s);
  return t.length > n ? `${t.slice(0, n - 1)}…` : t;
};

function calleeName(tree: SyntaxTree, n: SyntaxNode): string | null {
  const f = field(n, 'function') ?? field(n, 'name') ?? field(n, 'method') ?? field(n, 'type') ?? field(n, 'constructor');
  if (!f) return null;
  const recv = field(n, 'receiver') ?? field(n, 'object') ?? field(n, 'scope');
  const name = squash(textOf(tree, f));
  return recv && !name.includes('.') ? `${squash(textOf(tree, recv))}.${name}` : name;
}

function paramsOf(tree: SyntaxTree, fn: SyntaxNode, comments: ReadonlySet<string>): Param[] {
  const list = parameterList(fn);
  if (!list) return [];
  return list.children
    .filter((c) => c.named && !comments.has(c.type))
    .map((c) => {
      const nameNode = field(c, 'name') ?? field(c, 'pattern') ?? field(c, 'declarator') ?? c;
      const typeNode = field(c, 'type');
      let name = squash(textOf(tree, nameNode));
      const type = typeNode ? squash(textOf(tree, typeNode)).replace(/^:\s*/, '') : '';
      // `char *p`: the declarator holds the pointer; the name is its identifier.
      const id = /[A-Za-z_$][\w$]*$/.exec(name.replace(/\W+$/, ''));
      if (id) name = id[0];
      return { name, type };
    });
}

const STATEMENT = /(_statement|_declaration|^assignment|^expression_statement|^return|^declaration|^local_declaration_statement|^short_var_declaration)$/;

function statementKind(tree: SyntaxTree, n: SyntaxNode): string {
  const t = n.type;
  if (/return/.test(t)) return 'a return statement';
  if (/^(if|unless)/.test(t)) return 'an if statement';
  if (/for|while|loop/.test(t)) return 'a loop';
  if (/throw|raise/.test(t)) return 'a throw statement';
  if (/import|using|include|require/.test(t)) return 'an import';
  const inner = t === 'expression_statement' ? n.children.find((c) => c.named) : n;
  if (inner && /assignment|short_var_declaration|declaration|declarator/.test(inner.type)) {
    let left = field(inner, 'left') ?? field(inner, 'declarator') ?? field(inner, 'name') ?? inner.children.find((c) => c.type === 'variable_declaration' || c.type === 'variable_declarator' || c.type === 'init_declarator');
    // C#'s variable_declaration starts with its type (`var`, `int`): the name is in its variable_declarator.
    if (left?.type === 'variable_declaration') left = left.children.find((c) => c.type === 'variable_declarator') ?? left;
    const name = left ? /[A-Za-z_$][\w$.]*/.exec(squash(textOf(tree, field(left, 'declarator') ?? field(left, 'name') ?? left)))?.[0] : undefined;
    return name ? `an assignment to \`${name}\`` : 'a declaration';
  }
  if (inner && /call|invocation/.test(inner.type)) return 'a call';
  return 'a statement';
}

export function sideEntities(tree: SyntaxTree, language: CodeLanguage): SideEntities {
  const cfg = LANG_CONFIG[language];
  const out: SideEntities = { functions: [], conditions: [], calls: [], catches: [], imports: [], numbers: [], strings: [], comments: [], returns: [], statements: new Map() };
  walk(tree.root, (n) => {
    const line = n.row + 1;
    if (!n.named) return;
    if (cfg.functions.has(n.type) && !/lambda|arrow|func_literal|anonymous/.test(n.type)) {
      const name = functionName(tree, n);
      if (!/__hunk__|Hunk__/.test(name)) {
        const returns: string[] = [];
        walk(n, (r) => {
          if (r !== n && cfg.functions.has(r.type)) return false;
          if (cfg.returns.has(r.type)) {
            const v = r.children.find((c) => c.named && !cfg.comments.has(c.type));
            if (v) returns.push(short(textOf(tree, v)));
          }
        });
        const body = field(n, 'body');
        out.functions.push({ name, params: paramsOf(tree, n, cfg.comments), returns, body: body ? textOf(tree, body).replace(/\s+/g, '') : '', line });
      }
    }
    if ((cfg.ifs.has(n.type) || cfg.elseIfs.has(n.type) || /^(while|do)_statement$|^(while|until)$/.test(n.type)) && field(n, 'condition')) {
      const cond = field(n, 'condition')!;
      let call: string | undefined;
      const branch = field(n, 'consequence') ?? field(n, 'body');
      if (branch) walk(branch, (c) => {
        if (!call && cfg.calls.has(c.type)) call = calleeName(tree, c) ?? undefined;
      });
      out.conditions.push({ text: short(textOf(tree, cond).replace(/^\((.*)\)$/s, '$1')), line: cond.row + 1, detail: call });
    }
    if (cfg.returns.has(n.type)) {
      const v = n.children.find((c) => c.named && !cfg.comments.has(c.type));
      let fn: string | undefined;
      for (let p = n.parent; p && !fn; p = p.parent) if (cfg.functions.has(p.type)) fn = functionName(tree, p);
      out.returns.push({ text: v ? short(textOf(tree, v)) : '', line, detail: fn && !/__hunk__|Hunk__/.test(fn) ? fn : undefined });
    }
    if (cfg.calls.has(n.type)) {
      const name = calleeName(tree, n);
      if (name && !/__hunk__/.test(name)) out.calls.push({ text: short(name, 40), line });
    }
    if (cfg.catches.has(n.type)) {
      const decl = n.children.find((c) => c.type === 'catch_declaration' || c.type === 'catch_formal_parameter' || c.type === 'exceptions' || c.type === 'type_list' || c.type === 'parameter_list');
      const type = field(n, 'type') ?? (decl && (field(decl, 'type') ?? decl.children.find((c) => c.named)));
      const pyType = n.type === 'except_clause' ? n.children.find((c) => c.named && c.type !== 'block' && c.type !== 'comment') : undefined;
      const t = type ?? pyType;
      out.catches.push({ text: 'catch', line, detail: t ? short(textOf(tree, t), 40).replace(/\s+as\s+\w+$/, '') : undefined });
    }
    if (cfg.imports.has(n.type)) out.imports.push({ text: short(textOf(tree, n).replace(/^(import|using|#\s*include|require(_once)?|include(_once)?)\s+/, '').replace(/;$/, ''), 80), line });
    if (cfg.numbers.has(n.type)) out.numbers.push({ text: textOf(tree, n), line });
    if (cfg.strings.has(n.type) && !cfg.strings.has(n.parent?.type ?? '')) out.strings.push({ text: short(textOf(tree, n), 50), line });
    if (cfg.comments.has(n.type)) out.comments.push({ text: short(textOf(tree, n).replace(/^(\/\/+|\/\*+|#+)\s*/, '').replace(/\s*\*+\/$/, ''), 60), line });
    if (STATEMENT.test(n.type) && !cfg.functions.has(n.type) && !/^(class|interface|struct|enum|method|function|namespace)_/.test(n.type) && !out.statements.has(line)) out.statements.set(line, statementKind(tree, n));
  });
  return out;
}
