/**
 * The table of (operation, version, binding) → Baton schema that every captured exchange must match, and the
 * check that applies it. An exchange that matches no row, or more than one, is an error: nothing is skipped.
 */
import * as z from 'zod/mini';
import {
  A2AError,
  AgentCardSchema,
  CancelTaskRequestSchema,
  DeleteTaskPushNotificationConfigRequestSchema,
  GetExtendedAgentCardRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  GetTaskRequestSchema,
  JsonRpcRequestSchema,
  JsonRpcResponseSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTaskPushNotificationConfigsResponseSchema,
  ListTasksRequestSchema,
  ListTasksResponseSchema,
  RestErrorBodySchema,
  SendMessageRequestSchema,
  SendMessageResponseSchema,
  StreamResponseSchema,
  SubscribeToTaskRequestSchema,
  TaskPushNotificationConfigSchema,
  TaskSchema,
} from '../../src/index.ts';
import * as v03 from '../../src/v03/index.ts';
import type { Exchange } from './capture-harness.ts';

export type Version = '1.0' | '0.3';
export type Binding = 'JSONRPC' | 'HTTP+JSON' | 'card';

export interface Row {
  readonly operation: string;
  readonly version: Version;
  readonly binding: Binding;
  /** JSON-RPC method name, or `VERB /path` under the REST base (`{name}` is a path parameter). */
  readonly wire: string;
  /** JSON-RPC `params` / REST body (for 1.0 REST: merged with path and query parameters). */
  readonly request: z.ZodMiniType;
  /** JSON-RPC `result` / REST body of a success; omitted for streaming operations. */
  readonly response?: z.ZodMiniType;
  /** Each SSE frame's `result` (JSON-RPC) or body (REST). */
  readonly stream?: z.ZodMiniType;
}

/** Absent params / body. */
const None = z.undefined();
/** google.protobuf.Empty as a JSON-RPC result: Baton has no schema for it; a2a-js sends `null`, ProtoJSON `{}`. */
const EmptyResult = z.union([z.null(), z.strictObject({})]);
/** A 204 with no body. */
const NoBody = z.undefined();

function rows(version: Version, binding: Binding, list: readonly Omit<Row, 'version' | 'binding'>[]): Row[] {
  return list.map((row) => ({ ...row, version, binding }));
}

const PUSH = '/tasks/{taskId}/pushNotificationConfigs';

/**
 * a2a-js 1.3.0 serves the 1.0 well-known card as `JSON.stringify` of its in-memory ts-proto object
 * (`server/express/agent_card_handler.ts`) instead of `AgentCard.toJSON`, so each security scheme arrives as
 * `{"scheme":{"$case":"httpAuthSecurityScheme","value":{…}}}` rather than the ProtoJSON oneof
 * `{"httpAuthSecurityScheme":{…}}` that the 1.0 proto and spec (ProtoJSON, App. A.2.1) require. Baton's oneof
 * reader accepts that leaked form so Baton clients can read such cards.
 */
export const CARD_BUG = 'well-known 1.0 card encodes SecurityScheme oneofs as {$case, value}';

