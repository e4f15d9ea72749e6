import { z } from 'zod';
import { ExpressionSchema, nodeBaseShape, type SubChainNode } from '../chains/chain-nodes.ts';
import { ChainError } from '../run/chain-error.ts';
import { findDecision, keepDecision } from '../run/run-instances.ts';
import { describe, evaluateFor, expressionProblems } from './expression-problem.ts';
import type { NodeKind } from './node-kind.ts';

/** How deeply sub-chains may nest at run time (registration refuses a chain that reaches itself). */
export const MAX_SUB_CHAIN_DEPTH = 4;

/**
 * Runs another chain as one step, in the same run, context and journal: its steps are instances under this
 * step's key, its result is this step's artifact. The version is the one named, else the newest when the step
 * first runs, kept for the run. `topic` (an expression) gives it a topic of its own.
 */
export const subChainNode: NodeKind<SubChainNode> = {
  kind: 'chain',
  matches: (raw) => raw.kind === 'chain' || 'chain' in raw,
  schema: () =>
    z
      .object({
        ...nodeBaseShape,
        kind: z.literal('chain').optional(),
        chain: z
          .object({
            name: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a chain name'),
            version: z.number().int().min(1).optional(),
            topic: ExpressionSchema.optional(),
          })
          .strict(),
      })
      .strict(),
  blocks: () => [],
  problems: (node, scope) =>
    node.chain.topic === undefined
      ? []
      : expressionProblems(node.chain.topic, ['chain', 'topic'], scope, { gives: 'string' }),
  async run(node, at) {
    const { view, round, emit } = at.run;
    const number = round.refinement?.refinement ?? 0;
    const depth = (at.scope.depth ?? 0) + 1;
    if (depth > MAX_SUB_CHAIN_DEPTH) {
      throw new ChainError(
        'UNKNOWN_CHAIN',
        `The ${node.id} step nests sub-chains deeper than ${MAX_SUB_CHAIN_DEPTH}`,
        {
          step: node.id,
        },
      );
    }
    const decided = findDecision(view, number, at.key);
    const name = decided?.chain ?? node.chain.name;
    const found = await at.run.chainOf(name, decided?.version ?? node.chain.version);
    if (found === undefined) {
      const which = node.chain.version === undefined ? '' : ` version ${node.chain.version}`;
      throw new ChainError('UNKNOWN_CHAIN', `The ${node.id} step names no chain "${name}"${which}`, {
        step: node.id,
      });
    }
    let topic: string | undefined;
    if (node.chain.topic !== undefined) {
      const value = evaluateFor(at, node.id, 'topic', node.chain.topic);
      if (typeof value !== 'string') {
        throw new ChainError(
          'EXPRESSION_FAILED',
          `The topic of the ${node.id} step (\`${node.chain.topic}\`) gave ${describe(value)}, not a string`,
          { step: node.id },
        );
      }
      topic = value;
    }
    if (decided === undefined) {
      keepDecision(view, {
        key: at.key,
        step: node.id,
        kind: 'chain',
        ...(number === 0 ? {} : { round: number }),
        at: new Date().toISOString(),
        chain: name,
        version: found.version,
      });
      emit({ type: 'chain.started', step: node.id, instance: at.key, chain: name, version: found.version });
    }
    return at.runBlock(
      found.chain,
      at.childScope({ prefix: `${at.key}/`, depth, ...(topic === undefined ? {} : { topic }) }),
    );
  },
};
