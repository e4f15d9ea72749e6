import {
  A2AError,
  type AgentCard,
  type StreamResponse,
  type Task,
  type TaskPushNotificationConfig,
} from '@baton/protocol';
import type { A2ARequestHandler, EventStream } from '../../handler/request-handler.ts';
import type { CallContext } from '../../vocabulary/call-context.ts';
import type { RestOperation } from '../rest-routes.ts';

/** One call the fake handler received: which method, the exact request, the call context. */
export interface RecordedCall {
  readonly method: RestOperation;
  readonly request: unknown;
  readonly call: CallContext;
}

/** The one task the fake knows. */
export const TASK: Task = {
  id: 'task-1',
  contextId: 'ctx-1',
  status: { state: 'TASK_STATE_WORKING', timestamp: '2026-01-02T03:04:05.000Z' },
  history: [
    { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'hello' }], contextId: 'ctx-1', taskId: 'task-1' },
  ],
  artifacts: [{ artifactId: 'a-1', parts: [{ text: 'result' }] }],
};

/** The task after a cancel. */
export const CANCELED_TASK: Task = { ...TASK, status: { state: 'TASK_STATE_CANCELED' } };

/** The push config the fake stores for `task-1`. */
export const PUSH_CONFIG: TaskPushNotificationConfig = {
  id: 'cfg-1',
  taskId: 'task-1',
  url: 'https://client.example/hook',
  token: 'tok',
  authentication: { scheme: 'Bearer', credentials: 'secret' },
};

/** The extended card. */
export const EXTENDED_CARD: AgentCard = {
  name: 'Outline Agent',
  description: 'Writes outlines',
  supportedInterfaces: [
    { url: 'https://outline.example/rest', protocolBinding: 'HTTP+JSON', protocolVersion: '1.0' },
  ],
  version: '0.1.0',
  capabilities: { streaming: true, extendedAgentCard: true },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/markdown'],
  skills: [{ id: 'outline', name: 'Outline', description: 'Outline a topic', tags: ['writing'] }],
};

/** What a stream of `task-1` yields: the task, an artifact chunk, the final status. */
export const STREAM_EVENTS: readonly StreamResponse[] = [
  { task: TASK },
  {
    artifactUpdate: {
      taskId: 'task-1',
      contextId: 'ctx-1',
      artifact: { artifactId: 'a-2', parts: [{ text: '# Report' }] },
    },
  },
  { statusUpdate: { taskId: 'task-1', contextId: 'ctx-1', status: { state: 'TASK_STATE_COMPLETED' } } },
];

/** A task id whose every operation throws a plain `Error` (an internal failure that must not leak). */
export const EXPLODING_TASK_ID = 'explode';

/** A task id whose stream fails after its first event. */
export const BREAKING_TASK_ID = 'breaks';

/** The message of the plain `Error` thrown for {@link EXPLODING_TASK_ID}; it must never reach the wire. */
export const SECRET_FAILURE = 'connection to db://admin:hunter2@store failed';

async function* eventsOf(taskId: string): EventStream {
  yield STREAM_EVENTS[0] ?? { task: TASK };
  if (taskId === BREAKING_TASK_ID) throw A2AError.internal('the executor crashed');
  yield* STREAM_EVENTS.slice(1);
}

function knownTask(taskId: string): void {
  if (taskId === EXPLODING_TASK_ID) throw new Error(SECRET_FAILURE);
  if (taskId !== 'task-1' && taskId !== BREAKING_TASK_ID) throw A2AError.taskNotFound(taskId);
}

/** A fake `A2ARequestHandler` with canned answers for `task-1` that records every call it gets. */
export function createFakeHandler(): { handler: A2ARequestHandler; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const record = (method: RestOperation, request: unknown, call: CallContext) => {
    calls.push({ method, request, call });
  };
  const handler: A2ARequestHandler = {
    async sendMessage(request, call) {
      record('sendMessage', request, call);
      knownTask(request.message.taskId ?? 'task-1');
      return { task: TASK };
    },
    async sendStreamingMessage(request, call) {
      record('sendStreamingMessage', request, call);
      const taskId = request.message.taskId ?? 'task-1';
      knownTask(taskId);
      return eventsOf(taskId);
    },
    async getTask(request, call) {
      record('getTask', request, call);
      knownTask(request.id);
      return TASK;
    },
    async listTasks(request, call) {
      record('listTasks', request, call);
      return { tasks: [TASK], nextPageToken: '', pageSize: 50, totalSize: 1 };
    },
    async cancelTask(request, call) {
      record('cancelTask', request, call);
      knownTask(request.id);
      return CANCELED_TASK;
    },
    async subscribeToTask(request, call) {
      record('subscribeToTask', request, call);
      knownTask(request.id);
      return eventsOf(request.id);
    },
    async createTaskPushNotificationConfig(request, call) {
      record('createTaskPushNotificationConfig', request, call);
      knownTask(request.taskId ?? '');
      return { ...request, id: request.id ?? 'cfg-new' };
    },
    async getTaskPushNotificationConfig(request, call) {
      record('getTaskPushNotificationConfig', request, call);
      knownTask(request.taskId);
      return PUSH_CONFIG;
    },
    async listTaskPushNotificationConfigs(request, call) {
      record('listTaskPushNotificationConfigs', request, call);
      knownTask(request.taskId);
      return { configs: [PUSH_CONFIG], nextPageToken: 'page-2' };
    },
    async deleteTaskPushNotificationConfig(request, call) {
      record('deleteTaskPushNotificationConfig', request, call);
      knownTask(request.taskId);
    },
    async getExtendedAgentCard(request, call) {
      record('getExtendedAgentCard', request, call);
      return EXTENDED_CARD;
    },
  };
  return { handler, calls };
}
