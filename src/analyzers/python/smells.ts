// Assembles PyScent's warnings from the individual detectors, in the driver's order.
import type { AnalyzerWarning } from '../types.ts';
import type { SyntaxNode, SyntaxTree } from '../syntax.ts';
import { walk } from '../syntax.ts';
import { hasPython2Syntax, isClass, isPlainFunction, nameOf, positionalArgs } from './pyast.ts';
import {
  initAssignedAttributes,
  longBranches,
  longMethods,
  longParameterLists,
  manyAttributes,
  manyMethods,
  publicMethodNames,
  type Finding,
} from './design.ts';
import { uselessTryExcepts } from './uselessTry.ts';
import { COHESION_LIMIT, lowCohesionClasses } from './cohesion.ts';
import { complexityBlocks, rank } from './radon.ts';
import { longest, longLambdas, longListComprehensions } from './longExpressions.ts';
import { shotgunSurgery } from './shotgun.ts';
import { nodeSourceAtLine } from './nodeAtLine.ts';
import { PylintPragmas, type DesignMessage } from './pragmas.ts';
import { pyscentMessages as msg } from './messages.ts';

function warning(
  rule: string,
  node: SyntaxNode | null,
  message: string,
  line?: number,
): AnalyzerWarning {
  return {
    tool: 'PyScent',
    rule,
    line: line ?? (node ? node.row + 1 : 1),
    column: node ? node.column + 1 : 1,
    message,
  };
}

/** pylint's list sorted by metric, largest first; ties keep pylint's message order. */
function worst(findings: Finding[]): Finding {
  return [...findings].sort((a, b) => b.metric - a.metric)[0];
}

/** The driver names a def only when the node it finds at that line is a (sync) FunctionDef. */
const defName = (tree: SyntaxTree, n: SyntaxNode): string =>
  isPlainFunction(n) ? nameOf(tree, n) : '';

function count(root: SyntaxNode, pred: (n: SyntaxNode) => boolean): number {
  let c = 0;
  walk(root, (n) => void (pred(n) && c++));
  return c;
}

export function smellsOf(tree: SyntaxTree): AnalyzerWarning[] {
  // PyScent starts with ast.parse on the file: Python 3 syntax errors (Python 2 code included)
  // stop it before any smell is reported.
  if (tree.hasError || hasPython2Syntax(tree)) return [];
  const out: AnalyzerWarning[] = [];
  const pragmas = new PylintPragmas(tree);
  // pylint's design checks, in the driver's order: one warning each, at the worst finding a pragma leaves.
  const design: [
    string,
    DesignMessage,
    (t: SyntaxTree) => Finding[],
    (n: number, w: Finding) => string,
  ][] = [
    [
      'LongMethod',
      'R0915',
      longMethods,
      (n, w) => msg.longMethod(n, defName(tree, w.node), w.node.row + 1, w.metric),
    ],
    [
      'LongParameterList',
      'R0913',
      longParameterLists,
      (n, w) =>
        msg.longParameterList(
          n,
          defName(tree, w.node),
          w.node.row + 1,
          w.metric,
          positionalArgs(tree, w.node).map((a) => a.name),
        ),
    ],
    [
      'LongBranch',
      'R0912',
      longBranches,
      (n, w) => msg.longBranch(n, defName(tree, w.node), w.node.row + 1, w.metric),
    ],
    [
      'ManyAttributes',
      'R0902',
      manyAttributes,
      (n, w) =>
        msg.manyAttributes(n, nameOf(tree, w.node), w.metric, initAssignedAttributes(tree, w.node)),
    ],
    [
      'ManyMethods',
      'R0904',
      manyMethods,
      (n, w) => msg.manyMethods(n, nameOf(tree, w.node), w.metric, publicMethodNames(tree, w.node)),
    ],
  ];
  for (const [rule, id, find, message] of design) {
    const found = find(tree).filter((f) => !pragmas.disabled(id, f.node));
    if (found.length) {
      const w = worst(found);
      out.push(warning(rule, w.node, message(found.length, w)));
    }
  }
  for (const h of uselessTryExcepts(tree))
    out.push(warning('UselessTryExcept', h.node, msg.uselessTry(h.reason, h.line)));

  const shotgun = shotgunSurgery(tree);
  if (shotgun)
    out.push(
      warning(
        'ShotgunSurgery',
        shotgun.top.node,
        msg.shotgunSurgery(shotgun.classes, shotgun.top.name, shotgun.top.calls),
      ),
    );

  // The driver gives the file-level smells line -1; we point at the worst class / block instead,
  // so that the warning can be shown and filtered like the others.
  const classes = count(tree.root, isClass);
  const lowCohesion = lowCohesionClasses(tree);
  if (lowCohesion.length) {
    const least = [...lowCohesion].sort((a, b) => a.percentage - b.percentage)[0];
    out.push(
      warning(
        'ClassCohesion',
        least.node,
        msg.classCohesion(lowCohesion.length, classes, COHESION_LIMIT),
      ),
    );
  }
  const complex = complexityBlocks(tree).filter((b) => rank(b.complexity) >= 'C');
  if (complex.length) {
    const top = [...complex].sort((a, b) => b.complexity - a.complexity)[0];
    const codeBlocks = count(tree.root, isPlainFunction) + classes;
    out.push(warning('CodeComplexity', top.node, msg.codeComplexity(complex.length, codeBlocks)));
  }

  const expressions = [
    ['LongLambda', longLambdas, msg.longLambda],
    ['LongListComprehension', longListComprehensions, msg.longListComprehension],
  ] as const;
  for (const [rule, find, message] of expressions) {
    const found = find(tree);
    const e = longest(found);
    if (e)
      out.push(
        warning(
          rule,
          e.node,
          message(found.length, nodeSourceAtLine(tree, e.line), e.line, e.length),
        ),
      );
  }
  return out;
}
