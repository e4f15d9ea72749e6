import { type OutlineOptions, SummarySchema } from '@baton/chain';
import { createId } from '@baton/protocol';
import { timerSleep } from '@baton/server';
import type { ChainDefinition, ChainStepDefinition } from '../chains/chain-definition.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, errorMessage } from './chain-error.ts';
import type { StoredRun } from './run-records.ts';
import { runStep, type StepResult } from './run-step.ts';
import {
  isFinishedStatus,
  type RunEvent,
  type RunEventBody,
  type RunView,
  type StepView,
} from './run-types.ts';
import { stepParts } from './step-parts.ts';

/** A run in progress or finished: its live view, its events, and the caller's controls. */
export interface Run {
  readonly view: RunView;
  /** Every event so far, in order. */
  readonly events: readonly RunEvent[];
  /** Resolves with the view once the run is completed, failed or canceled; never rejects. */
  readonly done: Promise<RunView>;
  /** Calls `listener` with every later event; returns the unsubscribe function. */
  subscribe(listener: (event: RunEvent) => void): () => void;
  /** Answers the open question of `step` (default: the first one open); `false` when there is none. */
  answer(text: string, step?: string): boolean;
  /** Cancels the run and its running remote tasks; resolves once the run has ended. */
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
   * A run the orchestrator had not finished when it stopped: it goes on from where it was, keeping its id and
   * context, the artifacts of the steps already done, and the remote tasks of the steps under way (re-attached
   * by their ids, not sent again).
   */
  readonly resume?: StoredRun;
}

