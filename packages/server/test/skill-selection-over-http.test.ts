/**
 * Client-directed skill selection over HTTP: the skill's executor runs for a send that names it (JSON-RPC and
 * HTTP+JSON), an unknown skill is refused with InvalidParams, and a skill whose security requirements the caller does
 * not meet with 403 PERMISSION_DENIED; a server whose `skillExecutors` name a skill the card lacks does not start.
 */
import { SKILL_SELECTION_EXTENSION } from '@baton/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { type RunningA2AServer, startA2AServer } from '../src/node.ts';
import { postRpc, record } from './support/raw-http.ts';

const card = {
  name: 'Writer',
  description: 'Outlines and publishes',
  version: '1.0.0',
  skills: [
    { id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] },
    {
      id: 'publish',
      name: 'Publish',
      description: 'Publishes a document',
      tags: ['admin'],
      securityRequirements: [{ schemes: { bearer: { list: ['docs:publish'] } } }],
    },
  ],
};

let running: RunningA2AServer;
beforeAll(async () => {
  const server = createA2AServer({
    card,
    executor: async (ctx) => `default (${ctx.skillId ?? 'no skill'}): ${ctx.text}`,
    skillExecutors: { outline: async (ctx) => `outline: ${ctx.text}` },
    // The caller's scopes from a header, standing in for a verified token.
    getUser: (c) => ({
      id: 'caller',
      scopes: (c.req.header('x-test-scopes') ?? '').split(' ').filter(Boolean),
    }),
    logger: { error: () => {}, warn: () => {} },
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await running?.close();
});

const message = (text: string) => ({ messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] });
const replyText = (result: unknown) =>
  ((record(record(result).message).parts as { text: string }[])[0] as { text: string }).text;

describe('client-directed skill selection over HTTP', () => {
  it('declares the extension on the card', async () => {
    const served = record(await (await fetch(`${running.url}/.well-known/agent-card.json`)).json());
    expect((record(served.capabilities).extensions as { uri: string }[]).map((entry) => entry.uri)).toContain(
      SKILL_SELECTION_EXTENSION,
    );
  });

  it('runs the named skill over JSON-RPC and HTTP+JSON', async () => {
    const rpc = record(
      await (
        await postRpc(`${running.url}/a2a/jsonrpc`, {
          id: 1,
          method: 'SendMessage',
          params: { message: message('tea'), configuration: { skillId: 'outline' } },
        })
      ).json(),
    );
    expect(replyText(rpc.result)).toBe('outline: tea');
    const rest = await fetch(`${running.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/a2a+json',
        'A2A-Version': '1.0',
        'x-test-scopes': 'docs:publish',
      },
      body: JSON.stringify({ message: message('the doc'), configuration: { skill_id: 'publish' } }),
    });
    expect(rest.status).toBe(200);
    expect(replyText(await rest.json())).toBe('default (publish): the doc');
  });

  it('refuses an unknown skill with InvalidParams, and a skill the caller may not use with 403', async () => {
    const unknown = record(
      await (
        await postRpc(`${running.url}/a2a/jsonrpc`, {
          id: 2,
          method: 'SendMessage',
          params: { message: message('x'), configuration: { skillId: 'translate' } },
        })
      ).json(),
    );
    expect(record(unknown.error)).toMatchObject({ code: -32602 });
    const forbidden = await fetch(`${running.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/a2a+json', 'A2A-Version': '1.0', 'x-test-scopes': 'docs:read' },
      body: JSON.stringify({ message: message('the doc'), configuration: { skillId: 'publish' } }),
    });
    expect(forbidden.status).toBe(403);
    const body = record(record(await forbidden.json()).error);
    expect(body).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(body.details).toEqual([
      expect.objectContaining({ reason: 'PERMISSION_DENIED', metadata: { skillId: 'publish' } }),
    ]);
  });

  it('does not start with an executor for a skill the card does not declare', () => {
    expect(() =>
      createA2AServer({ card, executor: async () => 'x', skillExecutors: { outlines: async () => 'typo' } }),
    ).toThrow(
      "skillExecutors names skills the card does not declare: outlines (the card's skills: outline, publish)",
    );
  });
});
