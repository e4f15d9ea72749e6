import { CHAIN_SKILLS, CHAIN_STEPS, type ChainStep, contractPart, type OutlineOptions } from '@baton/chain';
import { textPart } from '@baton/client';
import { createId, type JsonValue, type Part } from '@baton/protocol';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, errorMessage } from './chain-error.ts';
import type { StoredRun } from './run-records.ts';
import { runStep } from './run-step.ts';
import { isFinishedStatus, type RunEvent, type RunEventBody, type RunView } from './run-types.ts';

/** A run in progress or finished: its live view, its events, and the caller's controls. */
export interface Run {
  readonly view: RunView;
  /** Every event so far, in order. */
  readonly events: readonly RunEvent[];
  /** Resolves with the view once the run is completed, failed or canceled; never rejects. */
  readonly done: Promise<RunView>;
  /** Calls `listener` with every later event; returns the unsubscribe function. */
  subscribe(listener: (event: RunEvent) => void): () => void;
  /** Answers the pending question; `false` when the run is not waiting for input. */
  answer(text: string): boolean;
  /** Cancels the run and its running remote task; resolves once the run has ended. */
  cancel(): Promise<RunView>;
}

/** What a run is started with. */
export interface RunInput {
  readonly directory: AgentDirectory;
  readonly topic: string;
  readonly options?: OutlineOptions | undefined;
  /** The run's context; every remote task is created in it. Default: a fresh id. */
  readonly contextId?: string;
  /** Longest time an agent may work on a step between two answers; default 120 s. */
  readonly stepTimeoutMs?: number;
  /** Called with every event and the view after it, in order (e.g. to keep the run in a store). */
  readonly onEvent?: (event: RunEvent, view: RunView) => void;
  /**
   * A run the orchestrator had not finished when it stopped: it goes on from where it was, keeping its id and
   * context, the artifacts of the steps already done, and the remote task of the step under way (re-attached
   * by its id, not sent again).
   */
  readonly resume?: StoredRun;
}

function partsFor(
  step: ChainStep,
  topic: string,
  options: OutlineOptions | undefined,
  previous: unknown,
): Part[] {
  if (step === 'outline') {
    return options === undefined ? [textPart(topic)] : [textPart(topic), contractPart(options as JsonValue)];
  }
  const instruction =
    step === 'document' ? 'Write the document for this outline.' : 'Summarize this document.';
  return [textPart(instruction), contractPart(previous as JsonValue)];
}

/** A saved view made ready to go on: running again, without the question it was asking (it is asked again). */
function resumedView(saved: RunView): RunView {
  const { question: _question, ...rest } = structuredClone(saved);
  return { ...rest, status: 'running' };
}

/** Starts a chain run at once: outline, document, summary, each on the agent found for its skill. */
export function createRun(input: RunInput): Run {
  const controller = new AbortController();
  const listeners = new Set<(event: RunEvent) => void>();
  const events: RunEvent[] = [];
  const view: RunView = input.resume
    ? resumedView(input.resume.view)
    : {
        runId: createId(),
        contextId: input.contextId ?? createId(),
        topic: input.topic,
        ...(input.options === undefined ? {} : { options: input.options }),
        status: 'running',
        createdAt: new Date().toISOString(),
        steps: CHAIN_STEPS.map((step) => ({ step, skill: CHAIN_SKILLS[step] })),
        artifacts: {},
      };
  events.push(...(input.resume?.events ?? []));
  let pending: { resolve: (answer: string) => void } | undefined;

  const emit = (body: RunEventBody) => {
    const event = { runId: view.runId, at: new Date().toISOString(), ...body } as RunEvent;
    if (body.type === 'run.completed' || body.type === 'run.failed' || body.type === 'run.canceled') {
      delete view.question;
      view.finishedAt = event.at;
    }
    events.push(event);
    input.onEvent?.(event, view);
    for (const listener of listeners) listener(event);
  };

  const ask = (step: ChainStep, question: string) =>
    new Promise<string>((resolve, reject) => {
      if (controller.signal.aborted) return reject(controller.signal.reason);
      const onAbort = () => {
        pending = undefined;
        reject(controller.signal.reason);
      };
      controller.signal.addEventListener('abort', onAbort, { once: true });
      pending = {
        resolve: (answer) => {
          controller.signal.removeEventListener('abort', onAbort);
          pending = undefined;
          view.status = 'running';
          delete view.question;
          emit({ type: 'input.answered', step });
          resolve(answer);
        },
      };
      view.status = 'input-required';
      view.question = { step, text: question };
      emit({ type: 'input.required', step, question });
    });

  async function execute(): Promise<void> {
    const resumeAt = CHAIN_STEPS.find((step) => view.artifacts[step] === undefined);
    if (input.resume) emit({ type: 'run.resumed', ...(resumeAt === undefined ? {} : { step: resumeAt }) });
    else emit({ type: 'run.started', contextId: view.contextId, topic: view.topic });
    const agents = await input.directory.resolve(controller.signal);
    let previous: { taskId: string; value: unknown } | undefined;
    for (const [index, step] of CHAIN_STEPS.entries()) {
      if (controller.signal.aborted) throw new ChainError('CANCELED', 'The run was canceled', { step });
      const stepView = view.steps[index];
      const done = view.artifacts[step];
      if (done !== undefined && stepView?.taskId !== undefined) {
        previous = { taskId: stepView.taskId, value: done };
        continue;
      }
      const agent = agents[step];
      // The step under way when the orchestrator stopped: its remote task is followed again, not sent again.
      const resumeTaskId = input.resume && step === resumeAt ? stepView?.taskId : undefined;
      const ref = { name: agent.name, url: agent.url };
      if (stepView !== undefined) stepView.agent = ref;
      if (resumeTaskId === undefined) emit({ type: 'step.started', step, agent: ref });
      const result = await runStep({
        ...(resumeTaskId === undefined ? {} : { resumeTaskId }),
        step,
        agent,
        contextId: view.contextId,
        parts: partsFor(step, view.topic, view.options, previous?.value),
        referenceTaskIds: previous === undefined ? [] : [previous.taskId],
        signal: controller.signal,
        timeoutMs: input.stepTimeoutMs ?? 120_000,
        emit: (event) => {
          if (event.type === 'step.state' && stepView !== undefined) {
            stepView.taskId = event.taskId;
            stepView.state = event.state;
          }
          emit(event);
        },
        ask: (question) => ask(step, question),
      });
      Object.assign(view.artifacts, { [step]: result.value });
      emit({ type: 'artifact.completed', step, artifact: result.value });
      previous = result;
    }
    const summary = view.artifacts.summary;
    if (summary === undefined) throw new ChainError('STEP_FAILED', 'The chain ended without a summary');
    view.status = 'completed';
    emit({ type: 'run.completed', summary });
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
    answer(text) {
      if (pending === undefined) return false;
      pending.resolve(text);
      return true;
    },
    cancel() {
      if (!isFinishedStatus(view.status))
        controller.abort(new ChainError('CANCELED', 'The run was canceled'));
      return done;
    },
  };
}
