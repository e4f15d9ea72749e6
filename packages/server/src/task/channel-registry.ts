import { A2AError } from '@baton/protocol';
import type { TaskScope, TaskStore } from '../store/task-store.ts';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';
import { TaskChannel } from './task-channel.ts';

/** The channels of the tasks this process is working on, so each task has exactly one writer here. */
export interface ChannelRegistry {
  /** Registers the channel of a task that is about to be created (its id was just generated). */
  reserve(taskId: string, contextId: string, scope: TaskScope): TaskChannel;
  /**
   * Runs `work` on the task's channel, queued behind earlier work on the same task, loading the channel from
   * the store when there is none. Rejects with TaskNotFound when the store does not have the task.
   */
  withTask<T>(taskId: string, work: (channel: TaskChannel) => Promise<T>): Promise<T>;
  /** The task's channel if this process holds one right now (it is working on the task), without loading it. */
  peek(taskId: string): TaskChannel | undefined;
  /** How many channels are held (for tests: idle ones are dropped). */
  readonly size: number;
}

/** Creates a {@link ChannelRegistry} over a store and a hub. */
export function createChannelRegistry(store: TaskStore, hub: TaskEventHub): ChannelRegistry {
  const channels = new Map<string, TaskChannel>();
  const loading = new Map<string, Promise<TaskChannel | undefined>>();

  const onIdle = (channel: TaskChannel) => {
    if (channels.get(channel.taskId) === channel) channels.delete(channel.taskId);
  };

  function load(taskId: string): Promise<TaskChannel | undefined> {
    const existing = loading.get(taskId);
    if (existing) return existing;
    const promise = store.get(taskId, { historyLength: 0, includeArtifacts: false }).then(
      (stored) => {
        loading.delete(taskId);
        if (!stored) return undefined;
        const current = channels.get(taskId);
        if (current) return current;
        const { task, scope } = stored;
        const channel = new TaskChannel({
          store,
          hub,
          taskId,
          contextId: task.contextId ?? '',
          scope,
          state: task.status.state,
          onIdle,
        });
        channels.set(taskId, channel);
        return channel;
      },
      (error: unknown) => {
        loading.delete(taskId);
        throw error;
      },
    );
    loading.set(taskId, promise);
    return promise;
  }

  return {
    reserve(taskId, contextId, scope) {
      const channel = new TaskChannel({ store, hub, taskId, contextId, scope, state: undefined, onIdle });
      channels.set(taskId, channel);
      return channel;
    },
    async withTask(taskId, work) {
      for (;;) {
        // Queue the work in the same tick the channel is looked up, so it cannot be dropped in between.
        const channel = channels.get(taskId);
        if (channel) return channel.run(() => work(channel));
        if (!(await load(taskId))) throw A2AError.taskNotFound(taskId);
      }
    },
    peek: (taskId) => channels.get(taskId),
    get size() {
      return channels.size;
    },
  };
}
