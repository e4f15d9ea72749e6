import type { Artifact, Message, TaskState } from '@baton/protocol';
import type { ExecutionHost, TaskReply, WaitingState } from '../executor/execution-host.ts';
import type { ArtifactChunk } from '../store/task-store.ts';
import type { LiveExecution, PendingReply } from './live-execution.ts';
import { andThen } from './maybe-promise.ts';
import type { TaskChannel } from './task-channel.ts';

/**
 * Creates the {@link ExecutionHost} of one execution on `channel`: every call goes through the channel's queue,
 * creates the task first if it does not exist yet (with `userMessage` as its history), and refuses to write for
 * an execution cut loose by a shutdown or a lost lease.
 */
export function createExecutionHost(
  channel: TaskChannel,
  execution: LiveExecution,
  userMessage: Message,
): ExecutionHost {
  return new ChannelExecutionHost(channel, execution, userMessage);
}

// A class: its methods are shared, where closures made per execution were four functions and their context.
class ChannelExecutionHost implements ExecutionHost {
  private readonly channel: TaskChannel;
  private readonly execution: LiveExecution;
  private readonly userMessage: Message;

  constructor(channel: TaskChannel, execution: LiveExecution, userMessage: Message) {
    this.channel = channel;
    this.execution = execution;
    this.userMessage = userMessage;
  }

  setStatus(state: TaskState, message: Message | undefined): Promise<void> {
    return this.channel.run(() => {
      this.guard();
      if (!this.channel.created) return this.channel.createWithStatus(this.newTaskMessage(), state, message);
      return this.channel.setStatus(state, message);
    });
  }

  writeArtifact(artifact: Artifact, chunk: ArtifactChunk): Promise<void> {
    return this.channel.run(() => {
      this.guard();
      if (!this.channel.created)
        return this.channel.createWithArtifact(this.newTaskMessage(), artifact, chunk);
      return this.channel.writeArtifact(artifact, chunk);
    });
  }

  reply(message: Message): Promise<void> {
    const { channel, execution } = this;
    return channel.run(() => {
      this.guard();
      if (channel.created) {
        throw new Error(
          'reply() answers without a task; this execution already has one, so use complete(message)',
        );
      }
      if (execution.replied) throw new Error('The executor already replied with a direct message');
      execution.replied = true;
      channel.publishReply(message);
    });
  }

  awaitReply(state: WaitingState, question: Message): Promise<TaskReply> {
    const { channel, execution } = this;
    let pending: PendingReply | undefined;
    const answer = new Promise<TaskReply>((resolve, reject) => {
      pending = { resolve, reject };
    });
    return channel
      .run(() => {
        this.guard();
        const asked = channel.created
          ? channel.setStatus(state, question)
          : channel.createWithStatus(this.newTaskMessage(), state, question);
        return andThen(asked, () => {
          execution.pendingReply = pending;
        });
      })
      .then(() => {
        const hold = execution.holdWhileWaiting;
        if (!hold) return answer;
        const release = hold();
        return answer.finally(release);
      });
  }

  private guard(): void {
    const detached = this.execution.detached;
    if (detached === 'shutdown') throw new Error(`Task ${this.channel.taskId}: the server is shutting down`);
    if (detached === 'lease-lost') {
      throw new Error(
        `Task ${this.channel.taskId} was taken over by another instance; this execution may not write`,
      );
    }
  }

  // The user's message, for the task the first write makes.
  private newTaskMessage(): Message {
    if (this.execution.replied) {
      throw new Error('The executor already replied with a direct message, so it cannot also create a task');
    }
    return this.userMessage;
  }
}