// biome-ignore format: one row per operation reads best as a table
export const TABLE: readonly Row[] = [
  ...rows('1.0', 'JSONRPC', [
    { operation: 'SendMessage', wire: 'SendMessage', request: SendMessageRequestSchema, response: SendMessageResponseSchema },
    { operation: 'SendStreamingMessage', wire: 'SendStreamingMessage', request: SendMessageRequestSchema, stream: StreamResponseSchema },
    { operation: 'GetTask', wire: 'GetTask', request: GetTaskRequestSchema, response: TaskSchema },
    { operation: 'ListTasks', wire: 'ListTasks', request: ListTasksRequestSchema, response: ListTasksResponseSchema },
    { operation: 'CancelTask', wire: 'CancelTask', request: CancelTaskRequestSchema, response: TaskSchema },
    { operation: 'SubscribeToTask', wire: 'SubscribeToTask', request: SubscribeToTaskRequestSchema, stream: StreamResponseSchema },
    { operation: 'CreatePushConfig', wire: 'CreateTaskPushNotificationConfig', request: TaskPushNotificationConfigSchema, response: TaskPushNotificationConfigSchema },
    { operation: 'GetPushConfig', wire: 'GetTaskPushNotificationConfig', request: GetTaskPushNotificationConfigRequestSchema, response: TaskPushNotificationConfigSchema },
    { operation: 'ListPushConfigs', wire: 'ListTaskPushNotificationConfigs', request: ListTaskPushNotificationConfigsRequestSchema, response: ListTaskPushNotificationConfigsResponseSchema },
    { operation: 'DeletePushConfig', wire: 'DeleteTaskPushNotificationConfig', request: DeleteTaskPushNotificationConfigRequestSchema, response: EmptyResult },
    { operation: 'GetExtendedAgentCard', wire: 'GetExtendedAgentCard', request: GetExtendedAgentCardRequestSchema, response: AgentCardSchema },
  ]),
  ...rows('1.0', 'HTTP+JSON', [
    { operation: 'SendMessage', wire: 'POST /message:send', request: SendMessageRequestSchema, response: SendMessageResponseSchema },
    { operation: 'SendStreamingMessage', wire: 'POST /message:stream', request: SendMessageRequestSchema, stream: StreamResponseSchema },
    { operation: 'GetTask', wire: 'GET /tasks/{id}', request: GetTaskRequestSchema, response: TaskSchema },
    { operation: 'ListTasks', wire: 'GET /tasks', request: ListTasksRequestSchema, response: ListTasksResponseSchema },
    { operation: 'CancelTask', wire: 'POST /tasks/{id}:cancel', request: CancelTaskRequestSchema, response: TaskSchema },
    { operation: 'SubscribeToTask', wire: 'POST /tasks/{id}:subscribe', request: SubscribeToTaskRequestSchema, stream: StreamResponseSchema },
    { operation: 'CreatePushConfig', wire: `POST ${PUSH}`, request: TaskPushNotificationConfigSchema, response: TaskPushNotificationConfigSchema },
    { operation: 'GetPushConfig', wire: `GET ${PUSH}/{id}`, request: GetTaskPushNotificationConfigRequestSchema, response: TaskPushNotificationConfigSchema },
    { operation: 'ListPushConfigs', wire: `GET ${PUSH}`, request: ListTaskPushNotificationConfigsRequestSchema, response: ListTaskPushNotificationConfigsResponseSchema },
    { operation: 'DeletePushConfig', wire: `DELETE ${PUSH}/{id}`, request: DeleteTaskPushNotificationConfigRequestSchema, response: NoBody },
    { operation: 'GetExtendedAgentCard', wire: 'GET /extendedAgentCard', request: GetExtendedAgentCardRequestSchema, response: AgentCardSchema },
  ]),
  ...rows('0.3', 'JSONRPC', [
    { operation: 'SendMessage', wire: 'message/send', request: v03.MessageSendParamsSchema, response: v03.SendMessageResultSchema },
    { operation: 'SendStreamingMessage', wire: 'message/stream', request: v03.MessageSendParamsSchema, stream: v03.StreamEventSchema },
    { operation: 'GetTask', wire: 'tasks/get', request: v03.TaskQueryParamsSchema, response: v03.TaskSchema },
    { operation: 'CancelTask', wire: 'tasks/cancel', request: v03.TaskIdParamsSchema, response: v03.TaskSchema },
    { operation: 'SubscribeToTask', wire: 'tasks/resubscribe', request: v03.TaskIdParamsSchema, stream: v03.StreamEventSchema },
    { operation: 'CreatePushConfig', wire: 'tasks/pushNotificationConfig/set', request: v03.TaskPushNotificationConfigSchema, response: v03.TaskPushNotificationConfigSchema },
    { operation: 'GetPushConfig', wire: 'tasks/pushNotificationConfig/get', request: v03.GetTaskPushNotificationConfigParamsSchema, response: v03.TaskPushNotificationConfigSchema },
    { operation: 'ListPushConfigs', wire: 'tasks/pushNotificationConfig/list', request: v03.ListTaskPushNotificationConfigParamsSchema, response: v03.TaskPushNotificationConfigListSchema },
    { operation: 'DeletePushConfig', wire: 'tasks/pushNotificationConfig/delete', request: v03.DeleteTaskPushNotificationConfigParamsSchema, response: EmptyResult },
    { operation: 'GetExtendedAgentCard', wire: 'agent/getAuthenticatedExtendedCard', request: None, response: v03.AgentCardSchema },
  ]),
  // 0.3 REST requests name tasks and configs in the path only, so only bodies are checked.
  ...rows('0.3', 'HTTP+JSON', [
    { operation: 'SendMessage', wire: 'POST /v1/message:send', request: v03.rest.SendMessageRequestSchema, response: v03.rest.SendMessageResponseSchema },
    { operation: 'SendStreamingMessage', wire: 'POST /v1/message:stream', request: v03.rest.SendMessageRequestSchema, stream: v03.rest.StreamResponseSchema },
    { operation: 'GetTask', wire: 'GET /v1/tasks/{id}', request: None, response: v03.rest.TaskSchema },
    { operation: 'CancelTask', wire: 'POST /v1/tasks/{id}:cancel', request: None, response: v03.rest.TaskSchema },
    { operation: 'SubscribeToTask', wire: 'GET /v1/tasks/{id}:subscribe', request: None, stream: v03.rest.StreamResponseSchema },
    { operation: 'CreatePushConfig', wire: `POST /v1${PUSH}`, request: v03.rest.CreatePushConfigBodySchema, response: v03.rest.TaskPushNotificationConfigSchema },
    { operation: 'GetPushConfig', wire: `GET /v1${PUSH}/{id}`, request: None, response: v03.rest.TaskPushNotificationConfigSchema },
    { operation: 'ListPushConfigs', wire: `GET /v1${PUSH}`, request: None, response: v03.rest.ListTaskPushNotificationConfigResponseSchema },
    { operation: 'DeletePushConfig', wire: `DELETE /v1${PUSH}/{id}`, request: None, response: NoBody },
    { operation: 'GetExtendedAgentCard', wire: 'GET /v1/card', request: None, response: v03.rest.AgentCardSchema },
  ]),
  // The well-known card: 1.0 shape when asked with `A2A-Version: 1.0`, the 0.3 (hybrid) shape without it.
  ...rows('1.0', 'card', [{ operation: 'AgentCard', wire: 'GET /', request: None, response: AgentCardSchema }]),
  ...rows('0.3', 'card', [{ operation: 'AgentCard', wire: 'GET /', request: None, response: v03.AgentCardSchema }]),
];

