import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { SendMessageRequestSchema, SendMessageResponseSchema } from './send-message.ts';
import { StreamResponseSchema } from './stream-response.ts';

function issues(schema: z.ZodMiniType, input: unknown) {
  return schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));
}

const message = { messageId: 'm1', role: 'ROLE_AGENT', content: [{ text: 'hi' }] };

describe('0.3 REST StreamResponseSchema', () => {
  it('reads the message member under its proto name msg', () => {
    expect(StreamResponseSchema.parse({ msg: message })).toEqual({ message });
  });

  it('reads snake_case member names and fills in final', () => {
    expect(
      StreamResponseSchema.parse({
        status_update: { task_id: 't1', context_id: 'c1', status: { state: 'TASK_STATE_WORKING' } },
      }),
    ).toEqual({
      statusUpdate: { taskId: 't1', contextId: 'c1', status: { state: 'TASK_STATE_WORKING' }, final: false },
    });
  });

  it('rejects a JSON-RPC stream result, which has kind instead of a member', () => {
    const event = {
      kind: 'status-update',
      taskId: 't1',
      contextId: 'c1',
      status: { state: 'working' },
      final: true,
    };
    expect(issues(StreamResponseSchema, event)).toEqual([
      { path: [], message: 'expected exactly one of task, message, statusUpdate, artifactUpdate, got none' },
    ]);
  });

  it('names the field inside the member', () => {
    const event = { artifactUpdate: { taskId: 't1', contextId: 'c1', artifact: { parts: [] } } };
    expect(issues(StreamResponseSchema, event)?.map((issue) => issue.path)).toEqual([
      ['artifactUpdate', 'artifact', 'artifactId'],
    ]);
  });
});

describe('0.3 REST send request and response', () => {
  it('reads the message under its proto name request and the historyLength as a string', () => {
    expect(
      SendMessageRequestSchema.parse({
        request: { messageId: 'm1', role: 'ROLE_USER', content: [{ text: 'hi' }] },
        configuration: { push_notification: { url: 'https://h' }, historyLength: '3' },
      }),
    ).toEqual({
      message: { messageId: 'm1', role: 'ROLE_USER', content: [{ text: 'hi' }] },
      configuration: { pushNotification: { url: 'https://h' }, historyLength: 3 },
    });
  });

  it('names the missing message', () => {
    expect(
      issues(SendMessageRequestSchema, { configuration: { blocking: true } })?.map((i) => i.path),
    ).toEqual([['message']]);
  });

  it('rejects a response with both task and message', () => {
    const task = { id: 't1', contextId: 'c1', status: {} };
    expect(issues(SendMessageResponseSchema, { task, message })?.[0]?.message).toBe(
      'expected exactly one of task, message, got task and message',
    );
    expect(SendMessageResponseSchema.parse({ msg: message })).toEqual({ message });
  });
});
