import {
  type AgentCard,
  isA2AError,
  type ListTaskPushNotificationConfigsResponse,
  type TaskPushNotificationConfig,
} from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestHandler } from './create-request-handler.ts';
import type { PushConfigStore } from './push-config-store.ts';
import { testCall, userMessage } from './test-support/test-kit.ts';

const call = testCall();

const card: AgentCard = {
  name: 'Extended',
  description: 'More skills for signed-in callers',
  version: '1.0.0',
  supportedInterfaces: [{ url: 'http://127.0.0.1/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
};

function memoryPushConfigs(): PushConfigStore & { saved: TaskPushNotificationConfig[] } {
  const saved: TaskPushNotificationConfig[] = [];
  return {
    saved,
    async create(config) {
      const stored = { ...config, id: config.id ?? `cfg-${saved.length + 1}` };
      saved.push(stored);
      return stored;
    },
    async get(taskId, id) {
      return saved.find((c) => c.taskId === taskId && c.id === id);
    },
    async list(taskId): Promise<ListTaskPushNotificationConfigsResponse> {
      return { configs: saved.filter((c) => c.taskId === taskId), nextPageToken: '' };
    },
    async delete(taskId, id) {
      const index = saved.findIndex((c) => c.taskId === taskId && c.id === id);
      if (index >= 0) saved.splice(index, 1);
    },
  };
}

describe('push notification config hooks', () => {
  it('answers PushNotificationNotSupported to every push method without a config store', async () => {
    const handler = createRequestHandler({ executor: () => 'x' });
    const attempts = [
      handler.createTaskPushNotificationConfig({ taskId: 't', url: 'http://127.0.0.1/hook' }, call),
      handler.getTaskPushNotificationConfig({ taskId: 't', id: 'c' }, call),
      handler.listTaskPushNotificationConfigs({ taskId: 't' }, call),
      handler.deleteTaskPushNotificationConfig({ taskId: 't', id: 'c' }, call),
      handler.sendMessage(
        {
          message: userMessage('x'),
          configuration: { taskPushNotificationConfig: { url: 'http://127.0.0.1/hook' } },
        },
        call,
      ),
    ];
    for (const attempt of attempts) {
      expect(isA2AError(await attempt.catch((e: unknown) => e), 'PushNotificationNotSupportedError')).toBe(
        true,
      );
    }
  });

  it('delegates to the config store for a visible task, and answers TaskNotFound otherwise', async () => {
    const pushConfigs = memoryPushConfigs();
    const handler = createRequestHandler({
      pushConfigs,
      executor: (ctx) => ctx.requestInput('?').then(() => undefined),
    });
    const response = await handler.sendMessage({ message: userMessage('x') }, call);
    const taskId = 'task' in response ? response.task.id : '';
    const created = await handler.createTaskPushNotificationConfig(
      { taskId, url: 'http://127.0.0.1/hook' },
      call,
    );
    expect(created).toMatchObject({ taskId, id: 'cfg-1' });
    expect(await handler.getTaskPushNotificationConfig({ taskId, id: 'cfg-1' }, call)).toEqual(created);
    expect((await handler.listTaskPushNotificationConfigs({ taskId }, call)).configs).toHaveLength(1);
    await handler.deleteTaskPushNotificationConfig({ taskId, id: 'cfg-1' }, call);
    await handler.deleteTaskPushNotificationConfig({ taskId, id: 'cfg-1' }, call);
    const missing = await handler
      .getTaskPushNotificationConfig({ taskId, id: 'cfg-1' }, call)
      .catch((e: unknown) => e);
    expect(isA2AError(missing, 'TaskNotFoundError')).toBe(true);
    const otherUser = testCall({ user: { id: 'someone' } });
    const hidden = await handler
      .createTaskPushNotificationConfig({ taskId, url: 'http://127.0.0.1/hook' }, otherUser)
      .catch((e: unknown) => e);
    expect(isA2AError(hidden, 'TaskNotFoundError')).toBe(true);
  });

  it('saves a config sent inline with a message once the task exists', async () => {
    const pushConfigs = memoryPushConfigs();
    const handler = createRequestHandler({ pushConfigs, executor: (ctx) => ctx.complete() });
    const response = await handler.sendMessage(
      {
        message: userMessage('x'),
        configuration: { taskPushNotificationConfig: { url: 'http://127.0.0.1/hook' } },
      },
      call,
    );
    const taskId = 'task' in response ? response.task.id : '';
    await expect.poll(() => pushConfigs.saved.map((c) => c.taskId)).toEqual([taskId]);
  });
});

describe('getExtendedAgentCard', () => {
  it('answers ExtendedAgentCardNotConfigured without a card', async () => {
    const handler = createRequestHandler({ executor: () => 'x' });
    const error = await handler.getExtendedAgentCard({}, call).catch((e: unknown) => e);
    expect(isA2AError(error, 'ExtendedAgentCardNotConfiguredError')).toBe(true);
  });

  it('returns a fixed card, or one built for the call', async () => {
    expect(
      await createRequestHandler({ executor: () => 'x', extendedCard: card }).getExtendedAgentCard({}, call),
    ).toBe(card);
    const perCall = createRequestHandler({
      executor: () => 'x',
      extendedCard: async (c) => ({ ...card, name: `for ${c.user?.id}` }),
    });
    expect((await perCall.getExtendedAgentCard({}, testCall({ user: { id: 'ada' } }))).name).toBe('for ada');
  });
});
