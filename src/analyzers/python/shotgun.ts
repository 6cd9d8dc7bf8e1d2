// PyScent's shotgun surgery (Table 13; the one Python smell in the human-study pseudo-references):
// per module-level class, the calls whose callee name is neither one of the class's own methods nor
// in `dir(__builtins__)`. PyScent's driver imports the detector as a module, where `__builtins__`
// is a dict, so the "builtins" it excludes are dict's attribute names: `len(x)` counts as external,
// `d.get(k)` does not. This reproduces the reported `py-4155` line ("2 classes ... 2 calls").
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { field, named, walk } from '../syntax.ts';
import { bodyOf, isClass, isPlainFunction, nameOf, unwrapDecorated } from './pyast.ts';
import { astorSource } from './render.ts';

const DICT_ATTRIBUTES = new Set([
  '__class__',
  '__class_getitem__',
  '__contains__',
  '__delattr__',
  '__delitem__',
  '__dir__',
  '__doc__',
  '__eq__',
  '__format__',
  '__ge__',
  '__getattribute__',
  '__getitem__',
  '__getstate__',
  '__gt__',
  '__hash__',
  '__init__',
  '__init_subclass__',
  '__ior__',
  '__iter__',
  '__le__',
  '__len__',
  '__lt__',
  '__ne__',
  '__new__',
  '__or__',
  '__reduce__',
  '__reduce_ex__',
  '__repr__',
  '__reversed__',
  '__ror__',
  '__setattr__',
  '__setitem__',
  '__sizeof__',
  '__str__',
  '__subclasshook__',
  'clear',
  'copy',
  'fromkeys',
  'get',
  'items',
  'keys',
  'pop',
  'popitem',
  'setdefault',
  'update',
  'values',
]);

export interface ShotgunResult {
  /** Classes with at least one external call (PyScent's count). */
  classes: number;
  top: { node: SyntaxNode; name: string; calls: number };
}

/** `astor.to_source(call).split('(')[0].split('.')[-1]` */
function calleeName(tree: SyntaxTree, call: SyntaxNode): string {
  const fn = field(call, 'function');
  const text = fn ? astorSource(tree, fn) : '';
  return text.split('(')[0].split('.').pop() ?? '';
}

export function externalCalls(tree: SyntaxTree, cls: SyntaxNode): number {
  const own = new Set(
    bodyOf(cls)
      .map(unwrapDecorated)
      .filter(isPlainFunction)
      .map((f) => nameOf(tree, f)),
  );
  let external = 0;
  const count = (n: SyntaxNode): void => {
    if (n.type === 'call') {
      const name = calleeName(tree, n);
      if (!own.has(name) && !DICT_ATTRIBUTES.has(name)) external++;
    }
  };
  // ast.walk(ClassDef) also visits the class's decorators.
  if (cls.parent?.type === 'decorated_definition') {
    for (const d of cls.parent.children) if (d.type === 'decorator') walk(d, count);
  }
  walk(cls, count);
  return external;
}

/**
 * Null when no class calls outside itself. PyScent picks the top class with a quirky comparison
 * (a class needs at least 2 external calls) and crashes when none qualifies; we then report nothing.
 */
export function shotgunSurgery(tree: SyntaxTree): ShotgunResult | null {
  let classes = 0;
  let top: ShotgunResult['top'] | null = null;
  let most = 0;
  for (const stmt of named(tree.root)) {
    const cls = unwrapDecorated(stmt);
    if (!isClass(cls)) continue;
    const calls = externalCalls(tree, cls);
    if (calls === 0) continue;
    classes++;
    // PyScent's list holds one entry per call, plus a summary entry when there are more than 5.
    const entries = calls + (calls > 5 ? 1 : 0);
    if (most < entries - 1) {
      most = entries;
      top = { node: cls, name: nameOf(tree, cls), calls: entries };
    }
  }
  return classes && top ? { classes, top } : null;
}
