import { instructionPart } from '@baton/chain';
import { type Context, context } from '@opentelemetry/api';
import type { TaskNode } from '../chains/chain-nodes.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, errorMessage } from './chain-error.ts';
import { pause } from './pause.ts';
import type { RunQuestions } from './run-questions.ts';
import { runStep, type StepResult } from './run-step.ts';
import type { RunTelemetry } from './run-telemetry.ts';
import type {
  InstanceTags,
  InstanceView,
  RefinementView,
  RunEvent,
  RunEventBody,
  RunView,
  StepView,
} from './run-types.ts';
import { type StepSources, stepParts } from './step-parts.ts';

/** One round of work of a run: the run itself, or a refinement and the steps it runs again. */
export interface Round {
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

/** What the attempts of a step need from their run. */
export interface AttemptContext {
  readonly view: RunView;
  readonly directory: AgentDirectory;
  readonly emit: (body: RunEventBody) => RunEvent;
  readonly questions: RunQuestions;
  readonly telemetry?: RunTelemetry | undefined;
  /** Overrides each step's `timeoutMs`. */
  readonly stepTimeoutMs?: number | undefined;
  /** How long a step keeps trying an agent that cannot be reached or asks to retry. */
  readonly agentRetryMs?: number | undefined;
  /** Resolves once the run's events so far are kept; rejects with a ChainError when they cannot be. */
  readonly checkpoint: () => Promise<void>;
}

/** Failures a retry cannot help: the run was canceled, or its records are out of reach or in other hands. */
const isFinal = (error: unknown, signal: AbortSignal) =>
  signal.aborted ||
  (error instanceof ChainError &&
    (error.code === 'CANCELED' || error.code === 'STORE_UNAVAILABLE' || error.code === 'RUN_TAKEN_OVER'));

/**
 * The id of the first message of a step attempt: the same on every resume of that attempt, another for each
 * attempt, each round and each instance (`key`: the step's id at the top, `sections[2]/section` inside a map), so
 * an agent that keeps message ids makes exactly one task per attempt.
 */
export function stepMessageId(runId: string, round: Round, key: string, attempt: number): string {
  return `${runId}:${round.refinement?.refinement ?? 0}:${key}:${attempt}`;
}

/** What an attempt reports on: a top-level step's view, or an instance's. */
type Attempted = Pick<StepView, 'agent' | 'taskId' | 'state' | 'attempts'>;

/** Which execution of a task step is attempted, and what it reads. */
export interface AttemptTarget {
  /** The instance key: names its messages, its questions and its events. */
  readonly key: string;
  /** Where its agent, task, state and attempts are shown (a top-level step's view, or the instance). */
  readonly shown: Attempted;
  readonly instance: InstanceView;
  /** It was under way when the run was last kept: its task is followed (or its message sent again), not new. */
  readonly resuming: boolean;
  readonly sources: StepSources;
  /** Tasks named first in `referenceTaskIds` (the version it refines, the same step's previous iteration). */
  readonly references: readonly string[];
  readonly tags: InstanceTags;
}

/** Sends the step's task (and its retries, by its policy) until one completes; resolves with the artifact. */
export async function attemptStep(
  run: AttemptContext,
  definition: TaskNode,
  target: AttemptTarget,
  round: Round,
  signal: AbortSignal = round.signal,
): Promise<StepResult> {
  const { emit } = run;
  const { shown, instance, tags, key, resuming } = target;
  const note = (fields: Attempted) => {
    Object.assign(shown, fields);
    if ((instance as object) !== shown) Object.assign(instance, fields);
  };
  const { refinement } = round;
  const agent = await run.directory.agentFor(
    { step: definition.id, skill: definition.skill, agent: definition.agent },
    signal,
  );
  const ref = { name: agent.name, url: agent.url };
  note({ agent: ref });
  const attempts = definition.retry?.attempts ?? 1;
  const failedTasks: string[] = [];
  const refined = refinement?.step === definition.id && key === definition.id ? refinement : undefined;
  for (let number = resuming ? (shown.attempts ?? 1) : 1; ; number += 1) {
    const resumeTaskId = resuming && number === (shown.attempts ?? 1) ? shown.taskId : undefined;
    const resumeSend = resuming && number === (shown.attempts ?? 1) && resumeTaskId === undefined;
    if (resumeTaskId === undefined && !resumeSend) {
      note({ attempts: number });
      emit({
        type: 'step.started',
        step: definition.id,
        agent: ref,
        ...(number > 1 ? { attempt: number } : {}),
        ...tags,
      });
    }
    const { parts, references } = stepParts(definition.send, target.sources);
    if (refined) parts.push(instructionPart(refined.instruction));
    const traced = run.telemetry?.step(round.trace, definition.id, number);
    try {
      const send = () =>
        runStep({
          ...(resumeTaskId === undefined ? {} : { resumeTaskId }),
          step: definition.id,
          skill: definition.skill,
          agent,
          contextId: run.view.contextId,
          parts,
          referenceTaskIds: [...new Set([...target.references, ...references, ...failedTasks])],
          signal,
          timeoutMs: run.stepTimeoutMs ?? definition.timeoutMs,
          messageId: stepMessageId(run.view.runId, round, key, number),
          checkpoint: run.checkpoint,
          ...(run.agentRetryMs === undefined ? {} : { retryWithinMs: run.agentRetryMs }),
          emit: (event) => {
            if (event.type === 'step.state') {
              note({ taskId: event.taskId, state: event.state });
              if (refined) refined.taskId = event.taskId;
              if (event.state === 'TASK_STATE_WORKING' || event.state === 'TASK_STATE_COMPLETED')
                run.questions.settled(key);
            } else if (event.type === 'artifact.chunk') run.questions.settled(key);
            emit({ ...event, ...tags } as RunEventBody);
          },
          ask: (question) => run.questions.ask(key, question, signal),
        });
      const result = await (traced ? context.with(traced.context, send) : send());
      traced?.end();
      return result;
    } catch (error) {
      traced?.end(error);
      if (isFinal(error, signal) || number >= attempts) throw error;
      if (shown.taskId !== undefined) failedTasks.push(shown.taskId);
      emit({
        type: 'step.retrying',
        step: definition.id,
        attempt: number + 1,
        error: errorMessage(error),
        ...tags,
      });
      await pause(definition.retry?.delayMs ?? 0, signal);
    }
  }
}
