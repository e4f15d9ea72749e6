import { instructionPart, type OutlineOptions, SummarySchema } from '@baton/chain';
import { createId } from '@baton/protocol';
import { timerSleep } from '@baton/server';
import { type Context, context } from '@opentelemetry/api';
import type { ChainDefinition, ChainStepDefinition } from '../chains/chain-definition.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, errorMessage } from './chain-error.ts';
import { planRefinement, type RefineRequest } from './plan-refinement.ts';
import type { StoredRun } from './run-records.ts';
import { runStep, type StepResult } from './run-step.ts';
import type { RunTelemetry } from './run-telemetry.ts';
import {
  type ArtifactVersion,
  isFinishedStatus,
  type RefinementView,
  type RunEvent,
  type RunEventBody,
  type RunStatus,
  type RunView,
  type StepView,
} from './run-types.ts';
import { stepParts } from './step-parts.ts';
import { currentVersion, restoredView } from './step-versions.ts';

/** A run in progress or finished: its live view, its events, and the caller's controls. */
export interface Run {
  readonly view: RunView;
  /** Every event so far, in order. */
  readonly events: readonly RunEvent[];
  /** Resolves with the view once the run, or the refinement under way, has ended; never rejects. */
  readonly done: Promise<RunView>;
  /** Calls `listener` with every later event until the run (or its refinement) ends; returns the unsubscribe function. */
  subscribe(listener: (event: RunEvent) => void): () => void;
  /** Answers the open question of `step` (default: the first one open); `false` when there is none. */
  answer(text: string, step?: string): boolean;
  /**
   * Refines a step's artifact: a new task at the step's agent, in the run's context, with the step's usual inputs
   * plus the instruction, referencing the task whose version it refines. Its artifact becomes the step's next
   * version; with `downstream`, the steps that depend on it run again on it. The run is `running` until that is
   * done (`done` follows it). Throws a `RefineRefusedError` when the run is under way or the step has no version.
   */
  refine(request: RefineRequest): RefinementView;
  /** Cancels the run (or its refinement) and its running remote tasks; resolves once it has ended. */
  cancel(): Promise<RunView>;
}

/** What a run is started with. */
export interface RunInput {
  readonly directory: AgentDirectory;
  /** The chain to run. */
  readonly chain: ChainDefinition;
  readonly topic: string;
  readonly options?: OutlineOptions | undefined;
  /** The run's context; every remote task is created in it. Default: a fresh id. */
  readonly contextId?: string;
  /** Longest time an agent may work on a step between two answers; default: each step's `timeoutMs`. */
  readonly stepTimeoutMs?: number;
  /** Called with every event and the view after it, in order (e.g. to keep the run in a store). */
  readonly onEvent?: (event: RunEvent, view: RunView) => void;
  /**
   * A run kept earlier. One the orchestrator had not finished when it stopped goes on from where it was (the run
   * or its refinement under way), keeping its id and context, the versions already made, and the remote tasks of
   * the steps under way (re-attached by their ids, not sent again). A finished one is held again, ready to refine.
   */
  readonly resume?: StoredRun;
  /** Spans and metrics of the run (see `createRunTelemetry`); default none. */
  readonly telemetry?: RunTelemetry | undefined;
  /** The caller's trace context (e.g. extracted from `POST /runs`): the run's span is its child. */
  readonly traceContext?: Context | undefined;
}

function initialView(input: RunInput): RunView {
  return {
    runId: createId(),
    chain: input.chain.name,
    contextId: input.contextId ?? createId(),
    topic: input.topic,
    ...(input.options === undefined ? {} : { options: input.options }),
    status: 'running',
    createdAt: new Date().toISOString(),
    steps: input.chain.steps.map(
      (step): StepView => ({
        step: step.id,
        ...(step.skill === undefined ? {} : { skill: step.skill }),
        dependsOn: step.dependsOn,
      }),
    ),
    artifacts: {},
  };
}

