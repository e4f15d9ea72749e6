import type {
  AgentCard,
  CancelTaskRequest,
  DeleteTaskPushNotificationConfigRequest,
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
} from '@baton/protocol';

/** How one operation's request goes on the wire and its result comes back, for one binding and version. */
export interface OperationCodec<Request, Result, Wire> {
  /** The wire form of the request (JSON-RPC method and params, or REST route, query and body). */
  encode(request: Request): Wire;
  /** Validates (and translates) the result; throws on a malformed one. */
  decode(raw: unknown): Result;
  /**
   * The result carries nothing (a push config delete): a JSON-RPC response without `result` is accepted, as some
   * servers send it (docs/client.md, "Where the client is lenient").
   */
  readonly resultMayBeMissing?: boolean;
}

/** The codecs of every operation; `listTasks` is absent where the version has none (0.3). */
export interface OperationCodecs<Wire> {
  readonly sendMessage: OperationCodec<SendMessageRequest, SendMessageResponse, Wire>;
  readonly sendStreamingMessage: OperationCodec<SendMessageRequest, StreamResponse, Wire>;
  readonly getTask: OperationCodec<GetTaskRequest, Task, Wire>;
  readonly listTasks?: OperationCodec<ListTasksRequest, ListTasksResponse, Wire>;
  readonly cancelTask: OperationCodec<CancelTaskRequest, Task, Wire>;
  readonly subscribeToTask: OperationCodec<SubscribeToTaskRequest, StreamResponse, Wire>;
  readonly createTaskPushNotificationConfig: OperationCodec<
    TaskPushNotificationConfig,
    TaskPushNotificationConfig,
    Wire
  >;
  readonly getTaskPushNotificationConfig: OperationCodec<
    GetTaskPushNotificationConfigRequest,
    TaskPushNotificationConfig,
    Wire
  >;
  readonly listTaskPushNotificationConfigs: OperationCodec<
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse,
    Wire
  >;
  readonly deleteTaskPushNotificationConfig: OperationCodec<
    DeleteTaskPushNotificationConfigRequest,
    void,
    Wire
  >;
  readonly getExtendedAgentCard: OperationCodec<{ tenant?: string }, AgentCard, Wire>;
}

/** The operation names a transport serves (the `Transport` methods). */
export type OperationName = keyof OperationCodecs<unknown>;

/** The PascalCase A2A 1.0 name of each operation (JSON-RPC method, interceptor `operation`). */
export const OPERATION_METHODS: Readonly<Record<OperationName, string>> = {
  sendMessage: 'SendMessage',
  sendStreamingMessage: 'SendStreamingMessage',
  getTask: 'GetTask',
  listTasks: 'ListTasks',
  cancelTask: 'CancelTask',
  subscribeToTask: 'SubscribeToTask',
  createTaskPushNotificationConfig: 'CreateTaskPushNotificationConfig',
  getTaskPushNotificationConfig: 'GetTaskPushNotificationConfig',
  listTaskPushNotificationConfigs: 'ListTaskPushNotificationConfigs',
  deleteTaskPushNotificationConfig: 'DeleteTaskPushNotificationConfig',
  getExtendedAgentCard: 'GetExtendedAgentCard',
};

/** Operations safe to repeat after a failure (spec §3.3.1; CancelTask is idempotent). */
export const IDEMPOTENT_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'getTask',
  'listTasks',
  'cancelTask',
  'subscribeToTask',
  'getTaskPushNotificationConfig',
  'listTaskPushNotificationConfigs',
  'deleteTaskPushNotificationConfig',
  'getExtendedAgentCard',
]);
