/**
 * An AI SDK model as an A2A agent: `aiSdkExecutor` driving the AI SDK's `streamText` with
 * `@ai-sdk/openai-compatible` pointed at a loopback stand-in that speaks the OpenAI wire protocol (the only stand-in:
 * for a hosted LLM), served by `@baton/server` and called by `@baton/client`.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type StandInReply, startOpenAiStandIn } from '@baton/chain/testing';
import { type A2AClient, createA2AClient } from '@baton/client';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { tool } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { aiSdkExecutor } from '../src/ai-sdk-executor.ts';

describe('an AI SDK model as an A2A agent', () => {
  const replies: StandInReply[] = [];
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let agent: RunningA2AServer;
  let client: A2AClient;
  const lookedUp: string[] = [];

  beforeAll(async () => {
    standIn = await startOpenAiStandIn(replies);
    const model = createOpenAICompatible({ name: 'stand-in', baseURL: standIn.baseURL, apiKey: 'test-key' })(
      'planner-1',
    );
    const weather = tool({
      description: 'The weather in a city.',
      inputSchema: z.object({ city: z.string() }),
      execute: async ({ city }) => {
        lookedUp.push(city);
        return { city, sky: 'sunny' };
      },
    });
    agent = await startA2AServer(
      createA2AServer({
        card: { name: 'Planner', description: 'Plans trips with the weather.', version: '1.0.0', skills: [] },
        executor: aiSdkExecutor({ model, system: 'You plan trips.', tools: { weather }, maxRetries: 0 }),
      }),
      { port: 0, hostname: '127.0.0.1' },
    );
    client = await createA2AClient({ agent: agent.url });
  });

  afterAll(async () => {
    await agent?.close();
    await standIn?.close();
  });

  it('streams the answer as artifact chunks and each tool call as status updates', async () => {
    replies.push(
      { toolCall: { name: 'weather', arguments: { city: 'Lisbon' } } },
      { tokens: ['Sunny ', 'in ', 'Lisbon.'] },
    );
    const statuses: string[] = [];
    const chunks: string[] = [];
    let state = '';
    for await (const event of client.streamMessage('What is the weather in Lisbon?')) {
      if ('statusUpdate' in event) {
        state = event.statusUpdate.status.state;
        const said = event.statusUpdate.status.message?.parts
          .map((part) => ('text' in part ? part.text : ''))
          .join('');
        if (said) statuses.push(said);
      } else if ('artifactUpdate' in event) {
        chunks.push(
          event.artifactUpdate.artifact.parts.map((part) => ('text' in part ? part.text : '')).join(''),
        );
      }
    }
    expect(state).toBe('TASK_STATE_COMPLETED');
    expect(statuses).toEqual(['Calling weather', 'weather answered']);
    expect(chunks.join('')).toBe('Sunny in Lisbon.');
    expect(chunks.filter(Boolean)).toEqual(['Sunny ', 'in ', 'Lisbon.']);
    expect(lookedUp).toEqual(['Lisbon']);
    // The system prompt and the user's words went to the model; the tool's result went back in the second step.
    const [first, second] = standIn.requests.slice(-2);
    expect(first?.body.messages[0]).toMatchObject({ role: 'system', content: 'You plan trips.' });
    expect(JSON.stringify(first?.body.messages)).toContain('What is the weather in Lisbon?');
    expect(JSON.stringify(second?.body.messages)).toContain('sunny');
    expect(first?.headers.authorization).toBe('Bearer test-key');
  });

  it('aborts the model call when the task is canceled', async () => {
    replies.push({ hang: true });
    const before = standIn.requests.length;
    const answer = await client.sendMessage('Plan something slow', { returnImmediately: true });
    if (!('task' in answer)) throw new Error('expected a task');
    for (let tries = 0; standIn.requests.length === before; tries++) {
      if (tries > 100) throw new Error('the model was never called');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const canceled = await client.cancelTask(answer.task.id);
    expect(canceled.status.state).toBe('TASK_STATE_CANCELED');
  });

  it('fails the task, without the model provider’s words, when the model answers an error', async () => {
    // The AI SDK tries a 500 three times (its default two retries).
    for (let attempt = 0; attempt < 3; attempt++)
      replies.push({ status: 500, message: 'internal secret detail' });
    const answer = await client.sendMessage('Plan a trip');
    if (!('task' in answer)) throw new Error('expected a task');
    expect(answer.task.status.state).toBe('TASK_STATE_FAILED');
    expect(JSON.stringify(answer.task.status.message ?? {})).not.toContain('secret');
  });
});
