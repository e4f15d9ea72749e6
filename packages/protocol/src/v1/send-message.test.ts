import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Message } from './message.ts';
import { SendMessageRequestSchema, SendMessageResponseSchema } from './send-message.ts';
import type { Task } from './task.ts';

const message = { messageId: 'm1', role: 'ROLE_USER', parts: [{ text: 'Generate the report' }] };

describe('SendMessageRequestSchema', () => {
  it('reads a snake_case configuration and a numeric-string history length', () => {
    expect(
      SendMessageRequestSchema.parse({
        tenant: 'acme',
        message: { message_id: 'm1', role: 1, parts: [{ text: 'Generate the report' }] },
        configuration: {
          accepted_output_modes: ['text/plain'],
          history_length: '3',
          return_immediately: true,
          task_push_notification_config: {
            url: 'https://client.example.com/hook',
            authentication: { scheme: 'Bearer', credentials: 'secret' },
          },
        },
        metadata: { trace_id: 'x' },
      }),
    ).toEqual({
      tenant: 'acme',
      message,
      configuration: {
        acceptedOutputModes: ['text/plain'],
        historyLength: 3,
        returnImmediately: true,
        taskPushNotificationConfig: {
          url: 'https://client.example.com/hook',
          authentication: { scheme: 'Bearer', credentials: 'secret' },
        },
      },
      metadata: { trace_id: 'x' },
    });
  });

  it('keeps an explicit zero history length', () => {
    expect(
      SendMessageRequestSchema.parse({ message, configuration: { historyLength: 0 } }).configuration,
    ).toEqual({
      historyLength: 0,
    });
  });

  it('rejects a request without a message', () => {
    const result = SendMessageRequestSchema.safeParse({ configuration: {} });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['message']]);
  });

  it('rejects empty parts at message.parts', () => {
    const result = SendMessageRequestSchema.safeParse({ message: { ...message, parts: [] } });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['message', 'parts']]);
  });

  it('rejects an inline push config without url', () => {
    const result = SendMessageRequestSchema.safeParse({
      message,
      configuration: { taskPushNotificationConfig: { token: 't' } },
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ['configuration', 'taskPushNotificationConfig', 'url'],
    ]);
  });

  it('rejects a fractional history length', () => {
    const result = SendMessageRequestSchema.safeParse({ message, configuration: { historyLength: 2.5 } });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['configuration', 'historyLength'],
        message: 'must be a whole number',
      }),
    ]);
  });
});

describe('SendMessageResponseSchema', () => {
  it('accepts a task or a message', () => {
    const task = { id: 't1', status: { state: 'TASK_STATE_SUBMITTED' } };
    expect(SendMessageResponseSchema.parse({ task })).toEqual({ task });
    expect(SendMessageResponseSchema.parse({ message })).toEqual({ message });
  });

  it('rejects a response with both a task and a message', () => {
    const result = SendMessageResponseSchema.safeParse({ task: { id: 't', status: { state: 2 } }, message });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'expected exactly one of task, message, got task and message',
    ]);
  });

  it('rejects a bare task that is not wrapped', () => {
    const result = SendMessageResponseSchema.safeParse({ id: 't', status: { state: 2 } });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'expected exactly one of task, message, got none',
    ]);
  });

  it('narrows by key presence', () => {
    const response = SendMessageResponseSchema.parse({ message });
    if ('task' in response) {
      expectTypeOf(response.task).toEqualTypeOf<Task>();
      expect.unreachable('a message response narrowed to a task');
    } else {
      expectTypeOf(response.message).toEqualTypeOf<Message>();
      expect(response.message.messageId).toBe('m1');
    }
  });
});
