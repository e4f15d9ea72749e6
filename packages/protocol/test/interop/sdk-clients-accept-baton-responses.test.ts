/**
 * Live check that the official `@a2a-js/sdk` clients accept what Baton produces: a minimal `node:http` server on
 * 127.0.0.1:0 answers the SDK's 1.0 and 0.3 clients (JSON-RPC and HTTP+JSON) with Baton-parsed payloads and with
 * Baton `A2AError`s, and each client must hand back the same objects (compared through the SDK's own
 * `toJSON`, re-read by Baton) or raise its own error type with the same code.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AgentCard, Message, StreamResponse, Task } from '@a2a-js/sdk';
import { type Client, DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { TaskNotCancelableError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  A2A_MEDIA_TYPE,
  A2AError,
  AgentCardSchema,
  createJsonRpcError,
  createJsonRpcSuccess,
  errorByReason,
  JSON_MEDIA_TYPE,
  JsonRpcRequestSchema,
  MessageSchema,
  SendMessageResponseSchema,
  SSE_MEDIA_TYPE,
  StreamResponseSchema,
  TaskSchema,
} from '../../src/index.ts';
import * as v03 from '../../src/v03/index.ts';
import { cardV1, cardV03, TASK_ID, V1, V03, V03_REST } from './baton-payloads.ts';
import { baseUrl, closeServer, listen, type SdkClients, sdkClients } from './capture-harness.ts';
import { sdkSendRequest } from './drive-sdk-clients.ts';
import { CARD_PATH, field, REST_BASE, RPC_PATH } from './schema-table.ts';
import { Scenario } from './sdk-server.ts';

const LEGACY_CARD_PATH = '/legacy-card.json';

let server: Server | undefined;
/** The loopback server's own address, set once it listens. */
let base = 'http://127.0.0.1';
let clients: SdkClients | undefined;

type Reply = { status: number; type: string; body: unknown } | { frames: readonly unknown[] };

const ok = (body: unknown, type = JSON_MEDIA_TYPE): Reply => ({ status: 200, type, body });
const restError = (error: A2AError, type: string, legacy: boolean): Reply => {
  const { httpStatus, body } = legacy ? error.toRestStatusV03() : error.toRestStatus();
  return { status: httpStatus, type, body };
};

/** The scenario a request asks for: the text of its message's first part (`parts` in JSON-RPC, `content` in 0.3 REST). */
function scenarioOf(body: unknown): unknown {
  const message = field(body, 'params', 'message') ?? field(body, 'message');
  return field(message, 'parts', '0', 'text') ?? field(message, 'content', '0', 'text');
}

function answerJsonRpc(body: unknown): Reply {
  const { id = null, method, params = {} } = JsonRpcRequestSchema.parse(body);
  const direct = scenarioOf(body) === Scenario.message;
  const unknownTask = params.id !== TASK_ID;
  const rpcError = (error: A2AError, version: '1.0' | '0.3') =>
    ok(createJsonRpcError(id, error, { version }));
  switch (method) {
    case 'SendMessage':
      return ok(
        createJsonRpcSuccess(
          id,
          SendMessageResponseSchema.parse(direct ? { message: V1.message } : { task: V1.task }),
        ),
      );
    case 'GetTask':
      return unknownTask
        ? rpcError(A2AError.taskNotFound(String(params.id)), '1.0')
        : ok(createJsonRpcSuccess(id, V1.task));
    case 'SendStreamingMessage':
      return { frames: V1.stream.map((event) => createJsonRpcSuccess(id, event)) };
    case 'CancelTask':
      return rpcError(A2AError.taskNotCancelable(TASK_ID, 'TASK_STATE_COMPLETED'), '1.0');
    case 'message/send':
      return ok(createJsonRpcSuccess(id, direct ? V03.message : V03.task));
    case 'tasks/get':
      return unknownTask
        ? rpcError(A2AError.taskNotFound(String(params.id)), '0.3')
        : ok(createJsonRpcSuccess(id, V03.task));
    case 'message/stream':
      return { frames: V03.stream.map((event) => createJsonRpcSuccess(id, event)) };
    case 'tasks/cancel':
      return rpcError(A2AError.taskNotCancelable(TASK_ID, 'completed'), '0.3');
    default:
      return rpcError(A2AError.methodNotFound(method), '1.0');
  }
}

