import { z } from 'zod';
import { type Block, type BranchNode, ExpressionSchema, nodeBaseShape } from '../chains/chain-nodes.ts';
import { ChainError } from '../run/chain-error.ts';
import { findDecision, keepDecision } from '../run/run-instances.ts';
import { conditionHolds, expressionProblems } from './expression-problem.ts';
import type { NodeKind, Problem } from './node-kind.ts';

/**
 * Chooses what runs next: the first case whose `when` holds (a CEL condition over the run's input and the
 * artifacts the step sees), else `otherwise`. Its artifact is the chosen block's result. The choice is kept before
 * the chosen steps run, so a run taken over goes on with the same choice.
 */
export const branchNode: NodeKind<BranchNode> = {
  kind: 'branch',
  matches: (raw) => raw.kind === 'branch' || 'branch' in raw,
  schema: (block) =>
    z
      .object({
        ...nodeBaseShape,
        kind: z.literal('branch').optional(),
        branch: z
          .object({
            cases: z
              .array(z.object({ when: ExpressionSchema, ...block }).strict())
              .min(1)
              .max(10),
            otherwise: z.object(block).strict().optional(),
          })
          .strict(),
      })
      .strict(),
  blocks: (node) => [
    ...node.branch.cases.map((block, at) => ({ block, path: ['branch', 'cases', at] })),
    ...(node.branch.otherwise ? [{ block: node.branch.otherwise, path: ['branch', 'otherwise'] }] : []),
  ],
  problems: (node, scope) =>
    node.branch.cases.flatMap((one, at): Problem[] =>
      expressionProblems(one.when, ['branch', 'cases', at, 'when'], scope, { gives: 'bool' }),
    ),
  async run(node, at) {
    const { view, round, emit } = at.run;
    const number = round.refinement?.refinement ?? 0;
    let chosen = findDecision(view, number, at.key)?.case;
    if (chosen === undefined) {
      const index = node.branch.cases.findIndex((one, position) =>
        conditionHolds(at, node.id, `condition of case ${position}`, one.when),
      );
      if (index < 0 && node.branch.otherwise === undefined) {
        throw new ChainError(
          'NO_BRANCH_MATCHED',
          `No case of the ${node.id} step held (${node.branch.cases.map((one) => `\`${one.when}\``).join(', ')}) and it has no otherwise`,
          { step: node.id },
        );
      }
      chosen = index < 0 ? 'otherwise' : index;
      keepDecision(view, {
        key: at.key,
        step: node.id,
        kind: 'branch',
        ...(number === 0 ? {} : { round: number }),
        at: new Date().toISOString(),
        case: chosen,
      });
      const when = chosen === 'otherwise' ? undefined : node.branch.cases[chosen]?.when;
      emit({
        type: 'branch.decided',
        step: node.id,
        instance: at.key,
        case: chosen,
        ...(when === undefined ? {} : { when }),
      });
    }
    const block = (chosen === 'otherwise' ? node.branch.otherwise : node.branch.cases[chosen]) as Block;
    return at.runBlock(block, at.childScope({ prefix: `${at.key}/` }));
  },
};
