// Renders a Python expression the way PyScent measured it: `astor.to_source(node)`, a canonical
// one-line re-print (normalised spacing and literals, no comments, no redundant parentheses). Only
// the length matters for the long lambda / long list comprehension thresholds; this is a close
// approximation of astor 0.8, not a full unparser (checked against astor on real code: see the
// python.test.ts notes and the report).
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { named, textOf } from '../syntax.ts';

const SPACED_KEYWORDS = new Set([
  'for',
  'in',
  'if',
  'else',
  'and',
  'or',
  'is',
  'not',
  'async',
  'await',
  'from',
  'as',
]);
const OPEN = new Set(['(', '[', '{']);
const CLOSE = new Set([')', ']', '}']);
const BINARY_PARENTS = new Set([
  'binary_operator',
  'comparison_operator',
  'boolean_operator',
  'augmented_assignment',
]);

interface Token {
  text: string;
  node: SyntaxNode;
}

/** Python's repr of a str value, which astor writes for every string literal. */
export function pythonRepr(value: string): string {
  const quote = value.includes("'") && !value.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += '\\' + ch;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += '\\x' + code.toString(16).padStart(2, '0');
    else out += ch;
  }
  return quote + out + quote;
}

const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
};

/** The value of one plain (non-f) string literal, escapes decoded approximately. */
function stringValue(literal: string): { prefix: string; value: string } {
  const m = /^([a-zA-Z]*)('''|"""|'|")([\s\S]*)\2$/.exec(literal);
  if (!m) return { prefix: '', value: literal };
  const prefix = m[1].toLowerCase();
  const body = m[3];
  if (prefix.includes('r')) return { prefix, value: body };
  const value = body.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|\n|.)/g,
    (_, e: string) => {
      if (e === '\n') return '';
      if (/^[xuU]/.test(e) && e.length > 1) return String.fromCodePoint(parseInt(e.slice(1), 16));
      return ESCAPES[e] ?? '\\' + e;
    },
  );
  return { prefix, value };
}

function renderString(tree: SyntaxTree, node: SyntaxNode): string {
  const parts =
    node.type === 'concatenated_string' ? named(node).filter((n) => n.type === 'string') : [node];
  const raw = parts.map((p) => textOf(tree, p));
  if (raw.some((r) => /^[a-zA-Z]*[fF]/.test(r))) {
    // f-strings keep their text; astor re-prints them with single quotes when it can.
    return raw.map((r) => r.replace(/^([a-zA-Z]*)"((?:[^"'\\]|\\.)*)"$/, "$1'$2'")).join('');
  }
  const values = raw.map(stringValue);
  const bytes = values.some((v) => v.prefix.includes('b'));
  return (bytes ? 'b' : '') + pythonRepr(values.map((v) => v.value).join(''));
}

function renderNumber(text: string): string {
  const t = text.replace(/_/g, '').replace(/[lL]$/, '');
  if (/^0[xX]/.test(t)) return BigInt(t).toString();
  if (/^0[oO]/.test(t)) return BigInt(t).toString();
  if (/^0[bB]/.test(t)) return BigInt(t).toString();
  if (/[jJ]$/.test(t)) return t;
  if (/^\d+$/.test(t)) return t.replace(/^0+(?=\d)/, '');
  const n = Number(t);
  if (!Number.isFinite(n)) return t;
  // Python's float repr: shortest round-trip digits, always with a '.0' or an exponent.
  let s = String(n);
  if (/e/.test(s)) s = s.replace(/e([+-])(\d)$/, 'e$10$2');
  else if (!s.includes('.')) s += '.0';
  return s;
}

const BINARY_PRECEDENCE: Record<string, number> = {
  '|': 7,
  '^': 8,
  '&': 9,
  '<<': 10,
  '>>': 10,
  '+': 11,
  '-': 11,
  '*': 12,
  '/': 12,
  '//': 12,
  '%': 12,
  '@': 12,
  '**': 14,
};
const PRIMARY = 16;

const operatorOf = (n: SyntaxNode): string => n.children.find((c) => !c.named)?.type ?? '';

/** Python's operator precedence of an expression node (higher binds tighter). */
function precedence(n: SyntaxNode): number {
  switch (n.type) {
    case 'named_expression':
    case 'yield':
      return 0;
    case 'lambda':
      return 1;
    case 'conditional_expression':
      return 2;
    case 'boolean_operator':
      return operatorOf(n) === 'or' ? 3 : 4;
    case 'not_operator':
      return 5;
    case 'comparison_operator':
      return 6;
    case 'binary_operator':
      return BINARY_PRECEDENCE[operatorOf(n)] ?? 12;
    case 'unary_operator':
      return 13;
    case 'await':
      return 15;
    case 'parenthesized_expression': {
      const inner = named(n).filter((c) => c.type !== 'comment');
      return inner.length === 1 ? precedence(inner[0]) : PRIMARY + 1;
    }
    default:
      return PRIMARY + 1;
  }
}

/** The least precedence an expression needs to stand without parentheses where `n` stands. */
function required(n: SyntaxNode): number {
  const parent = n.parent;
  if (!parent) return 0;
  switch (parent.type) {
    case 'binary_operator': {
      const q = BINARY_PRECEDENCE[operatorOf(parent)] ?? 12;
      const left = n.field === 'left';
      // ** is right-associative; the others left-associative.
      if (q === 14) return left ? 15 : 13;
      return left ? q : q + 1;
    }
    case 'boolean_operator': {
      const q = operatorOf(parent) === 'or' ? 3 : 4;
      return n.field === 'left' ? q : q + 1;
    }
    case 'comparison_operator':
      return 7;
    case 'not_operator':
      return 5;
    case 'unary_operator':
      return 13;
    case 'await':
    case 'attribute':
    case 'call':
      return PRIMARY;
    case 'subscript':
      return n.field === 'value' ? PRIMARY : 1;
    case 'conditional_expression':
      return parent.children.filter((c) => c.named)[2] === n ? 2 : 3;
    case 'list_comprehension':
    case 'set_comprehension':
    case 'generator_expression':
      // astor wraps any non-primary comprehension element in parentheses.
      return n.field === 'body' ? PRIMARY : 1;
    case 'for_in_clause':
      return n.field === 'left' ? 0 : 2;
    case 'if_clause':
      return 3;
    default:
      return 1;
  }
}

/** Source parentheses astor would not print (it re-derives them from precedence). */
function redundantParens(node: SyntaxNode): boolean {
  const inner = named(node).filter((n) => n.type !== 'comment');
  if (inner.length !== 1) return false;
  if (
    ['yield', 'generator_expression', 'named_expression', 'list_splat', 'expression_list'].includes(
      inner[0].type,
    )
  )
    return false;
  return precedence(inner[0]) >= required(node);
}

/** Parentheses astor adds around a comprehension element that is not a primary. */
function addedParens(node: SyntaxNode): boolean {
  return (
    node.field === 'body' &&
    ['list_comprehension', 'set_comprehension', 'generator_expression'].includes(
      node.parent?.type ?? '',
    ) &&
    node.type !== 'parenthesized_expression' &&
    precedence(node) < PRIMARY
  );
}

function collect(tree: SyntaxTree, node: SyntaxNode, out: Token[]): void {
  const t = node.type;
  if (t === 'comment' || t === 'line_continuation') return;
  if (node.named && addedParens(node)) {
    out.push({ text: '(', node: { ...node, type: '(', named: false, children: [], field: null } });
    collect(tree, { ...node, field: null }, out);
    out.push({ text: ')', node: { ...node, type: ')', named: false, children: [], field: null } });
    return;
  }
  if (
    (t === 'tuple_pattern' || t === 'tuple') &&
    node.parent?.type === 'for_in_clause' &&
    node.field === 'left'
  ) {
    for (const c of node.children) if (c.type !== '(' && c.type !== ')') collect(tree, c, out);
    return;
  }
  if (node.named && (t === 'string' || t === 'concatenated_string')) {
    out.push({ text: renderString(tree, node), node });
    return;
  }
  if (node.named && (t === 'integer' || t === 'float')) {
    out.push({ text: renderNumber(textOf(tree, node)), node });
    return;
  }
  if (t === 'parenthesized_expression' && redundantParens(node)) {
    for (const c of node.children) if (c.named) collect(tree, c, out);
    return;
  }
  if (node.children.length === 0) {
    out.push({ text: textOf(tree, node), node });
    return;
  }
  // astor drops trailing commas, except the one that makes a 1-tuple.
  const kids = node.children;
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    const next = kids[i + 1];
    if (
      c.type === ',' &&
      next &&
      CLOSE.has(next.type) &&
      !(t === 'tuple' && named(node).length === 1)
    )
      continue;
    collect(tree, c, out);
  }
}

/** The bracket that opens a call's arguments or a subscript: astor writes it against its callee. */
function hugsCallee(tok: Token): boolean {
  const parent = tok.node.parent;
  if (!parent || tok.node.named) return false;
  if (tok.text === '[') return parent.type === 'subscript';
  if (tok.text !== '(' || parent.children[0] !== tok.node) return false;
  return (
    parent.type === 'argument_list' ||
    (parent.type === 'generator_expression' && tok.node.parent?.field === 'arguments')
  );
}

function isOperator(tok: Token): boolean {
  return !tok.node.named && BINARY_PARENTS.has(tok.node.parent?.type ?? '');
}

const SPLATS = new Set([
  'list_splat',
  'dictionary_splat',
  'list_splat_pattern',
  'dictionary_splat_pattern',
  'keyword_separator',
]);

function needsSpace(prev: Token, cur: Token): boolean {
  const a = prev.text;
  const b = cur.text;
  const pParent = prev.node.parent?.type ?? '';
  if (OPEN.has(a) || a === '.' || b === '.' || b === ',' || CLOSE.has(b) || hugsCallee(cur))
    return false;
  if (a === ',') return true;
  if (b === ':') return false;
  if (a === ':') return pParent === 'lambda' || pParent === 'pair';
  if (a === '=' || b === '=') {
    const parent = (a === '=' ? prev : cur).node.parent?.type ?? '';
    return parent !== 'keyword_argument' && parent !== 'default_parameter';
  }
  if (a === ':=' || b === ':=' || isOperator(prev) || isOperator(cur)) return true;
  if (['-', '+', '~'].includes(a) && pParent === 'unary_operator') return false;
  if ((a === '*' || a === '**') && SPLATS.has(pParent)) return false;
  if (a === 'lambda') return true;
  if (SPACED_KEYWORDS.has(a) || SPACED_KEYWORDS.has(b)) return true;
  return isWordLike(a) && isWordLike(b);
}

function isWordLike(text: string): boolean {
  return /^[\w'"([{.]/.test(text) || /[\w'"\])}.]$/.test(text);
}

/**
 * The length of astor's output: astor re-wraps lines longer than 79 characters, adding a newline
 * and a 4-space indent per break (one character less where it breaks at a space; that is not
 * modelled, so a wrapped length may be one or two over astor's).
 */
export function astorLength(text: string): number {
  const extraLines = text.length > 79 ? Math.ceil((text.length - 79) / 75) : 0;
  return text.length + 5 * extraLines;
}

/** astor's one-line text for an expression node (lambdas come wrapped in parentheses). */
export function astorSource(tree: SyntaxTree, node: SyntaxNode): string {
  const tokens: Token[] = [];
  collect(tree, node, tokens);
  let out = '';
  for (let i = 0; i < tokens.length; i++) {
    if (i > 0 && needsSpace(tokens[i - 1], tokens[i])) out += ' ';
    out += tokens[i].text;
  }
  // astor spells an argument-less lambda `lambda :`.
  out = out.replace(/\blambda:/g, 'lambda :');
  if (node.type === 'lambda') out = `(${out})`;
  return out;
}
