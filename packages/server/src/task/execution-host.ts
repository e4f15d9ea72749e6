import type { Message } from '@baton/protocol';
import type { ExecutionHost } from '../executor/execution-host.ts';
import type { LiveExecution, PendingReply } from './live-execution.ts';
import { andThen, type MaybePromise } from './maybe-promise.ts';
import type { TaskChannel } from './task-channel.ts';

/**
 * Implements the {@link ExecutionHost} of one execution on its task's channel. Every call queues its work on
 * the channel right away, creates the task (SUBMITTED, with the user's message) on the first task event, and
 * refuses work once the execution was cut loose (canceled or shut down).
 */
export function createExecutionHost(
  channel: TaskChannel,
  execution: LiveExecution,
  userMessage: Message,
): ExecutionHost {
  const guard = () => {
    if (execution.detached === 'shutdown')
      throw new Error(`Task ${channel.taskId}: the server is shutting down`);
    if (execution.detached === 'lease-lost')
      throw new Error(
        `Task ${channel.taskId} was taken over by another instance; this execution may not write`,
      );
  };
  // Creates the task on its first event; refused after a direct reply.
  const ensureTask = (): MaybePromise<void> => {
    if (channel.created) return;
    if (execution.replied) {
      throw new Error('The executor already replied with a direct message, so it cannot also create a task');
    }
    return channel.create(userMessage);
  };

  return {
    setStatus: (state, message) =>
      channel.run(() => {
        guard();
        return andThen(ensureTask(), () => channel.setStatus(state, message));
      }),
    writeArtifact: (artifact, chunk) =>
      channel.run(() => {
        guard();
        return andThen(ensureTask(), () => channel.writeArtifact(artifact, chunk));
      }),
    reply: (message) =>
      channel.run(() => {
        guard();
        if (channel.created) {
          throw new Error(
            'reply() answers without a task; this execution already has one, so use complete(message)',
          );
        }
        if (execution.replied) throw new Error('The executor already replied with a direct message');
        execution.replied = true;
        channel.publishReply(message);
      }),
    awaitReply(state, question) {
      let pending: PendingReply | undefined;
      const answer = new Promise<Message>((resolve, reject) => {
        pending = { resolve, reject };
      });
      return channel
        .run(() => {
          guard();
          return andThen(
            andThen(ensureTask(), () => channel.setStatus(state, question)),
            () => {
              // Set in the same queued step as the status, so a follow-up can never arrive before the waiter.
              execution.pendingReply = pending;
            },
          );
        })
        .then(() => {
          const hold = execution.holdWhileWaiting;
          if (!hold) return answer;
          const release = hold();
          return answer.finally(release);
        });
    },
  };
}