export const rowName = (row: Row): string => `${row.version} ${row.binding} ${row.operation}`;

/** The row for (version, binding, operation). */
export function findRow(version: Version, binding: Binding, operation: string): Row {
  const row = TABLE.find((r) => r.version === version && r.binding === binding && r.operation === operation);
  if (!row) throw new Error(`no row for ${version} ${binding} ${operation}`);
  return row;
}

/** A nested field of a parsed payload, or undefined. */
export function field(value: unknown, ...path: string[]): unknown {
  return path.reduce<unknown>((v, key) => (isObject(v) ? Reflect.get(v, key) : undefined), value);
}

/**
 * The task state a parsed payload carries (a Task, a send result or a status event, in any version's shape),
 * spelled as in 0.3: `TASK_STATE_INPUT_REQUIRED` → `input-required`, `TASK_STATE_CANCELLED` → `canceled`.
 */
export function stateOf(payload: unknown): string | undefined {
  const paths = [['task'], ['statusUpdate'], []].map((path) => field(payload, ...path, 'status', 'state'));
  const state = paths.find((value): value is string => typeof value === 'string');
  return state
    ?.replace(/^TASK_STATE_/, '')
    .toLowerCase()
    .replace('_', '-')
    .replace('cancelled', 'canceled');
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

export const RPC_PATH = '/a2a/jsonrpc';
export const REST_BASE = '/a2a/rest';
export const CARD_PATH = '/.well-known/agent-card.json';

/** `VERB /tasks/{id}:cancel` → a matcher for (verb, path) giving the path parameters. */
function route(wire: string): (verb: string, path: string) => Record<string, string> | undefined {
  const [verb = '', template = ''] = wire.split(' ');
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      if (name === undefined) return piece.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return '([^/:]+)';
    })
    .join('');
  const pattern = new RegExp(`^${source}$`);
  return (method, path) => {
    const match = method === verb ? pattern.exec(path) : null;
    if (!match) return undefined;
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
  };
}

const routes = new Map(TABLE.map((row) => [row, route(row.wire)]));

