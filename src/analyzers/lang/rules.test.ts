import { describe, expect, it } from 'vitest';
import { GRAMMAR, type CodeLanguage } from '../languages.ts';
import { parsePlain } from '../treesitter.ts';
import { nodeTreeSitterAssets } from '../treesitterNode.ts';
import { lizardWarnings, measureFunctions } from './lizard.ts';
import { ruleWarnings } from './ruleSets.ts';
import { analyze } from '../run.ts';

const assets = nodeTreeSitterAssets();
const parse = async (l: CodeLanguage, code: string) => (await parsePlain(GRAMMAR[l], code, assets))!;
const rules = async (l: CodeLanguage, code: string) => ruleWarnings(await parse(l, code), l).map((w) => `${w.line} ${w.rule}: ${w.message}`);

describe('lizard measures', () => {
  it("counts CCN from the language's condition tokens, NLOC without comments, and parameters (Go's `a, b int` as two)", async () => {
    const go = await parse('go', 'package p\n// doc\nfunc f(a, b int, c string) int {\n\t// note\n\tif a > 0 && b > 0 {\n\t\tfor i := 0; i < c; i++ {\n\t\t}\n\t}\n\treturn 0\n}\n');
    const [f] = measureFunctions(go, 'go');
    expect(f).toMatchObject({ name: 'f', startLine: 3, endLine: 10, ccn: 4, params: 3, length: 8, nloc: 7, nestingDepth: 2 });
    const py = await parse('python', 'def g(x, y=1, *a):\n    return x if y and a else None\n');
    expect(measureFunctions(py, 'python')[0]).toMatchObject({ name: 'g', ccn: 3, params: 3, nloc: 2 });
  });

  it('warns past the default thresholds with the text lizard -w prints', async () => {
    const body = Array.from({ length: 16 }, (_, i) => `  if (a == ${i}) b++;`).join('\n');
    const c = await parse('c', `int f(int a, int b) {\n${body}\n  return b;\n}\n`);
    const [w] = lizardWarnings(c, 'c');
    expect(w).toMatchObject({ tool: 'Lizard', line: 1, rule: 'cyclomatic_complexity' });
    expect(w.message).toBe('f has 19 NLOC, 17 CCN, 158 token, 2 PARAM, 19 length, 1 ND');
    expect(lizardWarnings(await parse('c', 'int f(int a) { if (a) return 1; return 0; }'), 'c')).toEqual([]);
  });
});

