/**
 * A 0.3 push config set without an id is the task's default config: stored under the task id, as the 0.3 SDKs
 * store it, so the 0.3 `get` without a config id (the kit's and the SDKs' way) finds it, and a second set without
 * id replaces it. 1.0 keeps server-assigned ids.
 */
import { describe, expect, it } from 'vitest';
import { createA2AServer } from '../src/create-a2a-server.ts';
import { pushNotifications } from '../src/push/index.ts';

function setup() {
  const server = createA2AServer({
    card: { name: 'Pushy', description: 'Waits for input', version: '1.0.0', skills: [] },
    executor: async (ctx) => {
      await ctx.requestInput('More?');
    },
    push: pushNotifications(),
    logger: { error: () => {}, warn: () => {} },
  });
  let id = 0;
  const call = async (method: string, params: unknown, version: '0.3' | '1.0' = '0.3') => {
    const response = await server.request('/a2a/jsonrpc', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'A2A-Version': version },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number } };
  };
  return { call };
}

const message = { kind: 'message', messageId: 'm-1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] };

describe('0.3 push configs without an id', () => {
  it('are stored under the task id, found by a get without config id, and replaced by the next one', async () => {
    const { call } = setup();
    const taskId = (await call('message/send', { message })).result?.id as string;
    const set = await call('tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: 'https://example.com/first' },
    });
    expect(set.result).toMatchObject({
      taskId,
      pushNotificationConfig: { id: taskId, url: 'https://example.com/first' },
    });
    await call('tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { url: 'https://example.com/second' },
    });
    const got = await call('tasks/pushNotificationConfig/get', { id: taskId });
    expect(got.result).toMatchObject({
      taskId,
      pushNotificationConfig: { id: taskId, url: 'https://example.com/second' },
    });
    const listed = await call('tasks/pushNotificationConfig/list', { id: taskId });
    expect(listed.result).toHaveLength(1);
  });

  it('keep the id a 0.3 client gives', async () => {
    const { call } = setup();
    const taskId = (await call('message/send', { message })).result?.id as string;
    const set = await call('tasks/pushNotificationConfig/set', {
      taskId,
      pushNotificationConfig: { id: 'mine', url: 'https://example.com/hook' },
    });
    expect(set.result).toMatchObject({ pushNotificationConfig: { id: 'mine' } });
  });

  it('but a 1.0 config without id gets a fresh one from the server', async () => {
    const { call } = setup();
    const taskId = (await call('message/send', { message })).result?.id as string;
    const created = await call(
      'CreateTaskPushNotificationConfig',
      { taskId, url: 'https://example.com/hook' },
      '1.0',
    );
    expect(created.result?.id).toEqual(expect.any(String));
    expect(created.result?.id).not.toBe(taskId);
  });
});
