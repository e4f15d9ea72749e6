import { isA2AError, type Task } from '@baton/protocol';
import { AGENT_RESTARTED_MESSAGE } from '../cluster/cluster-options.ts';
import type { Coordinator } from '../cluster/create-coordinator.ts';
import type { ExpiredLease } from '../cluster/task-lease-store.ts';
import { createAgentMessage } from '../executor/agent-message.ts';
import type { Logger } from '../vocabulary/logger.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ReleaseSlot } from './slot-pool.ts';
import type { TaskChannel } from './task-channel.ts';
import type { SendInput } from './task-runtime.ts';

/** What {@link createTaskRecovery} needs from the runtime. */
export interface TaskRecoveryOptions {
  readonly registry: ChannelRegistry;
  readonly logger: Logger;
  /** Start the executor again instead of ending the task FAILED (`ClusterOptions.restartInterruptedTasks`). */
  readonly restart: boolean;
  readonly coordinator: Coordinator;
  readonly isClosing: () => boolean;
  /** A running-task slot for a restarted execution, or `undefined` when none is free. */
  readonly takeSlot: () => ReleaseSlot | undefined;
  /** Starts the executor on the task so far, with its last user message. */
  readonly restartExecution: (
    channel: TaskChannel,
    input: SendInput,
    task: Task,
    release: ReleaseSlot,
  ) => void;
}

/**
 * Creates the handler of an expired lease: a task whose instance died (or could not record its work). Once,
 * under the lease it takes over, a task still SUBMITTED or WORKING ends FAILED with AGENT_RESTARTED_MESSAGE,
 * or starts again when the executor is restartable; a task waiting for input or finished is left as it is.
 * When the store fails meanwhile, the lease is left to expire again for a later sweep (by any instance).
 */
export function createTaskRecovery(options: TaskRecoveryOptions): (lease: ExpiredLease) => Promise<void> {
  const { registry, logger, coordinator } = options;

  return async ({ taskId }) => {
    // Running here: this instance's own renewal was late, and its next one restores the lease.
    if (options.isClosing() || registry.peek(taskId)?.execution) return;
    const slot = options.restart ? options.takeSlot() : undefined;
    if (options.restart && !slot) return;
    let started = false;
    try {
      const claimed = await coordinator.claim(taskId).catch(() => undefined);
      if (!claimed?.here) return;
      await registry.withTask(taskId, async (channel) => {
        const state = channel.state;
        if (channel.execution || (state !== 'TASK_STATE_SUBMITTED' && state !== 'TASK_STATE_WORKING')) return;
        const task = options.restart ? await channel.snapshot() : undefined;
        const message = task?.history?.filter((entry) => entry.role === 'ROLE_USER').at(-1);
        if (task && message && slot) {
          const scope = channel.scope;
          const user = scope.ownerId === undefined ? undefined : { id: scope.ownerId };
          const input: SendInput = { message, scope, user, tenant: scope.tenant, requestedExtensions: [] };
          options.restartExecution(channel, input, task, slot);
          started = true;
          logger.warn('Started again a task whose instance stopped while it was working', { taskId });
          return;
        }
        const ids = { taskId, contextId: channel.contextId };
        await channel.setStatus('TASK_STATE_FAILED', createAgentMessage(AGENT_RESTARTED_MESSAGE, ids));
        logger.warn('Ended a task whose instance stopped while it was working', { taskId, state });
      });
      if (!started) await coordinator.release(taskId);
    } catch (error) {
      if (isA2AError(error, 'TaskNotFoundError')) {
        await coordinator.release(taskId);
      } else {
        coordinator.forget(taskId);
        logger.warn('Could not recover a task whose instance stopped; will retry', { taskId, error });
      }
    } finally {
      if (!started) slot?.();
    }
  };
}
