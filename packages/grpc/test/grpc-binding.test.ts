/**
 * What the gRPC binding does with calls the official SDK client never makes: bad metadata, bytes that are not the
 * message, deadlines, a stream the client cuts, refused credentials, and callers who must not see each other's
 * tasks. Real gRPC over loopback, through a plain @grpc/grpc-js client.
 */

import { A2AError } from '@baton/protocol';
import { AuthFailure } from '@baton/server';
import { type ServiceError, status } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2aProto } from '../src/a2a-proto.ts';
import { STATUS_DETAILS_KEY } from '../src/grpc-status.ts';
import { type RawClient, rawClient } from './raw-client.ts';
import { type ServedAgent, serveAgent } from './serve-agent.ts';

const message = (text: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra },
});

/** The ErrorInfo a gRPC error carries in its status details. */
function errorInfo(error: ServiceError): {
  reason: string;
  domain: string;
  metadata?: Record<string, string>;
} {
  const bytes = error.metadata.get(STATUS_DETAILS_KEY)[0] as Buffer;
  const proto = a2aProto();
  const Status = proto.type('google.rpc.Status');
  const decoded = Status.toObject(Status.decode(bytes)) as {
    details: { type_url: string; value: Uint8Array }[];
  };
  const detail = decoded.details.find(
    (entry) => entry.type_url === 'type.googleapis.com/google.rpc.ErrorInfo',
  );
  if (!detail) throw new Error('no ErrorInfo in the status details');
  const ErrorInfo = proto.type('google.rpc.ErrorInfo');
  return ErrorInfo.toObject(ErrorInfo.decode(detail.value)) as ReturnType<typeof errorInfo>;
}

