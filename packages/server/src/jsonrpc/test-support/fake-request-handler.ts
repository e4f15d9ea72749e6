/**
 * A stand-in for the core request handler, for binding tests until the real one lands: canned tasks, scripted
 * event streams whose iterators record `return()`, and three ways to fail (an A2AError, a plain Error, a stream
 * that throws after it began). Every call is recorded with the request and call context it received.
 */
import {
  A2AError,
  type AgentCard,
  AgentCardSchema,
  type Message,
  MessageSchema,
  type StreamResponse,
  StreamResponseSchema,
  type Task,
  type TaskPushNotificationConfig,
  TaskSchema,
} from '@baton/protocol';
import type { A2ARequestHandler, EventStream } from '../../handler/request-handler.ts';
import type { CallContext } from '../../vocabulary/call-context.ts';

export const TASK_ID = 'task-1';
export const CONTEXT_ID = 'context-1';
/** A task id the fake does not know: TaskNotFound. */
export const MISSING_TASK_ID = 'no-such-task';
/** A task id whose lookup throws a plain Error carrying a secret. */
export const EXPLODING_TASK_ID = 'explode';
/** The message of that plain Error; it must never reach the wire. */
export const SECRET_MESSAGE = 'connection string postgres://admin:hunter2@db';
/** A task id whose stream sends the task snapshot and then waits forever. */
export const HANGING_TASK_ID = 'hang';
/** A task id whose stream sends the task snapshot and then throws a plain Error. */
export const FAILING_STREAM_TASK_ID = 'fail-midway';
/** Message text that makes SendMessage answer with a direct Message instead of a Task. */
export const DIRECT_REPLY_TEXT = 'reply directly';

const ids = { taskId: TASK_ID, contextId: CONTEXT_ID };
const timestamp = '2026-01-02T03:04:05.000Z';

export const TASK: Task = TaskSchema.parse({
  id: TASK_ID,
  contextId: CONTEXT_ID,
  status: { state: 'TASK_STATE_COMPLETED', timestamp },
  artifacts: [{ artifactId: 'artifact-1', name: 'Outline', parts: [{ text: '# Tea' }] }],
  history: [{ messageId: 'user-1', role: 'ROLE_USER', parts: [{ text: 'Outline tea' }], ...ids }],
});

export const DIRECT_REPLY: Message = MessageSchema.parse({
  messageId: 'reply-1',
  role: 'ROLE_AGENT',
  parts: [{ text: 'Hi' }],
  contextId: CONTEXT_ID,
});

/** The canned stream: the task snapshot, working, one artifact, completed. */
export const STREAM: readonly StreamResponse[] = [
  { task: { id: TASK_ID, contextId: CONTEXT_ID, status: { state: 'TASK_STATE_SUBMITTED', timestamp } } },
  { statusUpdate: { ...ids, status: { state: 'TASK_STATE_WORKING', timestamp } } },
  { artifactUpdate: { ...ids, artifact: { artifactId: 'artifact-1', parts: [{ text: '# Tea' }] } } },
  { statusUpdate: { ...ids, status: { state: 'TASK_STATE_COMPLETED', timestamp } } },
].map((event) => StreamResponseSchema.parse(event));

export const PUSH_CONFIG: TaskPushNotificationConfig = {
  id: 'config-1',
  taskId: TASK_ID,
  url: 'https://client.example.com/hook',
  token: 'token-1',
  authentication: { scheme: 'Bearer', credentials: 'secret' },
};

export const EXTENDED_CARD: AgentCard = AgentCardSchema.parse({
  name: 'Fake agent',
  description: 'Answers binding tests',
  version: '1.0.0',
  supportedInterfaces: [
    { url: 'http://127.0.0.1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'http://127.0.0.1/rpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
  ],
  capabilities: { streaming: true, pushNotifications: true, extendedAgentCard: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] }],
});

/** One call the fake received. */
export interface RecordedCall {
  readonly method: keyof A2ARequestHandler;
  readonly request: unknown;
  readonly call: CallContext;
}

/** How a scripted stream ends after its events. */
type StreamEnding = 'end' | 'hang' | Error;

/** A stream the fake handed out, and whether the binding returned its iterator. */
export interface ScriptedStream extends EventStream {
  readonly returned: boolean;
  /** Resolves when `return()` is called. */
  readonly whenReturned: Promise<void>;
}

