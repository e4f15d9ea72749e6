import { instructionPart } from '@baton/chain';
import { type Context, context } from '@opentelemetry/api';
import type { ChainStepDefinition } from '../chains/chain-definition.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import { ChainError, errorMessage } from './chain-error.ts';
import { pause } from './pause.ts';
import type { RunQuestions } from './run-questions.ts';
import { runStep, type StepResult } from './run-step.ts';
import type { RunTelemetry } from './run-telemetry.ts';
import type { RefinementView, RunEvent, RunEventBody, RunView, StepView } from './run-types.ts';
import { stepParts } from './step-parts.ts';
import { currentVersion } from './step-versions.ts';

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
 * attempt and each round, so an agent that keeps message ids makes exactly one task per attempt.
 */
export function stepMessageId(runId: string, round: Round, step: string, attempt: number): string {
  return `${runId}:${round.refinement?.refinement ?? 0}:${step}:${attempt}`;
}

/** Sends the step's task (and its retries, by its policy) until one completes; resolves with the artifact. */
export async function attemptStep(
  run: AttemptContext,
  definition: ChainStepDefinition,
  shown: StepView,
  round: Round,
): Promise<StepResult> {
  const { view, emit } = run;
  const { signal, refinement } = round;
  const agent = await run.directory.agentFor(
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
  const resuming = round.underWay.has(definition.id);
  for (let number = resuming ? (shown.attempts ?? 1) : 1; ; number += 1) {
    const resumeTaskId = resuming && number === (shown.attempts ?? 1) ? shown.taskId : undefined;
    const resumeSend = resuming && number === (shown.attempts ?? 1) && resumeTaskId === undefined;
    if (resumeTaskId === undefined && !resumeSend) {
      shown.attempts = number;
      emit({
        type: 'step.started',
        step: definition.id,
        agent: ref,
        ...(number > 1 ? { attempt: number } : {}),
      });
    }
    const { parts, references } = stepParts(definition.send, sourcesOf(view));
    if (refined) parts.push(instructionPart(refined.instruction));
    const traced = run.telemetry?.step(round.trace, definition.id, number);
    try {
      const send = () =>
        runStep({
          ...(resumeTaskId === undefined ? {} : { resumeTaskId }),
          step: definition.id,
          skill: definition.skill,
          agent,
          contextId: view.contextId,
          parts,
          referenceTaskIds: [...(refinedTask ? [refinedTask] : []), ...references, ...failedTasks],
          signal,
          timeoutMs: run.stepTimeoutMs ?? definition.timeoutMs,
          messageId: stepMessageId(view.runId, round, definition.id, number),
          checkpoint: run.checkpoint,
          ...(run.agentRetryMs === undefined ? {} : { retryWithinMs: run.agentRetryMs }),
          emit: (event) => {
            if (event.type === 'step.state') {
              shown.taskId = event.taskId;
              shown.state = event.state;
              if (refined) refined.taskId = event.taskId;
              if (event.state === 'TASK_STATE_WORKING' || event.state === 'TASK_STATE_COMPLETED')
                run.questions.settled(definition.id);
            } else if (event.type === 'artifact.chunk') run.questions.settled(definition.id);
            emit(event);
          },
          ask: (question) => run.questions.ask(definition.id, question, signal),
        });
      const result = await (traced ? context.with(traced.context, send) : send());
      traced?.end();
      return result;
    } catch (error) {
      traced?.end(error);
      if (isFinal(error, signal) || number >= attempts) throw error;
      if (shown.taskId !== undefined) failedTasks.push(shown.taskId);
      emit({ type: 'step.retrying', step: definition.id, attempt: number + 1, error: errorMessage(error) });
      await pause(definition.retry?.delayMs ?? 0, signal);
    }
  }
}

/** What steps read: the topic, the options, and each step's version that goes on, with its task. */
function sourcesOf(view: RunView) {
  const taskIds = new Map<string, string>();
  for (const step of view.steps) {
    const version = currentVersion(step);
    if (version) taskIds.set(step.step, version.taskId);
  }
  return { topic: view.topic, options: view.options, artifacts: view.artifacts, taskIds };
}
