import type { z } from 'zod';
import type { Block, ChainNode } from '../chains/chain-nodes.ts';
import type { ExpressionInput } from '../chains/expressions.ts';
import type { RunApprovals } from '../run/run-approvals.ts';
import type { AttemptContext, Round } from '../run/step-attempts.ts';

/** The zod shape of a block: its steps (nodes of any kind) and its result. */
export interface BlockShape {
  readonly steps: z.ZodType<readonly ChainNode[]>;
  readonly result: z.ZodType<string>;
}

/** Something wrong with a chain, at its path (`steps[2].map.over`). */
export interface Problem {
  readonly path: (string | number)[];
  readonly message: string;
}

/** What a node can see where it stands in its chain. */
export interface StaticScope {
  /** The steps whose artifacts it may read: those it waits for in its block, and those its enclosing steps see. */
  readonly visible: readonly string[];
  /** In a map's body: `{ "item": true }` and `item`/`index` in expressions. */
  readonly item: boolean;
  /** In a loop's body: `iteration` in expressions. */
  readonly iteration: boolean;
  /** Every step id of the chain (to tell a step that is not visible from one that does not exist). */
  readonly known: ReadonlySet<string>;
}

/** A block a node holds: where it is in the node, and what its steps see besides what the node sees. */
export interface HeldBlock {
  readonly block: Block;
  readonly path: (string | number)[];
  /** A map's body: the item. */
  readonly item?: boolean;
  /** A loop's body: the iteration, and the loop's value under the loop's own id. */
  readonly iteration?: boolean;
}

/** What a finished node hands on: its artifact and the remote tasks that made it (for `referenceTaskIds`). */
export interface NodeValue {
  readonly value: unknown;
  readonly taskIds: readonly string[];
}

/**
 * Where a block runs: the artifacts of its steps done so far, and the scope around it. Keys of the steps in it start
 * with `prefix` (`sections[2]/`, `review#1/`), so each run of a block has instances of its own.
 */
export interface Scope {
  readonly parent: Scope | undefined;
  readonly prefix: string;
  readonly values: Map<string, NodeValue>;
  readonly item?: unknown;
  readonly index?: number;
  readonly iteration?: number;
  /** A loop's iteration after the first: the prefix of the one before (its tasks are referenced). */
  readonly previousPrefix?: string;
  /** A sub-chain's topic, when it has one of its own. */
  readonly topic?: string;
  /** How many sub-chains it is nested in. */
  readonly depth?: number;
}

/** What {@link NodeExecution.childScope} adds to the scope of a block a node holds. */
export type ScopeExtra = Pick<Scope, 'prefix'> &
  Partial<Pick<Scope, 'item' | 'index' | 'iteration' | 'previousPrefix' | 'topic' | 'depth'>>;

/** One node being run where it stands in the run. */
export interface NodeExecution {
  /** The run's view, agents, events and checkpoint, and the round under way. */
  readonly run: RunContext;
  readonly scope: Scope;
  /** The node's instance key: its id after its scope's prefix (`sections[2]/section`; at the top, its id). */
  readonly key: string;
  /** Fires when the node must stop (the run canceled, a sibling item failed). */
  readonly signal: AbortSignal;
  /** Runs a block the node holds in `scope` (see {@link childScope}); resolves with the block's result. */
  runBlock(block: Block, scope: Scope, signal?: AbortSignal): Promise<NodeValue>;
  /** A scope for a block the node holds: its keys under `prefix`, with the item or iteration it runs for. */
  childScope(extra: ScopeExtra): Scope;
  /** What the node's expressions are evaluated over (in `scope`, default the node's). */
  expressionInput(scope?: Scope): ExpressionInput;
}

/** A run as its nodes need it. */
export interface RunContext extends AttemptContext {
  readonly round: Round;
  /** The approvals of the round, asked by approval steps. */
  readonly approvals: RunApprovals;
  /** A chain by name and version (a sub-chain's); `undefined` when there is none. */
  readonly chainOf: (
    name: string,
    version?: number,
  ) => Promise<{ chain: Block & { name: string }; version: number } | undefined>;
  /** Most items a map takes at run time (the chain's own limit may be lower). */
  readonly maxMapItems: number;
}

/**
 * A kind of node of the chain language: its schema, the blocks it holds, what is wrong with one where it stands,
 * and how it runs. Adding a kind is one module exporting one of these, listed in `node-kinds.ts`.
 */
export interface NodeKind<N extends ChainNode = ChainNode> {
  readonly kind: N['kind'];
  /** Whether a node as written is of this kind (by the key that marks it: `branch`, `loop`, …). */
  matches(raw: Readonly<Record<string, unknown>>): boolean;
  /** Its JSON schema; `block` is the shape of a block it holds (`steps` and `result`), to spread in its own. */
  schema(block: BlockShape): z.ZodType;
  /** The blocks it holds. */
  blocks(node: N): readonly HeldBlock[];
  /** What is wrong with it where it stands, beyond its schema and its blocks' graph (its expressions, its reads). */
  problems(node: N, scope: StaticScope): Problem[];
  /** Runs it; resolves with its artifact, rejects with a ChainError naming the step. */
  run(node: N, at: NodeExecution): Promise<NodeValue>;
}
