import {
  checkExpression,
  ExpressionError,
  type ExpressionResult,
  evaluateExpression,
} from '../chains/expressions.ts';
import { ChainError } from '../run/chain-error.ts';
import type { NodeExecution, Problem, Scope, StaticScope } from './node-kind.ts';

/** The problem with an expression where it stands (`path` is where it is in its node), or none. */
export function expressionProblems(
  source: string,
  path: (string | number)[],
  scope: StaticScope,
  extra: {
    readonly steps?: readonly string[];
    readonly iteration?: boolean;
    readonly gives?: ExpressionResult;
  } = {},
): Problem[] {
  try {
    checkExpression(
      source,
      {
        steps: [...scope.visible, ...(extra.steps ?? [])],
        item: scope.item,
        iteration: scope.iteration || extra.iteration === true,
      },
      extra.gives,
    );
    return [];
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return [{ path, message: `\`${source}\` ${error.message}` }];
  }
}

/**
 * Evaluates an expression of step `at` (in `scope`, default the step's); a failure is a ChainError
 * EXPRESSION_FAILED naming the step, what the expression is for, and the expression.
 */
export function evaluateFor(
  at: NodeExecution,
  step: string,
  what: string,
  source: string,
  scope?: Scope,
): unknown {
  try {
    return evaluateExpression(source, at.expressionInput(scope));
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new ChainError(
      'EXPRESSION_FAILED',
      `The ${what} of the ${step} step (\`${source}\`) could not be evaluated: ${why}`,
      { step, cause: error },
    );
  }
}

/** Evaluates a condition: it must give a boolean. */
export function conditionHolds(
  at: NodeExecution,
  step: string,
  what: string,
  source: string,
  scope?: Scope,
): boolean {
  const value = evaluateFor(at, step, what, source, scope);
  if (typeof value === 'boolean') return value;
  throw new ChainError(
    'EXPRESSION_FAILED',
    `The ${what} of the ${step} step (\`${source}\`) gave ${describe(value)}, not true or false`,
    { step },
  );
}

/** What a value is, for a message. */
export const describe = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'a list'
      : typeof value === 'object'
        ? 'a map'
        : `a ${typeof value}`;
