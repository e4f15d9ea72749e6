/** Helpers of the conformance agent's tests: messages with the kit's messageId prefixes, stream traces. */
import { userMessage } from '@baton/client';
import type { Message, SendMessageResponse, StreamResponse, Task } from '@baton/protocol';

let counter = 0;
/** A user message whose messageId is `prefix` plus a suffix, as the kit sends it. */
export function tck(prefix: string, options: { taskId?: string; text?: string } = {}): { message: Message } {
  const message = userMessage(options.text ?? 'hello', options.taskId ? { taskId: options.taskId } : {});
  return { message: { ...message, messageId: `${prefix}-${++counter}` } };
}

export function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response) || response.task === undefined) throw new Error('expected a task');
  return response.task;
}

export async function collect(events: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const out: StreamResponse[] = [];
  for await (const event of events) out.push(event);
  return out;
}

type ArtifactUpdate = Extract<StreamResponse, { artifactUpdate: unknown }>['artifactUpdate'];
type StatusUpdate = Extract<StreamResponse, { statusUpdate: unknown }>['statusUpdate'];
export const taskIn = (event: StreamResponse | undefined): Task | undefined =>
  event && 'task' in event ? event.task : undefined;
export const statusIn = (event: StreamResponse | undefined): StatusUpdate | undefined =>
  event && 'statusUpdate' in event ? event.statusUpdate : undefined;
export const artifactIn = (event: StreamResponse | undefined): ArtifactUpdate | undefined =>
  event && 'artifactUpdate' in event ? event.artifactUpdate : undefined;

/** A compact trace of a stream: `task:STATE`, `status:STATE`, `artifact(append,lastChunk)`, `message`. */
export function trace(events: readonly StreamResponse[]): string[] {
  return events.map((event) => {
    const task = taskIn(event);
    const status = statusIn(event);
    const artifact = artifactIn(event);
    if (task) return `task:${task.status.state.replace('TASK_STATE_', '')}`;
    if (status) return `status:${status.status.state.replace('TASK_STATE_', '')}`;
    if (artifact) {
      const { append, lastChunk } = artifact;
      return `artifact(${append === true},${lastChunk === true})`;
    }
    return 'message';
  });
}

export const statusText = (task: Task): string | undefined => {
  const part = task.status.message?.parts[0];
  return part && 'text' in part ? part.text : undefined;
};
