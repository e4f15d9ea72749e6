import type { ChainNode } from '../chains/chain-nodes.ts';
import { DEFAULT_MAP_MAX_ITEMS } from '../nodes/map-node.ts';
import type { NodeValue, RunContext } from '../nodes/node-kind.ts';
import { walkNodes } from '../nodes/node-kinds.ts';
import { errorMessage, isCanceled } from './chain-error.ts';
import { runNodes } from './run-block.ts';
import type { RunState } from './run-state.ts';
import { rootScope } from './scope.ts';
import type { Round } from './step-attempts.ts';
import { currentVersion } from './step-versions.ts';

/** What the steps of a round run with. */
function contextOf(state: RunState, round: Round): RunContext {
  const { input } = state;
  return {
    ...state.attempts,
    round,
    approvals: state.approvals as RunContext['approvals'],
    chainOf: (name, version) => input.catalog?.get(name, version) ?? Promise.resolve(undefined),
    maxMapItems: input.maxMapItems ?? DEFAULT_MAP_MAX_ITEMS,
  };
}

/**
 * Checks that every task step to run (nested ones too) has an agent before the first one runs: a missing skill or
 * an agent that cannot be reached fails the round at once, not after the steps before it have run.
 */
function checkAgents(state: RunState, planned: ReadonlySet<string>, signal: AbortSignal) {
  return Promise.all(
    state.input.chain.steps
      .filter((step) => planned.has(step.id))
      .flatMap((step) => [...walkNodes({ steps: [step], result: step.id })].map((found) => found.node))
      .flatMap((node) => (node.kind === 'task' ? [node] : []))
      .map((step) =>
        state.input.directory.agentFor({ step: step.id, skill: step.skill, agent: step.agent }, signal),
      ),
  );
}

/** The artifact a step of the run's own has kept (its current version; a composite step's artifact). */
function readKept(state: RunState, node: ChainNode): NodeValue | undefined {
  if (node.kind === 'task') {
    const version = currentVersion(state.stepView(node.id));
    return version && { value: version.artifact, taskIds: [version.taskId] };
  }
  const value = state.view.artifacts[node.id];
  return value === undefined ? undefined : { value, taskIds: [] };
}

/** Runs a composite step of the run's own (a branch, loop, map, sub-chain or approval), shown in its step view. */
async function runComposite(
  state: RunState,
  node: ChainNode,
  execute: () => Promise<NodeValue>,
  round: Round,
): Promise<NodeValue> {
  const { view, emit } = state;
  const shown = state.stepView(node.id);
  const before = shown.outcome === 'completed' ? JSON.stringify(view.artifacts[node.id]) : undefined;
  delete shown.outcome;
  delete shown.error;
  try {
    const result = await execute();
    shown.outcome = 'completed';
    view.artifacts[node.id] = result.value;
    // A resumed round goes through what it had done again, from what was kept: said once.
    if (!(round.resumed && before === JSON.stringify(result.value)))
      emit({ type: 'artifact.completed', step: node.id, artifact: result.value });
    return result;
  } catch (error) {
    const canceled = isCanceled(error, round.signal);
    shown.outcome = canceled ? 'canceled' : 'failed';
    shown.error = errorMessage(error);
    if (!canceled) emit({ type: 'step.failed', step: node.id, error: shown.error });
    throw error;
  }
}

/**
 * Runs the `planned` steps of the chain as a DAG, by their kinds (once each task has an agent); the others are read
 * as kept. Settles with each planned step's outcome, in the chain's order.
 */
export async function runOwnSteps(state: RunState, planned: ReadonlySet<string>, round: Round) {
  await checkAgents(state, planned, round.signal);
  return runNodes(contextOf(state, round), state.input.chain.steps, rootScope(), round.signal, {
    planned,
    readKept: (node) => readKept(state, node),
    run: (node, execute) => (node.kind === 'task' ? execute() : runComposite(state, node, execute, round)),
    notRun: (node, why, canceled) => {
      const shown = state.stepView(node.id);
      shown.outcome = canceled ? 'canceled' : 'skipped';
      shown.error = why;
      if (!canceled) state.emit({ type: 'step.skipped', step: node.id, error: why });
    },
  });
}
