import { describe, expect, it } from 'vitest';
import { loadFixture, parseStable } from '../../test/fixtures/v03/helpers.ts';
import { AgentCardSchema } from './agent-card.ts';
import { TaskPushNotificationConfigListSchema, TaskPushNotificationConfigSchema } from './push-config.ts';
import { SendMessageResultSchema, StreamEventSchema } from './results.ts';
import { MessageSendParamsSchema } from './send-params.ts';
import { ListTaskPushNotificationConfigParamsSchema } from './task-params.ts';

interface Exchange {
  requestBody: { method: string; params: unknown };
  responseBody: { result?: unknown; sse?: { result: unknown }[] };
}

const [send, stream, setConfig, listConfigs] = loadFixture<Exchange[]>('captured/a2a-js-1.3.0-jsonrpc.json');

describe('JSON-RPC 0.3 traffic captured from @a2a-js/sdk 1.3.0', () => {
  it('parses the message/send params its client sends', () => {
    const params = parseStable(MessageSendParamsSchema, send?.requestBody.params);
    expect(params.message.parts[1]).toEqual({
      kind: 'file',
      file: { bytes: 'aGk=', mimeType: 'text/plain', name: 'n.txt' },
    });
    expect(params.configuration).toEqual({
      blocking: true,
      acceptedOutputModes: ['text/plain'],
      historyLength: 5,
    });
  });

  it('parses the task its server returns, with all three part kinds', () => {
    const task = parseStable(SendMessageResultSchema, send?.responseBody.result);
    if (task.kind !== 'task') throw new Error(`expected a task, got ${task.kind}`);
    expect(task.status).toEqual({ state: 'completed', timestamp: '2025-07-31T12:00:00.000Z' });
    expect(task.artifacts?.[0]?.parts.map((part) => part.kind)).toEqual(['text', 'file', 'file', 'data']);
    expect(task.artifacts?.[0]?.parts[3]).toEqual({
      kind: 'data',
      data: { sections: 3, title: 'Tea' },
      metadata: { source: 'test' },
    });
  });

  it('parses every streamed result', () => {
    expect(parseStable(MessageSendParamsSchema, stream?.requestBody.params).message.messageId).toBe(
      'rpc-msg-2',
    );
    const events = (stream?.responseBody.sse ?? []).map((frame) =>
      parseStable(StreamEventSchema, frame.result),
    );
    expect(events.map((event) => [event.kind, 'final' in event ? event.final : undefined])).toEqual([
      ['task', undefined],
      ['status-update', false],
      ['artifact-update', undefined],
      ['status-update', true],
    ]);
  });

  it('parses the push config set and list exchanges', () => {
    const config = parseStable(TaskPushNotificationConfigSchema, setConfig?.requestBody.params);
    expect(config.pushNotificationConfig).toEqual({
      url: 'https://client.example.com/hook',
      id: 'cfg-2',
      token: 'tok-2',
      authentication: { schemes: ['Bearer'], credentials: 'secret' },
    });
    expect(parseStable(TaskPushNotificationConfigSchema, setConfig?.responseBody.result)).toEqual(config);
    expect(parseStable(ListTaskPushNotificationConfigParamsSchema, listConfigs?.requestBody.params)).toEqual({
      id: config.taskId,
    });
    expect(parseStable(TaskPushNotificationConfigListSchema, listConfigs?.responseBody.result)).toEqual([
      config,
    ]);
  });

  it('parses the hybrid well-known card its server serves to 0.3 clients', () => {
    const card = parseStable(AgentCardSchema, loadFixture('captured/a2a-js-1.3.0-well-known-card.json'));
    expect(card.protocolVersion).toBe('0.3');
    expect(card.additionalInterfaces).toEqual([
      { url: expect.stringMatching(/\/a2a\/rest$/), transport: 'HTTP+JSON' },
    ]);
    expect(card.securitySchemes).toEqual({
      bearer: { type: 'http', scheme: 'Bearer', description: 'JWT', bearerFormat: 'JWT' },
      key: { type: 'apiKey', name: 'X-API-Key', in: 'header' },
      oauth: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } },
        },
      },
      mtls: { type: 'mutualTLS' },
    });
    expect(card.security).toEqual([{ bearer: [] }, { oauth: ['read'], key: [] }]);
    expect(card).not.toHaveProperty('supportedInterfaces');
  });
});