/** Protobuf bytes of a SendMessageRequest whose message metadata nests JSON objects `depth` deep. */
function deeplyNestedRequest(depth: number): Buffer {
  const varint = (value: number) => {
    const bytes: number[] = [];
    let rest = value;
    while (rest > 0x7f) {
      bytes.push((rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    bytes.push(rest);
    return Buffer.from(bytes);
  };
  const field = (tag: number, body: Buffer) => Buffer.concat([Buffer.from([tag]), varint(body.length), body]);
  // Struct { fields: { "d": Value } } around a Value, innermost a bool.
  const struct = (inner: Buffer) =>
    field(0x0a, Buffer.concat([field(0x0a, Buffer.from('d')), field(0x12, inner)]));
  let value = Buffer.from([0x20, 0x01]);
  for (let level = 0; level < depth; level++) value = field(0x2a, struct(value));
  const metadata = struct(value);
  const message = Buffer.concat([
    field(0x0a, Buffer.from('m-deep')),
    Buffer.from([0x20, 0x01]),
    field(0x2a, field(0x0a, Buffer.from('hi'))),
    field(0x32, metadata),
  ]);
  return field(0x12, message);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: ServiceError) => error,
  );

describe('the gRPC binding', () => {
  let agent: ServedAgent;
  let client: RawClient;

  beforeAll(async () => {
    agent = await serveAgent({ maxOpenStreams: 1 });
    client = rawClient(agent.grpc.url);
  });
  afterAll(async () => {
    client.close();
    await agent.close();
  });

  it('serves a call without a2a-version as 1.0, and refuses a version it does not serve with the A2A error', async () => {
    const answer = await client.unary('SendMessage', message('chunks:1'));
    expect(answer).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
    const error = await failure(client.unary('SendMessage', message('chunks:1'), { 'a2a-version': '2.0' }));
    expect(error.code).toBe(status.FAILED_PRECONDITION);
    expect(errorInfo(error)).toMatchObject({ reason: 'VERSION_NOT_SUPPORTED', domain: 'a2a-protocol.org' });
    expect(error.details).toContain('2.0');
  });

  it('answers bytes that are not the request message with INVALID_ARGUMENT naming the message', async () => {
    const error = await failure(client.unary('SendMessage', Buffer.from([0x12, 0xff, 0xff, 0xff, 0x0f])));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(errorInfo(error).reason).toBe('INVALID_PARAMS');
    expect(error.details).toContain('SendMessageRequest');
  });

  it('validates a decoded request like the other bindings: a message without parts is INVALID_ARGUMENT', async () => {
    const error = await failure(
      client.unary('SendMessage', { message: { messageId: 'm1', role: 'ROLE_USER', parts: [] } }),
    );
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(errorInfo(error).reason).toBe('INVALID_PARAMS');
    expect(error.details).toMatch(/parts/);
  });

  it('refuses another message under a used messageId with INVALID_ARGUMENT, reason MESSAGE_ID_REUSED', async () => {
    const first = { message: { messageId: 'grpc-reused', role: 'ROLE_USER', parts: [{ text: 'chunks:1' }] } };
    const made = (await client.unary('SendMessage', first)) as { task: { id: string } };
    expect(await client.unary('SendMessage', first)).toMatchObject({ task: { id: made.task.id } });
    const other = { message: { ...first.message, parts: [{ text: 'chunks:2' }] } };
    const error = await failure(client.unary('SendMessage', other));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(errorInfo(error)).toMatchObject({ reason: 'MESSAGE_ID_REUSED' });
    expect(error.details).toContain('"grpc-reused" was already used');
  });

  it("refuses a request nested past protobuf's depth limit with INVALID_ARGUMENT naming the limit", async () => {
    const error = await failure(client.unary('SendMessage', deeplyNestedRequest(200)));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(errorInfo(error).reason).toBe('INVALID_PARAMS');
    expect(error.details).toContain('deeper than 100 levels');
  });

  it('maps each A2A error to its status: NOT_FOUND with the task id, FAILED_PRECONDITION for a finished task', async () => {
    const missing = await failure(client.unary('GetTask', { id: 'no-such-task' }));
    expect(missing.code).toBe(status.NOT_FOUND);
    expect(errorInfo(missing)).toEqual({
      reason: 'TASK_NOT_FOUND',
      domain: 'a2a-protocol.org',
      metadata: { taskId: 'no-such-task' },
    });
    const done = (await client.unary('SendMessage', message('chunks:1'))) as { task: { id: string } };
    const notCancelable = await failure(client.unary('CancelTask', { id: done.task.id }));
    expect(notCancelable.code).toBe(status.FAILED_PRECONDITION);
    expect(errorInfo(notCancelable).reason).toBe('TASK_NOT_CANCELABLE');
    const subscribeFinished = client.stream('SubscribeToTask', { id: done.task.id });
    const streamError = await new Promise<ServiceError>((resolve) => subscribeFinished.on('error', resolve));
    expect(streamError.code).toBe(status.FAILED_PRECONDITION);
    expect(errorInfo(streamError).reason).toBe('UNSUPPORTED_OPERATION');
  });

  it('ends a blocking call at its deadline with DEADLINE_EXCEEDED; the task goes on and can be canceled', async () => {
    const contextId = crypto.randomUUID();
    const error = await failure(
      client.unary('SendMessage', message('slow', { contextId }), {}, { deadline: Date.now() + 300 }),
    );
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    const listed = (await client.unary('ListTasks', { contextId })) as {
      tasks: { id: string; status: { state: string } }[];
    };
    expect(listed.tasks.map((task) => task.status.state)).toEqual(['TASK_STATE_WORKING']);
    const canceled = await client.unary('CancelTask', { id: listed.tasks[0]?.id });
    expect(canceled).toMatchObject({ status: { state: 'TASK_STATE_CANCELED' } });
  });

  it('frees a stream the client cuts mid-way: the next stream gets the only slot', async () => {
    const first = client.stream('SendStreamingMessage', message('slow'));
    const events: unknown[] = [];
    await new Promise<void>((resolve) =>
      first.on('data', (event) => {
        events.push(event);
        if (events.length === 2) resolve();
      }),
    );
    expect(events[1]).toMatchObject({ statusUpdate: { status: { state: 'TASK_STATE_WORKING' } } });
    first.on('error', () => undefined);
    first.cancel();
    const taskId = (events[0] as { task: { id: string } }).task.id;
    // The server lets go of the stream: with maxOpenStreams 1, a second stream is refused until it has.
    let second: unknown[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      const stream = client.stream('SubscribeToTask', { id: taskId });
      const outcome = await new Promise<unknown[] | ServiceError>((resolve) => {
        const seen: unknown[] = [];
        stream.on('data', (event) => {
          seen.push(event);
          stream.cancel();
          resolve(seen);
        });
        stream.on('error', (error: ServiceError) => {
          if (error.code !== status.CANCELLED) resolve(error);
        });
      });
      if (Array.isArray(outcome)) {
        second = outcome;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(second[0]).toMatchObject({ task: { id: taskId, status: { state: 'TASK_STATE_WORKING' } } });
    await client.unary('CancelTask', { id: taskId });
  });
});

describe('the gRPC binding with extensions', () => {
  it('echoes the extensions a caller asked for that the card declares, as the HTTP bindings do', async () => {
    const agent = await serveAgent({
      card: {
        name: 'Extended',
        description: 'Declares one extension',
        version: '1.0.0',
        skills: [],
        extensions: [{ uri: 'https://ext.example/known', description: 'Known' }],
      },
    });
    const client = rawClient(agent.grpc.url);
    try {
      let echoed: unknown[] = [];
      await client.unary(
        'SendMessage',
        message('chunks:1'),
        { 'a2a-extensions': 'https://ext.example/unknown, https://ext.example/known' },
        {},
        (metadata) => {
          echoed = metadata.get('a2a-extensions');
        },
      );
      expect(echoed).toEqual(['https://ext.example/known']);
    } finally {
      client.close();
      await agent.close();
    }
  });
});

describe('the gRPC binding with authentication', () => {
  let agent: ServedAgent;
  let client: RawClient;

  beforeAll(async () => {
    agent = await serveAgent({
      getUser: (c) => {
        const authorization = c.req.header('authorization');
        if (authorization === undefined) return undefined;
        const user = /^Bearer (alice|bob)$/.exec(authorization)?.[1];
        if (!user) throw new AuthFailure('unauthenticated', 'The bearer token is not valid');
        if (user === 'bob' && c.req.header('x-scope') === 'none') {
          throw new AuthFailure('forbidden', 'Bob may not call this agent without a scope');
        }
        return { id: user };
      },
    });
    client = rawClient(agent.grpc.url);
  });
  afterAll(async () => {
    client.close();
    await agent.close();
  });

  it('reads credentials from metadata: refused ones are UNAUTHENTICATED or PERMISSION_DENIED', async () => {
    const bad = await failure(
      client.unary('SendMessage', message('chunks:1'), { authorization: 'Bearer mallory' }),
    );
    expect(bad.code).toBe(status.UNAUTHENTICATED);
    expect(bad.details).toBe('The bearer token is not valid');
    const forbidden = await failure(
      client.unary('SendMessage', message('chunks:1'), { authorization: 'Bearer bob', 'x-scope': 'none' }),
    );
    expect(forbidden.code).toBe(status.PERMISSION_DENIED);
  });

  it("keeps each caller's tasks to that caller, as the HTTP bindings do", async () => {
    const alice = { authorization: 'Bearer alice' };
    const sent = (await client.unary('SendMessage', message('chunks:1'), alice)) as { task: { id: string } };
    expect(await client.unary('GetTask', { id: sent.task.id }, alice)).toMatchObject({ id: sent.task.id });
    const asBob = await failure(
      client.unary('GetTask', { id: sent.task.id }, { authorization: 'Bearer bob' }),
    );
    expect(asBob.code).toBe(status.NOT_FOUND);
    expect(A2AError.taskNotFound(sent.task.id).message).toBe(asBob.details);
  });
});
