/**
 * The A2A 1.0 operations, once: each one's request and result types, whether its result is a stream of events,
 * whether it is safe to repeat, and its 0.3 JSON-RPC name. The JSON-RPC method tables, the server's request
 * handler type and the client's transport and codecs are derived from here, so an operation is added in one
 * place.
 */
import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
  GetExtendedAgentCardRequest,
  GetTaskPushNotificationConfigRequest,
  GetTaskRequest,
  ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsResponse,
  ListTasksRequest,
  ListTasksResponse,
  SendMessageRequest,
  SendMessageResponse,
  StreamResponse,
  SubscribeToTaskRequest,
  Task,
  TaskPushNotificationConfig,
} from './v1/index.ts';

/** What each operation takes and gives back; for a streaming operation, `result` is one event of the stream. */
export interface A2AOperationTypes {
  SendMessage: { request: SendMessageRequest; result: SendMessageResponse };
  SendStreamingMessage: { request: SendMessageRequest; result: StreamResponse };
  GetTask: { request: GetTaskRequest; result: Task };
  ListTasks: { request: ListTasksRequest; result: ListTasksResponse };
  CancelTask: { request: CancelTaskRequest; result: Task };
  SubscribeToTask: { request: SubscribeToTaskRequest; result: StreamResponse };
  CreateTaskPushNotificationConfig: {
    request: TaskPushNotificationConfig;
    result: TaskPushNotificationConfig;
  };
  GetTaskPushNotificationConfig: {
    request: GetTaskPushNotificationConfigRequest;
    result: TaskPushNotificationConfig;
  };
  ListTaskPushNotificationConfigs: {
    request: ListTaskPushNotificationConfigsRequest;
    result: ListTaskPushNotificationConfigsResponse;
  };
  // biome-ignore lint/suspicious/noConfusingVoidType: it becomes the method's Promise<void>, which has no value
  DeleteTaskPushNotificationConfig: { request: DeleteTaskPushNotificationConfigRequest; result: void };
  GetExtendedAgentCard: { request: GetExtendedAgentCardRequest; result: AgentCard };
}

/** How an operation behaves on the wire. */
export interface A2AOperationTraits {
  /** The result is a stream of events (SSE, gRPC server streaming). */
  readonly streaming: boolean;
  /** Safe to repeat after a failure (spec §3.3.1; CancelTask is idempotent). */
  readonly idempotent: boolean;
  /** Its JSON-RPC method name in A2A 0.3, or null where 0.3 has none. */
  readonly v03Method: string | null;
}

/** The operations, in the spec's order (§5.3), with their traits. */
export const A2A_OPERATIONS = {
  SendMessage: { streaming: false, idempotent: false, v03Method: 'message/send' },
  SendStreamingMessage: { streaming: true, idempotent: false, v03Method: 'message/stream' },
  GetTask: { streaming: false, idempotent: true, v03Method: 'tasks/get' },
  ListTasks: { streaming: false, idempotent: true, v03Method: null },
  CancelTask: { streaming: false, idempotent: true, v03Method: 'tasks/cancel' },
  SubscribeToTask: { streaming: true, idempotent: true, v03Method: 'tasks/resubscribe' },
  CreateTaskPushNotificationConfig: {
    streaming: false,
    idempotent: false,
    v03Method: 'tasks/pushNotificationConfig/set',
  },
  GetTaskPushNotificationConfig: {
    streaming: false,
    idempotent: true,
    v03Method: 'tasks/pushNotificationConfig/get',
  },
  ListTaskPushNotificationConfigs: {
    streaming: false,
    idempotent: true,
    v03Method: 'tasks/pushNotificationConfig/list',
  },
  DeleteTaskPushNotificationConfig: {
    streaming: false,
    idempotent: true,
    v03Method: 'tasks/pushNotificationConfig/delete',
  },
  GetExtendedAgentCard: {
    streaming: false,
    idempotent: true,
    v03Method: 'agent/getAuthenticatedExtendedCard',
  },
} as const satisfies { readonly [Method in keyof A2AOperationTypes]: A2AOperationTraits };

/** A 1.0 operation name (= its JSON-RPC and gRPC method name): `SendMessage`. */
export type A2AMethod = keyof typeof A2A_OPERATIONS;

/** An operation's name as a method in code: `sendMessage`. */
export type A2AOperationName = Uncapitalize<A2AMethod>;

/** What the operation takes. */
export type OperationRequest<Method extends A2AMethod> = A2AOperationTypes[Method]['request'];

/** What the operation gives back (for a streaming one: each event). */
export type OperationResult<Method extends A2AMethod> = A2AOperationTypes[Method]['result'];

/** The operations whose result is a stream of events. */
export type StreamingMethod = {
  [Method in A2AMethod]: (typeof A2A_OPERATIONS)[Method]['streaming'] extends true ? Method : never;
}[A2AMethod];

/**
 * One method per operation, named in camelCase: `request` and `Extra` (the call's options or context) in; a
 * promise of the result out, or `Stream` for the streaming operations. The client's `Transport` and the
 * server's `A2ARequestHandler` are this type.
 */
export type A2AOperationMethods<Extra extends unknown[], Stream> = {
  [Method in A2AMethod as Uncapitalize<Method>]: (
    request: OperationRequest<Method>,
    ...extra: Extra
  ) => Method extends StreamingMethod ? Stream : Promise<OperationResult<Method>>;
};

/** The 1.0 operation names, in the spec's order. */
export const A2A_METHODS = Object.keys(A2A_OPERATIONS) as A2AMethod[];

/** `SendMessage` → `sendMessage`. */
export function operationName<Method extends A2AMethod>(method: Method): Uncapitalize<Method> {
  return `${method.charAt(0).toLowerCase()}${method.slice(1)}` as Uncapitalize<Method>;
}

/** `sendMessage` → `SendMessage`. */
export function operationMethod<Name extends A2AOperationName>(name: Name): Capitalize<Name> {
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}` as Capitalize<Name>;
}
