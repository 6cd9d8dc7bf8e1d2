// The generated code of the reference check: per rule of the C, C++, PHP and Python rule sets
// (src/analyzers/lang/ruleSets.ts), several small files that should be flagged (positives) and near misses that
// should not (negatives), one file per case so findings never mix. The reference tools (cppcheck, PHPMD, pylint)
// and our analyzer read the same files; ./compare.ts counts per rule where they agree.
import { createHash } from 'node:crypto';

export type RefLanguage = 'c' | 'cpp' | 'php' | 'python';
export type RefTool = 'cppcheck' | 'phpmd' | 'pylint';

export interface RuleCase {
  /** The file's name in the generated tree, as `<lang>/<rule>-<pos|neg>-<n>.<ext>`. */
  file: string;
  language: RefLanguage;
  /** Our rule id (the rule set's), which the case is written for. */
  rule: string;
  kind: 'positive' | 'negative';
  code: string;
}

export const TOOL_OF: Record<RefLanguage, RefTool> = { c: 'cppcheck', cpp: 'cppcheck', php: 'phpmd', python: 'pylint' };
const EXT: Record<RefLanguage, string> = { c: 'c', cpp: 'cpp', php: 'php', python: 'py' };

/** Our rule id → the reference tool's id for the same check (cppcheck and PHPMD use the same names; pylint its message ids). */
export const REFERENCE_ID: Record<RefLanguage, Record<string, string>> = {
  c: { duplicateExpression: 'duplicateExpression', selfAssignment: 'selfAssignment', multiCondition: 'multiCondition', duplicateBranch: 'duplicateBranch', unusedVariable: 'unusedVariable', unreadVariable: 'unreadVariable' },
  cpp: { duplicateExpression: 'duplicateExpression', selfAssignment: 'selfAssignment', multiCondition: 'multiCondition', duplicateBranch: 'duplicateBranch', unusedVariable: 'unusedVariable', unreadVariable: 'unreadVariable' },
  php: {
    UnusedLocalVariable: 'UnusedLocalVariable',
    EmptyCatchBlock: 'EmptyCatchBlock',
    GotoStatement: 'GotoStatement',
    ExitExpression: 'ExitExpression',
    EvalExpression: 'EvalExpression',
    DevelopmentCodeFragment: 'DevelopmentCodeFragment',
    CountInLoopExpression: 'CountInLoopExpression',
  },
  python: { W0511: 'W0511', C0301: 'C0301', W0702: 'W0702', W0612: 'W0612', W0127: 'W0127', R0124: 'R0124', W0107: 'W0107' },
};