describe('linter rules per language', () => {
  it('cppcheck: duplicateExpression, selfAssignment, multiCondition, duplicateBranch, unusedVariable, unreadVariable', async () => {
    const code = 'int f(int a) {\n  int u;\n  int r = 1;\n  a = a;\n  if (a == a) return 1;\n  else if (a > 2) return 2;\n  else if (a > 2) return 3;\n  if (a) { a++; } else { a++; }\n  return a;\n}\n';
    expect(await rules('c', code)).toEqual([
      '2 unusedVariable: Unused variable: u',
      "3 unreadVariable: Variable 'r' is assigned a value that is never used.",
      "4 selfAssignment: Redundant assignment of 'a' to itself.",
      "5 duplicateExpression: Same expression on both sides of '=='.",
      "7 multiCondition: Expression is always false because 'else if' condition matches previous condition at line {relatedLine}.",
      "8 duplicateBranch: Found duplicate branches for 'if' and 'else'.",
    ]);
  });

  it('go vet and staticcheck: self-assignment, identical operands, an empty branch, an unused variable', async () => {
    expect(await rules('go', 'package p\nfunc f(a int) int {\n\tx := 1\n\ta = a\n\tif a == a {\n\t}\n\treturn a\n}\n')).toEqual([
      '3 unusedvariable: declared and not used: x',
      '4 assign: self-assignment of a to a',
      '5 SA9003: empty branch',
      "5 SA4000: identical expressions on the left and right side of the '==' operator",
    ]);
  });

  it('.NET analyzers: CA1031, CA2200, CS0168, CS1717, CS1718', async () => {
    const code = 'class A {\n  void F(int a) {\n    int n;\n    a = a;\n    if (a == a) {}\n    try { G(); } catch (Exception e) { }\n    try { G(); } catch (IOException e) { throw e; }\n  }\n}\n';
    expect(await rules('csharp', code)).toEqual([
      "3 CS0168: The variable 'n' is declared but never used",
      '4 CS1717: Assignment made to same variable; did you mean to assign something else?',
      '5 CS1718: Comparison made to same variable; did you mean to compare something else?',
      "6 CA1031: Modify 'F' to catch a more specific allowed exception type, or rethrow the exception",
      "6 CS0168: The variable 'e' is declared but never used",
      '7 CA2200: Re-throwing caught exception changes stack information',
    ]);
  });

  it('RuboCop: a suppressed exception, a useless assignment, a duplicate elsif, a debugger call, a long line', async () => {
    const code = `def f(a)\n  x = 1\n  begin\n    g\n  rescue\n  end\n  if a\n    1\n  elsif a\n    2\n  end\n  binding.pry\n  y = "${'z'.repeat(120)}"\n  y\nend\n`;
    expect(await rules('ruby', code)).toEqual([
      '2 Lint/UselessAssignment: Useless assignment to variable - `x`.',
      '5 Lint/SuppressedException: Do not suppress exceptions.',
      '9 Lint/DuplicateElsifCondition: Duplicate `elsif` condition detected.',
      '12 Lint/Debugger: Remove debugger entry point `binding.pry`.',
      '13 Layout/LineLength: Line is too long. [128/120]',
    ]);
  });

  it('PHPMD: unused local, empty catch, goto, exit, eval, a debug function (count() in a loop outside a class is not read)', async () => {
    const code = 'function f($a) {\n  $u = 1;\n  try { g(); } catch (Exception $e) {}\n  goto end;\n  exit(1);\n  eval($a);\n  var_dump($a);\n  for ($i = 0; $i < count($a); $i++) {}\n  end:\n  return $a;\n}\n';
    expect(await rules('php', code)).toEqual([
      "2 UnusedLocalVariable: Avoid unused local variables such as '$u'.",
      '3 EmptyCatchBlock: Avoid using empty try-catch blocks in f.',
      '4 GotoStatement: The function f() utilizes a goto statement.',
      '5 ExitExpression: The function f() contains an exit expression.',
      '6 EvalExpression: The function f() contains an eval expression.',
      '7 DevelopmentCodeFragment: The function f() calls the typical debug function var_dump() which is mostly only used during development.',
    ]);
  });

  it('ESLint: no-empty, no-unused-vars, no-self-assign, no-self-compare, no-dupe-else-if, no-debugger, default-case, no-var, no-warning-comments', async () => {
    const code = 'function f(a: number) {\n  var v = 1;\n  a = a;\n  if (a === a) {}\n  else if (a > 1) {}\n  else if (a > 1) {}\n  try { g(); } catch (e) {}\n  debugger;\n  switch (a) { case 1: break; }\n  // TODO: drop this\n  return v;\n}\n';
    expect(await rules('typescript', code)).toEqual([
      '2 no-var: Unexpected var, use let or const instead.',
      "3 no-self-assign: 'a' is assigned to itself.",
      '4 no-self-compare: Comparing to itself is potentially pointless.',
      '6 no-dupe-else-if: This branch can never execute. Its condition is a duplicate or covered by previous conditions in the if-else-if chain.',
      '7 no-empty: Empty block statement.',
      "8 no-debugger: Unexpected 'debugger' statement.",
      '9 default-case: Expected a default case.',
      "10 no-warning-comments: Unexpected 'todo' comment: 'TODO: drop this'.",
    ]);
  });

  it('Pylint: fixme, line-too-long, bare-except, unused-variable, self-assigning-variable, comparison-with-itself, unnecessary-pass', async () => {
    const code = `def f(a):\n    u = 1  # FIXME: later\n    a = a\n    if a == a:\n        pass\n    try:\n        g()\n        pass\n    except:\n        pass\n    return "${'x'.repeat(90)}"\n`;
    expect(await rules('python', code)).toEqual([
      "2 W0612: Unused variable 'u'",
      '2 W0511: FIXME: later',
      "3 W0127: Assigning the same variable 'a' to itself",
      '4 R0124: Redundant comparison - a == a',
      '8 W0107: Unnecessary pass statement',
      '9 W0702: No exception type(s) specified',
      '11 C0301: Line too long (103/100)',
    ]);
  });
});

