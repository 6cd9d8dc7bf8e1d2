// Each PMD rule port on small fixtures that should and should not trigger it.
import { describe, expect, test } from 'vitest';
import { analyzeJava } from './java.ts';
import { nodeTreeSitterAssets } from './treesitterNode.ts';
import { hasMalformedUnicodeEscape } from './java/lexical.ts';

const assets = nodeTreeSitterAssets();

/** `line:rule` pairs for one rule (or all rules). */
async function found(code: string, rule?: string): Promise<string[]> {
  const warnings = await analyzeJava(code, assets);
  return warnings.filter((w) => !rule || w.rule === rule).map((w) => `${w.line}:${w.rule}`);
}

async function messages(code: string, rule: string): Promise<string[]> {
  return (await analyzeJava(code, assets)).filter((w) => w.rule === rule).map((w) => w.message);
}

describe('UnnecessaryImport', () => {
  const code = [
    'package a.b;',
    'import java.util.List;',
    'import java.util.Map;',
    'import java.util.Set;',
    'import java.lang.String;',
    'import a.b.Sibling;',
    'import java.util.List;',
    'import static java.util.Collections.emptyList;',
    'import static java.util.Collections.singletonList;',
    'import static org.example.Util.helper;',
    'import org.example.*;',
    'import java.io.*;',
    '/** See {@link Set}. */',
    'class A { List<String> l = emptyList(); Object o = helper(); }',
  ].join('\n');

  test('reports unused, java.lang, same-package, duplicate and unresolvable imports with PMD messages', async () => {
    expect(await messages(code, 'UnnecessaryImport')).toEqual([
      "Unused import 'java.util.Map'",
      "Unnecessary import from the java.lang package 'java.lang.String'",
      "Unnecessary import from the current package 'a.b.Sibling'",
      "Duplicate import 'java.util.List'",
      "Unused static import 'java.util.Collections.singletonList'",
      // PMD 7.0 without the classpath: a static import from outside the JDK is reported even when used.
      "Unused static import 'org.example.Util.helper'",
      "Unused import 'org.example.*'",
    ]);
  });

  test('a type named only in javadoc counts as used; a JDK on-demand import is left alone', async () => {
    const lines = await found(code, 'UnnecessaryImport');
    expect(lines).not.toContain('4:UnnecessaryImport');
    expect(lines).not.toContain('12:UnnecessaryImport');
    expect(lines).not.toContain('2:UnnecessaryImport');
  });
});

describe('Unused* rules', () => {
  test('UnusedPrivateField: reads count, writes do not; annotated fields and serialVersionUID are skipped', async () => {
    const code = [
      'class A {',
      '  private static final long serialVersionUID = 1L;',
      '  private int read;',
      '  private int written;',
      '  private int shadowed;',
      '  @Inject private int injected;',
      '  public int open;',
      '  A(int shadowed) { this.written = 1; this.shadowed = shadowed; }',
      '  int get() { return read; }',
      '}',
    ].join('\n');
    expect(await messages(code, 'UnusedPrivateField')).toEqual([
      "Avoid unused private fields such as 'written'.",
      "Avoid unused private fields such as 'shadowed'.",
    ]);
  });

  test('UnusedPrivateField: a class with framework annotations is left alone', async () => {
    expect(await found('@Data\nclass A { private int x; }', 'UnusedPrivateField')).toEqual([]);
  });

  test('UnusedPrivateMethod: calls, overloads by argument type, serialization hooks, method references', async () => {
    const code = [
      'class A {',
      '  private void used() {}',
      '  private void unused(int x) {}',
      '  private void over(String s) {}',
      '  private void over(Integer i) {}',
      '  private void readObject(java.io.ObjectInputStream in) {}',
      '  private void viaThread() {}',
      '  private void viaUnknownApi() {}',
      '  void run(String s) { used(); over(s); new Thread(this::viaThread).start(); bus.subscribe(this::viaUnknownApi); }',
      '}',
    ].join('\n');
    expect(await messages(code, 'UnusedPrivateMethod')).toEqual([
      "Avoid unused private methods such as 'unused(int)'.",
      "Avoid unused private methods such as 'over(Integer)'.",
      "Avoid unused private methods such as 'viaUnknownApi()'.",
    ]);
  });

  test('UnusedPrivateMethod prints generic parameter types as written', async () => {
    expect(
      await messages(
        'class A { private void f(Map<String,List<Integer>> m, int... xs) {} }',
        'UnusedPrivateMethod',
      ),
    ).toEqual(["Avoid unused private methods such as 'f(Map<String, List<Integer>>, int...)'."]);
  });

  test('UnusedFormalParameter: private methods and constructors; not public, @Override, abstract, or ignored names', async () => {
    const code = [
      'abstract class A {',
      '  private void p(int used, int notUsed, int ignored) { System.out.println(used); }',
      '  public void q(int notChecked) {}',
      '  A(int ctorArg) {}',
      '  abstract void r(int x);',
      '}',
    ].join('\n');
    expect(await messages(code, 'UnusedFormalParameter')).toEqual([
      "Avoid unused method parameters such as 'notUsed'.",
      "Avoid unused constructor parameters such as 'ctorArg'.",
    ]);
  });

  test('UnusedLocalVariable: assigned but never read; loop variables and explicit names are fine', async () => {
    const code = [
      'class A {',
      '  int f() {',
      '    int a = 1;',
      '    int b = 2;',
      '    int unusedOk = 3;',
      '    b = 5;',
      '    for (int i = 0; i < 3; i++) {}',
      '    return a;',
      '  }',
      '}',
    ].join('\n');
    expect(await found(code, 'UnusedLocalVariable')).toEqual(['4:UnusedLocalVariable']);
  });
});

