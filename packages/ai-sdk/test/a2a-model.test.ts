/**
 * A Baton agent as a Vercel AI SDK language model: the AI SDK's own `generateText` and `streamText` against an
 * agent served on 127.0.0.1.
 */
import { type A2AClient, createA2AClient } from '@baton/client';
import { createA2AServer, messageText } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { generateText, type ModelMessage, streamText } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { a2a } from '../src/a2a-language-model.ts';

/** The `a2a` provider metadata of a result: where the conversation is. */
const a2aOf = (result: { providerMetadata?: unknown }) =>
  ((result.providerMetadata as { a2a?: Record<string, string> } | undefined)?.a2a ?? {}) as Record<
    string,
    string
  >;

describe('an A2A agent as an AI SDK language model', () => {
  let agent: RunningA2AServer;
  let client: A2AClient;
  let waiting: (taskId: string) => void = () => undefined;
  const contexts: string[] = [];

  beforeAll(async () => {
    agent = await startA2AServer(
      createA2AServer({
        card: { name: 'Writer', description: 'Writes, asks and waits.', version: '1.0.0', skills: [] },
        executor: async (ctx) => {
          contexts.push(ctx.contextId);
          const command = ctx.text.split(' ')[0];
          if (command === 'trip') {
            const answer = await ctx.requestInput('Which city?');
            await ctx.addArtifact({
              name: 'trip',
              parts: [{ text: `Trip to ${messageText(answer).trim()}` }],
            });
            await ctx.complete();
          } else if (command === 'write') {
            const stream = ctx.streamArtifact({ name: 'poem' });
            for (const line of ['one ', 'two ', 'three']) await stream.write(line);
            await stream.end();
            await ctx.complete();
          } else if (command === 'wait') {
            await ctx.working();
            waiting(ctx.taskId);
            await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
          } else if (command === 'fail') {
            await ctx.fail('No paper left.');
          } else {
            await ctx.addArtifact({ name: 'echo', parts: [{ text: `You said: ${ctx.text}` }] });
            await ctx.complete();
          }
        },
      }),
      { port: 0, hostname: '127.0.0.1' },
    );
    client = await createA2AClient({ agent: agent.url });
  });

  afterAll(async () => {
    await agent?.close();
  });

  it('answers generateText with the artifacts as text, and says where the conversation is', async () => {
    const result = await generateText({ model: a2a(agent.url), prompt: 'hello there' });
    expect(result.text).toBe('You said: hello there');
    expect(result.finishReason).toBe('stop');
    expect(result.providerMetadata?.a2a).toMatchObject({ state: 'completed', contextId: expect.any(String) });
  });

  it('streams the artifact chunk by chunk with streamText', async () => {
    const result = streamText({ model: a2a(agent.url), prompt: 'write' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks).toEqual(['one ', 'two ', 'three']);
    expect(await result.finishReason).toBe('stop');
  });

  it("ends on the agent's question with finish reason other (raw input-required); the next turn answers it in the same task", async () => {
    const messages: ModelMessage[] = [{ role: 'user', content: 'trip' }];
    const asked = await generateText({ model: a2a(agent.url), messages });
    expect(asked.text).toBe('Which city?');
    expect(asked.finishReason).toBe('other');
    expect(asked.rawFinishReason).toBe('input-required');
    const { taskId, contextId } = a2aOf(asked);
    // A fresh model instance: what continues the task is the metadata the AI SDK hands back with the messages.
    const answered = await generateText({
      model: a2a(agent.url),
      messages: [...messages, ...asked.response.messages, { role: 'user', content: 'Lisbon' }],
    });
    expect(answered.text).toBe('Trip to Lisbon');
    expect(answered.providerMetadata?.a2a).toMatchObject({ taskId, contextId, state: 'completed' });
  });

  it('keeps the context across turns of one conversation', async () => {
    const model = a2a(agent.url);
    const first = await generateText({ model, prompt: 'first' });
    const second = await generateText({
      model,
      messages: [
        { role: 'user', content: 'first' },
        ...first.response.messages,
        { role: 'user', content: 'second' },
      ],
    });
    const firstContext = a2aOf(first).contextId;
    expect(firstContext).toEqual(expect.any(String));
    expect(a2aOf(second).contextId).toBe(firstContext);
    expect(contexts.filter((context) => context === firstContext)).toHaveLength(2);
  });

  it("ends with finish reason error and the agent's words when its task fails", async () => {
    const result = await generateText({ model: a2a(agent.url), prompt: 'fail' });
    expect(result.finishReason).toBe('error');
    expect(result.rawFinishReason).toBe('failed');
    expect(result.text).toBe('No paper left.');
  });

  it("cancels the agent's task when the call is aborted", async () => {
    const started = new Promise<string>((resolve) => {
      waiting = resolve;
    });
    const controller = new AbortController();
    const result = streamText({ model: a2a(agent.url), prompt: 'wait', abortSignal: controller.signal });
    const reading = (async () => {
      for await (const _ of result.textStream) {
        // draining until the abort ends it
      }
    })().catch(() => undefined);
    const taskId = await started;
    controller.abort();
    await reading;
    for (let tries = 0; ; tries++) {
      const state = (await client.getTask(taskId)).status.state;
      if (state === 'TASK_STATE_CANCELED') break;
      if (tries > 100) throw new Error(`the task is still ${state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
