import {
  A2AError,
  generationOfEvent,
  idsOfEvent,
  isInterruptedState,
  isTerminalState,
  type StreamResponse,
  stateOfEvent,
  type Task,
  type TaskState,
} from '@baton/protocol';
import { A2AClientError, isA2AClientError } from '../errors/client-error.ts';
import { backoffDelay, type RetryOptions, sleep } from '../retry/retry-policy.ts';
import { eventIdOf } from '../sse/event-id.ts';

/** How a stream that drops before its task ends is picked up again with SubscribeToTask. */
export interface ResubscribeOptions {
  /** Resubscriptions in a row without an event before giving up with NETWORK; default 5. */
  readonly attempts?: number;
  /** Backoff between resubscriptions (`baseDelayMs`, `maxDelayMs`, `sleep`, `random`). */
  readonly backoff?: RetryOptions;
}

/** What {@link resumeStream} needs: the first stream, and ways to resubscribe and to read the task. */
export interface ResumeSource {
  readonly open: () => AsyncIterable<StreamResponse>;
  /** Subscribes again; `lastEventId` is the SSE id of the last event received, sent as `Last-Event-ID`. */
  readonly resubscribe: (taskId: string, lastEventId: string | undefined) => AsyncIterable<StreamResponse>;
  readonly getTask: (taskId: string) => Promise<Task>;
  readonly signal?: AbortSignal;
}

const stateOf = stateOfEvent;
// A direct Message belongs to no task the stream could be resumed on.
const taskIdOf = (event: StreamResponse): string | undefined =>
  'message' in event ? undefined : idsOfEvent(event).taskId;

/** The 1.1 draft's `generation` of a task event, as an event id. */
function generationIdOf(event: StreamResponse): string | undefined {
  const generation = generationOfEvent(event);
  return generation === undefined ? undefined : String(generation);
}

const isFinal = (state: TaskState) => isTerminalState(state) || isInterruptedState(state);

// A drop worth resubscribing after: the connection broke or went silent. Aborts, protocol violations and what the
// server said are final.
const isDrop = (error: unknown) => isA2AClientError(error, 'NETWORK') || isA2AClientError(error, 'TIMEOUT');

/**
 * Yields a task's stream and, when it drops (network error, idle timeout, or an end before a terminal or
 * interrupted state), resubscribes with backoff and carries on. The resubscription names the last event received
 * (`Last-Event-ID`, its SSE id): a server that keeps the task's events (Baton) sends exactly the ones after it, so
 * no artifact chunk is lost or repeated; otherwise its first event is the current Task, yielded so the caller sees
 * what it missed. If the task ended while disconnected and the server refuses the subscription, the final Task is
 * fetched and yielded. Gives up with NETWORK after `attempts` failed tries.
 */
export async function* resumeStream(
  source: ResumeSource,
  options: ResubscribeOptions = {},
): AsyncGenerator<StreamResponse, void, undefined> {
  const attempts = options.attempts ?? 5;
  let taskId: string | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let lastError: unknown;
  let stream = source.open();
  for (;;) {
    let resubscribing = failures > 0;
    try {
      for await (const event of stream) {
        resubscribing = false;
        failures = 0;
        taskId ??= taskIdOf(event);
        // An event without an id (a server that sets none) leaves nothing to resume after. gRPC has no SSE ids: its
        // events carry the generation in the 1.1 draft's field.
        lastEventId = eventIdOf(event) ?? generationIdOf(event);
        yield event;
        const state = stateOf(event);
        if ('message' in event || (state !== undefined && isFinal(state))) return;
      }
      lastError = new A2AClientError('NETWORK', 'The stream ended before the task did');
    } catch (error) {
      if (resubscribing && taskId !== undefined && error instanceof A2AError) {
        // The task may have ended while we were away: subscribing to a finished task is an error.
        const task = await source.getTask(taskId);
        if (!isFinal(task.status.state)) throw error;
        yield { task };
        return;
      }
      if (!isDrop(error)) throw error;
      lastError = error;
    }
    if (taskId === undefined) throw lastError;
    failures += 1;
    if (failures > attempts) {
      throw new A2AClientError(
        'NETWORK',
        `The stream of task ${taskId} dropped; gave up after ${attempts} resubscriptions`,
        {
          cause: lastError,
        },
      );
    }
    await (options.backoff?.sleep ?? sleep)(backoffDelay(failures - 1, options.backoff), source.signal);
    stream = source.resubscribe(taskId, lastEventId);
  }
}
