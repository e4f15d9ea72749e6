import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { type Envelope, loadFixture, parseStable } from '../../test/fixtures/v03/helpers.ts';
import { AgentCardSchema } from './agent-card.ts';
import { TaskPushNotificationConfigSchema } from './push-config.ts';
import { SendMessageResultSchema, StreamEventSchema } from './results.ts';
import { MessageSendParamsSchema } from './send-params.ts';
import {
  DeleteTaskPushNotificationConfigParamsSchema,
  GetTaskPushNotificationConfigParamsSchema,
  ListTaskPushNotificationConfigParamsSchema,
  TaskIdParamsSchema,
  TaskQueryParamsSchema,
} from './task-params.ts';

describe('digest section 2 examples', () => {
  it('parses the message/send joke exchange', () => {
    const example = loadFixture<{ joke: { request: Envelope; response: Envelope }; requests: Envelope[] }>(
      'digest-2.3-jsonrpc-examples.json',
    );
    expect(parseStable(MessageSendParamsSchema, example.joke.request.params).configuration).toEqual({
      blocking: true,
    });
    expect(parseStable(SendMessageResultSchema, example.joke.response.result)).toMatchObject({
      kind: 'task',
      artifacts: [{ name: 'joke', parts: [{ kind: 'text', text: '…' }] }],
    });
  });

  it('parses the params of every other 0.3 method example', () => {
    const { requests } = loadFixture<{ requests: Envelope[] }>('digest-2.3-jsonrpc-examples.json');
    const schemas: Record<string, z.ZodMiniType> = {
      'message/send': MessageSendParamsSchema,
      'tasks/get': TaskQueryParamsSchema,
      'tasks/cancel': TaskIdParamsSchema,
      'tasks/resubscribe': TaskIdParamsSchema,
      'tasks/pushNotificationConfig/set': TaskPushNotificationConfigSchema,
      'tasks/pushNotificationConfig/get': GetTaskPushNotificationConfigParamsSchema,
      'tasks/pushNotificationConfig/list': ListTaskPushNotificationConfigParamsSchema,
      'tasks/pushNotificationConfig/delete': DeleteTaskPushNotificationConfigParamsSchema,
    };
    const parsed = requests
      .filter((request) => request.params !== undefined)
      .map((request) => {
        const schema = schemas[request.method ?? ''];
        if (schema === undefined) throw new Error(`no params schema for ${request.method}`);
        return parseStable(schema, request.params);
      });
    expect(parsed).toEqual([
      {
        message: {
          kind: 'message',
          messageId: 'm2',
          role: 'user',
          parts: [{ kind: 'text', text: 'From JFK to LHR' }],
          contextId: 'c1',
          taskId: 't1',
        },
      },
      { id: 't1', historyLength: 10 },
      { id: 't1' },
      { id: 't1' },
      {
        taskId: 't1',
        pushNotificationConfig: {
          id: 'cfg-1',
          url: 'https://client.example.com/hook',
          token: 'tok-1',
          authentication: { schemes: ['Bearer'], credentials: 'secret' },
        },
      },
      { id: 't1', pushNotificationConfigId: 'cfg-1' },
      { id: 't1' },
      { id: 't1', pushNotificationConfigId: 'cfg-1' },
    ]);
  });

  it('parses the example 0.3 card', () => {
    const card = parseStable(AgentCardSchema, loadFixture('digest-2.4-agent-card.json'));
    expect(card.protocolVersion).toBe('0.3.0');
    expect(card.capabilities).toEqual({
      streaming: true,
      pushNotifications: false,
      stateTransitionHistory: false,
    });
    expect(card.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  });

  it('parses the SSE stream with a python-style timestamp', () => {
    const events = loadFixture<Envelope[]>('digest-2.8-stream-events.json').map((event) =>
      parseStable(StreamEventSchema, event.result),
    );
    expect(events.map((event) => event.kind)).toEqual(['task', 'artifact-update', 'status-update']);
    expect(events[2]).toMatchObject({ final: true, status: { timestamp: '2025-04-02T16:59:35.331844' } });
  });
});
