/**
 * What running the official kit against this agent turned up, kept as tests (the kit itself does not run in
 * CI): the card a header-less reader gets, the JSON-RPC endpoint with a trailing slash, -32005 for a foreign
 * Content-Type, webhooks on names that do not resolve here, and the required extension of CORE-CAP-004.
 */
import { AgentCardSchema } from '@baton/protocol';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConformanceAgent, KIT_REQUIRED_EXTENSION } from './create-conformance-agent.ts';

const quiet = { error: () => undefined, warn: () => undefined };
const unresolvable = async (): Promise<string[]> => {
  throw new Error('ENOTFOUND');
};

let running: RunningA2AServer;
let strict: RunningA2AServer;
beforeAll(async () => {
  running = await startA2AServer(createConformanceAgent({ resolveHost: unresolvable, logger: quiet }));
  strict = await startA2AServer(createConformanceAgent({ requireKitExtension: true, logger: quiet }));
});
afterAll(async () => {
  await running.close();
  await strict.close();
});

/** A JSON-RPC call the way the kit's client makes it: base URL plus "/", `A2A-Version: 1.0`. */
async function kitCall(base: string, method: string, params: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/a2a/jsonrpc/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as {
    result?: Record<string, unknown>;
    error?: { code: number; message: string };
  };
}

const message = (messageId: string) => ({ role: 'ROLE_USER', parts: [{ text: 'hi' }], messageId });

describe('what the kit expects', () => {
  it('gives a reader that sends no A2A-Version the strict 1.0 card, and 0.3 readers theirs', async () => {
    const response = await fetch(`${running.url}/.well-known/agent-card.json`);
    const card = (await response.json()) as Record<string, unknown>;
    expect(AgentCardSchema.safeParse(card).success).toBe(true);
    expect(
      Object.keys(card).filter((key) => ['url', 'protocolVersion', 'preferredTransport'].includes(key)),
    ).toEqual([]);
    const legacy = await fetch(`${running.url}/.well-known/agent-card.json`, {
      headers: { 'A2A-Version': '0.3' },
    });
    expect(await legacy.json()).toMatchObject({ protocolVersion: '0.3.0', preferredTransport: 'JSONRPC' });
  });

  it('answers JSON-RPC on the endpoint URL plus a trailing slash', async () => {
    const reply = await kitCall(running.url, 'SendMessage', { message: message('tck-complete-task-1') });
    expect(reply.result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });

  it('answers a JSON-RPC request sent as text/plain with -32005 ContentTypeNotSupported', async () => {
    const response = await fetch(`${running.url}/a2a/jsonrpc`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'A2A-Version': '1.0' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: message('m') },
      }),
    });
    const reply = (await response.json()) as { error: { code: number; message: string } };
    expect(reply.error.code).toBe(-32005);
    expect(reply.error.message).toContain('text/plain');
  });

  it('registers a webhook on a public name that does not resolve from here (the kit uses example.com)', async () => {
    const asked = await kitCall(running.url, 'SendMessage', { message: message('tck-input-required-1') });
    const task = asked.result?.task as { id: string } | undefined;
    if (!task) throw new Error(`expected a task, got ${JSON.stringify(asked)}`);
    const taskId = task.id;
    const url = 'https://example.com/tck-push-webhook';
    const created = await kitCall(running.url, 'CreateTaskPushNotificationConfig', { taskId, url });
    expect(created.result).toMatchObject({ taskId, url });
    await kitCall(running.url, 'CancelTask', { id: taskId });
  });

  it('refuses a send without the required extension when it is declared, and accepts one with it', async () => {
    const card = (await (await fetch(`${strict.url}/.well-known/agent-card.json`)).json()) as {
      capabilities: { extensions?: { uri: string; required?: boolean }[] };
    };
    expect(card.capabilities.extensions).toContainEqual(
      expect.objectContaining({ uri: KIT_REQUIRED_EXTENSION, required: true }),
    );
    const refused = await kitCall(strict.url, 'SendMessage', { message: message('cap-ext-004-jsonrpc-1') });
    expect(refused.error?.code).toBe(-32008);
    const rest = await fetch(`${strict.url}/a2a/rest/message:send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': '1.0' },
      body: JSON.stringify({ message: message('cap-ext-004-http-1') }),
    });
    expect(rest.status).toBe(400);
    const accepted = await kitCall(
      strict.url,
      'SendMessage',
      { message: message('tck-complete-task-2') },
      { 'A2A-Extensions': KIT_REQUIRED_EXTENSION },
    );
    expect(accepted.result).toMatchObject({ task: { status: { state: 'TASK_STATE_COMPLETED' } } });
  });
});