// C bodies shared by C and C++ (each a whole function; the C++ files add their own idioms below).
const C_CASES: Record<string, { pos: string[]; neg: string[] }> = {
  duplicateExpression: {
    pos: [
      'int f(int a, int b) {\n  if (a == a) return 1;\n  return b;\n}\n',
      'struct P { int x; };\nint f(struct P *p) {\n  return p->x < p->x;\n}\n',
      'int f(int a, int b) {\n  return (a + b) != (a + b);\n}\n',
      'int f(int a, int b) {\n  if (a > 0 && a > 0) return b;\n  return 0;\n}\n',
    ],
    neg: [
      'int f(int a, int b) {\n  if (a == b) return 1;\n  return b;\n}\n',
      'int g(void);\nint f(void) {\n  return g() == g();\n}\n',
      'int f(int *a, int i, int j) {\n  return a[i] == a[j];\n}\n',
      'int f(int a, int b) {\n  return a + 1 == b + 1;\n}\n',
    ],
  },
  selfAssignment: {
    pos: [
      'int f(int a) {\n  a = a;\n  return a;\n}\n',
      'struct P { int x; };\nvoid f(struct P *p) {\n  p->x = p->x;\n}\n',
      'void f(int *a, int i) {\n  a[i] = a[i];\n}\n',
    ],
    neg: [
      'int f(int a, int b) {\n  a = b;\n  return a;\n}\n',
      'int f(int a) {\n  a = a + 1;\n  return a;\n}\n',
      'void f(int *a, int i, int j) {\n  a[i] = a[j];\n}\n',
    ],
  },
  multiCondition: {
    pos: [
      'int f(int a) {\n  if (a == 1) return 1;\n  else if (a == 1) return 2;\n  return 0;\n}\n',
      'int f(int a) {\n  if (a > 2) {\n    return 1;\n  } else if (a < 0) {\n    return 2;\n  } else if (a > 2) {\n    return 3;\n  }\n  return 0;\n}\n',
      'int f(int a) {\n  if (a==1) return 1;\n  else if (a == 1) return 2;\n  return 0;\n}\n',
    ],
    neg: [
      'int f(int a) {\n  if (a == 1) return 1;\n  else if (a == 2) return 2;\n  return 0;\n}\n',
      'int f(int a) {\n  if (a == 1) return 1;\n  if (a == 1) return 2;\n  return 0;\n}\n',
      'int f(int a, int b) {\n  if (a == 1) return 1;\n  else if (b == 1) return 2;\n  return 0;\n}\n',
    ],
  },
  duplicateBranch: {
    pos: [
      'int f(int a, int b) {\n  if (a) {\n    b = 1;\n  } else {\n    b = 1;\n  }\n  return b;\n}\n',
      'int g(int);\nint f(int a, int b) {\n  if (a > b) {\n    b = g(a);\n    a++;\n  } else {\n    b = g(a);\n    a++;\n  }\n  return a + b;\n}\n',
    ],
    neg: [
      'int f(int a, int b) {\n  if (a) {\n    b = 1;\n  } else {\n    b = 2;\n  }\n  return b;\n}\n',
      'int f(int a, int b) {\n  if (a) {\n    b = 1;\n  } else if (b) {\n    b = 1;\n  }\n  return b;\n}\n',
      'int f(int a, int b) {\n  if (a) {\n    b = 1;\n  }\n  return b;\n}\n',
    ],
  },
  unusedVariable: {
    pos: [
      'int f(int a) {\n  int u;\n  return a;\n}\n',
      'int f(int a) {\n  char buf[16];\n  return a;\n}\n',
      'int f(int a) {\n  int x;\n  int y;\n  return a;\n}\n',
    ],
    neg: [
      'int f(int a) {\n  int x;\n  x = a * 2;\n  return x;\n}\n',
      'void g(int *);\nint f(void) {\n  int x;\n  g(&x);\n  return x;\n}\n',
      'int f(int a) {\n  int x = a;\n  return x;\n}\n',
    ],
  },
  unreadVariable: {
    pos: [
      'int f(int a) {\n  int r = 1;\n  return a;\n}\n',
      'int f(int a) {\n  int r = a + 2;\n  return a;\n}\n',
      'int f(int a) {\n  int n = a;\n  int m = 4;\n  return n;\n}\n',
    ],
    neg: [
      'int f(int a) {\n  int r = 1;\n  return a + r;\n}\n',
      'int f(int a) {\n  int r = a;\n  if (r) return 1;\n  return 0;\n}\n',
      'int g(int *);\nint f(void) {\n  int r = 0;\n  return g(&r);\n}\n',
    ],
  },
};

const CPP_EXTRA: Record<string, { pos: string[]; neg: string[] }> = {
  duplicateExpression: { pos: ['bool f(int a) {\n  return a != a;\n}\n'], neg: ['#include <string>\nbool f(const std::string &a, const std::string &b) {\n  return a == b;\n}\n'] },
  selfAssignment: { pos: ['class C {\n  int x;\npublic:\n  void set() { x = x; }\n};\n'], neg: ['class C {\n  int x;\npublic:\n  void set(int x) { this->x = x; }\n};\n'] },
  unreadVariable: { pos: ['int f(int a) {\n  auto r = a * 2;\n  return a;\n}\n'], neg: ['int f(int a) {\n  auto r = a * 2;\n  return r;\n}\n'] },
  unusedVariable: { pos: ['int f(int a) {\n  int u;\n  return a;\n}\n'], neg: ['int f(int a) {\n  int u;\n  u = a;\n  return u;\n}\n'] },
};

