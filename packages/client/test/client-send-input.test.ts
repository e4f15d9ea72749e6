/**
 * What `sendMessage` and `streamMessage` take, on every interface of a Baton agent over loopback: text, a
 * Message from `userMessage` (the natural follow-up), or a SendMessageRequest. Anything else is refused with an
 * INVALID_INPUT A2AClientError that names what was expected, and no request leaves the client.
 */
import type { StreamResponse } from '@baton/protocol';
import { createA2AServer } from '@baton/server';
import { type RunningA2AServer, startA2AServer } from '@baton/server/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '../src/builders/user-message.ts';
import { type A2AClient, createA2AClient } from '../src/client/index.ts';
import { A2AClientError } from '../src/errors/client-error.ts';
import { HTTP_INTERFACES } from './support/http-interfaces.ts';

let agent: RunningA2AServer;
beforeAll(async () => {
  agent = await startA2AServer(
    createA2AServer({
      card: { name: 'Asker', description: 'Asks once, then echoes', version: '1.0.0', skills: [] },
      executor: async (ctx) => {
        if (ctx.text === 'ask') {
          const answer = await ctx.requestInput('Which one?');
          return `you said ${answer.parts.map((part) => ('text' in part ? part.text : '')).join('')}`;
        }
        await ctx.complete(`echo ${ctx.text}`);
        return undefined;
      },
    }),
  );
});
afterAll(() => agent.close());

const reply = (response: Awaited<ReturnType<A2AClient['sendMessage']>>) => {
  if (!('task' in response)) throw new Error('expected a task');
  const part = response.task.status.message?.parts[0];
  return [response.task.status.state, part && 'text' in part ? part.text : undefined];
};

describe.each(HTTP_INTERFACES)('sends over %s %s', (binding, version) => {
  let client: A2AClient;
  let requests = 0;
  beforeAll(async () => {
    client = await createA2AClient({
      agent: agent.url,
      preferredBindings: [binding],
      preferredVersions: [version],
      fetch: (input, init) => {
        requests++;
        return fetch(input, init);
      },
    });
  });

  it('takes text, a Message and a SendMessageRequest', async () => {
    expect(reply(await client.sendMessage('hi'))).toEqual(['TASK_STATE_COMPLETED', 'echo hi']);
    expect(reply(await client.sendMessage(userMessage('there')))).toEqual([
      'TASK_STATE_COMPLETED',
      'echo there',
    ]);
    expect(reply(await client.sendMessage({ message: userMessage('you') }))).toEqual([
      'TASK_STATE_COMPLETED',
      'echo you',
    ]);
  });

  it('continues a task with userMessage(…, { taskId }), or a Message and the taskId option', async () => {
    const asked = await client.sendMessage('ask');
    if (!('task' in asked)) throw new Error('expected a task');
    expect(asked.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    const answered = await client.sendMessage(userMessage('blue', { taskId: asked.task.id }));
    expect(reply(answered)).toEqual(['TASK_STATE_COMPLETED', 'you said blue']);

    const again = await client.sendMessage('ask');
    if (!('task' in again)) throw new Error('expected a task');
    expect(reply(await client.sendMessage(userMessage('red'), { taskId: again.task.id }))).toEqual([
      'TASK_STATE_COMPLETED',
      'you said red',
    ]);
  });

  it('streams from a Message', async () => {
    const events: StreamResponse[] = [];
    for await (const event of client.streamMessage(userMessage('streamed'))) events.push(event);
    const last = events.at(-1);
    expect(last && 'statusUpdate' in last && last.statusUpdate.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it.each([
    ['null', null, 'got null'],
    ['a number', 42, 'got a number'],
    ['an array', [userMessage('x')], 'got an array'],
    ['an empty object', {}, 'got an empty object'],
    ['a Message without parts', { messageId: 'm', role: 'ROLE_USER' }, 'got an object with messageId, role'],
    ['a request whose message is text', { message: 'hello' }, 'got a request whose message is a string'],
  ])('refuses %s before any request, naming what it takes', async (_, input, got) => {
    const before = requests;
    const sent = client.sendMessage(input as never);
    await expect(sent).rejects.toBeInstanceOf(A2AClientError);
    await expect(sent).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      message: `A send takes a string, a Message (from userMessage) or a SendMessageRequest ({ message: Message, configuration?, metadata? }); ${got}. Nothing was sent.`,
    });
    expect(() => client.streamMessage(input as never)).toThrow(A2AClientError);
    expect(requests).toBe(before);
  });

  it('refuses a Message for one task with the taskId option of another', async () => {
    const sent = client.sendMessage(userMessage('x', { taskId: 'task-a' }), { taskId: 'task-b' });
    await expect(sent).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
