/**
 * An A2A agent served as MCP tools over streamable HTTP, called by the official MCP SDK's own client over
 * 127.0.0.1: tools, results, progress, elicitation (accepted, declined, or not offered), cancel, and what the route
 * refuses.
 */
import { request } from 'node:http';
import { createA2AClient } from '@baton/client';
import type { RunningA2AServer } from '@baton/server/node';
import { type ServerType, serve } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgentTools } from '../src/agent-tools.ts';
import { createMcpRoute, type McpRoute } from '../src/mcp-route.ts';
import { startTestAgent, type TestAgent } from './test-agent.ts';

const TOKEN = 'test-token-0123456789';

describe('an A2A agent as MCP tools over streamable HTTP', () => {
  let agent: RunningA2AServer;
  let testAgent: TestAgent;
  let route: McpRoute;
  let http: ServerType;
  let mcpUrl = '';
  const clients: Client[] = [];

  beforeAll(async () => {
    testAgent = await startTestAgent();
    agent = testAgent.agent;
    route = createMcpRoute(await connectAgentTools({ agent: agent.url }), {
      token: TOKEN,
      allowedHosts: ['127.0.0.1', 'localhost'],
    });
    await new Promise<void>((resolve) => {
      http = serve({ fetch: route.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        mcpUrl = `http://127.0.0.1:${info.port}/mcp`;
        resolve();
      });
    });
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await route?.close();
    await new Promise((resolve) => http?.close(resolve));
    await agent?.close();
  });

  /** An MCP client connected with the token; `answer` makes it offer elicitation and answer with it. */
  async function connect(answer?: (question: string) => { action: 'accept' | 'decline'; answer?: string }) {
    const client = new Client(
      { name: 'baton-test', version: '1.0.0' },
      { capabilities: answer ? { elicitation: {} } : {} },
    );
    if (answer) {
      client.setRequestHandler(ElicitRequestSchema, (request) => {
        const reply = answer(request.params.message);
        return reply.action === 'accept'
          ? { action: 'accept', content: { answer: reply.answer ?? '' } }
          : { action: 'decline' };
      });
    }
    await client.connect(
      new StreamableHTTPClientTransport(new URL(mcpUrl), {
        requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  const textOf = (result: CallToolResult) =>
    result.content.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');

  it('lists one tool per skill, named after its id, with the input and output schemas', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'write', 'plan_trip', 'wait']);
    const echo = tools[0];
    expect(echo?.title).toBe('Echo');
    expect(echo?.description).toContain('Answers with what it is sent.');
    expect(echo?.description).toContain('"echo hi"');
    expect(echo?.inputSchema.properties).toHaveProperty('text');
    expect(echo?.inputSchema.properties).toHaveProperty('data');
    expect(echo?.outputSchema?.required).toEqual(['state']);
  });

  it('sends text and data, and returns the artifacts as text, JSON and structured content', async () => {
    const client = await connect();
    testAgent.namedSkills.length = 0;
    const result = (await client.callTool({
      name: 'echo',
      arguments: { text: 'hello', data: { n: 1, tags: ['a'] } },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('You said: hello');
    expect(textOf(result)).toContain('"tags"');
    expect(result.structuredContent).toMatchObject({
      state: 'completed',
      text: 'You said: hello',
      artifacts: [{ name: 'echo', text: 'You said: hello', data: { n: 1, tags: ['a'] } }],
    });
    // The send named the tool's skill (the agent takes client-directed skill selection).
    expect(testAgent.namedSkills).toEqual(['echo']);
    expect(result.structuredContent?.taskId).toEqual(expect.any(String));
  });

  it('streams what the agent writes as progress notifications, in order', async () => {
    const client = await connect();
    const progress: string[] = [];
    let seen: () => void = () => undefined;
    testAgent.holdWrites(
      new Promise((resolve) => {
        seen = resolve;
      }),
    );
    const result = (await client.callTool({ name: 'write', arguments: { text: 'write' } }, undefined, {
      onprogress: (update) => {
        progress.push(update.message ?? '');
        if (progress.length === 3) seen();
      },
    })) as CallToolResult;
    testAgent.holdWrites(Promise.resolve());
    expect(progress).toEqual(['one ', 'two ', 'three']);
    expect(result.structuredContent).toMatchObject({ state: 'completed', text: 'one two three' });
  });

  it("puts the agent's question to the user (elicitation) and continues the task with the answer", async () => {
    const questions: string[] = [];
    const client = await connect((question) => {
      questions.push(question);
      return { action: 'accept', answer: 'Lisbon' };
    });
    const result = (await client.callTool({
      name: 'plan_trip',
      arguments: { text: 'trip' },
    })) as CallToolResult;
    expect(questions).toEqual(['Which city?']);
    expect(result.structuredContent).toMatchObject({
      state: 'completed',
      artifacts: [{ text: 'Trip to Lisbon', data: { city: 'Lisbon' } }],
    });
  });

  it('returns the question with the task id when the client cannot answer one, and the next call answers it', async () => {
    const client = await connect();
    const asked = (await client.callTool({
      name: 'plan_trip',
      arguments: { text: 'trip' },
    })) as CallToolResult;
    expect(asked.isError).toBeFalsy();
    expect(asked.structuredContent).toMatchObject({ state: 'input-required', question: 'Which city?' });
    const taskId = String(asked.structuredContent?.taskId);
    expect(textOf(asked)).toContain(`taskId "${taskId}"`);
    const answered = (await client.callTool({
      name: 'plan_trip',
      arguments: { text: 'Porto', taskId },
    })) as CallToolResult;
    expect(answered.structuredContent).toMatchObject({ state: 'completed', taskId, text: 'Trip to Porto' });
  });

  it('cancels the task when the user declines the question', async () => {
    const client = await connect(() => ({ action: 'decline' }));
    const result = (await client.callTool({
      name: 'plan_trip',
      arguments: { text: 'trip' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    const taskId = /task (\S+) was canceled/.exec(textOf(result))?.[1] ?? '';
    const a2a = await createA2AClient({ agent: agent.url });
    expect((await a2a.getTask(taskId)).status.state).toBe('TASK_STATE_CANCELED');
  });

  it('cancels the A2A task when the MCP request is cancelled', async () => {
    const client = await connect();
    const controller = new AbortController();
    const started = testAgent.waiting();
    const call = client.callTool({ name: 'wait', arguments: { text: 'wait' } }, undefined, {
      signal: controller.signal,
    });
    const taskId = await started;
    controller.abort();
    await expect(call).rejects.toThrow();
    const a2a = await createA2AClient({ agent: agent.url });
    for (let tries = 0; ; tries++) {
      const state = (await a2a.getTask(taskId)).status.state;
      if (state === 'TASK_STATE_CANCELED') break;
      if (tries > 100) throw new Error(`the task is still ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('returns the reason of a failed task as an error result', async () => {
    const client = await connect();
    const result = (await client.callTool({
      name: 'echo',
      arguments: { text: 'fail now' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('The agent could not do it: no such thing.');
    expect(result.structuredContent).toMatchObject({ state: 'failed' });
  });

  it('refuses bad arguments with an error result, not a crash', async () => {
    const client = await connect();
    const empty = (await client.callTool({ name: 'echo', arguments: {} })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toContain('"text", "data" or both');
    const wrong = (await client.callTool({ name: 'echo', arguments: { text: 5 } })) as CallToolResult;
    expect(textOf(wrong)).toContain('"text" must be a string');
    const unknown = (await client.callTool({ name: 'nope', arguments: { text: 'x' } })) as CallToolResult;
    expect(unknown.isError).toBe(true);
  });

  it('refuses, as JSON-RPC errors, a missing token, a foreign Host or Origin, a body too large, an unknown session', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    const post = (headers: Record<string, string>, body = initialize) =>
      fetch(mcpUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body,
      });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const noToken = await post({});
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32001 } });
    expect((await post({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post({ ...auth, origin: 'https://evil.example' })).status).toBe(403);
    const pad = 'x'.repeat(2 * 1024 * 1024);
    expect(await rawPost(auth, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x', params: { pad } }))).toBe(
      413,
    );
    expect((await post({ ...auth, 'mcp-session-id': 'no-such-session' })).status).toBe(404);
    const ok = await post(auth);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('mcp-session-id')).toEqual(expect.any(String));
    await ok.body?.cancel();
  });

  it('refuses a request whose Host is not allowed (DNS rebinding)', async () => {
    expect(await rawPost({ host: 'attacker.example', authorization: `Bearer ${TOKEN}` }, '{}')).toBe(403);
  });

  /** A POST with node:http, whose Host header is ours to set, and whose answer counts even if the server stops reading. */
  function rawPost(headers: Record<string, string>, body: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const call = request(
        mcpUrl,
        { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...headers } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      // The server may answer a body too large and close before taking all of it: the status is what counts.
      call.on('error', (error) => setTimeout(() => reject(error), 1_000));
      call.end(body);
    });
  }
});
