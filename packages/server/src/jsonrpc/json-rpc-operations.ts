import {
  type A2AMethod,
  type AgentCard,
  type CancelTaskRequest,
  CancelTaskRequestSchema,
  type DeleteTaskPushNotificationConfigRequest,
  DeleteTaskPushNotificationConfigRequestSchema,
  type GetExtendedAgentCardRequest,
  GetExtendedAgentCardRequestSchema,
  type GetTaskPushNotificationConfigRequest,
  GetTaskPushNotificationConfigRequestSchema,
  type GetTaskRequest,
  GetTaskRequestSchema,
  type ListTaskPushNotificationConfigsRequest,
  ListTaskPushNotificationConfigsRequestSchema,
  type ListTaskPushNotificationConfigsResponse,
  type ListTasksRequest,
  ListTasksRequestSchema,
  type ListTasksResponse,
  type ProtocolVersion,
  parseOrThrow,
  type SendMessageRequest,
  SendMessageRequestSchema,
  type SendMessageResponse,
  type StreamResponse,
  type SubscribeToTaskRequest,
  SubscribeToTaskRequestSchema,
  type Task,
  type TaskPushNotificationConfig,
  TaskPushNotificationConfigSchema,
  translate,
} from '@baton/protocol';
import type * as z from 'zod/mini';
import { loadJsonRpcV03Readers } from '#v03-support';
import { translateParamsOrThrow } from '../binding/translate-params.ts';
import type { A2ARequestHandler, EventStream } from '../handler/request-handler.ts';
import type { CallContext } from '../vocabulary/call-context.ts';

type Params = Readonly<Record<string, unknown>>;

/** What running a call gives: one result in the caller's shape, or a stream plus how to shape each event. */
export type CallOutcome =
  | { readonly kind: 'result'; readonly result: unknown }
  | {
      readonly kind: 'stream';
      readonly events: EventStream;
      readonly toWire: (event: StreamResponse) => unknown;
    };

/** A call whose params are parsed (and translated to 1.0); it runs once the call context exists. */
export interface PreparedCall {
  /** The 1.0 request's `tenant`, for the call context; `undefined` for 0.3 and when empty. */
  readonly tenant: string | undefined;
  /** Calls the handler and shapes the result for the caller's version. */
  run(handler: A2ARequestHandler, call: CallContext): Promise<CallOutcome>;
}

type TenantRequest = { readonly tenant?: string | undefined };

interface Operation {
  /** Parses 1.0 params. */
  readonly fromV1: (params: Params) => TenantRequest;
  /** Binds a parsed 1.0 request to the caller's version. */
  prepare(version: ProtocolVersion, request: TenantRequest): PreparedCall;
}

interface UnarySpec<Request, Result> {
  readonly fromV1: (params: Params) => Request;
  readonly invoke: (handler: A2ARequestHandler, request: Request, call: CallContext) => Promise<Result>;
  readonly toV1?: (result: Result) => unknown;
  readonly toV03: (result: Result) => unknown;
}

interface StreamSpec<Request> {
  readonly fromV1: (params: Params) => Request;
  readonly invoke: (handler: A2ARequestHandler, request: Request, call: CallContext) => Promise<EventStream>;
}

let v03Readers: ReturnType<typeof loadJsonRpcV03Readers> | undefined;

/** Parses 0.3 params and translates them to the 1.0 request, loading the 0.3 readers with the first call. */
async function readV03Request(method: A2AMethod, params: Params): Promise<TenantRequest> {
  v03Readers ??= loadJsonRpcV03Readers();
  const read = (await v03Readers)[method];
  // resolveMethod never maps a 0.3 name to an operation without a 0.3 form; this is a guard for the table.
  if (!read) throw new Error('operation has no 0.3 form');
  return translateParamsOrThrow(() => read(params) as TenantRequest);
}

function tenantOf(request: TenantRequest): string | undefined {
  return request.tenant === '' ? undefined : request.tenant;
}

function unary<Request extends TenantRequest, Result>(spec: UnarySpec<Request, Result>): Operation {
  const toV1 = spec.toV1 ?? ((result: Result) => result);
  return {
    fromV1: spec.fromV1,
    prepare(version, parsed) {
      const request = parsed as Request;
      const write = version === '1.0' ? toV1 : spec.toV03;
      return {
        tenant: tenantOf(request),
        run: async (handler, call) => ({
          kind: 'result',
          result: write(await spec.invoke(handler, request, call)),
        }),
      };
    },
  };
}

function streaming<Request extends TenantRequest>(spec: StreamSpec<Request>): Operation {
  return {
    fromV1: spec.fromV1,
    prepare(version, parsed) {
      const request = parsed as Request;
      const toWire = version === '1.0' ? (event: StreamResponse) => event : streamEventToV03;
      return {
        tenant: tenantOf(request),
        run: async (handler, call) => ({
          kind: 'stream',
          events: await spec.invoke(handler, request, call),
          toWire,
        }),
      };
    },
  };
}

