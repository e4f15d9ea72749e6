import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  CreatePushConfigBodySchema,
  ListTaskPushNotificationConfigResponseSchema,
  parsePushConfigName,
  pushConfigName,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

describe('push config resource names', () => {
  it('builds and splits tasks/{taskId}/pushNotificationConfigs/{configId}', () => {
    expect(pushConfigName('t1', 'c1')).toBe('tasks/t1/pushNotificationConfigs/c1');
    expect(parsePushConfigName('tasks/t1/pushNotificationConfigs/c1')).toEqual({
      taskId: 't1',
      configId: 'c1',
    });
    expect(parsePushConfigName('tasks/t1/pushNotificationConfigs/')).toEqual({ taskId: 't1', configId: '' });
    expect(parsePushConfigName('tasks/t1')).toBeUndefined();
  });

  it('rejects a push config whose name has another form', () => {
    expect(
      issues(TaskPushNotificationConfigSchema, { name: 't1', pushNotificationConfig: { url: 'https://h' } }),
    ).toEqual([{ path: ['name'], message: 'must be tasks/{taskId}/pushNotificationConfigs/{configId}' }]);
  });
});

describe('CreatePushConfigBodySchema', () => {
  it('unwraps the CreateTaskPushNotificationConfigRequest that a2a-python 0.3 posts', () => {
    const body = {
      parent: 'tasks/t1',
      configId: 'c1',
      config: { name: 'tasks/t1/pushNotificationConfigs/c1', pushNotificationConfig: { url: 'https://h' } },
    };
    expect(CreatePushConfigBodySchema.parse(body)).toEqual({
      name: 'tasks/t1/pushNotificationConfigs/c1',
      pushNotificationConfig: { id: 'c1', url: 'https://h' },
    });
  });

  it('keeps the config id when the wrapped config already has one', () => {
    const body = {
      config_id: 'outer',
      config: { push_notification_config: { id: 'inner', url: 'https://h' } },
    };
    expect(CreatePushConfigBodySchema.parse(body)).toEqual({
      pushNotificationConfig: { id: 'inner', url: 'https://h' },
    });
  });

  it('accepts a bare config without a name, since the path names the task', () => {
    expect(CreatePushConfigBodySchema.parse({ pushNotificationConfig: { url: 'https://h' } })).toEqual({
      pushNotificationConfig: { url: 'https://h' },
    });
  });

  it('names the missing webhook url', () => {
    expect(issues(CreatePushConfigBodySchema, { pushNotificationConfig: {} })?.map((i) => i.path)).toEqual([
      ['pushNotificationConfig', 'url'],
    ]);
  });
});

describe('ListTaskPushNotificationConfigResponseSchema', () => {
  it('reads an empty list, which ProtoJSON sends as {}', () => {
    expect(ListTaskPushNotificationConfigResponseSchema.parse({})).toEqual({ configs: [] });
  });

  it('fills in empty authentication schemes', () => {
    const config = {
      name: 'tasks/t1/pushNotificationConfigs/c1',
      pushNotificationConfig: { url: 'https://h', authentication: {} },
    };
    expect(
      ListTaskPushNotificationConfigResponseSchema.parse({ configs: [config], nextPageToken: '' }),
    ).toEqual({
      configs: [{ ...config, pushNotificationConfig: { url: 'https://h', authentication: { schemes: [] } } }],
      nextPageToken: '',
    });
  });
});