/** What one round of work runs: the run itself, or a refinement and the steps it runs again. */
interface Round {
  readonly signal: AbortSignal;
  /** The refinement the round carries out; absent for the run's own round. */
  readonly refinement?: RefinementView;
  /** Whether the round goes on after a restart. */
  readonly resumed: boolean;
  /** The trace context of the round's span: each step's span is its child. */
  readonly trace: Context;
  /** The steps of the round that were under way when the orchestrator stopped: followed, not sent again. */
  readonly underWay: ReadonlySet<string>;
}

/**
 * Starts a chain run at once. Its steps form a DAG: each starts as soon as every step it depends on has
 * completed, so independent steps run in parallel; every remote task shares the run's context and names the
 * tasks whose artifacts it reads in `referenceTaskIds`. A failing step is tried again by its retry policy (a new
 * task referencing the failed one); a step that still fails fails only the steps that depend on it. The run
 * completes when the chain's result step does. A finished run may then be refined, step by step.
 */
export function createRun(input: RunInput): Run {
  const { chain } = input;
  const listeners = new Set<(event: RunEvent) => void>();
  const events: RunEvent[] = [...(input.resume?.events ?? [])];
  const view: RunView = input.resume ? restoredView(input.resume.view) : initialView(input);
  const pending = new Map<string, (answer: string) => void>();
  let controller = new AbortController();

  const emit = (body: RunEventBody) => {
    const event = { runId: view.runId, at: new Date().toISOString(), ...body } as RunEvent;
    if (body.type === 'run.completed' || body.type === 'run.failed' || body.type === 'run.canceled') {
      delete view.question;
      delete view.questions;
      view.finishedAt = event.at;
    }
    events.push(event);
    input.onEvent?.(event, view);
    for (const listener of listeners) listener(event);
  };

  const showQuestions = (questions: { step: string; text: string }[]) => {
    if (questions.length === 0) {
      delete view.question;
      delete view.questions;
      if (view.status === 'input-required') view.status = 'running';
      return;
    }
    const [first] = questions;
    view.questions = questions;
    if (first) view.question = first;
    view.status = 'input-required';
  };

  const ask = (step: string, question: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const close = () => {
        pending.delete(step);
        showQuestions((view.questions ?? []).filter((open) => open.step !== step));
      };
      const onAbort = () => {
        close();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      pending.set(step, (answer) => {
        signal.removeEventListener('abort', onAbort);
        close();
        emit({ type: 'input.answered', step });
        resolve(answer);
      });
      showQuestions([
        ...(view.questions ?? []).filter((open) => open.step !== step),
        { step, text: question },
      ]);
      emit({ type: 'input.required', step, question });
    });

  const stepView = (id: string) => view.steps.find((step) => step.step === id) as StepView;
  const definitionOf = (id: string) => chain.steps.find((step) => step.id === id) as ChainStepDefinition;
  const isCanceled = (error: unknown, signal: AbortSignal) =>
    signal.aborted || (error instanceof ChainError && error.code === 'CANCELED');
  /** The version of a step the round has already made (a resumed round): the run's own, or the refinement's. */
  const madeInRound = (shown: StepView, refinement: RefinementView | undefined) =>
    shown.versions?.find((version) => version.refinement === refinement?.refinement);

  /** Sends the step's task (and its retries) until one completes; resolves with the artifact. */
  async function attempt(
    definition: ChainStepDefinition,
    shown: StepView,
    round: Round,
  ): Promise<StepResult> {
    const { signal, refinement } = round;
    const agent = await input.directory.agentFor(
      { step: definition.id, skill: definition.skill, agent: definition.agent },
      signal,
    );
    const ref = { name: agent.name, url: agent.url };
    shown.agent = ref;
    const attempts = definition.retry?.attempts ?? 1;
    const failedTasks: string[] = [];
    const replaced = currentVersion(shown);
    const refined = refinement?.step === definition.id ? refinement : undefined;
    const refinedTask = refined
      ? shown.versions?.find((version) => version.version === refined.refines)?.taskId
      : replaced?.taskId;
    for (let number = 1; ; number += 1) {
      const resumeTaskId = number === 1 && round.underWay.has(definition.id) ? shown.taskId : undefined;
      if (resumeTaskId === undefined) {
        shown.attempts = number;
        emit({
          type: 'step.started',
          step: definition.id,
          agent: ref,
          ...(number > 1 ? { attempt: number } : {}),
        });
      }
      const { parts, references } = stepParts(definition.send, sourcesOf());
      if (refined) parts.push(instructionPart(refined.instruction));
      const traced = input.telemetry?.step(round.trace, definition.id, number);
      try {
        const run = () =>
          runStep({
            ...(resumeTaskId === undefined ? {} : { resumeTaskId }),
            step: definition.id,
            skill: definition.skill,
            agent,
            contextId: view.contextId,
            parts,
            referenceTaskIds: [...(refinedTask ? [refinedTask] : []), ...references, ...failedTasks],
            signal,
            timeoutMs: input.stepTimeoutMs ?? definition.timeoutMs,
            emit: (event) => {
              if (event.type === 'step.state') {
                shown.taskId = event.taskId;
                shown.state = event.state;
                if (refined) refined.taskId = event.taskId;
              }
              emit(event);
            },
            ask: (question) => ask(definition.id, question, signal),
          });
        const result = await (traced ? context.with(traced.context, run) : run());
        traced?.end();
        return result;
      } catch (error) {
        traced?.end(error);
        if (isCanceled(error, signal) || number >= attempts) throw error;
        if (shown.taskId !== undefined) failedTasks.push(shown.taskId);
        emit({ type: 'step.retrying', step: definition.id, attempt: number + 1, error: errorMessage(error) });
        await timerSleep(definition.retry?.delayMs ?? 0, signal);
      }
    }
  }

  /** What steps read: the topic, the options, and each step's version that goes on, with its task. */
  function sourcesOf() {
    const taskIds = new Map<string, string>();
    for (const step of view.steps) {
      const version = currentVersion(step);
      if (version) taskIds.set(step.step, version.taskId);
    }
    return { topic: view.topic, options: view.options, artifacts: view.artifacts, taskIds };
  }

  /** Keeps a new version of a step's artifact and makes it the one that goes on. */
  function keepVersion(definition: ChainStepDefinition, result: StepResult, round: Round): ArtifactVersion {
    const shown = stepView(definition.id);
    const previous = currentVersion(shown);
    const refined = round.refinement?.step === definition.id ? round.refinement : undefined;
    const inputs: Record<string, number> = {};
    for (const send of definition.send) {
      if (!('artifact' in send)) continue;
      const read = currentVersion(stepView(send.artifact));
      if (read) inputs[send.artifact] = read.version;
    }
    const version: ArtifactVersion = {
      version: (shown.versions?.length ?? 0) + 1,
      taskId: result.taskId,
      createdAt: new Date().toISOString(),
      ...(refined ? { instruction: refined.instruction, refines: refined.refines } : {}),
      ...(!refined && previous ? { refines: previous.version } : {}),
      ...(round.refinement ? { refinement: round.refinement.refinement } : {}),
      ...(Object.keys(inputs).length > 0 ? { inputs } : {}),
      artifact: result.value,
    };
    shown.versions = [...(shown.versions ?? []), version];
    shown.version = version.version;
    view.artifacts[definition.id] = result.value;
    if (refined) refined.version = version.version;
    return version;
  }

  /**
   * Runs the `planned` steps of the chain as a DAG; the others are read as they are (their version that goes on,
   * or missing). Settles with each planned step's outcome, in the chain's order.
   */
  function runSteps(planned: ReadonlySet<string>, round: Round) {
    const { signal } = round;
    const promises = new Map<string, Promise<StepResult>>();
    const runOne = (definition: ChainStepDefinition): Promise<StepResult> => {
      const known = promises.get(definition.id);
      if (known) return known;
      const work = (async (): Promise<StepResult> => {
        const shown = stepView(definition.id);
        if (!planned.has(definition.id)) {
          const version = currentVersion(shown);
          if (version) return { taskId: version.taskId, value: version.artifact };
          throw new ChainError('DEPENDENCY_FAILED', `The ${definition.id} step has no artifact`, {
            step: definition.id,
          });
        }
        const before = await Promise.allSettled(definition.dependsOn.map((id) => runOne(definitionOf(id))));
        const failed = definition.dependsOn.filter((_, index) => before[index]?.status === 'rejected');
        if (failed.length > 0 || signal.aborted) {
          shown.outcome = signal.aborted ? 'canceled' : 'skipped';
          const why = signal.aborted
            ? 'the run was canceled'
            : `it depends on ${failed.join(', ')}, which did not complete`;
          shown.error = why;
          if (shown.outcome === 'skipped') emit({ type: 'step.skipped', step: definition.id, error: why });
          throw new ChainError(
            signal.aborted ? 'CANCELED' : 'DEPENDENCY_FAILED',
            `The ${definition.id} step was not run: ${why}`,
            { step: definition.id },
          );
        }
        const made = madeInRound(shown, round.refinement);
        if (made) return { taskId: made.taskId, value: made.artifact };
        if (!round.underWay.has(definition.id)) {
          delete shown.outcome;
          delete shown.error;
          delete shown.taskId;
          delete shown.state;
        }
        try {
          const result = await attempt(definition, shown, round);
          const version = keepVersion(definition, result, round);
          shown.outcome = 'completed';
          delete shown.error;
          emit({
            type: 'artifact.completed',
            step: definition.id,
            artifact: result.value,
            version: version.version,
          });
          return result;
        } catch (error) {
          const canceled = isCanceled(error, signal);
          shown.outcome = canceled ? 'canceled' : 'failed';
          shown.error = errorMessage(error);
          if (!canceled) emit({ type: 'step.failed', step: definition.id, error: shown.error });
          throw error;
        }
      })();
      promises.set(definition.id, work);
      return work;
    };
    return Promise.allSettled(chain.steps.filter((step) => planned.has(step.id)).map(runOne));
  }

  /** The first failure that is a step's own (not a step skipped for another's failure). */
  const ownFailure = (outcomes: readonly PromiseSettledResult<StepResult>[]) =>
    outcomes
      .map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as unknown) : undefined))
      .find(
        (reason) =>
          reason !== undefined && !(reason instanceof ChainError && reason.code === 'DEPENDENCY_FAILED'),
      );

  /** The run's own round: every step, until the result step completes or cannot. */
  async function runChain(round: Round): Promise<void> {
    if (round.resumed) {
      const first =
        [...round.underWay][0] ?? view.steps.find((step) => currentVersion(step) === undefined)?.step;
      emit({ type: 'run.resumed', ...(first === undefined ? {} : { step: first }) });
    } else {
      emit({ type: 'run.started', contextId: view.contextId, topic: view.topic, chain: chain.name });
    }
    const outcomes = await runSteps(new Set(chain.steps.map((step) => step.id)), round);
    if (round.signal.aborted) throw new ChainError('CANCELED', 'The run was canceled');
    const resultIndex = chain.steps.findIndex((step) => step.id === chain.result);
    const result = outcomes[resultIndex];
    if (result?.status === 'fulfilled') {
      completeRun();
      return;
    }
    throw (
      ownFailure(outcomes) ??
      (result?.status === 'rejected'
        ? result.reason
        : new ChainError('STEP_FAILED', 'The chain ended without a result'))
    );
  }

  function completeRun() {
    const result = view.artifacts[chain.result];
    view.result = result;
    view.status = 'completed';
    delete view.error;
    const summary = SummarySchema.safeParse(result);
    emit({ type: 'run.completed', result, ...(summary.success ? { summary: summary.data } : {}) });
  }

  /** What the run reports of the error that failed it. */
  function failureOf(error: unknown): NonNullable<RunView['error']> {
    return error instanceof ChainError
      ? {
          code: error.code,
          message: error.message,
          ...(error.step === undefined ? {} : { step: error.step }),
          ...(error.agent === undefined ? {} : { agent: { name: error.agent.name, url: error.agent.url } }),
        }
      : { code: 'INTERNAL', message: errorMessage(error) };
  }

  function failRun(failure: NonNullable<RunView['error']>) {
    view.status = 'failed';
    view.error = failure;
    emit({ type: 'run.failed', error: failure });
  }

  /** A refinement's round: its step with the instruction, then (with `downstream`) the steps after it. */
  async function runRefinement(round: Round & { refinement: RefinementView }, before: RunStatus) {
    const { refinement } = round;
    if (round.resumed) emit({ type: 'run.resumed', step: [...round.underWay][0] ?? refinement.step });
    let failure: unknown;
    try {
      const outcomes = await runSteps(new Set([refinement.step, ...refinement.rerun]), round);
      failure = ownFailure(outcomes);
    } catch (error) {
      failure = error;
    }
    const { step, refinement: number } = refinement;
    refinement.finishedAt = new Date().toISOString();
    if (round.signal.aborted || isCanceled(failure, round.signal)) {
      refinement.status = 'canceled';
      emit({ type: 'refine.canceled', step, refinement: number });
    } else if (failure !== undefined) {
      refinement.status = 'failed';
      refinement.error = errorMessage(failure);
      emit({ type: 'refine.failed', step, refinement: number, error: refinement.error });
    } else {
      refinement.status = 'completed';
      emit({ type: 'refine.completed', step, refinement: number, version: refinement.version ?? 0 });
    }
    // The run has its result as long as the result step has a version; else it ends as it was.
    if (currentVersion(stepView(chain.result))) completeRun();
    else if (before === 'canceled') {
      view.status = 'canceled';
      emit({ type: 'run.canceled' });
    } else failRun(view.error ?? failureOf(failure));
  }

  /** Runs one round; the run's status and final event come from it. Never rejects. */
  function startRound(work: (round: Round) => Promise<void>, refinement?: RefinementView): Promise<RunView> {
    controller = new AbortController();
    const { signal } = controller;
    const traced = input.telemetry?.round(
      view,
      refinement ? undefined : input.traceContext,
      refinement && { step: refinement.step, number: refinement.refinement },
    );
    const round: Round = {
      signal,
      resumed: resuming,
      trace: traced?.context ?? context.active(),
      underWay: new Set(
        resuming
          ? view.steps
              .filter((step) => step.outcome === undefined && step.taskId !== undefined)
              .filter((step) => madeInRound(step, refinement) === undefined)
              .map((step) => step.step)
          : [],
      ),
      ...(refinement ? { refinement } : {}),
    };
    resuming = false;
    const running = traced ? context.with(traced.context, () => work(round)) : work(round);
    return running
      .catch((error: unknown) => {
        if (isCanceled(error, signal)) {
          view.status = 'canceled';
          emit({ type: 'run.canceled' });
          return;
        }
        failRun(failureOf(error));
      })
      .then(() => {
        listeners.clear();
        traced?.end(view.status === 'completed' ? undefined : (view.error?.message ?? view.status));
        // The run's own round counts as a run (refinements do not).
        if (refinement === undefined)
          input.telemetry?.finished(view.status, Date.now() - Date.parse(view.createdAt));
        return view;
      });
  }

  // A kept run that had not finished goes on (its refinement, if one was under way); a finished one waits.
  let resuming = input.resume !== undefined && !isFinishedStatus(input.resume.view.status);
  const ongoing = view.refinements?.at(-1);
  let done: Promise<RunView>;
  if (input.resume && !resuming) done = Promise.resolve(view);
  else if (ongoing?.status === 'running') {
    done = startRound((round) => runRefinement({ ...round, refinement: ongoing }, 'failed'), ongoing);
  } else done = startRound(runChain);

  return {
    view,
    events,
    get done() {
      return done;
    },
    subscribe(listener) {
      if (isFinishedStatus(view.status)) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    answer(text, step) {
      const target = step ?? view.questions?.[0]?.step;
      const resolve = target === undefined ? undefined : pending.get(target);
      if (resolve === undefined) return false;
      resolve(text);
      return true;
    },
    refine(request) {
      const plan = planRefinement(view, chain, request);
      const before = view.status;
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
      emit({
        type: 'refine.started',
        step: refinement.step,
        refinement: refinement.refinement,
        refines: refinement.refines,
        instruction: refinement.instruction,
        rerun: refinement.rerun,
      });
      done = startRound((round) => runRefinement({ ...round, refinement }, before), refinement);
      return refinement;
    },
    cancel() {
      if (!isFinishedStatus(view.status))
        controller.abort(new ChainError('CANCELED', 'The run was canceled'));
      return done;
    },
  };
}