describe('LiteralsFirstInComparisons', () => {
  test('literals and constant fields as the argument, not as the receiver', async () => {
    const code = [
      'class A {',
      '  static final String K = "k";',
      '  boolean f(String s, String t) {',
      '    return s.equals("x")',
      '      || s.equalsIgnoreCase(K)',
      '      || "x".equals(s)',
      '      || s.equals(t)',
      '      || s.compareTo("a" + K) > 0',
      '      || s.equals(null);',
      '  }',
      '}',
    ].join('\n');
    expect(await found(code, 'LiteralsFirstInComparisons')).toEqual([
      '4:LiteralsFirstInComparisons',
      '5:LiteralsFirstInComparisons',
      '8:LiteralsFirstInComparisons',
    ]);
    expect(await messages(code, 'LiteralsFirstInComparisons')).toContain(
      'Position literals first in String comparisons',
    );
  });

  test('a local or parameter named like a constant is not a constant', async () => {
    expect(
      await found(
        'class A { static final String K = "k"; boolean f(String s, String K) { return s.equals(K); } }',
        'LiteralsFirstInComparisons',
      ),
    ).toEqual([]);
  });
});

describe('ControlStatementBraces', () => {
  test('loops on the loop line, if/else on the branch; else-if chains and blocks are fine', async () => {
    const code = [
      'class A { void f(int x) {',
      '  if (x > 0)',
      '    x--;',
      '  else if (x < 0) { x++; }',
      '  else',
      '    x = 0;',
      '  for (int i = 0; i < x; i++) g();',
      '  while (x > 0) { x--; }',
      '  do x--; while (x > 0);',
      '} void g() {} }',
    ].join('\n');
    expect(await found(code, 'ControlStatementBraces')).toEqual([
      '3:ControlStatementBraces',
      '6:ControlStatementBraces',
      '7:ControlStatementBraces',
      '9:ControlStatementBraces',
    ]);
  });
});

describe('GuardLogStatement', () => {
  test('costly arguments need a guard; constants and plain variables do not', async () => {
    const code = [
      'class A { static final String M = "m"; void f(Object o) {',
      '  log.debug("value " + o);',
      '  log.info("value {}", o);',
      '  log.info(M + "!");',
      '  log.warn("x {}", o.toString());',
      '  if (log.isDebugEnabled()) { log.debug("value " + o); }',
      '  if (log.isInfoEnabled()) { log.debug("wrong guard " + o); }',
      '  logger.log(Level.FINE, "x " + o);',
      '} }',
    ].join('\n');
    expect(await found(code, 'GuardLogStatement')).toEqual([
      '2:GuardLogStatement',
      '5:GuardLogStatement',
      '7:GuardLogStatement',
      '8:GuardLogStatement',
    ]);
  });
});

describe('type rules', () => {
  test('LooseCoupling: JDK implementation types in declarations, not in `new`, casts or own classes', async () => {
    const code = [
      'import java.util.*;',
      'class A {',
      '  private HashMap<String, Integer> m = new HashMap<>();',
      '  ArrayList<String> list() { return new ArrayList<>(); }',
      '  void f(Object o) { Object x = (TreeSet<String>) o; }',
      '  @Override public LinkedList<String> g() { return null; }',
      '}',
    ].join('\n');
    expect(await messages(code, 'LooseCoupling')).toEqual([
      "Avoid using implementation types like 'HashMap'; use the interface instead",
      "Avoid using implementation types like 'ArrayList'; use the interface instead",
    ]);
    // A project's own TreeMap (vavr) is not java.util's.
    expect(
      await found(
        'package io.vavr; class TreeMap<K, V> { TreeMap<K, V> empty() { return null; } }',
        'LooseCoupling',
      ),
    ).toEqual([]);
  });

  test('GenericsNaming: one upper-case letter', async () => {
    expect(await found('class A<T, Key> { <T1, u> void f() {} }', 'GenericsNaming')).toEqual([
      '1:GenericsNaming',
      '1:GenericsNaming',
      '1:GenericsNaming',
    ]);
  });
});

