// The PMD quickstart rules this port implements (the ones the study's reference output shows,
// plus UnusedLocalVariable).
import type { JavaRule } from '../context.ts';
import { unnecessaryImport } from './imports.ts';
import {
  unusedFormalParameter,
  unusedLocalVariable,
  unusedPrivateField,
  unusedPrivateMethod,
} from './unused.ts';
import { literalsFirstInComparisons, useCollectionIsEmpty } from './comparisons.ts';
import { controlStatementBraces } from './braces.ts';
import { guardLogStatement } from './logging.ts';
import { genericsNaming, looseCoupling } from './types.ts';
import {
  emptyCatchBlock,
  uncommentedEmptyConstructor,
  uncommentedEmptyMethodBody,
} from './blocks.ts';
import {
  avoidProtectedFieldInFinalClass,
  avoidUsingVolatile,
  classWithOnlyPrivateConstructorsShouldBeFinal,
  finalFieldCouldBeStatic,
  missingOverride,
  overrideBothEqualsAndHashcode,
  unnecessaryConstructor,
  uselessQualifiedThis,
} from './classes.ts';
import {
  avoidCatchingThrowable,
  avoidDollarSigns,
  avoidThreadGroup,
  defaultLabelNotLastInSwitchStmt,
  localVariableNamingConventions,
  oneDeclarationPerLine,
  optimizableToArrayCall,
  packageCase,
  returnEmptyCollectionRatherThanNull,
  switchStmtsShouldHaveDefault,
  unnecessaryAnnotationValueElement,
  unnecessaryLocalBeforeReturn,
  useLocaleWithCaseConversions,
} from './misc.ts';
import {
  assignmentInOperand,
  unnecessaryFullyQualifiedName,
  uselessParentheses,
} from './expressions.ts';

export const JAVA_RULES: JavaRule[] = [
  unnecessaryImport,
  unusedPrivateField,
  unusedPrivateMethod,
  unusedFormalParameter,
  unusedLocalVariable,
  literalsFirstInComparisons,
  useCollectionIsEmpty,
  controlStatementBraces,
  guardLogStatement,
  looseCoupling,
  genericsNaming,
  emptyCatchBlock,
  uncommentedEmptyMethodBody,
  uncommentedEmptyConstructor,
  classWithOnlyPrivateConstructorsShouldBeFinal,
  missingOverride,
  overrideBothEqualsAndHashcode,
  avoidProtectedFieldInFinalClass,
  unnecessaryConstructor,
  finalFieldCouldBeStatic,
  uselessQualifiedThis,
  avoidUsingVolatile,
  switchStmtsShouldHaveDefault,
  defaultLabelNotLastInSwitchStmt,
  returnEmptyCollectionRatherThanNull,
  localVariableNamingConventions,
  avoidThreadGroup,
  packageCase,
  avoidDollarSigns,
  oneDeclarationPerLine,
  avoidCatchingThrowable,
  unnecessaryAnnotationValueElement,
  useLocaleWithCaseConversions,
  optimizableToArrayCall,
  unnecessaryLocalBeforeReturn,
  uselessParentheses,
  assignmentInOperand,
  unnecessaryFullyQualifiedName,
];
