import { z } from 'zod';
import { ExpressionSchema, type LoopNode, nodeBaseShape, StepIdSchema } from '../chains/chain-nodes.ts';
import { ChainError } from '../run/chain-error.ts';
import { findDecision, keepDecision } from '../run/run-instances.ts';
import type { DecisionView } from '../run/run-types.ts';
import { readScope } from '../run/scope.ts';
import { conditionHolds, expressionProblems } from './expression-problem.ts';
import type { NodeKind, NodeValue, Problem } from './node-kind.ts';

/** Most iterations a loop may allow. */
export const MAX_LOOP_ITERATIONS = 20;

/**
 * Runs its block again until `until` holds (checked after each iteration, over the iteration's artifacts), at
 * most `maxIterations` times. Each iteration's tasks are new tasks in the run's context, each referencing the
 * same step's task of the iteration before. Inside, the loop's own id reads its value: `from`'s artifact in the
 * first iteration, then the block's result of the iteration before; the loop's artifact is its last value. Each
 * iteration is kept as begun before it runs.
 */
export const loopNode: NodeKind<LoopNode> = {
  kind: 'loop',
  matches: (raw) => raw.kind === 'loop' || 'loop' in raw,
  schema: (block) =>
    z
      .object({
        ...nodeBaseShape,
        kind: z.literal('loop').optional(),
        loop: z
          .object({
            ...block,
            until: ExpressionSchema,
            maxIterations: z.number().int().min(1).max(MAX_LOOP_ITERATIONS),
            from: StepIdSchema.optional(),
            onExhausted: z.enum(['complete', 'fail']).default('complete'),
          })
          .strict(),
      })
      .strict(),
  blocks: (node) => [{ block: node.loop, path: ['loop'], iteration: true }],
  problems(node, scope) {
    const problems: Problem[] = [];
    if (node.loop.from !== undefined && !scope.visible.includes(node.loop.from)) {
      problems.push({
        path: ['loop', 'from'],
        message: scope.known.has(node.loop.from)
          ? `reads the artifact of "${node.loop.from}", which "${node.id}" does not depend on`
          : `names no step: "${node.loop.from}"`,
      });
    }
    const body = node.loop.steps.map((step) => step.id);
    problems.push(
      ...expressionProblems(node.loop.until, ['loop', 'until'], scope, {
        steps: body,
        iteration: true,
        gives: 'bool',
      }),
    );
    return problems;
  },
  async run(node, at) {
    const { view, round, emit } = at.run;
    const number = round.refinement?.refinement ?? 0;
    const decision: DecisionView =
      findDecision(view, number, at.key) ??
      keepDecision(view, {
        key: at.key,
        step: node.id,
        kind: 'loop',
        ...(number === 0 ? {} : { round: number }),
        at: new Date().toISOString(),
        iterations: 0,
      });
    let value: NodeValue | undefined =
      node.loop.from === undefined ? undefined : readScope(at.scope, node.loop.from);
    for (let iteration = 1; ; iteration += 1) {
      if ((decision.iterations ?? 0) < iteration) {
        decision.iterations = iteration;
        emit({ type: 'loop.iteration', step: node.id, instance: at.key, iteration });
      }
      const scope = at.childScope({
        prefix: `${at.key}#${iteration}/`,
        iteration,
        ...(iteration > 1 ? { previousPrefix: `${at.key}#${iteration - 1}/` } : {}),
      });
      if (value !== undefined) scope.values.set(node.id, value);
      value = await at.runBlock(node.loop, scope);
      const holds = conditionHolds(at, node.id, 'until condition', node.loop.until, scope);
      if (!holds && iteration < node.loop.maxIterations) continue;
      if (decision.done !== true) {
        decision.done = true;
        decision.exhausted = !holds;
        emit({
          type: 'loop.ended',
          step: node.id,
          instance: at.key,
          iterations: iteration,
          exhausted: !holds,
        });
      }
      if (!holds && node.loop.onExhausted === 'fail') {
        throw new ChainError(
          'LOOP_EXHAUSTED',
          `The ${node.id} step ran ${iteration} iterations, its most, and \`${node.loop.until}\` never held`,
          { step: node.id },
        );
      }
      return value;
    }
  },
};
