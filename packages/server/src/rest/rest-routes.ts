import type { A2ARequestHandler } from '../handler/request-handler.ts';

/** An A2A operation as the HTTP+JSON binding routes it: the name of the handler method that serves it. */
export type RestOperation = keyof A2ARequestHandler;

/** The HTTP methods the binding's routes use. */
export type RestMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One path of the binding and the operation behind each method it takes. `path` is relative to the mount point:
 * literal segments, the parameters `{taskId}` and `{configId}` (one non-empty segment each), and optionally a
 * custom verb on the last segment (`/tasks/{taskId}:cancel`), as in the proto's `google.api.http` templates.
 */
export interface RestRoute {
  readonly path: string;
  readonly methods: Readonly<Partial<Record<RestMethod, RestOperation>>>;
}

/**
 * The A2A 1.0 routes (spec §11.3, proto `google.api.http`). Each also answers under a `/{tenant}` prefix.
 * Subscribe takes GET (the proto) and POST (the spec text).
 */
export const V1_ROUTES: readonly RestRoute[] = [
  { path: '/message:send', methods: { POST: 'sendMessage' } },
  { path: '/message:stream', methods: { POST: 'sendStreamingMessage' } },
  { path: '/tasks', methods: { GET: 'listTasks' } },
  { path: '/tasks/{taskId}', methods: { GET: 'getTask' } },
  { path: '/tasks/{taskId}:cancel', methods: { POST: 'cancelTask' } },
  { path: '/tasks/{taskId}:subscribe', methods: { GET: 'subscribeToTask', POST: 'subscribeToTask' } },
  {
    path: '/tasks/{taskId}/pushNotificationConfigs',
    methods: { POST: 'createTaskPushNotificationConfig', GET: 'listTaskPushNotificationConfigs' },
  },
  {
    path: '/tasks/{taskId}/pushNotificationConfigs/{configId}',
    methods: { GET: 'getTaskPushNotificationConfig', DELETE: 'deleteTaskPushNotificationConfig' },
  },
  { path: '/extendedAgentCard', methods: { GET: 'getExtendedAgentCard' } },
];

/**
 * The A2A 0.3 routes (0.3 spec §3.5.6), all under `/v1`, without tenants. 0.3 has no REST ListTasks in its proto,
 * so `GET /v1/tasks` is not a route (as in a2a-js); subscribe takes GET (the 0.3 proto) and POST (the 0.3 spec).
 */
export const V03_ROUTES: readonly RestRoute[] = [
  { path: '/v1/message:send', methods: { POST: 'sendMessage' } },
  { path: '/v1/message:stream', methods: { POST: 'sendStreamingMessage' } },
  { path: '/v1/tasks/{taskId}', methods: { GET: 'getTask' } },
  { path: '/v1/tasks/{taskId}:cancel', methods: { POST: 'cancelTask' } },
  { path: '/v1/tasks/{taskId}:subscribe', methods: { GET: 'subscribeToTask', POST: 'subscribeToTask' } },
  {
    path: '/v1/tasks/{taskId}/pushNotificationConfigs',
    methods: { POST: 'createTaskPushNotificationConfig', GET: 'listTaskPushNotificationConfigs' },
  },
  {
    path: '/v1/tasks/{taskId}/pushNotificationConfigs/{configId}',
    methods: { GET: 'getTaskPushNotificationConfig', DELETE: 'deleteTaskPushNotificationConfig' },
  },
  { path: '/v1/card', methods: { GET: 'getExtendedAgentCard' } },
];

/** The operations whose success is an SSE stream rather than one JSON body. */
export const STREAMING_OPERATIONS: ReadonlySet<RestOperation> = new Set<RestOperation>([
  'sendStreamingMessage',
  'subscribeToTask',
]);
