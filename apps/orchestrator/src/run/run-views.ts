import type { OutlineOptions } from '@baton/chain';
import { createSortableId } from '@baton/protocol';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import { planRefinement, type RefineRequest } from './plan-refinement.ts';
import type { PlanView, RefinementView, RunEventBody, RunView, StepView } from './run-types.ts';

/** A new run's view, before it is announced: every step not yet run. */
export function newRunView(
  chain: ChainDefinition,
  input: {
    readonly topic: string;
    readonly options?: OutlineOptions | undefined;
    readonly contextId?: string;
    /** The run's id; default a fresh one (an `Idempotency-Key` derives it, so a retry cannot make a second run). */
    readonly runId?: string | undefined;
    /** The chain's version (kept: the run runs it, also after a takeover); default 1. */
    readonly chainVersion?: number | undefined;
    /** Overrides the chain's `deadlineMs`. */
    readonly deadlineMs?: number | undefined;
    /** How the chain was planned, for a run started from a goal. */
    readonly plan?: PlanView | undefined;
  },
): RunView {
  const deadlineMs = input.deadlineMs ?? chain.deadlineMs;
  const now = Date.now();
  return {
    runId: input.runId ?? createSortableId(),
    chain: chain.name,
    ...(input.chainVersion === undefined ? {} : { chainVersion: input.chainVersion }),
    ...(deadlineMs === undefined ? {} : { deadline: new Date(now + deadlineMs).toISOString() }),
    contextId: input.contextId ?? createSortableId(),
    topic: input.topic,
    ...(input.options === undefined ? {} : { options: input.options }),
    ...(input.plan === undefined ? {} : { plan: input.plan }),
    status: 'running',
    createdAt: new Date(now).toISOString(),
    steps: chain.steps.map(
      (step): StepView => ({
        step: step.id,
        ...(step.kind === 'task' && step.skill !== undefined ? { skill: step.skill } : {}),
        ...(step.kind === 'task' ? {} : { kind: step.kind }),
        dependsOn: step.dependsOn,
      }),
    ),
    artifacts: {},
  };
}

/**
 * Adds a refinement to a finished run's view (it is `running` again) and says it as the `refine.started` event;
 * the run then goes on by its driver. Throws a `RefineRefusedError` when the run is under way or the step has no
 * version. A refinement makes a new task at the step's agent, in the run's context, with the step's usual inputs
 * plus the instruction, referencing the task whose version it refines; its artifact becomes the step's next
 * version, and with `downstream` the steps that depend on it run again on it.
 */
export function beginRefinement(
  view: RunView,
  chain: ChainDefinition,
  request: RefineRequest,
): { readonly refinement: RefinementView; readonly event: RunEventBody } {
  const plan = planRefinement(view, chain, request);
  const refinement: RefinementView = {
    refinement: (view.refinements?.length ?? 0) + 1,
    step: request.step,
    instruction: request.instruction,
    refines: plan.refines,
    downstream: request.downstream === true,
    rerun: plan.rerun,
    requestedAt: new Date().toISOString(),
    status: 'running',
  };
  view.refinements = [...(view.refinements ?? []), refinement];
  view.status = 'running';
  delete view.finishedAt;
  return {
    refinement,
    event: {
      type: 'refine.started',
      step: refinement.step,
      refinement: refinement.refinement,
      refines: refinement.refines,
      instruction: refinement.instruction,
      rerun: refinement.rerun,
    },
  };
}

/** The round a kept view is in: its running refinement's number, else 0 (the run itself). */
export function roundOf(view: RunView): number {
  const last = view.refinements?.at(-1);
  return last?.status === 'running' ? last.refinement : 0;
}
