/**
 * The floor's work, shared by the floor on each binding (`floor-app.ts` over JSON-RPC, `grpc-floor-target.ts` over
 * gRPC): per request new task, context and artifact ids (Baton's own `createId`), a timestamp, the completed task
 * with the message in its history, kept among the newest 1,000, and the events a stream of it carries.
 */
import { createId } from '@baton/protocol';
import { chunkData, chunksRequested } from '../workload.ts';

/** The slice of a message the floor reads. */
export interface FloorMessage {
  readonly messageId?: string;
  readonly parts?: readonly { readonly text?: string }[];
}

const KEPT_TASKS = 1_000;

/**
 * Keeps the newest 1,000 tasks: a ring of ids beside the map, so keeping one costs O(1) (a Map used as its own LRU
 * walks past the holes its deletes leave at the front).
 */
export function createKeptTasks(): (id: string, task: object) => void {
  const tasks = new Map<string, object>();
  const ring: (string | undefined)[] = new Array(KEPT_TASKS).fill(undefined);
  let next = 0;
  return (id, task) => {
    const evicted = ring[next];
    if (evicted !== undefined) tasks.delete(evicted);
    ring[next] = id;
    next = (next + 1) % KEPT_TASKS;
    tasks.set(id, task);
  };
}

/** The completed task a message asks for (`chunks:N` parts in one artifact). */
export function floorTask(message: FloorMessage) {
  const chunks = chunksRequested(message.parts?.[0]?.text);
  const id = createId();
  const contextId = createId();
  const artifactId = createId();
  const timestamp = new Date().toISOString();
  const parts = Array.from({ length: chunks }, (_, index) => ({ data: chunkData(index) }));
  const status = { state: 'TASK_STATE_COMPLETED', timestamp };
  const task = {
    id,
    contextId,
    status,
    artifacts: [{ artifactId, name: 'rows', parts }],
    history: [message],
  };
  return { task, message, artifactId, timestamp, parts };
}

/** The events a stream of the task carries: the submitted task, one artifact event per part, completed. */
export function floorEvents({ task, message, artifactId, timestamp, parts }: ReturnType<typeof floorTask>) {
  const { id, contextId } = task;
  return [
    { task: { id, contextId, status: { state: 'TASK_STATE_SUBMITTED', timestamp }, history: [message] } },
    ...parts.map((part, index) => ({
      artifactUpdate: {
        taskId: id,
        contextId,
        artifact: { artifactId, name: 'rows', parts: [part] },
        append: index > 0,
        lastChunk: index === parts.length - 1,
      },
    })),
    { statusUpdate: { taskId: id, contextId, status: task.status } },
  ];
}
