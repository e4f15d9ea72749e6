import {
  type A2AError,
  createId,
  isA2AError,
  type Message,
  type Part,
  type SendMessageResponse,
  type StreamResponse,
  type Task,
} from '@baton/protocol';
import type { CallContext } from '../../vocabulary/call-context.ts';
import type { Logger } from '../../vocabulary/logger.ts';

/** A 1.0 JSON-RPC call context for tests; anything can be overridden. */
export function testCall(overrides: Partial<CallContext> = {}): CallContext {
  return {
    version: '1.0',
    binding: 'JSONRPC',
    requestedExtensions: [],
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A user message with one text part and a fresh id; `extra` adds or overrides fields. */
export function userMessage(text: string, extra: Partial<Message> = {}): Message {
  return { messageId: createId(), role: 'ROLE_USER', parts: [{ text }], ...extra };
}

/** Reads a stream to its end. */
export async function collect(stream: AsyncIterable<StreamResponse>): Promise<StreamResponse[]> {
  const events: StreamResponse[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** A short description of each event, e.g. `task:TASK_STATE_SUBMITTED`, `status:…`, `artifact:+2`. */
export function describeEvents(events: readonly StreamResponse[]): string[] {
  return events.map((event) => {
    if ('task' in event) return `task:${event.task.status.state}`;
    if ('message' in event) return `message:${textOf(event.message.parts)}`;
    if ('statusUpdate' in event) return `status:${event.statusUpdate.status.state}`;
    const { append, lastChunk, artifact } = event.artifactUpdate;
    return `artifact:${append ? '+' : ''}${textOf(artifact.parts)}${lastChunk ? '!' : ''}`;
  });
}

/** The text parts joined. */
export function textOf(parts: readonly Part[] | undefined): string {
  return (parts ?? []).map((part) => ('text' in part ? part.text : '')).join('');
}

/** A logger that records what it is told. */
export function recordingLogger(): Logger & { readonly errors: { message: string; details: unknown }[] } {
  const errors: { message: string; details: unknown }[] = [];
  return {
    errors,
    error: (message, details) => errors.push({ message, details }),
    warn: () => undefined,
  };
}

/** A promise with its resolve function, for executors a test wants to hold. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((onResolve) => {
    resolve = onResolve;
  });
  return { promise, resolve };
}

/** Waits until `check` passes (polling each macrotask), failing after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The task of a SendMessage response; throws when it is a direct Message. */
export function taskOf(response: SendMessageResponse): Task {
  if (!('task' in response)) throw new Error(`expected a task, got ${JSON.stringify(response)}`);
  return response.task;
}

/** The A2AError a promise rejects with; throws when it resolves or rejects with something else. */
export async function errorOf(promise: Promise<unknown>): Promise<A2AError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isA2AError(error)) throw new Error(`expected an A2AError, got ${String(error)}`);
  return error;
}