/** Every row the exchange fits: JSON-RPC by method name, REST by verb and path, the card by `A2A-Version`. */
export function matchRows(exchange: Exchange): Row[] {
  const path = exchange.url.pathname;
  if (path === RPC_PATH) {
    const method = JsonRpcRequestSchema.safeParse(exchange.requestBody).data?.method;
    return TABLE.filter((row) => row.binding === 'JSONRPC' && row.wire === method);
  }
  if (path === CARD_PATH) {
    const version = exchange.version ?? '0.3';
    return TABLE.filter((row) => row.binding === 'card' && row.version === version);
  }
  if (!path.startsWith(REST_BASE)) return [];
  const sub = path.slice(REST_BASE.length);
  return TABLE.filter((row) => row.binding === 'HTTP+JSON' && routes.get(row)?.(exchange.method, sub));
}

/** Query parameters as JSON values per spec §11.5: `true`/`false` are booleans, everything else a string. */
function queryParams(url: URL): Record<string, unknown> {
  const decode = (value: string) => (value === 'true' ? true : value === 'false' ? false : value);
  return Object.fromEntries([...url.searchParams].map(([name, value]) => [name, decode(value)]));
}

/** What one exchange carried once checked: the parsed success payloads, and the decoded error if it failed. */
export interface Checked {
  readonly row: Row;
  readonly exchange: Exchange;
  /** The parsed `result` / body of a success, or of each SSE frame. */
  readonly payloads: readonly unknown[];
  readonly errors: readonly A2AError[];
}

function parse<Schema extends z.ZodMiniType>(
  row: Row,
  where: string,
  schema: Schema | undefined,
  payload: unknown,
): z.output<Schema> {
  if (schema === undefined) throw new Error(`${rowName(row)}: no schema for the ${where}`);
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  const shown = JSON.stringify(payload)?.slice(0, 3000);
  throw new Error(
    `${rowName(row)} ${where} does not parse:\n${z.prettifyError(result.error)}\npayload: ${shown}`,
  );
}

/** The one row an exchange fits; throws when it fits none or several. */
export function rowOf(exchange: Exchange): Row {
  const [row, ...more] = matchRows(exchange);
  if (row === undefined || more.length > 0) {
    const what = `${exchange.method} ${exchange.url.pathname} ${JSON.stringify(exchange.requestBody)}`;
    throw new Error(`${more.length + (row ? 1 : 0)} rows fit ${what}`);
  }
  return row;
}

/** Checks one exchange against its row: envelope, request, response or each SSE frame, or the error. */
export function checkExchange(row: Row, exchange: Exchange): Checked {
  if (exchange.version !== undefined && exchange.version !== row.version) {
    throw new Error(`${rowName(row)} was sent with A2A-Version ${exchange.version}`);
  }
  const payloads: unknown[] = [];
  const errors: A2AError[] = [];
  if (row.binding === 'JSONRPC') {
    const request = parse(row, 'JSON-RPC request', JsonRpcRequestSchema, exchange.requestBody);
    parse(row, 'params', row.request, request.params);
    const frames = exchange.frames;
    for (const body of frames?.map((frame) => frame.data) ?? [exchange.responseBody]) {
      const response = parse(row, 'JSON-RPC response', JsonRpcResponseSchema, body);
      if (response.id !== request.id) throw new Error(`${rowName(row)}: response id ${response.id}`);
      if (response.error !== undefined) errors.push(A2AError.fromJsonRpcError(response.error));
      else
        payloads.push(
          parse(row, frames ? 'SSE result' : 'result', row.stream ?? row.response, response.result),
        );
    }
    return { row, exchange, payloads, errors };
  }
  const body = exchange.requestBody;
  const path = exchange.url.pathname.slice(REST_BASE.length);
  const params = row.binding === 'HTTP+JSON' ? routes.get(row)?.(exchange.method, path) : {};
  const merged = { ...params, ...queryParams(exchange.url), ...(isObject(body) ? body : {}) };
  parse(row, 'request', row.request, row.version === '1.0' && row.binding === 'HTTP+JSON' ? merged : body);
  if (exchange.status >= 400) {
    if (row.version === '1.0') parse(row, 'error body', RestErrorBodySchema, exchange.responseBody);
    errors.push(A2AError.fromRestStatus(exchange.status, exchange.responseBody));
    return { row, exchange, payloads, errors };
  }
  for (const frame of exchange.frames ?? []) {
    if (frame.event === 'error') errors.push(A2AError.fromRestStatus(500, frame.data));
    else payloads.push(parse(row, 'SSE frame', row.stream, frame.data));
  }
  if (!exchange.frames) payloads.push(parse(row, 'response', row.response, exchange.responseBody));
  return { row, exchange, payloads, errors };
}
