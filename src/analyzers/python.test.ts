// PyScent smells on small fixtures. Thresholds and counts follow the tools PyScent drives
// (pylint 2.x design checker, radon, cohesion, astor), checked against those tools when written.
import { describe, expect, test } from 'vitest';
import { analyzePython } from './python.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';
import { getParser } from './treesitter.ts';
import { toSyntaxTree } from './syntax.ts';
import { astorLength, astorSource } from './python/render.ts';
import { descendants } from './syntax.ts';

const assets = nodeTreeSitterAssets();
const smells = async (code: string, rule?: string) =>
  (await analyzePython(code, assets)).filter((w) => !rule || w.rule === rule);
const indent = (lines: string[], by = '    ') => lines.map((l) => by + l);
const statements = (n: number) => Array.from({ length: n }, (_, i) => `x${i} = ${i}`);

describe('long method (pylint R0915, more than 50 statements)', () => {
  test('51 statements trip it, 50 do not; the docstring is not a statement', async () => {
    const make = (n: number) =>
      ['def f():', '    """Doc."""', ...indent(statements(n - 1)), ''].join('\n');
    expect(await smells(make(50), 'LongMethod')).toEqual([]);
    const [w] = await smells(make(51), 'LongMethod');
    expect(w).toMatchObject({ tool: 'PyScent', line: 1, column: 1 });
    expect(w.message).toBe(
      'Long method smell detected with 1 long methods and longest method `f` at line 1 containing 51 lines',
    );
  });

  test('a nested def is not a statement, but its body counts for the outer function too', async () => {
    // pylint: inner has 1 + 50 statements, outer 1 + 50 (its own `return` is not counted either).
    const code = [
      'def outer():',
      '    def inner():',
      ...indent(statements(50), '        '),
      '    return inner',
      '',
    ].join('\n');
    const [w] = await smells(code, 'LongMethod');
    expect(w.message).toBe(
      'Long method smell detected with 2 long methods and longest method `inner` at line 2 containing 51 lines',
    );
    expect(await smells(code.replace('x49 = 49\n', ''), 'LongMethod')).toEqual([]);
  });
});

describe('long parameter list (pylint R0913, more than 6 as in the paper)', () => {
  test('7 positional parameters (self included) trip it, 6 do not; the message lists them', async () => {
    expect(await smells('def f(a, b, c, d, e, f):\n    pass\n', 'LongParameterList')).toEqual([]);
    const [w] = await smells(
      'class A:\n    def m(self, a, b, c, d, e, f, *args, k=1, **kw):\n        pass\n',
      'LongParameterList',
    );
    expect(w.line).toBe(2);
    expect(w.message).toBe(
      'Long parameter list smell detected with 1 methods with long parameter lists and method `m` at line 2 having 7 parameters (`self`, `a`, `b`, `c`, `d`, `e`, `f`)',
    );
  });

  test('ignored names (_x, unused_x) do not count towards the limit but are reported', async () => {
    expect(await smells('def f(a, b, c, d, e, f, _g):\n    pass\n', 'LongParameterList')).toEqual(
      [],
    );
    const [w] = await smells('def f(a, b, c, d, e, f, g, _h):\n    pass\n', 'LongParameterList');
    expect(w.message).toContain('having 8 parameters');
  });
});

describe('long branch (pylint R0912, more than 12 branches)', () => {
  const ifs = (n: number) =>
    Array.from({ length: n }, (_, i) => [`if a == ${i}:`, '    pass']).flat();
  test('13 ifs trip it, 12 do not', async () => {
    expect(await smells(['def f(a):', ...indent(ifs(12)), ''].join('\n'), 'LongBranch')).toEqual(
      [],
    );
    const [w] = await smells(['def f(a):', ...indent(ifs(13)), ''].join('\n'), 'LongBranch');
    expect(w.message).toBe(
      'Long branch smell detected with 1 methods with long branching and method with most branches `f` at line 1 having 13 branches',
    );
  });

  test('an else holding a lone if counts like an elif (not as its own branch); try/for/while count', async () => {
    const code = [
      'def f(a):',
      ...indent([
        'if a:',
        '    pass',
        'else:',
        '    if a:',
        '        pass', // 2
        'try:',
        '    pass',
        'except ValueError:',
        '    pass',
        'except KeyError:',
        '    pass',
        'else:',
        '    pass',
        'finally:',
        '    pass', // 5
        'for i in a:',
        '    pass',
        'else:',
        '    pass', // 2
        'while a:',
        '    pass', // 1
        ...ifs(3), // 3
      ]),
      '',
    ].join('\n');
    // pylint counts 2 + 5 + 2 + 1 + 3 = 13 here, and 14 once the else holds more than the if.
    expect((await smells(code, 'LongBranch'))[0].message).toContain('having 13 branches');
    const [w] = await smells(
      code.replace('else:\n        if a:', 'else:\n        a = 1\n        if a:'),
      'LongBranch',
    );
    expect(w.message).toContain('having 14 branches');
  });

  test('a pylint disable pragma is honoured', async () => {
    const code = ['def f(a):  # pylint: disable=too-many-branches', ...indent(ifs(13)), ''].join(
      '\n',
    );
    expect(await smells(code, 'LongBranch')).toEqual([]);
    const module = ['# pylint: disable=R0912', 'def f(a):', ...indent(ifs(13)), ''].join('\n');
    expect(await smells(module, 'LongBranch')).toEqual([]);
  });
});

