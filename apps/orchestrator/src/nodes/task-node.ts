import { z } from 'zod';
import { nodeBaseShape, RetryPolicySchema, StepInputSchema, type TaskNode } from '../chains/chain-nodes.ts';
import { ChainError, errorMessage, isCanceled } from '../run/chain-error.ts';
import { beginInstance, findInstance, tagsOf } from '../run/run-instances.ts';
import type { StepView } from '../run/run-types.ts';
import { readScope, whereIn } from '../run/scope.ts';
import { type AttemptTarget, attemptStep } from '../run/step-attempts.ts';
import { currentVersion, keepVersion, madeInRound } from '../run/step-versions.ts';
import type { NodeExecution, NodeKind, NodeValue, Problem } from './node-kind.ts';

const TaskNodeSchema = z
  .object({
    ...nodeBaseShape,
    kind: z.literal('task').optional(),
    /** A skill id the agents' cards declare (the step goes to the first agent offering it)... */
    skill: z.string().min(1).max(200).optional(),
    /** ...or a specific agent's base URL. */
    agent: z.url().optional(),
    send: z.array(StepInputSchema).min(1).max(10),
    timeoutMs: z.number().int().min(1_000).max(3_600_000).default(120_000),
    retry: RetryPolicySchema.optional(),
  })
  .strict()
  .refine((step) => (step.skill === undefined) !== (step.agent === undefined), {
    message: 'needs exactly one of skill and agent',
  });

/** One agent call: a message to the agent that offers the skill, followed until its task ends. */
export const taskNode: NodeKind<TaskNode> = {
  kind: 'task',
  matches: (raw) => raw.kind === 'task' || 'skill' in raw || 'agent' in raw,
  schema: () => TaskNodeSchema,
  blocks: () => [],
  problems(node, scope) {
    const problems: Problem[] = [];
    node.send.forEach((input, position) => {
      const path = ['send', position];
      if ('item' in input && !scope.item)
        problems.push({ path: [...path, 'item'], message: 'reads an item outside a map' });
      if (!('artifact' in input) || scope.visible.includes(input.artifact)) return;
      problems.push({
        path: [...path, 'artifact'],
        message: scope.known.has(input.artifact)
          ? `reads the artifact of "${input.artifact}", which "${node.id}" does not depend on`
          : `names no step: "${input.artifact}"`,
      });
    });
    return problems;
  },
  run: (node, at) => (at.scope.parent === undefined ? runOwnStep(node, at) : runInstance(node, at)),
};

/** What a task in `at` reads: the run's input, the artifacts its scope sees, its item. */
function sourcesOf(at: NodeExecution): AttemptTarget['sources'] {
  const where = whereIn(at.scope);
  return {
    topic: where.topic ?? at.run.view.topic,
    options: at.run.view.options,
    read: (id) => readScope(at.scope, id),
    ...(where.index === undefined ? {} : { item: where.item }),
  };
}

/** A step of the run's own: its versions (refinements make new ones) are in its step view. */
async function runOwnStep(node: TaskNode, at: NodeExecution): Promise<NodeValue> {
  const { run } = at;
  const { view, round } = run;
  const shown = view.steps.find((step) => step.step === node.id) as StepView;
  const made = madeInRound(shown, round.refinement);
  if (made) return { value: made.artifact, taskIds: [made.taskId] };
  const resuming = round.underWay.has(node.id);
  if (!resuming) {
    delete shown.outcome;
    delete shown.error;
    delete shown.taskId;
    delete shown.state;
  }
  const refined = round.refinement?.step === node.id ? round.refinement : undefined;
  const referenced = refined
    ? shown.versions?.find((version) => version.version === refined.refines)?.taskId
    : currentVersion(shown)?.taskId;
  const instance = beginInstance(view, round.refinement?.refinement ?? 0, node.id, node.id, {});
  try {
    const result = await attemptStep(
      run,
      node,
      {
        key: node.id,
        shown,
        instance,
        resuming,
        sources: sourcesOf(at),
        references: referenced ? [referenced] : [],
        tags: {},
      },
      round,
      at.signal,
    );
    const version = keepVersion(view, node, result, round);
    shown.outcome = 'completed';
    delete shown.error;
    ended(instance, 'completed');
    run.emit({ type: 'artifact.completed', step: node.id, artifact: result.value, version: version.version });
    return { value: result.value, taskIds: [result.taskId] };
  } catch (error) {
    const canceled = isCanceled(error, at.signal);
    shown.outcome = canceled ? 'canceled' : 'failed';
    shown.error = errorMessage(error);
    ended(instance, shown.outcome, shown.error);
    if (!canceled) run.emit({ type: 'step.failed', step: node.id, error: shown.error });
    throw error;
  }
}

/**
 * A task inside a map item, a loop iteration, a branch's case or a sub-chain: an instance of its own, kept with its
 * artifact. A kept instance is not run again: completed, it hands on its artifact; failed, its failure; begun and
 * not ended, its task is followed (or its message sent again with the same id).
 */
async function runInstance(node: TaskNode, at: NodeExecution): Promise<NodeValue> {
  const { run, key } = at;
  const { view, round } = run;
  const number = round.refinement?.refinement ?? 0;
  const where = whereIn(at.scope);
  const tags = tagsOf(key, node.id, where);
  const kept = findInstance(view, number, key);
  if (kept?.outcome === 'completed')
    return { value: kept.artifact, taskIds: kept.taskId ? [kept.taskId] : [] };
  if (kept?.outcome === 'failed')
    throw new ChainError('STEP_FAILED', kept.error ?? `The ${node.id} step failed`, { step: node.id });
  const resuming = kept !== undefined && kept.attempts !== undefined;
  const instance = kept ?? beginInstance(view, number, key, node.id, where);
  delete instance.outcome;
  delete instance.error;
  const previous =
    at.scope.previousPrefix === undefined
      ? undefined
      : findInstance(view, number, `${at.scope.previousPrefix}${node.id}`)?.taskId;
  try {
    const result = await attemptStep(
      run,
      node,
      {
        key,
        shown: instance,
        instance,
        resuming,
        sources: sourcesOf(at),
        references: previous ? [previous] : [],
        tags,
      },
      round,
      at.signal,
    );
    instance.artifact = result.value;
    ended(instance, 'completed');
    run.emit({ type: 'artifact.completed', step: node.id, artifact: result.value, ...tags });
    return { value: result.value, taskIds: [result.taskId] };
  } catch (error) {
    const canceled = isCanceled(error, at.signal);
    ended(instance, canceled ? 'canceled' : 'failed', errorMessage(error));
    if (!canceled) run.emit({ type: 'step.failed', step: node.id, error: errorMessage(error), ...tags });
    throw error;
  }
}

function ended(
  instance: { outcome?: StepView['outcome']; error?: string; endedAt?: string },
  outcome: NonNullable<StepView['outcome']>,
  error?: string,
) {
  instance.outcome = outcome;
  instance.endedAt = new Date().toISOString();
  if (error === undefined) delete instance.error;
  else instance.error = error;
}
