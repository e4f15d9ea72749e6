/**
 * MCP servers made with the official MCP SDK, wrapped as A2A agents (`connectMcpServer`) and served by
 * `@baton/server` on 127.0.0.1: one reached over streamable HTTP, one started as a child process (stdio). Called by
 * `@baton/client` and by the official A2A JS SDK's client.
 */
import { fileURLToPath } from 'node:url';
import { Task as SdkTask, SendMessageRequest } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory } from '@a2a-js/sdk/client';
import {
  type A2AClient,
  createA2AClient,
  dataPart,
  type SendMessageResponse,
  type Task,
  textPart,
  userMessage,
} from '@baton/client';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { type ServerType, serve } from '@hono/node-server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpServerAgent } from '../src/mcp-server-agent.ts';
import { createTestMcpServer, type Observed } from './fixtures/test-mcp-server.ts';

const artifactOf = (task: Task) => task.artifacts?.[0]?.parts ?? [];

/** The task a blocking send answered (a direct message fails the test). */
function taskOf(answer: SendMessageResponse): Task {
  if (!('task' in answer)) throw new Error('expected a task');
  return answer.task;
}

describe('an MCP server over streamable HTTP, as an A2A agent', () => {
  let mcpHttp: ServerType;
  let observed: Observed;
  let wrapped: McpServerAgent;
  let agent: RunningA2AServer;
  let client: A2AClient;

  beforeAll(async () => {
    const made = createTestMcpServer();
    observed = made.observed;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
    });
    await made.server.connect(transport);
    const url = await new Promise<string>((resolve) => {
      mcpHttp = serve(
        { fetch: (request) => transport.handleRequest(request), port: 0, hostname: '127.0.0.1' },
        (info) => resolve(`http://127.0.0.1:${info.port}/mcp`),
      );
    });
    wrapped = await connectMcpServer({ server: { url } });
    agent = await startA2AServer(createA2AServer({ card: wrapped.card, executor: wrapped.executor }), {
      port: 0,
      hostname: '127.0.0.1',
    });
    client = await createA2AClient({ agent: agent.url });
  });

  afterAll(async () => {
    await agent?.close();
    await wrapped?.close();
    await new Promise((resolve) => mcpHttp?.close(resolve));
  });

  it("publishes a card whose skills are the server's tools, named from the server", () => {
    expect(client.card.name).toBe('calculator');
    expect(client.card.version).toBe('2.1.0');
    expect(client.card.description).toBe('Adds numbers and shouts words.');
    expect(client.card.skills.map((skill) => skill.id)).toEqual(['add', 'shout', 'count', 'hang', 'broken']);
    expect(client.card.skills[0]).toMatchObject({ name: 'Add', tags: ['mcp'] });
  });

  it('runs the tool a DataPart names, and answers its text and structured content as one artifact', async () => {
    const answer = await client.sendMessage(
      userMessage([dataPart({ tool: 'add', arguments: { a: 2, b: 3 } })]),
    );
    if (!('task' in answer)) throw new Error('expected a task');
    expect(answer.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(artifactOf(answer.task)).toEqual([{ text: '2 + 3 = 5' }, { data: { sum: 5 } }]);
  });

  it('runs the tool the text names: with the DataPart as arguments, a JSON object, or the text for a one-string tool', async () => {
    const withData = await client.sendMessage(userMessage([textPart('add'), dataPart({ a: 1, b: 1 })]));
    const withJson = await client.sendMessage('add {"a": 10, "b": 5}');
    const withText = await client.sendMessage('shout hello there');
    expect(artifactOf(taskOf(withData))).toContainEqual({ data: { sum: 2 } });
    expect(artifactOf(taskOf(withJson))).toContainEqual({ data: { sum: 15 } });
    expect(artifactOf(taskOf(withText))).toEqual([{ text: 'HELLO THERE' }]);
  });

  it("streams the tool's progress notifications as working status updates, in order", async () => {
    const said: string[] = [];
    let seen: () => void = () => undefined;
    observed.holdCount(
      new Promise((resolve) => {
        seen = resolve;
      }),
    );
    for await (const event of client.streamMessage(
      userMessage([dataPart({ tool: 'count', arguments: { to: 3 } })]),
    )) {
      if ('statusUpdate' in event && event.statusUpdate.status.state === 'TASK_STATE_WORKING') {
        said.push(
          event.statusUpdate.status.message?.parts
            .map((part) => ('text' in part ? part.text : ''))
            .join('') ?? '',
        );
        if (said.at(-1) === 'counted 3') seen();
      }
    }
    observed.holdCount(Promise.resolve());
    expect(said).toEqual(['Calling count', 'counted 1', 'counted 2', 'counted 3']);
  });

  it('fails the task with the words of a tool that reports an error, and rejects a message naming no tool', async () => {
    const broken = await client.sendMessage('broken');
    if (!('task' in broken)) throw new Error('expected a task');
    expect(broken.task.status.state).toBe('TASK_STATE_FAILED');
    expect(JSON.stringify(broken.task.status.message)).toContain('The disk is full.');
    const vague = await client.sendMessage('please do something');
    if (!('task' in vague)) throw new Error('expected a task');
    expect(vague.task.status.state).toBe('TASK_STATE_REJECTED');
    expect(JSON.stringify(vague.task.status.message)).toContain('add, shout, count, hang, broken');
    const invalid = await client.sendMessage(userMessage([dataPart({ tool: 'add', arguments: { a: 'x' } })]));
    if (!('task' in invalid)) throw new Error('expected a task');
    expect(invalid.task.status.state).toBe('TASK_STATE_FAILED');
  });

  it('cancels the tool call when the task is canceled', async () => {
    const started = observed.hangStarted();
    const answer = await client.sendMessage('hang', { returnImmediately: true });
    if (!('task' in answer)) throw new Error('expected a task');
    await started;
    const canceled = await client.cancelTask(answer.task.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
    for (let tries = 0; observed.cancelled.length === 0; tries++) {
      if (tries > 100) throw new Error('the MCP server never saw the cancellation');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(observed.cancelled).toEqual(['hang']);
  });

  it('answers the official A2A JS SDK client', async () => {
    const sdk = await new ClientFactory({ transports: [new JsonRpcTransportFactory({})] }).createFromUrl(
      agent.url,
    );
    const result = await sdk.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: crypto.randomUUID(),
          role: 'ROLE_USER',
          parts: [{ text: 'add {"a": 20, "b": 22}' }],
        },
      }),
    );
    if (!('status' in result)) throw new Error('expected a Task');
    const task = SdkTask.toJSON(result) as { status: { state: string }; artifacts: { parts: unknown[] }[] };
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(task.artifacts[0]?.parts).toContainEqual({ data: { sum: 42 } });
  });
});

describe('an MCP server started as a child process (stdio), as an A2A agent', () => {
  let wrapped: McpServerAgent;
  let agent: RunningA2AServer;

  beforeAll(async () => {
    wrapped = await connectMcpServer({
      server: {
        command: process.execPath,
        args: ['--import', 'tsx', fileURLToPath(new URL('./fixtures/stdio-mcp-server.ts', import.meta.url))],
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      },
      name: 'Calculator',
    });
    agent = await startA2AServer(createA2AServer({ card: wrapped.card, executor: wrapped.executor }), {
      port: 0,
      hostname: '127.0.0.1',
    });
  }, 30_000);

  afterAll(async () => {
    await agent?.close();
    await wrapped?.close();
  });

  it('answers @baton/client through the child process', async () => {
    const client = await createA2AClient({ agent: agent.url });
    expect(client.card.name).toBe('Calculator');
    const answer = await client.sendMessage('add {"a": 4, "b": 4}');
    if (!('task' in answer)) throw new Error('expected a task');
    expect(artifactOf(answer.task)).toEqual([{ text: '4 + 4 = 8' }, { data: { sum: 8 } }]);
  });
});