const PHP_CASES: Record<string, { pos: string[]; neg: string[] }> = {
  UnusedLocalVariable: {
    pos: [
      'function f($a)\n{\n    $x = 1;\n    return $a;\n}\n',
      'class C\n{\n    public function m($a)\n    {\n        $unused = $a + 1;\n        return $a;\n    }\n}\n',
      'function f($rows)\n{\n    foreach ($rows as $key => $row) {\n        echo $row;\n    }\n}\n',
    ],
    neg: [
      'function f($a)\n{\n    $x = $a + 1;\n    return $x;\n}\n',
      'class C\n{\n    private $v;\n    public function m($a)\n    {\n        $this->v = $a;\n        return $a;\n    }\n}\n',
      'function f($a)\n{\n    $x = $a;\n    return function () use ($x) {\n        return $x;\n    };\n}\n',
    ],
  },
  EmptyCatchBlock: {
    pos: [
      'function f($c)\n{\n    try {\n        $c->close();\n    } catch (Exception $e) {\n    }\n}\n',
      'function f($c)\n{\n    try {\n        $c->close();\n    } catch (Exception $e) {}\n    return true;\n}\n',
    ],
    neg: [
      'function f($c)\n{\n    try {\n        $c->close();\n    } catch (Exception $e) {\n        error_log($e->getMessage());\n    }\n}\n',
      'function f($c)\n{\n    try {\n        $c->close();\n    } catch (Exception $e) {\n        throw $e;\n    }\n}\n',
    ],
  },
  GotoStatement: {
    pos: ['function f($a)\n{\n    if ($a) {\n        goto done;\n    }\n    echo $a;\n    done:\n    return 1;\n}\n'],
    neg: ['function f($a)\n{\n    if ($a) {\n        return 0;\n    }\n    echo "goto done";\n    return 1;\n}\n'],
  },
  ExitExpression: {
    pos: ['function f($a)\n{\n    if (!$a) {\n        exit(1);\n    }\n    return $a;\n}\n', 'function f($a)\n{\n    if (!$a) {\n        die("no");\n    }\n    return $a;\n}\n'],
    neg: ['function f($a)\n{\n    if (!$a) {\n        throw new Exception("exit");\n    }\n    return $a;\n}\n'],
  },
  EvalExpression: {
    pos: ['function f($code)\n{\n    return eval($code);\n}\n'],
    neg: ['function f($parser, $code)\n{\n    return $parser->evaluate($code);\n}\n', 'function f($code)\n{\n    return "eval($code)";\n}\n'],
  },
  DevelopmentCodeFragment: {
    pos: [
      'function f($a)\n{\n    var_dump($a);\n    return $a;\n}\n',
      'function f($a)\n{\n    print_r($a);\n    return $a;\n}\n',
      'function f($a)\n{\n    debug_print_backtrace();\n    return $a;\n}\n',
    ],
    neg: ['function f($a)\n{\n    printf("%s", $a);\n    return $a;\n}\n', 'function f($log, $a)\n{\n    $log->print_r($a);\n    return $a;\n}\n'],
  },
  CountInLoopExpression: {
    // PHPMD reads this rule in classes, traits and enums only (the rule is ClassAware).
    pos: [
      'class C\n{\n    public function m($a)\n    {\n        for ($i = 0; $i < count($a); $i++) {\n            echo $a[$i];\n        }\n    }\n}\n',
      'class C\n{\n    public function m($a)\n    {\n        while (sizeof($a) > 0) {\n            array_pop($a);\n        }\n    }\n}\n',
    ],
    neg: [
      'class C\n{\n    public function m($a)\n    {\n        $n = count($a);\n        for ($i = 0; $i < $n; $i++) {\n            echo $a[$i];\n        }\n    }\n}\n',
      'class C\n{\n    public function m($list)\n    {\n        for ($i = 0; $i < $list->count(); $i++) {\n            echo $i;\n        }\n    }\n}\n',
      'function f($a)\n{\n    for ($i = 0; $i < count($a); $i++) {\n        echo $a[$i];\n    }\n}\n',
    ],
  },
};