/** A 1.0 stream event as the bare 0.3 event with `kind`; a status update gets `final` from its state. */
function streamEventToV03(event: StreamResponse): unknown {
  return translate.streamResponseToV03(event);
}

/** Parses with `schema`, naming the invalid field in a -32602 InvalidParams. */
function parser<Schema extends z.ZodMiniType>(schema: Schema): (params: Params) => z.output<Schema> {
  return (params) => parseOrThrow(schema, params);
}

const readSendMessage = parser(SendMessageRequestSchema);

const OPERATIONS: Readonly<Record<A2AMethod, Operation>> = {
  SendMessage: unary<SendMessageRequest, SendMessageResponse>({
    fromV1: readSendMessage,
    invoke: (handler, request, call) => handler.sendMessage(request, call),
    toV03: (result) => translate.sendMessageResponseToV03(result),
  }),
  SendStreamingMessage: streaming<SendMessageRequest>({
    fromV1: readSendMessage,
    invoke: (handler, request, call) => handler.sendStreamingMessage(request, call),
  }),
  GetTask: unary<GetTaskRequest, Task>({
    fromV1: parser(GetTaskRequestSchema),
    invoke: (handler, request, call) => handler.getTask(request, call),
    toV03: (task) => translate.taskToV03(task),
  }),
  ListTasks: unary<ListTasksRequest, ListTasksResponse>({
    fromV1: parser(ListTasksRequestSchema),
    invoke: (handler, request, call) => handler.listTasks(request, call),
    toV03: () => {
      throw new Error('ListTasks has no 0.3 form');
    },
  }),
  CancelTask: unary<CancelTaskRequest, Task>({
    fromV1: parser(CancelTaskRequestSchema),
    invoke: (handler, request, call) => handler.cancelTask(request, call),
    toV03: (task) => translate.taskToV03(task),
  }),
  SubscribeToTask: streaming<SubscribeToTaskRequest>({
    fromV1: parser(SubscribeToTaskRequestSchema),
    invoke: (handler, request, call) => handler.subscribeToTask(request, call),
  }),
  CreateTaskPushNotificationConfig: unary<TaskPushNotificationConfig, TaskPushNotificationConfig>({
    fromV1: parser(TaskPushNotificationConfigSchema),
    invoke: (handler, request, call) => handler.createTaskPushNotificationConfig(request, call),
    toV03: (config) => translate.taskPushNotificationConfigToV03(config),
  }),
  GetTaskPushNotificationConfig: unary<GetTaskPushNotificationConfigRequest, TaskPushNotificationConfig>({
    fromV1: parser(GetTaskPushNotificationConfigRequestSchema),
    invoke: (handler, request, call) => handler.getTaskPushNotificationConfig(request, call),
    toV03: (config) => translate.taskPushNotificationConfigToV03(config),
  }),
  ListTaskPushNotificationConfigs: unary<
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse
  >({
    fromV1: parser(ListTaskPushNotificationConfigsRequestSchema),
    invoke: (handler, request, call) => handler.listTaskPushNotificationConfigs(request, call),
    toV03: (response) => translate.listTaskPushNotificationConfigsResponseToV03(response),
  }),
  DeleteTaskPushNotificationConfig: unary<DeleteTaskPushNotificationConfigRequest, void>({
    fromV1: parser(DeleteTaskPushNotificationConfigRequestSchema),
    invoke: (handler, request, call) => handler.deleteTaskPushNotificationConfig(request, call),
    // 1.0 answers google.protobuf.Empty, whose ProtoJSON is `{}`; 0.3 (types.ts) answers `null`.
    toV1: () => ({}),
    toV03: () => null,
  }),
  GetExtendedAgentCard: unary<GetExtendedAgentCardRequest, AgentCard>({
    fromV1: parser(GetExtendedAgentCardRequestSchema),
    invoke: (handler, request, call) => handler.getExtendedAgentCard(request, call),
    toV03: (card) => translate.agentCardToV03(card),
  }),
};

/**
 * Parses the params of `method` in `version`'s shapes (0.3 params translated to the 1.0 request), throwing a
 * -32602 InvalidParams that names the field. The method must exist in that version (see `resolveMethod`).
 * A 1.0 call is prepared at once; a 0.3 call answers a promise, since the 0.3 schemas load with the first one.
 */
export function prepareCall(method: A2AMethod, version: '1.0', params: Params): PreparedCall;
/** A call of either version: a 0.3 call answers a promise (its schemas load with the first 0.3 call). */
export function prepareCall(
  method: A2AMethod,
  version: ProtocolVersion,
  params: Params,
): PreparedCall | Promise<PreparedCall>;
export function prepareCall(
  method: A2AMethod,
  version: ProtocolVersion,
  params: Params,
): PreparedCall | Promise<PreparedCall> {
  const operation = OPERATIONS[method];
  if (version === '1.0') return operation.prepare(version, operation.fromV1(params));
  return readV03Request(method, params).then((request) => operation.prepare(version, request));
}
