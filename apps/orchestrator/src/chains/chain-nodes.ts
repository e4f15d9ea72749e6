import { z } from 'zod';

/**
 * The chain language's nodes as data. A chain is a block: steps forming a DAG, and the step whose artifact is its
 * result. A step is a node of one kind: a task (one agent call), or a branch, loop, map or sub-chain, which hold
 * blocks of their own. Each kind's schema and behaviour live in one module of `src/nodes/`.
 */

/** A step id: unique in the whole chain, nested blocks included. */
export const StepIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be lower-case letters, digits and dashes, starting with a letter');

/**
 * One part of what a task sends: the run's topic, its options, an artifact of a step it can see, fixed text or
 * data, or (in a map's body) the item.
 */
export const StepInputSchema = z.union([
  z.object({ topic: z.literal(true) }).strict(),
  z.object({ options: z.literal(true) }).strict(),
  z.object({ artifact: StepIdSchema }).strict(),
  z.object({ text: z.string().min(1).max(2_000) }).strict(),
  z.object({ data: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ item: z.literal(true) }).strict(),
]);
/** One part of what a task sends. */
export type StepInput = z.infer<typeof StepInputSchema>;

/** What to do when a step's task fails: how many new tasks to try, in the same context. */
export const RetryPolicySchema = z
  .object({
    attempts: z.number().int().min(1).max(5),
    delayMs: z.number().int().min(0).max(60_000).default(0),
  })
  .strict();
/** A retry policy. */
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/** What every node has: its id, what it waits for in its block, and a description. */
export const nodeBaseShape = {
  id: StepIdSchema,
  description: z.string().max(500).optional(),
  dependsOn: z.array(StepIdSchema).max(20).default([]),
};

/** How long a run may take before it is canceled with its tasks: a chain's `deadlineMs`, or a run's own. */
export const DeadlineMsSchema = z
  .number()
  .int()
  .min(1_000)
  .max(7 * 24 * 3_600_000);

/** A CEL expression (see `expressions.ts`); checked where it stands once the whole chain is read. */
export const ExpressionSchema = z.string().min(1).max(1_000);

/** What every node has. */
export interface NodeBase {
  readonly id: string;
  readonly description?: string | undefined;
  readonly dependsOn: readonly string[];
}

/** Steps forming a DAG, and the step whose artifact is the block's (a step of it, or one it can see). */
export interface Block {
  readonly steps: readonly ChainNode[];
  readonly result: string;
}

/** One agent call: the skill (or agent) it needs, what it sends, and its time and retry limits. */
export interface TaskNode extends NodeBase {
  readonly kind: 'task';
  readonly skill?: string | undefined;
  readonly agent?: string | undefined;
  readonly send: readonly StepInput[];
  readonly timeoutMs: number;
  readonly retry?: RetryPolicy | undefined;
}

/** One case of a branch: taken when its condition holds (the first such case). */
export interface BranchCase extends Block {
  readonly when: string;
}

/** Chooses the steps that run next by conditions over the run's input and the artifacts it can see. */
export interface BranchNode extends NodeBase {
  readonly kind: 'branch';
  readonly branch: {
    readonly cases: readonly BranchCase[];
    /** Taken when no case holds; without it, no case holding fails the step. */
    readonly otherwise?: Block | undefined;
  };
}

/** Repeats its block until a condition holds, at most `maxIterations` times. */
export interface LoopNode extends NodeBase {
  readonly kind: 'loop';
  readonly loop: Block & {
    readonly until: string;
    readonly maxIterations: number;
    /** The artifact the first iteration reads as the loop's value (`{ "artifact": "<loop id>" }`). */
    readonly from?: string | undefined;
    /** When the last iteration ends without `until` holding: the loop completes with its value, or fails. */
    readonly onExhausted: 'complete' | 'fail';
  };
}

/** Runs its block once per item of a list, some at a time; its artifact lists the items' results in order. */
export interface MapNode extends NodeBase {
  readonly kind: 'map';
  readonly map: Block & {
    readonly over: string;
    readonly concurrency: number;
    readonly maxItems: number;
    /** A failed item fails the map (the others are canceled), or is marked and the others go on. */
    readonly onItemFailure: 'fail' | 'continue';
  };
}

/** Runs another chain (by name, and version) as one step, in the same run and context. */
export interface SubChainNode extends NodeBase {
  readonly kind: 'chain';
  readonly chain: {
    /** The chain to run; or `from`. */
    readonly name?: string | undefined;
    /** The step whose artifact names the chain to run, `{ chain, version }` (a planned chain a person approved). */
    readonly from?: string | undefined;
    /** Default: the newest version when the step first runs (then kept for the run). */
    readonly version?: number | undefined;
    /** The sub-chain's topic, as an expression; default the run's. */
    readonly topic?: string | undefined;
  };
}

/** Waits for a person to approve (possibly with an edited artifact) or reject. */
export interface ApprovalNode extends NodeBase {
  readonly kind: 'approval';
  readonly approval: {
    readonly prompt: string;
    /** The step whose artifact is shown for approval (and may be edited). */
    readonly show?: string | undefined;
    /** What is shown instead of a step's artifact: fixed data (a plan to approve). */
    readonly data?: Readonly<Record<string, unknown>> | undefined;
    readonly timeoutMs?: number | undefined;
    readonly onTimeout: 'approve' | 'reject';
  };
}

/** A step of a chain, of any kind. */
export type ChainNode = TaskNode | BranchNode | LoopNode | MapNode | SubChainNode | ApprovalNode;

/** The artifact of a map: each item's result in order (`null` for a failed item), and the failed items. */
export interface MapArtifact {
  readonly items: readonly unknown[];
  readonly failed: readonly { readonly index: number; readonly error: string }[];
}
