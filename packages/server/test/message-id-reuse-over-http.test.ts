/**
 * Another message under a used `messageId` over every HTTP binding and version: refused as InvalidParams with the
 * reason MESSAGE_ID_REUSED (JSON-RPC 1.0 and 0.3, HTTP+JSON 400), and the same message again is the same task.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';
import { postRpc, record } from './support/raw-http.ts';

let running: RunningA2AServer;
let runs = 0;
beforeAll(async () => {
  const server = createA2AServer({
    card: {
      name: 'Echo',
      description: 'Echoes',
      version: '1.0.0',
      skills: [{ id: 'echo', name: 'Echo', description: 'Echoes a text', tags: ['echo'] }],
    },
    executor: async (ctx) => {
      runs += 1;
      await ctx.complete(`echo: ${ctx.text}`);
    },
    versions: ['1.0', '0.3'],
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await running?.close();
});

const message = (messageId: string, text: string) => ({ messageId, role: 'ROLE_USER', parts: [{ text }] });

describe('another message under a used messageId, over HTTP', () => {
  it('JSON-RPC 1.0: the same message is the same task; another one is -32602 MESSAGE_ID_REUSED', async () => {
    const send = async (text: string) =>
      record(
        await (
          await postRpc(`${running.url}/a2a/jsonrpc`, {
            id: 1,
            method: 'SendMessage',
            params: { message: message('rpc-1', text) },
          })
        ).json(),
      );
    const before = runs;
    const first = record(record((await send('alpha')).result).task);
    const again = record(record((await send('alpha')).result).task);
    expect(again.id).toBe(first.id);
    const refused = record((await send('beta')).error);
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('"rpc-1" was already used by this caller for a different message');
    expect(refused.data).toEqual([
      expect.objectContaining({
        reason: 'MESSAGE_ID_REUSED',
        metadata: { messageId: 'rpc-1', taskId: first.id },
      }),
      expect.objectContaining({
        fieldViolations: [expect.objectContaining({ field: 'message.messageId' })],
      }),
    ]);
    expect(runs - before).toBe(1);
  });

  it('JSON-RPC 0.3 (message/send): -32602', async () => {
    const send = async (text: string) =>
      record(
        await (
          await postRpc(
            `${running.url}/a2a/jsonrpc`,
            {
              id: 2,
              method: 'message/send',
              params: {
                message: {
                  kind: 'message',
                  messageId: 'v03-1',
                  role: 'user',
                  parts: [{ kind: 'text', text }],
                },
              },
            },
            { version: '0.3' },
          )
        ).json(),
      );
    expect(record((await send('alpha')).result).kind).toBe('task');
    const refused = record((await send('beta')).error);
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('"v03-1"');
  });

  it('HTTP+JSON: 400 INVALID_ARGUMENT with the reason', async () => {
    const send = (text: string) =>
      fetch(`${running.url}/a2a/rest/message:send`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/a2a+json', 'A2A-Version': '1.0' },
        body: JSON.stringify({ message: message('rest-1', text) }),
      });
    expect((await send('alpha')).status).toBe(200);
    const refused = await send('beta');
    expect(refused.status).toBe(400);
    const error = record(record(await refused.json()).error);
    expect(error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
    expect(error.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'MESSAGE_ID_REUSED' })]),
    );
  });
});
