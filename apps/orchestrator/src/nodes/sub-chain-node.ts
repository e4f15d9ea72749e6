import { z } from 'zod';
import { ExpressionSchema, nodeBaseShape, StepIdSchema, type SubChainNode } from '../chains/chain-nodes.ts';
import { ChainError } from '../run/chain-error.ts';
import { findDecision, keepDecision } from '../run/run-instances.ts';
import { readScope } from '../run/scope.ts';
import { describe, evaluateFor, expressionProblems } from './expression-problem.ts';
import type { NodeKind } from './node-kind.ts';

const ChainNameSchema = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a chain name');

/** What the artifact of a `from` step must be: the name and version of a registered chain. */
const NamedChainSchema = z.object({ chain: ChainNameSchema, version: z.number().int().min(1) });

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
            name: ChainNameSchema.optional(),
            from: StepIdSchema.optional(),
            version: z.number().int().min(1).optional(),
            topic: ExpressionSchema.optional(),
          })
          .strict()
          .superRefine((chain, context) => {
            if ((chain.name === undefined) === (chain.from === undefined))
              context.addIssue({
                code: 'custom',
                message: 'names a chain: give `name` or `from`, one of them',
              });
            if (chain.from !== undefined && chain.version !== undefined)
              context.addIssue({
                code: 'custom',
                path: ['version'],
                message: 'the artifact of `from` names the version',
              });
          }),
      })
      .strict(),
  blocks: () => [],
  problems: (node, scope) => [
    ...(node.chain.from === undefined || scope.visible.includes(node.chain.from)
      ? []
      : [
          {
            path: ['chain', 'from'],
            message: scope.known.has(node.chain.from)
              ? `reads the artifact of "${node.chain.from}", which "${node.id}" does not depend on`
              : `names no step: "${node.chain.from}"`,
          },
        ]),
    ...(node.chain.topic === undefined
      ? []
      : expressionProblems(node.chain.topic, ['chain', 'topic'], scope, { gives: 'string' })),
  ],
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
    const named = decided === undefined ? namedChain(node, at.scope) : undefined;
    const name = decided?.chain ?? named?.chain ?? (node.chain.name as string);
    const found = await at.run.chainOf(name, decided?.version ?? named?.version ?? node.chain.version);
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

/** The chain a `from` step's artifact names (`undefined` for a step that names its chain itself). */
function namedChain(
  node: SubChainNode,
  scope: Parameters<typeof readScope>[0],
): { readonly chain: string; readonly version: number } | undefined {
  if (node.chain.from === undefined) return undefined;
  const parsed = NamedChainSchema.safeParse(readScope(scope, node.chain.from)?.value);
  if (!parsed.success)
    throw new ChainError(
      'UNKNOWN_CHAIN',
      `The ${node.id} step runs the chain the artifact of ${node.chain.from} names, and it names none ({ chain, version })`,
      { step: node.id },
    );
  return parsed.data;
}