// Near misses the reference check (scripts/rules-reference) found: where cppcheck, PHPMD and pylint disagreed.
describe('linter rules where the reference tools disagreed', () => {
  it('cppcheck: operands in parentheses are compared, and a condition matches whatever its spacing', async () => {
    expect(await rules('c', 'int f(int a, int b) {\n  return (a + b) != (a + b);\n}\n')).toEqual(["2 duplicateExpression: Same expression on both sides of '!='."]);
    expect(await rules('c', 'int g(int);\nint f(int a) {\n  return g(a) != g(a);\n}\n')).toEqual([]);
    expect(await rules('cpp', 'int f(int a) {\n  if (a==1) return 1;\n  else if (a == 1) return 2;\n  return 0;\n}\n')).toEqual([
      "3 multiCondition: Expression is always false because 'else if' condition matches previous condition at line {relatedLine}.",
    ]);
  });

  it("PHPMD: an unused foreach key, die(), debug functions called as functions only, count() in loops of a class's methods only", async () => {
    expect(await rules('php', 'function f($rows) {\n  foreach ($rows as $key => $row) {\n    echo $row;\n  }\n}\n')).toEqual([
      "2 UnusedLocalVariable: Avoid unused local variables such as '$key'.",
    ]);
    expect(await rules('php', 'function f($a) {\n  if (!$a) {\n    die("no");\n  }\n  return $a;\n}\n')).toEqual(['3 ExitExpression: The function f() contains an exit expression.']);
    expect(await rules('php', 'function f($log, $a) {\n  $log->print_r($a);\n  return $a;\n}\n')).toEqual([]);
    const loop = 'for ($i = 0; $i < count($a); $i++) {\n      echo $i;\n    }\n    while ($i < $a->count()) {\n      $i++;\n    }';
    expect(await rules('php', `function f($a) {\n    ${loop}\n}\n`)).toEqual([]);
    expect(await rules('php', `class C {\n  public function m($a) {\n    ${loop}\n  }\n}\n`)).toEqual(['3 CountInLoopExpression: Avoid using count() function in for loops.']);
  });

  it('Pylint: a note only at the start of a comment, a line holding only a URL, self-assignment of names only', async () => {
    expect(await rules('python', 'def f(a):\n    # see the todo list\n    # todo: lower case\n    return a\n')).toEqual(['3 W0511: todo: lower case']);
    expect(await rules('python', `def f(a):\n    # https://example.org/${'a'.repeat(100)}\n    return a\n`)).toEqual([]);
    expect(await rules('python', 'class C:\n    def m(self):\n        self.v = self.v\n        return self.v\n')).toEqual([]);
  });
});

// The second batch of the reference check: disagreements with a clear fix.
describe('linter rules where the reference tools disagreed on the second batch', () => {
  it("cppcheck: identical operands of '-', '/', '%', '^', '&' and '|' (never '+' or '*'), and `a = (a)`", async () => {
    const ops = ['-', '/', '%', '^', '&', '|', '+', '*'].map((op, i) => `  r += (a ${op} a) + ${i};`).join('\n');
    expect(await rules('c', `int f(int a) {\n  int r = 0;\n${ops}\n  a = (a);\n  return r;\n}\n`)).toEqual([
      ...['-', '/', '%', '^', '&', '|'].map((op, i) => `${i + 3} duplicateExpression: Same expression on both sides of '${op}'.`),
      "11 selfAssignment: Redundant assignment of 'a' to itself.",
    ]);
  });

  it('PHPMD: a local named in compact() is used, and a catch holding a comment is not empty', async () => {
    expect(await rules('php', "function f($a) {\n  $x = $a;\n  return compact('x');\n}\n")).toEqual([]);
    expect(await rules('php', 'function f($c) {\n  try {\n    $c->close();\n  } catch (Exception $e) {\n    // ignored\n  }\n}\n')).toEqual([]);
  });

  it('Pylint: unused names of an unpacking and of a for loop; comparison-with-itself of names and constants only', async () => {
    expect(await rules('python', 'def f(a):\n    x, y = a\n    for i in a:\n        print(x)\n')).toEqual(["2 W0612: Unused variable 'y'", "3 W0612: Unused variable 'i'"]);
    expect(await rules('python', 'def f(a):\n    return a.x == a.x or 1 == 1\n')).toEqual(['2 R0124: Redundant comparison - 1 == 1']);
  });
});

describe('a bare hunk in a new language', () => {
  it('is wrapped to parse, kept to its changed lines, and the line a message names is the file line', async () => {
    const diff = '@@ -10,6 +10,8 @@ static int f(int a)\n   int n = g();\n-  n = h();\n+  if (n > 1) return 1;\n+  else if (n > 1) return 2;\n   return n;\n }';
    const [cpp, lizard] = await analyze({ language: 'c', diff, filter: 'paper', options: 'paper' }, assets);
    expect(cpp.analyzer).toBe('cppcheck');
    expect(cpp.wrapped).toEqual(['hunk 1: with its brackets closed']);
    expect(cpp.refs.map((r) => r.text)).toEqual(["line 12, multiCondition:\tExpression is always false because 'else if' condition matches previous condition at line 11."]);
    expect(lizard).toMatchObject({ analyzer: 'Lizard', refs: [] });
  });
});
