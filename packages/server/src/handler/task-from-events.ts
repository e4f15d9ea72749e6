import type { StreamResponse, Task } from '@baton/protocol';
import { TaskRecord } from '../store/task-record.ts';
import type { TaskReadOptions } from '../store/task-store.ts';

/**
 * A task rebuilt from the events a send saw, as the store would answer a read of it: the first `task` event is
 * the snapshot (a new task's creation, or a follow-up's task as read when it was accepted), then each status
 * (its message also joins the history, as the task's writer puts it there) and each artifact event is applied
 * the way the in-memory store applies the same write. Events are published only once the store has them, so
 * what this holds is what the store holds: a blocking send on a store that is a network hop away answers from
 * it instead of reading the task back.
 */
export class TaskFromEvents {
  private record: TaskRecord | undefined;

  /** Applies one event; events before the first `task` event (there are none on a send) are ignored. */
  apply(event: StreamResponse): void {
    if ('task' in event) {
      this.record = new TaskRecord(event.task, {});
      return;
    }
    const record = this.record;
    if (record === undefined) return;
    if ('statusUpdate' in event) {
      const status = event.statusUpdate.status;
      // A snapshot waiting for input is followed by its own status again (see `answerRepeat`): its message is
      // already the last in the history.
      if (status.message && !record.endsWithMessage(status.message.messageId))
        record.addMessage(status.message);
      record.setStatus(status);
    } else if ('artifactUpdate' in event) {
      const update = event.artifactUpdate;
      record.appendArtifact(update.artifact, {
        append: update.append === true,
        lastChunk: update.lastChunk === true,
      });
    }
  }

  /** The task as a read with `options` would show it; `undefined` when no `task` event came. */
  snapshot(options: TaskReadOptions = {}): Task | undefined {
    return this.record?.snapshot(options);
  }
}
