/**
 * `baton mcp` as MCP clients start it: over stdio (a desktop client's child process) and over streamable HTTP,
 * each driven by the official MCP SDK's client against a real Baton agent on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATON_BIN, runBaton } from './run-baton.ts';

describe('baton mcp', () => {
  let agent: RunningA2AServer;
  // The agent ends its task once the test has seen the progress: the MCP SDK's client drops progress notifications
  // that arrive together with the result (it handles notifications a microtask after responses), so without this
  // the test would depend on timing.
  let progressSeen: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    agent = await startA2AServer(
      createA2AServer({
        card: {
          name: 'Greeter',
          description: 'Greets whoever it is told to.',
          version: '1.0.0',
          skills: [{ id: 'greet', name: 'Greet', description: 'Says hello to a name.', tags: ['demo'] }],
        },
        executor: async (ctx) => {
          const stream = ctx.streamArtifact({ name: 'greeting' });
          await stream.write('Hello, ');
          await stream.end(`${ctx.text}!`);
          await progressSeen;
          await ctx.complete();
        },
      }),
      { port: 0, hostname: '127.0.0.1' },
    );
  });

  afterAll(async () => {
    await agent?.close();
  });

  it('serves the agent over stdio: tools listed, a call answered with its progress', async () => {
    const client = new Client({ name: 'desktop', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BATON_BIN, 'mcp', agent.url],
      stderr: 'pipe',
    });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['greet']);
      const progress: string[] = [];
      let seen: () => void = () => undefined;
      progressSeen = new Promise((resolve) => {
        seen = resolve;
      });
      const result = (await client.callTool({ name: 'greet', arguments: { text: 'Ada' } }, undefined, {
        onprogress: (update) => {
          progress.push(update.message ?? '');
          if (progress.length === 2) seen();
        },
      })) as CallToolResult;
      progressSeen = Promise.resolve();
      expect(progress).toEqual(['Hello, ', 'Ada!']);
      expect(result.structuredContent).toMatchObject({ state: 'completed', text: 'Hello, Ada!' });
    } finally {
      await client.close();
    }
  }, 60_000);

  it('serves it over streamable HTTP on loopback, and stops on SIGINT', async () => {
    const child: ChildProcess = spawn(process.execPath, [BATON_BIN, 'mcp', agent.url, '--http', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const endpoint = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const found = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(out);
          if (found?.[1]) resolve(found[1]);
        });
        child.once('exit', (code) => reject(new Error(`baton mcp exited with ${code}`)));
      });
      const client = new Client({ name: 'web', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
      const result = (await client.callTool({
        name: 'greet',
        arguments: { text: 'Grace' },
      })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({ state: 'completed', text: 'Hello, Grace!' });
      await client.close();
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to listen beyond loopback without a token, and says why', async () => {
    const result = await runBaton(['mcp', agent.url, '--http', '0', '--host', '0.0.0.0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs --mcp-token');
  });
});
