/**
 * A value nested thousands of levels deep in a message (metadata, a DataPart) is refused on both bindings, over
 * real HTTP, as InvalidParams naming where and the limit, before validation could exhaust its stack.
 */
import { createId } from '@baton/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../create-a2a-server.ts';
import { type RunningA2AServer, startA2AServer } from '../node.ts';

/** `{"a":{"a":…"leaf"…}}` with `levels` objects, as text (JSON.stringify would overflow its own stack). */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}"leaf"${'}'.repeat(levels)}`;

/** A message as JSON text, with `extra` fields already in JSON text. */
const message = (extra: string) =>
  `{"messageId":"${createId()}","role":"ROLE_USER","parts":[{"text":"hello"}],${extra}}`;

describe('deeply nested JSON', () => {
  let running: RunningA2AServer;
  beforeAll(async () => {
    running = await startA2AServer(
      createA2AServer({
        card: { name: 'Echo', description: 'Echoes', version: '1.0.0', skills: [] },
        executor: async (ctx) => `You said: ${ctx.text}`,
        logger: { error: () => undefined, warn: () => undefined },
      }),
      { port: 0 },
    );
  });
  afterAll(() => running.close());

  const jsonRpc = (messageJson: string) =>
    fetch(`${running.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: `{"jsonrpc":"2.0","id":7,"method":"SendMessage","params":{"message":${messageJson}}}`,
    });
  const rest = (messageJson: string) =>
    fetch(`${running.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: `{"message":${messageJson}}`,
    });

  it.each([
    ['metadata', `"metadata":${nested(500)}`, 'params.message.metadata.a.a.a.a…'],
    // A later "parts" key replaces the message's own, as JSON.parse reads duplicates.
    ['a DataPart', `"parts":[{"data":${nested(500)}}]`, 'params.message.parts[0].data.a.a…'],
  ])(
    'refuses %s nested 500 levels on JSON-RPC with -32602 naming the field and the limit',
    async (_, extra, where) => {
      const response = await jsonRpc(message(extra));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { id: number; error: { code: number; message: string } };
      expect(body.id).toBe(7);
      expect(body.error.code).toBe(-32602);
      expect(body.error.message).toBe(
        `Invalid params: ${where} nests objects or arrays deeper than 100 levels, the limit`,
      );
    },
  );

  it('refuses it on HTTP+JSON with 400 INVALID_ARGUMENT naming the field and the limit', async () => {
    const response = await rest(message(`"metadata":${nested(500)}`));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { status: string; message: string } };
    expect(body.error.status).toBe('INVALID_ARGUMENT');
    expect(body.error.message).toMatch(/^Invalid params: message\.metadata\.a\.a\.a\.a… nests .* 100 levels/);
  });

  // 1.95 million nested arrays in 3.7 MiB would be a tree of about 220 MiB: refused before it is parsed, so the
  // answer cannot name the field (nor, on JSON-RPC, the id), only the limit.
  it('refuses a body nested 1.95 million levels unparsed, on both bindings, naming the limit', async () => {
    const deep = `${'['.repeat(1_950_000)}${']'.repeat(1_950_000)}`;
    const overJsonRpc = (await (await jsonRpc(message(`"metadata":{"a":${deep}}`))).json()) as {
      id: null;
      error: { code: number; message: string };
    };
    expect(overJsonRpc).toMatchObject({
      id: null,
      error: {
        code: -32602,
        message: 'Invalid params: params nests objects or arrays deeper than 100 levels, the limit',
      },
    });
    const overRest = await rest(message(`"metadata":{"a":${deep}}`));
    expect(overRest.status).toBe(400);
    expect(((await overRest.json()) as { error: { message: string } }).error.message).toBe(
      'Invalid params: the body nests objects or arrays deeper than 100 levels, the limit',
    );
  });

  it('still takes metadata nested 90 levels, and the server goes on answering', async () => {
    const response = await jsonRpc(message(`"metadata":${nested(90)}`));
    const body = (await response.json()) as { result?: { message?: { parts: { text: string }[] } } };
    expect(body.result?.message?.parts[0]?.text).toBe('You said: hello');
    const rested = await rest(message(`"metadata":${nested(90)}`));
    expect(rested.status).toBe(200);
  });
});