function scriptedStream(events: readonly StreamResponse[], ending: StreamEnding): ScriptedStream {
  let index = 0;
  let returned = false;
  let wake: ((result: IteratorResult<StreamResponse>) => void) | undefined;
  let markReturned: () => void = () => {};
  const whenReturned = new Promise<void>((resolve) => {
    markReturned = resolve;
  });
  const done = (): IteratorResult<StreamResponse> => ({ done: true, value: undefined });
  const iterator: AsyncIterator<StreamResponse> = {
    async next() {
      if (returned) return done();
      const event = events[index++];
      if (event !== undefined) return { done: false, value: event };
      if (ending === 'end') return done();
      if (ending === 'hang') return new Promise((resolve) => (wake = resolve));
      throw ending;
    },
    // Unlike an async generator, return() takes effect while a next() is pending: it releases the waiter.
    async return() {
      returned = true;
      markReturned();
      wake?.(done());
      return done();
    },
  };
  return {
    get returned() {
      return returned;
    },
    whenReturned,
    [Symbol.asyncIterator]: () => iterator,
  };
}

/** The fake handler plus what it saw. */
export interface FakeRequestHandler extends A2ARequestHandler {
  readonly calls: RecordedCall[];
  readonly streams: ScriptedStream[];
}

/** Builds a fresh fake; each test gets its own so recorded calls never leak between tests. */
export function createFakeRequestHandler(): FakeRequestHandler {
  const calls: RecordedCall[] = [];
  const streams: ScriptedStream[] = [];
  const record = (method: keyof A2ARequestHandler, request: unknown, call: CallContext) => {
    calls.push({ method, request, call });
  };
  const findTask = (id: string): Task => {
    if (id === EXPLODING_TASK_ID) throw new Error(SECRET_MESSAGE);
    if (id !== TASK_ID) throw A2AError.taskNotFound(id);
    return TASK;
  };
  const openStream = (taskId: string): ScriptedStream => {
    if (taskId === EXPLODING_TASK_ID) throw new Error(SECRET_MESSAGE);
    if (taskId === MISSING_TASK_ID) throw A2AError.taskNotFound(taskId);
    const ending: StreamEnding =
      taskId === HANGING_TASK_ID
        ? 'hang'
        : taskId === FAILING_STREAM_TASK_ID
          ? new Error(SECRET_MESSAGE)
          : 'end';
    const stream = scriptedStream(ending === 'end' ? STREAM : STREAM.slice(0, 1), ending);
    streams.push(stream);
    return stream;
  };
  return {
    calls,
    streams,
    async sendMessage(request, call) {
      record('sendMessage', request, call);
      const [first] = request.message.parts;
      if (first && 'text' in first && first.text === DIRECT_REPLY_TEXT) return { message: DIRECT_REPLY };
      if (request.message.taskId !== undefined) findTask(request.message.taskId);
      return { task: TASK };
    },
    async sendStreamingMessage(request, call) {
      record('sendStreamingMessage', request, call);
      return openStream(request.message.taskId ?? TASK_ID);
    },
    async getTask(request, call) {
      record('getTask', request, call);
      return findTask(request.id);
    },
    async listTasks(request, call) {
      record('listTasks', request, call);
      return { tasks: [TASK], nextPageToken: '', pageSize: 50, totalSize: 1 };
    },
    async cancelTask(request, call) {
      record('cancelTask', request, call);
      const task = findTask(request.id);
      return { ...task, status: { state: 'TASK_STATE_CANCELED', timestamp } };
    },
    async subscribeToTask(request, call) {
      record('subscribeToTask', request, call);
      return openStream(request.id);
    },
    async createTaskPushNotificationConfig(request, call) {
      record('createTaskPushNotificationConfig', request, call);
      if (request.taskId !== undefined) findTask(request.taskId);
      return { ...request, id: request.id ?? PUSH_CONFIG.id };
    },
    async getTaskPushNotificationConfig(request, call) {
      record('getTaskPushNotificationConfig', request, call);
      findTask(request.taskId);
      return PUSH_CONFIG;
    },
    async listTaskPushNotificationConfigs(request, call) {
      record('listTaskPushNotificationConfigs', request, call);
      findTask(request.taskId);
      return { configs: [PUSH_CONFIG], nextPageToken: '' };
    },
    async deleteTaskPushNotificationConfig(request, call) {
      record('deleteTaskPushNotificationConfig', request, call);
      findTask(request.taskId);
    },
    async getExtendedAgentCard(request, call) {
      record('getExtendedAgentCard', request, call);
      return EXTENDED_CARD;
    },
  };
}
