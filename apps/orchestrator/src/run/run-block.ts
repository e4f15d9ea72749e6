import type { Block, ChainNode } from '../chains/chain-nodes.ts';
import type { NodeExecution, NodeValue, RunContext, Scope } from '../nodes/node-kind.ts';
import { kindOf } from '../nodes/node-kinds.ts';
import { ChainError } from './chain-error.ts';
import { runDag } from './run-dag.ts';
import { tagsOf } from './run-instances.ts';
import { expressionInputOf, innerScope, readScope, whereIn } from './scope.ts';

/** What {@link runNodes} does with the steps of a block beside running them. */
export interface NodeHooks {
  /** The steps to run (default all); the others are read as kept. */
  readonly planned?: ReadonlySet<string>;
  /** The kept artifact of a step not planned. */
  readonly readKept?: (node: ChainNode) => NodeValue | undefined;
  /** Runs a step (default: by its kind); the top level wraps it to show composite steps in the run's view. */
  readonly run?: (node: ChainNode, execute: () => Promise<NodeValue>) => Promise<NodeValue>;
  /** Told of a step not run: a dependency did not complete, or the run was canceled. */
  readonly notRun?: (node: ChainNode, why: string, canceled: boolean) => void;
}

/** The first failure that is a step's own (not a step skipped for another's failure). */
export const ownFailure = (outcomes: readonly PromiseSettledResult<unknown>[]) =>
  outcomes
    .map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined))
    .find(
      (reason) =>
        reason !== undefined && !(reason instanceof ChainError && reason.code === 'DEPENDENCY_FAILED'),
    );

/**
 * Runs the steps of a block in `scope` as a DAG: each as soon as what it waits for has completed, by its kind.
 * Each step's artifact goes into `scope` once it completes, where the steps after it read it.
 */
export function runNodes(
  run: RunContext,
  nodes: readonly ChainNode[],
  scope: Scope,
  signal: AbortSignal,
  hooks: NodeHooks = {},
): Promise<PromiseSettledResult<NodeValue>[]> {
  return runDag(nodes, hooks.planned ?? new Set(nodes.map((node) => node.id)), {
    signal,
    readKept: (node) => {
      const kept = hooks.readKept?.(node);
      if (kept !== undefined) scope.values.set(node.id, kept);
      return kept;
    },
    run: async (node) => {
      const execute = () => executeNode(run, node, scope, signal);
      const value = await (hooks.run ? hooks.run(node, execute) : execute());
      scope.values.set(node.id, value);
      return value;
    },
    notRun: (node, why, canceled) => {
      if (hooks.notRun) hooks.notRun(node, why, canceled);
      else if (!canceled) {
        const key = scope.prefix + node.id;
        run.emit({
          type: 'step.skipped',
          step: node.id,
          error: why,
          ...tagsOf(key, node.id, whereIn(scope)),
        });
      }
    },
  });
}

/** Runs a block a step holds; resolves with its result's artifact, rejects with the first step's own failure. */
export async function runBlock(
  run: RunContext,
  block: Block,
  scope: Scope,
  signal: AbortSignal,
): Promise<NodeValue> {
  const outcomes = await runNodes(run, block.steps, scope, signal);
  const result = readScope(scope, block.result);
  if (result !== undefined && !signal.aborted) return result;
  if (signal.aborted) {
    const reason: unknown = signal.reason;
    throw reason instanceof Error ? reason : new ChainError('CANCELED', 'The run was canceled');
  }
  throw (
    ownFailure(outcomes) ??
    new ChainError('STEP_FAILED', `The block ended without its result, ${block.result}`)
  );
}

/** Runs one step where it stands, by its kind. */
function executeNode(
  run: RunContext,
  node: ChainNode,
  scope: Scope,
  signal: AbortSignal,
): Promise<NodeValue> {
  const at: NodeExecution = {
    run,
    scope,
    key: scope.prefix + node.id,
    signal,
    runBlock: (block, inner, narrower) => runBlock(run, block, inner, narrower ?? signal),
    childScope: (extra) => innerScope(scope, extra),
    expressionInput: (inner) => expressionInputOf(inner ?? scope, run.view),
  };
  return kindOf(node).run(node, at);
}
