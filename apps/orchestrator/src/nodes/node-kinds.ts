import { z } from 'zod';
import { type Block, type ChainNode, StepIdSchema } from '../chains/chain-nodes.ts';
import { approvalNode } from './approval-node.ts';
import { branchNode } from './branch-node.ts';
import { loopNode } from './loop-node.ts';
import { mapNode } from './map-node.ts';
import type { BlockShape, HeldBlock, NodeKind } from './node-kind.ts';
import { subChainNode } from './sub-chain-node.ts';
import { taskNode } from './task-node.ts';

/** Every kind of node of the chain language. A new kind is one module, listed here. */
export const NODE_KINDS: readonly NodeKind<ChainNode>[] = [
  taskNode,
  branchNode,
  loopNode,
  mapNode,
  subChainNode,
  approvalNode,
] as unknown as NodeKind<ChainNode>[];

const KIND_KEYS = 'skill or agent (a task), branch, loop, map, chain or approval';

/** The kind of a node. */
export function kindOf(node: ChainNode): NodeKind<ChainNode> {
  return NODE_KINDS.find((kind) => kind.kind === node.kind) as NodeKind<ChainNode>;
}

/** A node as written: validated by its kind's schema, issues at their paths; its `kind` said in the result. */
export const ChainNodeSchema: z.ZodType<ChainNode> = z.lazy(() =>
  z.unknown().transform((value, context) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      context.addIssue({ code: 'custom', message: 'must be a step (an object)' });
      return z.NEVER;
    }
    const raw = value as Record<string, unknown>;
    const matching = NODE_KINDS.filter((kind) => kind.matches(raw));
    if (matching.length !== 1) {
      context.addIssue({
        code: 'custom',
        message:
          matching.length === 0
            ? `needs one of ${KIND_KEYS}`
            : `is a step of one kind only: it has keys of ${matching.map((kind) => kind.kind).join(' and ')}`,
      });
      return z.NEVER;
    }
    const kind = matching[0] as NodeKind<ChainNode>;
    const parsed = kind.schema(BLOCK_SHAPE).safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return { ...(parsed.data as object), kind: kind.kind } as ChainNode;
  }),
);

/** A block's fields: its steps (any kind, nested as deep as the chain allows) and its result. */
const BLOCK_SHAPE: BlockShape = {
  steps: z.array(z.lazy(() => ChainNodeSchema)).max(50),
  result: StepIdSchema,
};

/** A block: its steps and the step whose artifact is its result. */
export const BlockSchema: z.ZodType<Block> = z.object(BLOCK_SHAPE).strict() as unknown as z.ZodType<Block>;

/** The blocks a node holds. */
export const blocksOf = (node: ChainNode): readonly HeldBlock[] => kindOf(node).blocks(node);

/** Every node of a block and of the blocks within, depth first, with its path and how deep it is. */
export function* walkNodes(
  block: Block,
  path: readonly (string | number)[] = [],
  depth = 1,
): Generator<{ node: ChainNode; path: (string | number)[]; depth: number }> {
  for (const [at, node] of block.steps.entries()) {
    const here = [...path, 'steps', at];
    yield { node, path: here, depth };
    for (const held of blocksOf(node)) yield* walkNodes(held.block, [...here, ...held.path], depth + 1);
  }
}
