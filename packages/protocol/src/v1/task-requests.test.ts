import { describe, expect, it } from 'vitest';
import {
  CancelTaskRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  ListTasksResponseSchema,
  SubscribeToTaskRequestSchema,
} from './task-requests.ts';

function pathsOf(result: { error?: { issues: { path: PropertyKey[] }[] } | undefined }) {
  return result.error?.issues.map((issue) => issue.path);
}

describe('GetTaskRequestSchema', () => {
  it('reads history_length given as a string', () => {
    expect(GetTaskRequestSchema.parse({ id: 't1', history_length: '10' })).toEqual({
      id: 't1',
      historyLength: 10,
    });
  });

  it('rejects a request without id', () => {
    expect(pathsOf(GetTaskRequestSchema.safeParse({ historyLength: 1 }))).toEqual([['id']]);
  });
});

describe('ListTasksRequestSchema', () => {
  it('reads every filter in snake_case and the status as a number', () => {
    expect(
      ListTasksRequestSchema.parse({
        tenant: 'acme',
        context_id: 'c1',
        status: 2,
        page_size: 20,
        page_token: 'cursor',
        history_length: 0,
        status_timestamp_after: '2025-11-09T10:30:00Z',
        include_artifacts: true,
      }),
    ).toEqual({
      tenant: 'acme',
      contextId: 'c1',
      status: 'TASK_STATE_WORKING',
      pageSize: 20,
      pageToken: 'cursor',
      historyLength: 0,
      statusTimestampAfter: '2025-11-09T10:30:00Z',
      includeArtifacts: true,
    });
  });

  it('accepts an empty request', () => {
    expect(ListTasksRequestSchema.parse({})).toEqual({});
  });

  it('rejects the spec validation example: a state that does not exist', () => {
    expect(pathsOf(ListTasksRequestSchema.safeParse({ status: 'TASK_STATE_RUNNING' }))).toEqual([['status']]);
  });

  it('rejects a bad statusTimestampAfter', () => {
    expect(pathsOf(ListTasksRequestSchema.safeParse({ statusTimestampAfter: '2025-11-09' }))).toEqual([
      ['statusTimestampAfter'],
    ]);
  });
});

describe('ListTasksResponseSchema', () => {
  it('reads a missing task list as empty, since ProtoJSON writers omit empty lists', () => {
    expect(ListTasksResponseSchema.parse({ nextPageToken: '', pageSize: 50, totalSize: 0 })).toEqual({
      tasks: [],
      nextPageToken: '',
      pageSize: 50,
      totalSize: 0,
    });
  });

  it('requires nextPageToken, pageSize and totalSize', () => {
    expect(pathsOf(ListTasksResponseSchema.safeParse({ tasks: [] }))).toEqual([
      ['nextPageToken'],
      ['pageSize'],
      ['totalSize'],
    ]);
  });

  it('names the task that is malformed', () => {
    const result = ListTasksResponseSchema.safeParse({
      tasks: [{ id: 't', status: {} }],
      nextPageToken: '',
      pageSize: 1,
      totalSize: 1,
    });
    expect(pathsOf(result)).toEqual([['tasks', 0, 'status', 'state']]);
  });
});

describe('CancelTaskRequestSchema and SubscribeToTaskRequestSchema', () => {
  it('accept an id with optional tenant and metadata', () => {
    expect(CancelTaskRequestSchema.parse({ id: 't', metadata: { reason: 'user' } })).toEqual({
      id: 't',
      metadata: { reason: 'user' },
    });
    expect(SubscribeToTaskRequestSchema.parse({ id: 't', tenant: 'acme' })).toEqual({
      id: 't',
      tenant: 'acme',
    });
  });

  it('reject a missing id', () => {
    expect(pathsOf(CancelTaskRequestSchema.safeParse({}))).toEqual([['id']]);
    expect(pathsOf(SubscribeToTaskRequestSchema.safeParse({ tenant: 'acme' }))).toEqual([['id']]);
  });
});
