import { A2AError, isA2AError, isTerminalState, type Message } from '@baton/protocol';
import type { AgentExecutor, ExecutionContext } from '../executor/agent-executor.ts';
import { isAgentFailure } from '../executor/agent-failure.ts';
import { createAgentMessage } from '../executor/agent-message.ts';
import { createExecutionContext, type ExecutionRequest } from '../executor/execution-context.ts';
import type { Logger } from '../vocabulary/logger.ts';
import { createExecutionHost } from './execution-host.ts';
import { createLiveExecution, type LiveExecution } from './live-execution.ts';
import { andFinally, attempt, type MaybePromise } from './maybe-promise.ts';
import type { TaskChannel } from './task-channel.ts';

/** The status message a task gets when its executor throws something other than an A2AError or an AgentFailure. */
export const EXECUTOR_FAILURE_MESSAGE = 'The agent failed while working on this task.';

/** What {@link runExecution} needs. */
export interface RunExecutionOptions {
  readonly channel: TaskChannel;
  readonly executor: AgentExecutor;
  /** The request as the executor will see it (the execution owns the signal). */
  readonly request: ExecutionRequest;
  readonly logger: Logger;
  /** Gets an A2AError the executor threw before any event; the request fails with it and no task is made. */
  readonly onEarlyError: (error: A2AError) => void;
  /** Keeps the runtime awake while the executor waits for a reply (see `LiveExecution.holdWhileWaiting`). */
  readonly holdWhileWaiting?: (() => () => void) | undefined;
}

/**
 * Starts the executor on a channel and applies how it ends: a returned answer becomes a direct Message (no
 * task yet) or the completing status message; a plain return completes a task still SUBMITTED or WORKING (an
 * interrupted task stays as it is, for the next message to pick up); a throw fails the task with a safe message
 * (an AgentFailure's own, else a generic one) and logs the real error. Returns the live execution at once.
 */
export function runExecution(options: RunExecutionOptions): LiveExecution {
  const { channel, request } = options;
  const execution = createLiveExecution(channel.taskId, options.onEarlyError, options.holdWhileWaiting);
  channel.execution = execution;
  const host = createExecutionHost(channel, execution, request.message);
  const run = new ExecutionRun(options, execution);
  const context = createExecutionContext(request, run.readSignal, host);
  execution.done = run.drive(context);
  return execution;
}

/** One execution's end: how the executor's result or error is applied. Its methods are shared, not closures. */
class ExecutionRun {
  private readonly options: RunExecutionOptions;
  private readonly execution: LiveExecution;
  /** The executor's signal, for its context (made only if read). */
  readonly readSignal: () => AbortSignal;
  // The end is applied in the task's queue and lets go of the execution in the same step, so a follow-up
  // queued behind it never mistakes the finished execution for one still waiting for input.
  private readonly letGo: () => void;

  constructor(options: RunExecutionOptions, execution: LiveExecution) {
    this.options = options;
    this.execution = execution;
    this.readSignal = () => execution.abort.signal;
    this.letGo = () => {
      execution.pendingReply = undefined;
      options.channel.detachExecution(execution);
    };
  }

  // The executor starts in a microtask, once the caller has its subscription in place.
  async drive(context: ExecutionContext): Promise<void> {
    const { channel, executor, logger } = this.options;
    const execution = this.execution;
    await undefined;
    let outcome: { readonly failed: boolean; readonly value: unknown };
    try {
      outcome = { failed: false, value: await executor(context) };
    } catch (error) {
      outcome = { failed: true, value: error };
    }
    try {
      await channel.run(() =>
        andFinally(
          attempt(() => (outcome.failed ? this.fail(outcome.value) : this.finish(outcome.value))),
          this.letGo,
        ),
      );
    } catch (error) {
      // The store refused the end (it is down): the request still waiting gets why, and the task is left for
      // recovery (its lease expires instead of being released) to end once the store is back.
      logger.error('Could not record how an execution ended', { taskId: channel.taskId, error });
      execution.unrecorded = true;
      execution.failRequest(
        isA2AError(error) ? error : A2AError.internal('The agent could not record its work', error),
      );
    } finally {
      channel.detachExecution(execution);
    }
  }

  private finish(result: unknown): MaybePromise<void> {
    const { channel, request, logger } = this.options;
    const execution = this.execution;
    if (execution.detached) return;
    const state = channel.state;
    if (isAnswer(result)) {
      if (state === undefined && !execution.replied) {
        execution.replied = true;
        channel.publishReply(createAgentMessage(result, { contextId: channel.contextId }));
      } else if (state !== undefined && !isTerminalState(state)) {
        return channel.setStatus('TASK_STATE_COMPLETED', createAgentMessage(result, this.ids()));
      } else {
        logger.warn('Ignored what the executor returned: it had already replied, or its task had ended', {
          taskId: channel.taskId,
        });
      }
      return;
    }
    if (execution.replied) return;
    if (state === undefined) return channel.createWithStatus(request.message, 'TASK_STATE_COMPLETED');
    if (state === 'TASK_STATE_SUBMITTED' || state === 'TASK_STATE_WORKING') {
      return channel.setStatus('TASK_STATE_COMPLETED');
    }
  }

  private async fail(error: unknown): Promise<void> {
    const { channel, request, logger } = this.options;
    const execution = this.execution;
    if (execution.detached) {
      logger.debug?.('An executor ended with an error after its task was let go', {
        taskId: channel.taskId,
        error,
      });
      return;
    }
    const state = channel.state;
    if (state === undefined && !execution.replied && isA2AError(error)) {
      this.options.onEarlyError(error);
      return;
    }
    logger.error('The executor failed', { taskId: channel.taskId, error });
    if (execution.replied || (state !== undefined && isTerminalState(state))) return;
    const text = isA2AError(error) || isAgentFailure(error) ? error.message : EXECUTOR_FAILURE_MESSAGE;
    const failure = createAgentMessage(text, this.ids());
    if (state === undefined) await channel.createWithStatus(request.message, 'TASK_STATE_FAILED', failure);
    else await channel.setStatus('TASK_STATE_FAILED', failure);
  }

  private ids(): { taskId: string; contextId: string } {
    return { taskId: this.options.channel.taskId, contextId: this.options.channel.contextId };
  }
}

function isAnswer(result: unknown): result is string | Message {
  if (typeof result === 'string') return true;
  return typeof result === 'object' && result !== null && 'parts' in result && Array.isArray(result.parts);
}
