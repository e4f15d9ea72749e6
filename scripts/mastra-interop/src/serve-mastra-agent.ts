/**
 * Runs in Node 22 (Mastra 1.x needs it): a Mastra agent served by Mastra's own A2A routes through its Hono adapter,
 * as a Mastra app serves it. Its model is `@ai-sdk/openai-compatible` pointed at OPENAI_BASE_URL (the test's
 * loopback stand-in). Prints `{"port":…}` once listening on 127.0.0.1; stops on SIGTERM or when stdin closes.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { serve } from '@hono/node-server';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MastraServer } from '@mastra/hono';
import { InMemoryTaskStore } from '@mastra/server/a2a/store';
import { Hono } from 'hono';

const baseURL = process.env.OPENAI_BASE_URL;
if (!baseURL) throw new Error('OPENAI_BASE_URL is required');

const model = createOpenAICompatible({ name: 'stand-in', baseURL, apiKey: 'test-key' })('writer-1');
const writer = new Agent({
  id: 'writer',
  name: 'Writer',
  description: 'Writes a short paragraph on a topic.',
  instructions: 'You write one short paragraph on the topic you are given.',
  model,
});
const app = new Hono();
// Mastra's A2A routes keep their tasks in the store the adapter is given (the deployer passes one too).
const server = new MastraServer({
  app,
  mastra: new Mastra({ agents: { writer } }),
  taskStore: new InMemoryTaskStore(),
});
await server.init();
const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
});
const stop = () => listening.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('close', stop);
process.stdin.resume();