const LONG = 'x'.repeat(90);
const PY_CASES: Record<string, { pos: string[]; neg: string[] }> = {
  W0511: {
    pos: ['def f(a):\n    # TODO: check a\n    return a\n', 'def f(a):\n    return a  # FIXME handle None\n', 'def f(a):\n    # XXX: slow\n    return a\n'],
    neg: ['def f(a):\n    """TODO: not a comment."""\n    return a\n', 'def f(a):\n    # see the todo list in the wiki\n    return a\n', 'def f(a):\n    return "TODO"\n'],
  },
  C0301: {
    pos: [`def f(a):\n    return a + "${LONG}"\n`, `def f(a):\n    # ${LONG}${LONG}\n    return a\n`],
    neg: [
      `def f(a):\n    return a + "${'x'.repeat(78)}"\n`,
      `def f(a):\n    # https://example.org/${'a'.repeat(100)}\n    return a\n`,
    ],
  },
  W0702: {
    pos: ['def f(p):\n    try:\n        return open(p)\n    except:\n        return None\n'],
    neg: ['def f(p):\n    try:\n        return open(p)\n    except OSError:\n        return None\n', 'def f(p):\n    try:\n        return open(p)\n    except (OSError, ValueError) as e:\n        raise RuntimeError(p) from e\n'],
  },
  W0612: {
    pos: ['def f(a):\n    x = a + 1\n    return a\n', 'def f(a):\n    total = 0\n    total2 = a\n    return total\n'],
    neg: ['def f(a):\n    x = a + 1\n    return x\n', 'X = 1\n\n\ndef f(a):\n    return a\n', 'def f(a):\n    _ignored = a\n    return a\n', 'def f(a):\n    x = a\n\n    def g():\n        return x\n    return g\n'],
  },
  W0127: {
    pos: ['def f(a):\n    a = a\n    return a\n'],
    neg: ['def f(a, b):\n    a = b\n    return a\n', 'class C:\n    def __init__(self, v):\n        self.v = v\n\n    def m(self):\n        self.v = self.v\n        return self.v\n'],
  },
  R0124: {
    pos: ['def f(a):\n    return a == a\n', 'def f(a):\n    if a is a:\n        return 1\n    return 0\n', 'def f(a):\n    return a != a\n'],
    neg: ['def f(a, b):\n    return a == b\n', 'def f(a):\n    return a.x == a.y\n'],
  },
  W0107: {
    pos: ['def f(a):\n    print(a)\n    pass\n', 'class C:\n    """Doc."""\n    pass\n'],
    neg: ['def f(a):\n    pass\n', 'class C:\n    pass\n'],
  },
};

const PHP_HEAD = '<?php\n\n';

function expand(language: RefLanguage, table: Record<string, { pos: string[]; neg: string[] }>, head = ''): RuleCase[] {
  const out: RuleCase[] = [];
  for (const [rule, { pos, neg }] of Object.entries(table)) {
    pos.forEach((code, i) => out.push({ file: `${language}/${rule}-pos-${i + 1}.${EXT[language]}`, language, rule, kind: 'positive', code: head + code }));
    neg.forEach((code, i) => out.push({ file: `${language}/${rule}-neg-${i + 1}.${EXT[language]}`, language, rule, kind: 'negative', code: head + code }));
  }
  return out;
}

