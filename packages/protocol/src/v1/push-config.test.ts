import { describe, expect, it } from 'vitest';
import {
  DeleteTaskPushNotificationConfigRequestSchema,
  GetTaskPushNotificationConfigRequestSchema,
  ListTaskPushNotificationConfigsRequestSchema,
  ListTaskPushNotificationConfigsResponseSchema,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';

function pathsOf(result: { error?: { issues: { path: PropertyKey[] }[] } | undefined }) {
  return result.error?.issues.map((issue) => issue.path);
}

const config = {
  tenant: 'acme',
  id: 'cfg-1',
  taskId: 't1',
  url: 'https://client.example.com/hook',
  token: 'tok',
  authentication: { scheme: 'Bearer', credentials: 'secret' },
};

describe('TaskPushNotificationConfigSchema', () => {
  it('reads every field in snake_case', () => {
    expect(
      TaskPushNotificationConfigSchema.parse({
        tenant: 'acme',
        id: 'cfg-1',
        task_id: 't1',
        url: 'https://client.example.com/hook',
        token: 'tok',
        authentication: { scheme: 'Bearer', credentials: 'secret' },
      }),
    ).toEqual(config);
  });

  it('rejects a config without url', () => {
    expect(pathsOf(TaskPushNotificationConfigSchema.safeParse({ taskId: 't1' }))).toEqual([['url']]);
  });

  it('rejects authentication without a scheme, and the 0.3 schemes list', () => {
    const result = TaskPushNotificationConfigSchema.safeParse({
      url: 'https://x',
      authentication: { schemes: ['Bearer'] },
    });
    expect(pathsOf(result)).toEqual([['authentication', 'scheme']]);
  });
});

describe('push config requests', () => {
  it('read task_id and id for get and delete', () => {
    for (const schema of [
      GetTaskPushNotificationConfigRequestSchema,
      DeleteTaskPushNotificationConfigRequestSchema,
    ]) {
      expect(schema.parse({ task_id: 't1', id: 'cfg-1' })).toEqual({ taskId: 't1', id: 'cfg-1' });
      expect(pathsOf(schema.safeParse({ taskId: 't1' }))).toEqual([['id']]);
    }
  });

  it('reads a list request with paging', () => {
    expect(
      ListTaskPushNotificationConfigsRequestSchema.parse({ task_id: 't1', page_size: '5', page_token: 'p' }),
    ).toEqual({ taskId: 't1', pageSize: 5, pageToken: 'p' });
    expect(pathsOf(ListTaskPushNotificationConfigsRequestSchema.safeParse({}))).toEqual([['taskId']]);
  });

  it('reads a list response, including an empty one', () => {
    expect(
      ListTaskPushNotificationConfigsResponseSchema.parse({ configs: [config], next_page_token: 'n' }),
    ).toEqual({ configs: [config], nextPageToken: 'n' });
    expect(ListTaskPushNotificationConfigsResponseSchema.parse({})).toEqual({});
    expect(pathsOf(ListTaskPushNotificationConfigsResponseSchema.safeParse({ configs: [{}] }))).toEqual([
      ['configs', 0, 'url'],
    ]);
  });
});
