import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { TaskPushNotificationConfigListSchema, TaskPushNotificationConfigSchema } from './push-config.ts';

function paths(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map((issue) => issue.path);
}

const config = {
  taskId: 't1',
  pushNotificationConfig: {
    id: 'cfg-1',
    url: 'https://client.example.com/hook',
    token: 'tok-1',
    authentication: { schemes: ['Bearer'], credentials: 'secret' },
  },
};

describe('TaskPushNotificationConfigSchema', () => {
  it('parses a full task push config', () => {
    expect(TaskPushNotificationConfigSchema.parse(config)).toEqual(config);
  });

  it('treats null token and authentication as absent', () => {
    expect(
      TaskPushNotificationConfigSchema.parse({
        taskId: 't1',
        pushNotificationConfig: { url: 'https://h', token: null, authentication: null, id: null },
      }),
    ).toEqual({ taskId: 't1', pushNotificationConfig: { url: 'https://h' } });
  });

  it('names a missing webhook url', () => {
    expect(paths(TaskPushNotificationConfigSchema, { taskId: 't1', pushNotificationConfig: {} })).toEqual([
      ['pushNotificationConfig', 'url'],
    ]);
  });

  it('requires schemes as a list in 0.3 authentication', () => {
    const single = {
      ...config,
      pushNotificationConfig: { url: 'https://h', authentication: { scheme: 'Bearer' } },
    };
    expect(paths(TaskPushNotificationConfigSchema, single)).toEqual([
      ['pushNotificationConfig', 'authentication', 'schemes'],
    ]);
  });

  it('rejects the flattened 1.0 shape', () => {
    expect(paths(TaskPushNotificationConfigSchema, { taskId: 't1', id: 'c', url: 'https://h' })).toEqual([
      ['pushNotificationConfig'],
    ]);
  });
});

describe('TaskPushNotificationConfigListSchema', () => {
  it('parses the bare array list result and names the bad entry', () => {
    expect(TaskPushNotificationConfigListSchema.parse([config, config])).toHaveLength(2);
    expect(paths(TaskPushNotificationConfigListSchema, [config, { taskId: 't2' }])).toEqual([
      [1, 'pushNotificationConfig'],
    ]);
  });
});