describe('many attributes / many methods (pylint R0902 > 7, R0904 > 20)', () => {
  test('8 instance attributes trip it; the message lists those set in __init__', async () => {
    const attrs = (n: number) => Array.from({ length: n }, (_, i) => `self.a${i} = ${i}`);
    expect(
      await smells(
        ['class A:', '    def __init__(self):', ...indent(attrs(7), '        '), ''].join('\n'),
        'ManyAttributes',
      ),
    ).toEqual([]);
    const code = [
      'class A:',
      '    def __init__(self):',
      ...indent(attrs(6), '        '),
      '    def later(self):',
      '        self.b, self.c = 1, 2',
      '',
    ].join('\n');
    const [w] = await smells(code, 'ManyAttributes');
    expect(w.message).toBe(
      'Many attribute smell detected with 1 classes having many attributes and the class with most attributes, `A` having 8 attributes (`a0`, `a1`, `a2`, `a3`, `a4`, `a5`)',
    );
  });

  test('21 public methods trip it; private ones do not count', async () => {
    const methods = (n: number, prefix = 'm') =>
      Array.from({ length: n }, (_, i) => [`def ${prefix}${i}(self):`, '    pass']).flat();
    expect(
      await smells(
        ['class A:', ...indent([...methods(20), ...methods(5, '_p')]), ''].join('\n'),
        'ManyMethods',
      ),
    ).toEqual([]);
    const [w] = await smells(['class A:', ...indent(methods(21)), ''].join('\n'), 'ManyMethods');
    expect(w.message).toMatch(
      /^Many methods smell detected with 1 classes having many methods and the class with most methods, `A` having 21 methods \(`m0`, `m1`/,
    );
  });
});

describe('useless try/except', () => {
  test('bare except and `except X: pass` at module level and in module-level functions', async () => {
    const code = [
      'try:',
      '    import x',
      'except:',
      '    x = None',
      'def f():',
      '    try:',
      '        g()',
      '    except ValueError:',
      '        pass',
      '    except Exception:',
      '        log()',
      'class A:',
      '    def m(self):',
      '        try:',
      '            g()',
      '        except:',
      '            pass',
      '',
    ].join('\n');
    expect((await smells(code, 'UselessTryExcept')).map((w) => w.message)).toEqual([
      'Useless try except smell with "too general exception" at line 3',
      'Useless try except smell with "empty exception detected" at line 8',
    ]);
  });
});

describe('class cohesion (cohesion tool, below 30%)', () => {
  test('methods that each touch one of many attributes make a low-cohesion class', async () => {
    const uses = (n: number) =>
      Array.from({ length: n }, (_, i) => [
        `    def m${i}(self):`,
        `        return self.a${i}`,
      ]).flat();
    const init = [
      'class Low:',
      '    def __init__(self):',
      `        ${Array.from({ length: 8 }, (_, i) => `self.a${i}`).join(' = ')} = 0`,
    ];
    // 8 attributes; __init__ uses all, each other method one: (8 + 4) / (8 * 5) = 30%, (8 + 5) / (8 * 6) = 27%.
    expect(await smells([...init, ...uses(4), ''].join('\n'), 'ClassCohesion')).toEqual([]);
    const [w] = await smells([...init, ...uses(5), ''].join('\n'), 'ClassCohesion');
    expect(w.message).toBe(
      'Class cohesion smell detected with 1 out of 1 classes having cohesion < 30%',
    );
    expect(w.line).toBe(1);
  });
});

describe('code complexity (radon rank C or worse: complexity above 10)', () => {
  test('complexity 11 is rank C; 10 is rank B', async () => {
    const body = (n: number) =>
      [
        'def f(a):',
        ...indent(Array.from({ length: n }, (_, i) => [`if a == ${i}:`, '    return 1']).flat()),
        '    return 0',
        '',
      ].join('\n');
    expect(await smells(body(9), 'CodeComplexity')).toEqual([]);
    const [w] = await smells(body(10), 'CodeComplexity');
    expect(w.message).toBe(
      'Code complexity smell detected with 1 of 1 code blocks having cyclomatic complexity of rank C or worse (rank C is moderate to slighly complex with cyclomatic complexity between 11 and 20).',
    );
  });

  test('boolean operators, comprehensions and except handlers add to it; nested defs do not', async () => {
    const code = [
      'def f(a, b):',
      '    if a and b or a:',
      '        pass',
      '    x = [i for i in a if i if i]',
      '    try:',
      '        pass',
      '    except A:',
      '        pass',
      '    except B:',
      '        pass',
      '    def g():',
      ...indent(
        ['if a:', '    pass', 'if b:', '    pass', 'if a:', '    pass', 'if b:', '    pass'],
        '        ',
      ),
      '    return x',
      '',
    ].join('\n');
    // 1 + if 1 + boolean ops 2 + comprehension 1 + ifs 2 + handlers 2 = 9: rank B, and g is a closure.
    expect(
      await smells(
        code.replace(
          '    return x',
          '    while a:\n        pass\n    while b:\n        pass\n    return x',
        ),
        'CodeComplexity',
      ),
    ).toHaveLength(1);
    expect(await smells(code, 'CodeComplexity')).toEqual([]);
  });
});

describe('long lambda (> 60) and long list comprehension (> 72), measured on astor re-prints', () => {
  test('astor adds parentheses around a lambda and normalises spacing', async () => {
    const parser = await getParser('python', assets);
    const src = 'f = lambda  x,y=1 :(x+y)\nl = [ (a,b) for (a,b) in z if a ]\n';
    const tree = toSyntaxTree(parser.parse(src)!, src);
    const lambda = descendants(tree.root, 'lambda')[0];
    const comp = descendants(tree.root, 'list_comprehension')[0];
    expect(astorSource(tree, lambda)).toBe('(lambda x, y=1: x + y)');
    expect(astorSource(tree, comp)).toBe('[(a, b) for a, b in z if a]');
    expect(astorLength('x'.repeat(79))).toBe(79);
    expect(astorLength('x'.repeat(80))).toBe(85);
  });

  test('thresholds', async () => {
    const lambdaOf = (n: number) => `f = lambda: ${'a'.repeat(n - 11)}\n`; // astor: '(lambda : ' + name + ')'
    expect(await smells(lambdaOf(60), 'LongLambda')).toEqual([]);
    const [w] = await smells(lambdaOf(61), 'LongLambda');
    expect(w.message).toBe(
      `Long lambda smell detected with 1 long lambda functions and the longest lambda function \`f = lambda: ${'a'.repeat(50)}\` at line 1 having line length 61`,
    );
    const compOf = (n: number) => `l = [x for x in ${'b'.repeat(n - 13)}]\n`; // '[x for x in ' + name + ']'
    expect(await smells(compOf(72), 'LongListComprehension')).toEqual([]);
    expect((await smells(compOf(73), 'LongListComprehension'))[0].message).toContain(
      'having line length 73',
    );
  });
});

describe('shotgun surgery (calls outside the class, as PyScent counts them)', () => {
  test('two classes with outside calls; the top one needs at least two', async () => {
    const code = [
      'class A:',
      '    def f(self):',
      '        return helper(self.g(), other())',
      '    def g(self):',
      '        return {}.get(1)',
      'class B:',
      '    def h(self):',
      '        return len([])',
      '',
    ].join('\n');
    const [w] = await smells(code, 'ShotgunSurgery');
    expect(w.message).toBe(
      'Shotgun smell detected with 2 classes with too many external functions and class with most external function calls, `A` having 2 external function calls',
    );
  });
});

describe('files PyScent cannot parse', () => {
  test('Python 2 code and syntax errors produce no smells', async () => {
    const ifs = Array.from({ length: 13 }, (_, i) => [`    if a == ${i}:`, '        pass']).flat();
    const py3 = ['def f(a):', ...ifs, ''].join('\n');
    expect(await smells(py3)).not.toEqual([]);
    expect(await smells(py3 + 'print "hello"\n')).toEqual([]);
    expect(await smells(py3 + 'try:\n    pass\nexcept E, e:\n    pass\n')).toEqual([]);
    expect(await smells(py3 + 'x = 0777\n')).toEqual([]);
    expect(await smells(py3 + 's = "\\N"\n')).toEqual([]);
    expect(await smells(py3 + 'def broken(:\n')).toEqual([]);
    expect(await smells(py3 + 's = "\\u2026" + r"\\N"\n')).not.toEqual([]);
  });
});
