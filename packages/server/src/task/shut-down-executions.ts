import { isTerminalState } from '@baton/protocol';
import { createAgentMessage } from '../executor/agent-message.ts';
import type { Logger } from '../vocabulary/logger.ts';
import { shuttingDownError } from '../vocabulary/overload-error.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { LiveExecution } from './live-execution.ts';

/** The status message of tasks still running when the server shut down (they end CANCELED with it). */
export const SHUTDOWN_MESSAGE = 'The server shut down before the task finished.';

/** What {@link shutDownExecutions} works on. */
export interface ShutDownExecutionsOptions {
  readonly live: ReadonlySet<LiveExecution>;
  readonly registry: ChannelRegistry;
  readonly logger: Logger;
  readonly deadlineMs: number;
  /** Fires the execution's signal and frees its running-task slot. */
  readonly cutLoose: (execution: LiveExecution, reason: 'shutdown') => void;
}

/**
 * Aborts executions waiting for input at once (their tasks stay interrupted), waits up to `deadlineMs` for the
 * running ones, then aborts those still running and cancels their tasks with {@link SHUTDOWN_MESSAGE}; a request
 * still waiting for its first event fails with the shutting-down error.
 */
export async function shutDownExecutions(options: ShutDownExecutionsOptions): Promise<void> {
  const { live, registry, logger, cutLoose } = options;
  for (const execution of live) if (execution.pendingReply) cutLoose(execution, 'shutdown');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, options.deadlineMs));
  });
  await Promise.race([Promise.allSettled([...live].map((execution) => execution.done)), deadline]);
  clearTimeout(timer);

  const stop = (execution: LiveExecution) =>
    registry
      .withTask(execution.taskId, async (channel) => {
        if (execution.detached || channel.execution !== execution) return;
        cutLoose(execution, 'shutdown');
        channel.detachExecution(execution);
        const state = channel.state;
        if (state === undefined) {
          // No task yet: the request that started it is still waiting for its first event.
          if (!execution.replied) execution.failRequest(shuttingDownError());
        } else if (!isTerminalState(state)) {
          const ids = { taskId: channel.taskId, contextId: channel.contextId };
          await channel.setStatus('TASK_STATE_CANCELED', createAgentMessage(SHUTDOWN_MESSAGE, ids));
        }
      })
      .catch((error: unknown) =>
        logger.error('Could not stop a task at shutdown', { taskId: execution.taskId, error }),
      );
  await Promise.all([...live].map(stop));
}
