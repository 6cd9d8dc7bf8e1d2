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
  const enabled = (message: DesignMessage) => (f: Finding) => !pragmas.disabled(message, f.node);

  const methods = longMethods(tree).filter(enabled('R0915'));
  if (methods.length) {
    const w = worst(methods);
    out.push(
      warning(
        'LongMethod',
        w.node,
        msg.longMethod(methods.length, defName(tree, w.node), w.node.row + 1, w.metric),
      ),
    );
  }
  const params = longParameterLists(tree).filter(enabled('R0913'));
  if (params.length) {
    const w = worst(params);
    const args = positionalArgs(tree, w.node).map((a) => a.name);
    out.push(
      warning(
        'LongParameterList',
        w.node,
        msg.longParameterList(params.length, defName(tree, w.node), w.node.row + 1, w.metric, args),
      ),
    );
  }
  const branches = longBranches(tree).filter(enabled('R0912'));
  if (branches.length) {
    const w = worst(branches);
    out.push(
      warning(
        'LongBranch',
        w.node,
        msg.longBranch(branches.length, defName(tree, w.node), w.node.row + 1, w.metric),
      ),
    );
  }
  const attrs = manyAttributes(tree).filter(enabled('R0902'));
  if (attrs.length) {
    const w = worst(attrs);
    out.push(
      warning(
        'ManyAttributes',
        w.node,
        msg.manyAttributes(
          attrs.length,
          nameOf(tree, w.node),
          w.metric,
          initAssignedAttributes(tree, w.node),
        ),
      ),
    );
  }
  const many = manyMethods(tree).filter(enabled('R0904'));
  if (many.length) {
    const w = worst(many);
    out.push(
      warning(
        'ManyMethods',
        w.node,
        msg.manyMethods(
          many.length,
          nameOf(tree, w.node),
          w.metric,
          publicMethodNames(tree, w.node),
        ),
      ),
    );
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

  const lambdas = longLambdas(tree);
  const lambda = longest(lambdas);
  if (lambda)
    out.push(
      warning(
        'LongLambda',
        lambda.node,
        msg.longLambda(
          lambdas.length,
          nodeSourceAtLine(tree, lambda.line),
          lambda.line,
          lambda.length,
        ),
      ),
    );
  const comps = longListComprehensions(tree);
  const comp = longest(comps);
  if (comp)
    out.push(
      warning(
        'LongListComprehension',
        comp.node,
        msg.longListComprehension(
          comps.length,
          nodeSourceAtLine(tree, comp.line),
          comp.line,
          comp.length,
        ),
      ),
    );
  return out;
}