describe('empty blocks', () => {
  test('EmptyCatchBlock (comments do not help), except for exceptions named ignored/expected', async () => {
    const code = [
      'class A { void f() {',
      '  try { g(); } catch (RuntimeException e) { }',
      '  try { g(); } catch (RuntimeException e) { /* why */ }',
      '  try { g(); } catch (RuntimeException ignored) { }',
      '  try { g(); } catch (RuntimeException e) { throw e; }',
      '} void g() {} }',
    ].join('\n');
    expect(await found(code, 'EmptyCatchBlock')).toEqual([
      '2:EmptyCatchBlock',
      '3:EmptyCatchBlock',
    ]);
  });

  test('UncommentedEmptyMethodBody and UncommentedEmptyConstructor', async () => {
    const code = [
      'class A {',
      '  public A() {}',
      '  private A(int x) {}',
      '  A(long y) { /* on purpose */ }',
      '  void f() {}',
      '  void g() { /* nothing */ }',
      '}',
    ].join('\n');
    expect(await found(code, 'UncommentedEmptyMethodBody')).toEqual([
      '5:UncommentedEmptyMethodBody',
    ]);
    expect(await found(code, 'UncommentedEmptyConstructor')).toEqual([
      '2:UncommentedEmptyConstructor',
    ]);
  });
});

describe('class rules', () => {
  test('ClassWithOnlyPrivateConstructorsShouldBeFinal, counting implicit constructors of private classes', async () => {
    const code = [
      'class Outer {',
      '  private Outer() {}',
      '  private class Inner {}',
      '  private abstract class Base {}',
      '  private class Sub extends Base {}',
      '  private static class Extended {}',
      '  private static class Child extends Extended {}',
      '  public static class Open { public Open() {} }',
      '}',
    ].join('\n');
    expect(await found(code, 'ClassWithOnlyPrivateConstructorsShouldBeFinal')).toEqual([
      '1:ClassWithOnlyPrivateConstructorsShouldBeFinal',
      '3:ClassWithOnlyPrivateConstructorsShouldBeFinal',
      '5:ClassWithOnlyPrivateConstructorsShouldBeFinal',
      '7:ClassWithOnlyPrivateConstructorsShouldBeFinal',
    ]);
  });

  test('MissingOverride: Object methods and supertypes declared in the file', async () => {
    const code = [
      'abstract class Base { abstract boolean matches(String s); }',
      'class Impl extends Base {',
      '  boolean matches(String s) { return true; }',
      '  public String toString() { return ""; }',
      '  @Override public int hashCode() { return 1; }',
      '  public boolean equals(Impl other) { return false; }',
      '}',
    ].join('\n');
    expect(await messages(code, 'MissingOverride')).toEqual([
      "The method 'matches(String)' is missing an @Override annotation.",
      "The method 'toString()' is missing an @Override annotation.",
    ]);
  });
});