function merged(a: Record<string, { pos: string[]; neg: string[] }>, b: Record<string, { pos: string[]; neg: string[] }>) {
  const out: Record<string, { pos: string[]; neg: string[] }> = {};
  for (const k of Object.keys(a)) out[k] = { pos: [...a[k].pos, ...(b[k]?.pos ?? [])], neg: [...a[k].neg, ...(b[k]?.neg ?? [])] };
  return out;
}

// A second batch, written after the first batch's disagreements were fixed: the table is not read only on the
// cases the fixes were made for. Its disagreements are the rules' known limits (docs/analyzers.md).
const C_MORE: Record<string, { pos: string[]; neg: string[] }> = {
  duplicateExpression: { pos: ['int f(int a, int b) {\n  return (a - a) + b;\n}\n', 'int f(int a) {\n  return a == a || a > 1;\n}\n'], neg: ['int f(int a) {\n  return a == -a;\n}\n'] },
  selfAssignment: { pos: ['int f(int a) {\n  a = (a);\n  return a;\n}\n'], neg: ['int f(int a) {\n  a = -a;\n  return a;\n}\n'] },
  multiCondition: { pos: ['int f(int a, int b) {\n  if (a && b) return 1;\n  else if (a && b) return 2;\n  else return 3;\n}\n'], neg: ['int f(int a, int b) {\n  if (a && b) return 1;\n  else if (b && a) return 2;\n  return 0;\n}\n'] },
  unreadVariable: { pos: ['int f(int a) {\n  int r;\n  r = a + 1;\n  return a;\n}\n'], neg: ['int f(int a) {\n  int r;\n  r = a + 1;\n  return r;\n}\n'] },
  unusedVariable: { pos: ['struct S { int v; };\nint f(int a) {\n  struct S s;\n  return a;\n}\n'], neg: ['int f(int a) {\n  static int calls;\n  return a + calls++;\n}\n'] },
};
const PHP_MORE: Record<string, { pos: string[]; neg: string[] }> = {
  UnusedLocalVariable: { pos: ['function f($a)\n{\n    list($x, $y) = $a;\n    return $x;\n}\n'], neg: ['function f($a)\n{\n    $x = $a;\n    return compact(\'x\');\n}\n'] },
  EmptyCatchBlock: { pos: ['function f($c)\n{\n    try {\n        $c->close();\n    } catch (Exception $e) {\n        // ignored\n    }\n}\n'], neg: [] },
  ExitExpression: { pos: ['function f($a)\n{\n    exit;\n}\n'], neg: [] },
};
const PY_MORE: Record<string, { pos: string[]; neg: string[] }> = {
  W0612: { pos: ['def f(a):\n    x, y = a\n    return x\n'], neg: ['def f(a):\n    for i in a:\n        print(a)\n'] },
  W0127: { pos: ['def f(a, b):\n    a, b = a, b\n    return a + b\n'], neg: [] },
  R0124: { pos: ['def f(a):\n    return a.x == a.x\n'], neg: ['def f(a):\n    return 1 < a < 1\n'] },
  W0511: { pos: ['def f(a):\n    return a  # todo\n'], neg: ['def f(a):\n    # TODOS are tracked elsewhere\n    return a\n'] },
};

const renumbered = (cases: RuleCase[], batch: string) => cases.map((c) => ({ ...c, file: c.file.replace(/-(pos|neg)-(\d+)\./, `-$1-${batch}$2.`) }));

/** Every generated case, in a fixed order. */
export function ruleCases(): RuleCase[] {
  return [
    ...expand('c', C_CASES),
    ...expand('cpp', merged(C_CASES, CPP_EXTRA)),
    ...expand('php', PHP_CASES, PHP_HEAD),
    ...expand('python', PY_CASES),
    ...renumbered([...expand('c', C_MORE), ...expand('cpp', C_MORE), ...expand('php', PHP_MORE, PHP_HEAD), ...expand('python', PY_MORE)], 'b'),
  ];
}

/** A short hash of a case's code: the fixture records it, so a changed case asks for a new recording. */
export function codeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex').slice(0, 16);
}