function answerRest(method: string, path: string, body: unknown): Reply {
  const legacy = path.startsWith('/v1/');
  const route = `${method} ${legacy ? path.slice(3) : path}`;
  const type = legacy ? JSON_MEDIA_TYPE : A2A_MEDIA_TYPE;
  const taskId = /^\/tasks\/([^/:]+)/.exec(legacy ? path.slice(3) : path)?.[1];
  const direct = scenarioOf(body) === Scenario.message;
  if (route === 'POST /message:send') {
    const reply = direct
      ? { message: legacy ? V03_REST.message : V1.message }
      : { task: legacy ? V03_REST.task : V1.task };
    return ok(
      legacy ? v03.rest.SendMessageResponseSchema.parse(reply) : SendMessageResponseSchema.parse(reply),
      type,
    );
  }
  if (route === 'POST /message:stream') return { frames: legacy ? V03_REST.stream : V1.stream };
  if (method === 'GET' && taskId !== undefined && route.endsWith(taskId)) {
    if (taskId !== TASK_ID) return restError(A2AError.taskNotFound(taskId), type, legacy);
    return ok(legacy ? V03_REST.task : V1.task, type);
  }
  if (route.endsWith(':cancel')) return restError(A2AError.taskNotCancelable(TASK_ID), type, legacy);
  return restError(A2AError.unsupportedOperation(`${method} ${path}`), type, legacy);
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const path = new URL(request.url ?? '/', base).pathname;
  let reply: Reply;
  try {
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    if (path === CARD_PATH) reply = ok(cardV1(base));
    else if (path === LEGACY_CARD_PATH) reply = ok(cardV03(base));
    else if (path === RPC_PATH) reply = answerJsonRpc(body);
    else reply = answerRest(request.method ?? 'GET', path.slice(REST_BASE.length), body);
  } catch (error) {
    reply = restError(A2AError.internal(String(error)), JSON_MEDIA_TYPE, false); // surfaces a broken test server at once
  }
  if ('frames' in reply) {
    response.writeHead(200, { 'Content-Type': SSE_MEDIA_TYPE });
    for (const frame of reply.frames) response.write(`data: ${JSON.stringify(frame)}\n\n`);
  } else {
    response.writeHead(reply.status, { 'Content-Type': reply.type });
    response.write(JSON.stringify(reply.body));
  }
  response.end();
}

beforeAll(async () => {
  server = await listen(createServer((request, response) => void handle(request, response)));
  base = baseUrl(server);
  clients = await sdkClients({ base, card: AgentCard.fromJSON(cardV1(base)) }, fetch);
});

afterAll(async () => {
  if (server) await closeServer(server);
});

/**
 * What the SDK client should hand back, as 1.0 objects re-read by Baton. Over 0.3 REST file names cannot travel
 * (the 0.3 proto FilePart has no name), and `append` is dropped by the SDK (pinned by the `it.fails` below).
 */
function expected(name: keyof SdkClients) {
  const lost = name === 'v03Rest' ? ['filename', 'append'] : [];
  const drop = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value, (key, v: unknown) => (lost.includes(key) ? undefined : v)));
  return { task: drop(V1.task), message: drop(V1.message), stream: drop(V1.stream) };
}

async function streamed(name: keyof SdkClients): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of client(name).sendMessageStream(sdkSendRequest(Scenario.complete))) {
    events.push(StreamResponseSchema.parse(StreamResponse.toJSON(event)));
  }
  return events;
}

function client(name: keyof SdkClients): Client {
  if (!clients) throw new Error('clients not started');
  return clients[name];
}

