import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  DeleteTaskPushNotificationConfigParamsSchema,
  GetTaskPushNotificationConfigParamsSchema,
  ListTaskPushNotificationConfigParamsSchema,
  TaskIdParamsSchema,
  TaskQueryParamsSchema,
} from './task-params.ts';

function paths(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map((issue) => issue.path);
}

describe('task params', () => {
  it('parse the task id with optional metadata', () => {
    expect(TaskIdParamsSchema.parse({ id: 't1', metadata: { a: 1 } })).toEqual({
      id: 't1',
      metadata: { a: 1 },
    });
    expect(ListTaskPushNotificationConfigParamsSchema.parse({ id: 't1', metadata: null })).toEqual({
      id: 't1',
    });
  });

  it('name a missing task id', () => {
    expect(paths(TaskIdParamsSchema, { taskId: 't1' })).toEqual([['id']]);
    expect(paths(TaskQueryParamsSchema, {})).toEqual([['id']]);
  });

  it('keep historyLength on tasks/get and reject a negative one', () => {
    expect(TaskQueryParamsSchema.parse({ id: 't1', historyLength: 3 })).toEqual({
      id: 't1',
      historyLength: 3,
    });
    expect(paths(TaskQueryParamsSchema, { id: 't1', historyLength: -3 })).toEqual([['historyLength']]);
  });

  it('accept the deprecated bare task id on pushNotificationConfig/get', () => {
    expect(GetTaskPushNotificationConfigParamsSchema.parse({ id: 't1' })).toEqual({ id: 't1' });
    expect(
      GetTaskPushNotificationConfigParamsSchema.parse({ id: 't1', pushNotificationConfigId: 'c1' }),
    ).toEqual({
      id: 't1',
      pushNotificationConfigId: 'c1',
    });
  });

  it('require the config id on pushNotificationConfig/delete', () => {
    expect(paths(DeleteTaskPushNotificationConfigParamsSchema, { id: 't1' })).toEqual([
      ['pushNotificationConfigId'],
    ]);
  });
});
