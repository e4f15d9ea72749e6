/**
 * Forgiving reads, strict writes: a JSON-RPC server that leaves `result` out (or sends `null`) for a call whose
 * result is empty (push config delete) is understood, as the official Python SDK answers its 0.3 delete; every
 * other malformed envelope stays a PROTOCOL error that names what is off. Against a loopback server that
 * answers each shape word for word, on a 1.0 and a 0.3 interface.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type A2AClient, createA2AClient } from '../src/client/index.ts';
import { A2AClientError } from '../src/errors/client-error.ts';
import { type LoopbackServer, serveLoopback } from './support/serve-loopback.ts';

// What the next JSON-RPC call is answered with, given its id.
let answer: (id: unknown) => unknown = () => ({});
let url = '';
let peer: LoopbackServer;

beforeAll(async () => {
  const app = new Hono();
  app.get('/.well-known/agent-card.json', (c) =>
    c.json({
      name: 'Lax',
      description: 'Answers with fixed envelopes',
      version: '1.0.0',
      supportedInterfaces: [
        { url: `${url}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: `${url}/rpc`, protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
      capabilities: { pushNotifications: true },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [],
    }),
  );
  app.post('/rpc', async (c) => {
    const { id } = (await c.req.json()) as { id: unknown };
    return c.json(answer(id) as object);
  });
  peer = await serveLoopback(app);
  url = peer.url;
});
afterAll(() => peer.close());

describe.each(['1.0', '0.3'] as const)('over JSON-RPC %s', (version) => {
  let client: A2AClient;
  beforeAll(async () => {
    client = await createA2AClient({ agent: url, preferredVersions: [version] });
    expect(client.transport.version).toBe(version);
  });
  const remove = () => client.deletePushConfig({ taskId: 'task-1', id: 'config-1' });

  it.each([
    ['without `result`', (id: unknown) => ({ id, jsonrpc: '2.0' })],
    ['with `result: null`', (id: unknown) => ({ id, jsonrpc: '2.0', result: null })],
    ['with `result: {}`', (id: unknown) => ({ id, jsonrpc: '2.0', result: {} })],
  ])('accepts a push config delete answered %s', async (_, envelope) => {
    answer = envelope;
    await expect(remove()).resolves.toBeUndefined();
  });

  it.each([
    ['a delete answered for another id', () => ({ id: 'other', jsonrpc: '2.0' }), 'answers request "other"'],
    ['a delete answered without `jsonrpc`', (id: unknown) => ({ id }), 'no `jsonrpc`, not "2.0"'],
    [
      'a delete whose result is a list',
      (id: unknown) => ({ id, jsonrpc: '2.0', result: [] }),
      'expected an empty result',
    ],
  ])('refuses %s, naming what is off', async (_, envelope, named) => {
    answer = envelope;
    const failed = remove();
    await expect(failed).rejects.toBeInstanceOf(A2AClientError);
    await expect(failed).rejects.toMatchObject({ code: 'PROTOCOL', message: expect.stringContaining(named) });
  });

  it('still refuses a GetTask answered without `result`', async () => {
    answer = (id) => ({ id, jsonrpc: '2.0' });
    await expect(client.getTask('task-1')).rejects.toMatchObject({
      code: 'PROTOCOL',
      message: expect.stringContaining('it has neither `result` nor `error`'),
    });
  });
});