async function thrownBy(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** The A2A code of an SDK error: from its ErrorInfo reason, and for JSON-RPC errors also its envelope code. */
function codesOf(error: unknown): number[] {
  const reason = (error as { reason?: unknown }).reason;
  const envelope = (error as { envelopeCode?: unknown }).envelopeCode;
  const byReason = typeof reason === 'string' ? errorByReason(reason)?.code : undefined;
  return [byReason, envelope].filter((code): code is number => typeof code === 'number');
}

const NAMES = ['v1JsonRpc', 'v1Rest', 'v03JsonRpc', 'v03Rest'] as const;

describe.each(NAMES)('the SDK %s client reads what Baton serves', (name) => {
  it('a task from a blocking send and from GetTask', async () => {
    const sent = await client(name).sendMessage(sdkSendRequest(Scenario.complete));
    expect('status' in sent).toBe(true);
    expect(TaskSchema.parse(Task.toJSON(sent as Task))).toEqual(expected(name).task);
    const got = await client(name).getTask({ tenant: '', id: TASK_ID });
    expect(TaskSchema.parse(Task.toJSON(got))).toEqual(expected(name).task);
  });

  it('a direct message reply', async () => {
    const sent = await client(name).sendMessage(sdkSendRequest(Scenario.message));
    expect('status' in sent).toBe(false);
    expect(MessageSchema.parse(Message.toJSON(sent as Message))).toEqual(expected(name).message);
  });

  it('a stream: the task, working, two artifact chunks (append, lastChunk), completed', async () => {
    expect(await streamed(name)).toEqual(expected(name).stream);
  });

  // 0.3 REST errors go out through `toRestStatusV03()` (the 0.3 JSON-RPC error object as body), the only body
  // a2a-js's 0.3 REST client maps to its typed errors; 1.0 REST errors through `toRestStatus()`.
  it('a Baton TaskNotFoundError as the SDK TaskNotFoundError with code -32001', async () => {
    const error = await thrownBy(() => client(name).getTask({ tenant: '', id: 'missing-task' }));
    expect(error).toBeInstanceOf(TaskNotFoundError);
    expect(new Set(codesOf(error))).toEqual(new Set([-32001]));
  });

  it('a Baton TaskNotCancelableError as the SDK TaskNotCancelableError with code -32002', async () => {
    const error = await thrownBy(() =>
      client(name).cancelTask({ tenant: '', id: TASK_ID, metadata: undefined }),
    );
    expect(error).toBeInstanceOf(TaskNotCancelableError);
    expect(new Set(codesOf(error))).toEqual(new Set([-32002]));
  });
});

/**
 * SDK bug: a2a-js 1.3.0 `FromProto.taskArtifactUpdateEvent` (compat/v0_3/types/converters/from_proto.ts) copies
 * `lastChunk` but not `append`, although the 0.3 proto has `bool append = 4` and Baton sends `"append": true`.
 */
it.fails('the SDK 0.3 REST client keeps append: true on the second artifact chunk', async () => {
  expect((await streamed('v03Rest'))[3]).toMatchObject({ artifactUpdate: { append: true, lastChunk: true } });
});

it('Baton does send append: true on that chunk over 0.3 REST', () => {
  expect(V03_REST.stream[3]).toMatchObject({ artifactUpdate: { append: true, lastChunk: true } });
});

describe('the SDK card resolver reads Baton cards', () => {
  /** ProtoJSON leaves empty lists out (a2a-js sends `{"bearer":{}}`); Baton keeps a `list: []` it was given. */
  const withoutEmptyLists = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (_, v: unknown) => (Array.isArray(v) && v.length === 0 ? undefined : v)),
    );

  it('a 1.0 card, with a security scheme of each kind', async () => {
    const card = AgentCardSchema.parse(AgentCard.toJSON(await new DefaultAgentCardResolver().resolve(base)));
    expect(withoutEmptyLists(card)).toEqual(withoutEmptyLists(cardV1(base)));
  });

  it('a 0.3 card, through its compat layer', async () => {
    const resolver = new DefaultAgentCardResolver({ legacyCompat: { enabled: true } });
    const card = AgentCardSchema.parse(AgentCard.toJSON(await resolver.resolve(base, LEGACY_CARD_PATH)));
    const { name, version, capabilities, skills, defaultOutputModes } = cardV03(base);
    expect(card).toMatchObject({ name, version, capabilities, skills, defaultOutputModes });
    expect(card.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
    });
    const interfaces = card.supportedInterfaces.map(
      (i) => `${i.protocolBinding} ${i.url} ${i.protocolVersion}`,
    );
    expect(interfaces).toContain(`JSONRPC ${base}${RPC_PATH} 0.3`);
    expect(interfaces).toContain(`HTTP+JSON ${base}${REST_BASE} 0.3`);
  });
});
