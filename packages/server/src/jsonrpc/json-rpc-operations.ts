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
  v03,
} from '@baton/protocol';
import type * as z from 'zod/mini';
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

interface Operation {
  prepare(version: ProtocolVersion, params: Params): PreparedCall;
}

type TenantRequest = { readonly tenant?: string | undefined };

interface RequestReaders<Request> {
  /** Parses 1.0 params. */
  readonly fromV1: (params: Params) => Request;
  /** Parses 0.3 params and translates them to the 1.0 request; absent when 0.3 has no such method. */
  readonly fromV03?: (params: Params) => Request;
}

interface UnarySpec<Request, Result> extends RequestReaders<Request> {
  readonly invoke: (handler: A2ARequestHandler, request: Request, call: CallContext) => Promise<Result>;
  readonly toV1?: (result: Result) => unknown;
  readonly toV03: (result: Result) => unknown;
}

interface StreamSpec<Request> extends RequestReaders<Request> {
  readonly invoke: (handler: A2ARequestHandler, request: Request, call: CallContext) => Promise<EventStream>;
}

function readRequest<Request>(spec: RequestReaders<Request>, version: ProtocolVersion, params: Params) {
  if (version === '1.0') return spec.fromV1(params);
  // resolveMethod never maps a 0.3 name to an operation without a 0.3 form; this is a guard for the table.
  if (!spec.fromV03) throw new Error('operation has no 0.3 form');
  const fromV03 = spec.fromV03;
  return translateParamsOrThrow(() => fromV03(params));
}

function tenantOf(request: TenantRequest): string | undefined {
  return request.tenant === '' ? undefined : request.tenant;
}

function unary<Request extends TenantRequest, Result>(spec: UnarySpec<Request, Result>): Operation {
  const toV1 = spec.toV1 ?? ((result: Result) => result);
  return {
    prepare(version, params) {
      const request = readRequest(spec, version, params);
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
    prepare(version, params) {
      const request = readRequest(spec, version, params);
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

/** Parses 0.3 params with `schema`, then translates them to 1.0. */
function fromV03<Schema extends z.ZodMiniType, Request>(
  schema: Schema,
  toV1: (params: z.output<Schema>) => Request,
): (params: Params) => Request {
  return (params) => toV1(parseOrThrow(schema, params));
}

const sendMessageReaders = {
  fromV1: parser(SendMessageRequestSchema),
  fromV03: fromV03(v03.MessageSendParamsSchema, translate.sendMessageRequestFromV03),
};

const OPERATIONS: Readonly<Record<A2AMethod, Operation>> = {
  SendMessage: unary<SendMessageRequest, SendMessageResponse>({
    ...sendMessageReaders,
    invoke: (handler, request, call) => handler.sendMessage(request, call),
    toV03: (result) => translate.sendMessageResponseToV03(result),
  }),
  SendStreamingMessage: streaming<SendMessageRequest>({
    ...sendMessageReaders,
    invoke: (handler, request, call) => handler.sendStreamingMessage(request, call),
  }),
  GetTask: unary<GetTaskRequest, Task>({
    fromV1: parser(GetTaskRequestSchema),
    fromV03: fromV03(v03.TaskQueryParamsSchema, translate.getTaskRequestFromV03),
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
    fromV03: fromV03(v03.TaskIdParamsSchema, translate.cancelTaskRequestFromV03),
    invoke: (handler, request, call) => handler.cancelTask(request, call),
    toV03: (task) => translate.taskToV03(task),
  }),
  SubscribeToTask: streaming<SubscribeToTaskRequest>({
    fromV1: parser(SubscribeToTaskRequestSchema),
    fromV03: fromV03(v03.TaskIdParamsSchema, translate.subscribeToTaskRequestFromV03),
    invoke: (handler, request, call) => handler.subscribeToTask(request, call),
  }),
  CreateTaskPushNotificationConfig: unary<TaskPushNotificationConfig, TaskPushNotificationConfig>({
    fromV1: parser(TaskPushNotificationConfigSchema),
    fromV03: fromV03(v03.TaskPushNotificationConfigSchema, translate.taskPushNotificationConfigFromV03),
    invoke: (handler, request, call) => handler.createTaskPushNotificationConfig(request, call),
    toV03: (config) => translate.taskPushNotificationConfigToV03(config),
  }),
  GetTaskPushNotificationConfig: unary<GetTaskPushNotificationConfigRequest, TaskPushNotificationConfig>({
    fromV1: parser(GetTaskPushNotificationConfigRequestSchema),
    fromV03: fromV03(
      v03.GetTaskPushNotificationConfigParamsSchema,
      translate.getTaskPushNotificationConfigRequestFromV03,
    ),
    invoke: (handler, request, call) => handler.getTaskPushNotificationConfig(request, call),
    toV03: (config) => translate.taskPushNotificationConfigToV03(config),
  }),
  ListTaskPushNotificationConfigs: unary<
    ListTaskPushNotificationConfigsRequest,
    ListTaskPushNotificationConfigsResponse
  >({
    fromV1: parser(ListTaskPushNotificationConfigsRequestSchema),
    fromV03: fromV03(
      v03.ListTaskPushNotificationConfigParamsSchema,
      translate.listTaskPushNotificationConfigsRequestFromV03,
    ),
    invoke: (handler, request, call) => handler.listTaskPushNotificationConfigs(request, call),
    toV03: (response) => translate.listTaskPushNotificationConfigsResponseToV03(response),
  }),
  DeleteTaskPushNotificationConfig: unary<DeleteTaskPushNotificationConfigRequest, void>({
    fromV1: parser(DeleteTaskPushNotificationConfigRequestSchema),
    fromV03: fromV03(
      v03.DeleteTaskPushNotificationConfigParamsSchema,
      translate.deleteTaskPushNotificationConfigRequestFromV03,
    ),
    invoke: (handler, request, call) => handler.deleteTaskPushNotificationConfig(request, call),
    // 1.0 answers google.protobuf.Empty, whose ProtoJSON is `{}`; 0.3 (types.ts) answers `null`.
    toV1: () => ({}),
    toV03: () => null,
  }),
  GetExtendedAgentCard: unary<GetExtendedAgentCardRequest, AgentCard>({
    fromV1: parser(GetExtendedAgentCardRequestSchema),
    // 0.3 `agent/getAuthenticatedExtendedCard` takes no params; whatever is sent is ignored.
    fromV03: () => ({}),
    invoke: (handler, request, call) => handler.getExtendedAgentCard(request, call),
    toV03: (card) => translate.agentCardToV03(card),
  }),
};

/**
 * Parses the params of `method` in `version`'s shapes (0.3 params translated to the 1.0 request), throwing a
 * -32602 InvalidParams that names the field. The method must exist in that version (see `resolveMethod`).
 */
export function prepareCall(method: A2AMethod, version: ProtocolVersion, params: Params): PreparedCall {
  return OPERATIONS[method].prepare(version, params);
}