/** A saved view made ready to go on: running again, without its questions (they are asked again). */
function resumedView(saved: RunView): RunView {
  const { question: _question, questions: _questions, ...rest } = structuredClone(saved);
  return { ...rest, status: 'running' };
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

/**
 * Starts a chain run at once. Its steps form a DAG: each starts as soon as every step it depends on has
 * completed, so independent steps run in parallel; every remote task shares the run's context and names the
 * tasks whose artifacts it reads in `referenceTaskIds`. A failing step is tried again by its retry policy (a new
 * task referencing the failed one); a step that still fails fails only the steps that depend on it. The run
 * completes when the chain's result step does.
 */
export function createRun(input: RunInput): Run {
  const controller = new AbortController();
  const listeners = new Set<(event: RunEvent) => void>();
  const events: RunEvent[] = [];
  const view: RunView = input.resume ? resumedView(input.resume.view) : initialView(input);
  events.push(...(input.resume?.events ?? []));
  const pending = new Map<string, (answer: string) => void>();
  const taskIds = new Map<string, string>();
  for (const step of view.steps) if (step.taskId !== undefined) taskIds.set(step.step, step.taskId);

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

  const ask = (step: string, question: string) =>
    new Promise<string>((resolve, reject) => {
      if (controller.signal.aborted) return reject(controller.signal.reason);
      const close = () => {
        pending.delete(step);
        showQuestions((view.questions ?? []).filter((open) => open.step !== step));
      };
      const onAbort = () => {
        close();
        reject(controller.signal.reason);
      };
      controller.signal.addEventListener('abort', onAbort, { once: true });
      pending.set(step, (answer) => {
        controller.signal.removeEventListener('abort', onAbort);
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

  const stepView = (id: string) => view.steps.find((step) => step.step === id);
  const promises = new Map<string, Promise<StepResult>>();
  const resumeUnderWay = new Set(
    input.resume
      ? view.steps
          .filter((step) => step.taskId !== undefined && view.artifacts[step.step] === undefined)
          .map((s) => s.step)
      : [],
  );

  async function attempt(definition: ChainStepDefinition, shown: StepView): Promise<StepResult> {
    const agent = await input.directory.agentFor(
      { step: definition.id, skill: definition.skill, agent: definition.agent },
      controller.signal,
    );
    const ref = { name: agent.name, url: agent.url };
    shown.agent = ref;
    const attempts = definition.retry?.attempts ?? 1;
    const failedTasks: string[] = [];
    for (let number = 1; ; number += 1) {
      const resumeTaskId = number === 1 && resumeUnderWay.has(definition.id) ? shown.taskId : undefined;
      if (resumeTaskId === undefined) {
        shown.attempts = number;
        emit({
          type: 'step.started',
          step: definition.id,
          agent: ref,
          ...(number > 1 ? { attempt: number } : {}),
        });
      }
      const { parts, references } = stepParts(definition.send, {
        topic: view.topic,
        options: view.options,
        artifacts: view.artifacts,
        taskIds,
      });
      try {
        return await runStep({
          ...(resumeTaskId === undefined ? {} : { resumeTaskId }),
          step: definition.id,
          skill: definition.skill,
          agent,
          contextId: view.contextId,
          parts,
          referenceTaskIds: [...references, ...failedTasks],
          signal: controller.signal,
          timeoutMs: input.stepTimeoutMs ?? definition.timeoutMs,
          emit: (event) => {
            if (event.type === 'step.state') {
              shown.taskId = event.taskId;
              shown.state = event.state;
              taskIds.set(definition.id, event.taskId);
            }
            emit(event);
          },
          ask: (question) => ask(definition.id, question),
        });
      } catch (error) {
        const canceled =
          controller.signal.aborted || (error instanceof ChainError && error.code === 'CANCELED');
        if (canceled || number >= attempts) throw error;
        if (shown.taskId !== undefined) failedTasks.push(shown.taskId);
        emit({ type: 'step.retrying', step: definition.id, attempt: number + 1, error: errorMessage(error) });
        await timerSleep(definition.retry?.delayMs ?? 0, controller.signal);
      }
    }
  }

  function runOne(definition: ChainStepDefinition): Promise<StepResult> {
    const known = promises.get(definition.id);
    if (known) return known;
    const work = (async (): Promise<StepResult> => {
      const shown = stepView(definition.id) as StepView;
      const before = await Promise.allSettled(
        definition.dependsOn.map((id) =>
          runOne(input.chain.steps.find((step) => step.id === id) as ChainStepDefinition),
        ),
      );
      const failed = definition.dependsOn.filter((_, index) => before[index]?.status === 'rejected');
      if (failed.length > 0 || controller.signal.aborted) {
        shown.outcome = controller.signal.aborted ? 'canceled' : 'skipped';
        const why = controller.signal.aborted
          ? 'the run was canceled'
          : `it depends on ${failed.join(', ')}, which did not complete`;
        shown.error = why;
        if (shown.outcome === 'skipped') emit({ type: 'step.skipped', step: definition.id, error: why });
        throw new ChainError(
          controller.signal.aborted ? 'CANCELED' : 'DEPENDENCY_FAILED',
          `The ${definition.id} step was not run: ${why}`,
          {
            step: definition.id,
          },
        );
      }
      const done = view.artifacts[definition.id];
      if (done !== undefined && shown.taskId !== undefined) return { taskId: shown.taskId, value: done };
      try {
        const result = await attempt(definition, shown);
        view.artifacts[definition.id] = result.value;
        taskIds.set(definition.id, result.taskId);
        shown.outcome = 'completed';
        delete shown.error;
        emit({ type: 'artifact.completed', step: definition.id, artifact: result.value });
        return result;
      } catch (error) {
        const canceled =
          controller.signal.aborted || (error instanceof ChainError && error.code === 'CANCELED');
        shown.outcome = canceled ? 'canceled' : 'failed';
        shown.error = errorMessage(error);
        if (!canceled) emit({ type: 'step.failed', step: definition.id, error: shown.error });
        throw error;
      }
    })();
    promises.set(definition.id, work);
    return work;
  }

  async function execute(): Promise<void> {
    if (input.resume) {
      const first =
        [...resumeUnderWay][0] ?? view.steps.find((step) => view.artifacts[step.step] === undefined)?.step;
      emit({ type: 'run.resumed', ...(first === undefined ? {} : { step: first }) });
    } else {
      emit({ type: 'run.started', contextId: view.contextId, topic: view.topic, chain: input.chain.name });
    }
    const outcomes = await Promise.allSettled(input.chain.steps.map(runOne));
    if (controller.signal.aborted) throw new ChainError('CANCELED', 'The run was canceled');
    const resultIndex = input.chain.steps.findIndex((step) => step.id === input.chain.result);
    const result = outcomes[resultIndex];
    if (result?.status === 'fulfilled') {
      view.result = result.value.value;
      view.status = 'completed';
      const summary = SummarySchema.safeParse(result.value.value);
      emit({
        type: 'run.completed',
        result: result.value.value,
        ...(summary.success ? { summary: summary.data } : {}),
      });
      return;
    }
    // The first step that failed on its own (not skipped for another's failure) is why the run failed.
    const cause = outcomes
      .map((outcome) => (outcome.status === 'rejected' ? outcome.reason : undefined))
      .find(
        (reason) =>
          reason !== undefined && !(reason instanceof ChainError && reason.code === 'DEPENDENCY_FAILED'),
      );
    throw (
      cause ??
      (result?.status === 'rejected'
        ? result.reason
        : new ChainError('STEP_FAILED', 'The chain ended without a result'))
    );
  }

  const done = execute()
    .catch((error: unknown) => {
      if (controller.signal.aborted || (error instanceof ChainError && error.code === 'CANCELED')) {
        view.status = 'canceled';
        emit({ type: 'run.canceled' });
        return;
      }
      const failure =
        error instanceof ChainError
          ? {
              code: error.code,
              message: error.message,
              ...(error.step === undefined ? {} : { step: error.step }),
              ...(error.agent === undefined
                ? {}
                : { agent: { name: error.agent.name, url: error.agent.url } }),
            }
          : { code: 'INTERNAL' as const, message: errorMessage(error) };
      view.status = 'failed';
      view.error = failure;
      emit({ type: 'run.failed', error: failure });
    })
    .then(() => {
      listeners.clear();
      return view;
    });

  return {
    view,
    events,
    done,
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
    cancel() {
      if (!isFinishedStatus(view.status))
        controller.abort(new ChainError('CANCELED', 'The run was canceled'));
      return done;
    },
  };
}