describe('statement and expression rules', () => {
  test('SwitchStmtsShouldHaveDefault, except exhaustive switches over an enum of the file', async () => {
    const code = [
      'class A { enum E { X, Y }',
      '  void f(int i, E e) {',
      '    switch (i) { case 1: break; }',
      '    switch (i) { case 1: break; default: break; }',
      '    switch (e) { case X: break; case Y: break; }',
      '    switch (e) { case X: break; }',
      '  } }',
    ].join('\n');
    expect(await found(code, 'SwitchStmtsShouldHaveDefault')).toEqual([
      '3:SwitchStmtsShouldHaveDefault',
      '6:SwitchStmtsShouldHaveDefault',
    ]);
  });

  test('UselessParentheses: around primaries, whole initializers and return values; not where they group', async () => {
    const code = [
      'class A { int f(int a, int b, boolean c) {',
      '  int x = (a + b);',
      '  int y = (a + b) * 2;',
      '  int z = c ? (a) : b;',
      '  x = (a == b) ? 1 : 2;',
      '  boolean d = (c && c) && c;',
      '  return (x);',
      '} }',
    ].join('\n');
    expect(await found(code, 'UselessParentheses')).toEqual([
      '2:UselessParentheses',
      '4:UselessParentheses',
      '6:UselessParentheses',
      '7:UselessParentheses',
    ]);
  });

  test('AssignmentInOperand: in if/for conditions, allowed in while (quickstart settings)', async () => {
    const code = [
      'class A { void f(java.io.BufferedReader r, int n) throws Exception {',
      '  String line;',
      '  while ((line = r.readLine()) != null) {}',
      '  if ((n = n - 1) > 0) {}',
      '  if (n++ > 3) {}',
      '  int m = n++;',
      '} }',
    ].join('\n');
    expect(await found(code, 'AssignmentInOperand')).toEqual([
      '4:AssignmentInOperand',
      '5:AssignmentInOperand',
    ]);
  });

  test('UseCollectionIsEmpty only where the receiver is known to be a collection or map', async () => {
    const code = [
      'import java.util.*;',
      'class A { List<String> items() { return null; }',
      '  boolean f(List<String> l, Map<String, String> m, Widget w) {',
      '    return l.size() == 0 || m.size() > 0 || 0 != l.size() || items().size() < 1 || w.size() == 0 || l.size() == 2;',
      '  } }',
    ].join('\n');
    expect((await found(code, 'UseCollectionIsEmpty')).length).toBe(4);
  });

  test('ReturnEmptyCollectionRatherThanNull for collection, map and array returns only', async () => {
    const code = [
      'class A {',
      '  java.util.List<String> a() { return null; }',
      '  int[] b() { return null; }',
      '  String c() { return null; }',
      '  java.util.Map<String, String> d() { Runnable r = () -> { return; }; return null; }',
      '}',
    ].join('\n');
    expect(await found(code, 'ReturnEmptyCollectionRatherThanNull')).toEqual([
      '2:ReturnEmptyCollectionRatherThanNull',
      '3:ReturnEmptyCollectionRatherThanNull',
      '5:ReturnEmptyCollectionRatherThanNull',
    ]);
  });

  test('UnnecessaryFullyQualifiedName: static imports and enclosing types, unless shadowed', async () => {
    const code = [
      'import static java.util.Collections.emptyList;',
      'import java.util.Collections;',
      'class Outer {',
      '  static final String NAME = "n";',
      '  static Object of() { return null; }',
      '  Object a = Collections.emptyList();',
      '  Object b = Outer.of();',
      '  static class Inner { String c = Outer.NAME; }',
      '  enum Kind { NAME; String d = Outer.NAME; }',
      '}',
    ].join('\n');
    expect(await messages(code, 'UnnecessaryFullyQualifiedName')).toEqual([
      "Unnecessary qualifier 'Collections': 'emptyList' is already in scope",
      "Unnecessary qualifier 'Outer': 'of' is already in scope",
      "Unnecessary qualifier 'Outer': 'NAME' is already in scope because it is declared in an enclosing type",
    ]);
  });
});

describe('suppression and files PMD cannot read', () => {
  test('@SuppressWarnings("PMD...") and NOPMD silence a warning', async () => {
    const code = [
      'class A {',
      '  @SuppressWarnings("PMD.UnusedPrivateField") private int a;',
      '  @SuppressWarnings("unused") private int b;',
      '  private int c; // NOPMD',
      '  private int d;',
      '}',
    ].join('\n');
    // Annotated fields are skipped anyway; NOPMD works on any line.
    expect(await found(code, 'UnusedPrivateField')).toEqual(['5:UnusedPrivateField']);
    expect(await found('@SuppressWarnings("PMD")\nclass A { private void f() {} }')).toEqual([]);
  });

  test('a syntax error or a malformed \\u escape yields no warnings at all, like PMD', async () => {
    expect(await found('class A { private int x; #error }')).toEqual([]);
    expect(await found("class A { private int x; char c = '\\uZZZZ'; }")).toEqual([]);
    expect(hasMalformedUnicodeEscape('String s = "\\\\u";')).toBe(false);
    expect(hasMalformedUnicodeEscape('String s = "\\u00e9";')).toBe(false);
    expect(hasMalformedUnicodeEscape("char c = '\\u';")).toBe(true);
  });

  test('warnings carry the tool, 1-based line and column, in line order', async () => {
    const w = await analyzeJava(
      'class A {\n  void f(int x) { if (x > 0) x--; }\n  private int unused;\n}',
      assets,
    );
    expect(w.map((x) => [x.tool, x.line, x.rule])).toEqual([
      ['PMD', 2, 'ControlStatementBraces'],
      ['PMD', 3, 'UnusedPrivateField'],
    ]);
    expect(w[0].column).toBe(30);
  });
});
