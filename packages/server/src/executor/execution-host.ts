import type { Artifact, Message, TaskState } from '@baton/protocol';
import type { ArtifactChunk } from '../store/task-store.ts';
import type { CallUser } from '../vocabulary/call-context.ts';

/** The states in which an executor waits for the client's next message. */
export type WaitingState = 'TASK_STATE_INPUT_REQUIRED' | 'TASK_STATE_AUTH_REQUIRED';

/** The client's next message on a waiting task, and who sent it (a step-up brings a token with more scopes). */
export interface TaskReply {
  readonly message: Message;
  readonly user: CallUser | undefined;
}

/**
 * What the task runtime does for an {@link ExecutionContext}. Each call is queued in call order at the moment
 * it is made (before its promise settles), so an executor that does not await still gets its events in order.
 */
export interface ExecutionHost {
  /** Creates the task if needed, then moves it to `state`. */
  setStatus(state: TaskState, message: Message | undefined): Promise<void>;
  /** Creates the task if needed, then applies and publishes one artifact event. */
  writeArtifact(artifact: Artifact, chunk: ArtifactChunk): Promise<void>;
  /** Publishes a direct Message reply; rejects once the task exists. */
  reply(message: Message): Promise<void>;
  /** Moves the task to `state` with `question`, then resolves with the client's next message on the task. */
  awaitReply(state: WaitingState, question: Message): Promise<TaskReply>;
}
