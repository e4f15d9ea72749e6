/**
 * Client-directed skill selection from the client: `skillId` reaches an agent whose card declares
 * `SKILL_SELECTION_EXTENSION` (a real `@baton/server` on 127.0.0.1, which runs that skill's executor), and is left
 * out of the request to an agent whose card does not.
 */
import type { AgentCard, SendMessageResponse } from '@baton/protocol';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createA2AClient, joinText, SKILL_SELECTION_EXTENSION } from '../src/index.ts';

let running: RunningA2AServer;
beforeAll(async () => {
  const server = createA2AServer({
    card: {
      name: 'Writer',
      description: 'Outlines and summarizes',
      version: '1.0.0',
      skills: [
        { id: 'outline', name: 'Outline', description: 'Outlines a topic', tags: ['writing'] },
        { id: 'summary', name: 'Summary', description: 'Summarizes a text', tags: ['writing'] },
      ],
    },
    executor: async (ctx) => `outline of ${ctx.text}`,
    skillExecutors: { summary: async (ctx) => `summary of ${ctx.text}` },
  });
  running = await startA2AServer(server, { port: 0, hostname: '127.0.0.1' });
});
afterAll(async () => {
  await running?.close();
});

const replyOf = (response: SendMessageResponse) =>
  'message' in response ? joinText(response.message.parts) : '';

describe('skillId on a send', () => {
  it('runs the named skill on an agent that declares client-directed skill selection', async () => {
    const client = await createA2AClient({ agent: running.url });
    expect(client.card.capabilities.extensions?.map((entry) => entry.uri)).toContain(
      SKILL_SELECTION_EXTENSION,
    );
    expect(replyOf(await client.sendMessage('tea', { skillId: 'summary' }))).toBe('summary of tea');
    expect(replyOf(await client.sendMessage('tea', { skillId: 'outline' }))).toBe('outline of tea');
    expect(replyOf(await client.sendMessage('tea'))).toBe('outline of tea');
  });

  it('leaves the skill out for an agent whose card does not declare it', async () => {
    const served = (await createA2AClient({ agent: running.url })).card;
    const card: AgentCard = {
      ...served,
      capabilities: { ...served.capabilities, extensions: [] },
    };
    const bodies: string[] = [];
    const client = await createA2AClient({
      agent: card,
      fetch: async (input, init) => {
        if (typeof init?.body === 'string') bodies.push(init.body);
        return fetch(input, init);
      },
    });
    expect(replyOf(await client.sendMessage('tea', { skillId: 'summary' }))).toBe('outline of tea');
    expect(bodies.some((body) => body.includes('skillId'))).toBe(false);
  });
});
