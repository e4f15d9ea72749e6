import { describe, expect, it } from 'vitest';
import { loadFixture, parseStable } from '../../../test/fixtures/v03/helpers.ts';
import { AgentCardSchema } from './agent-card.ts';
import {
  CreatePushConfigBodySchema,
  ListTaskPushNotificationConfigResponseSchema,
  TaskPushNotificationConfigSchema,
} from './push-config.ts';
import { SendMessageRequestSchema, SendMessageResponseSchema } from './send-message.ts';
import { StreamResponseSchema } from './stream-response.ts';
import { TaskSchema } from './task.ts';

interface Exchange {
  method: string;
  path: string;
  status: number;
  requestBody?: unknown;
  responseBody: unknown;
}

const exchanges = loadFixture<Exchange[]>('captured/a2a-js-1.3.0-rest.json');

function exchange(method: string, pathEnd: RegExp): Exchange {
  const found = exchanges.find((e) => e.method === method && pathEnd.test(e.path));
  if (found === undefined) throw new Error(`no captured ${method} ${pathEnd}`);
  return found;
}

describe('0.3 REST traffic captured from @a2a-js/sdk 1.3.0', () => {
  it('parses the message:send body its client posts', () => {
    const request = parseStable(
      SendMessageRequestSchema,
      exchange('POST', /\/v1\/message:send$/).requestBody,
    );
    expect(request).toEqual({
      message: {
        messageId: 'rest-msg-1',
        role: 'ROLE_USER',
        content: [
          { text: 'Outline the history of tea' },
          { file: { fileWithBytes: 'aGk=', mimeType: 'text/plain' } },
        ],
        metadata: { trace: 'abc' },
      },
      configuration: { acceptedOutputModes: ['text/plain'], historyLength: 5, blocking: true },
    });
  });

  it('parses the task wrapper its server answers message:send with', () => {
    const send = exchange('POST', /\/v1\/message:send$/);
    expect(send.status).toBe(201);
    const response = parseStable(SendMessageResponseSchema, send.responseBody);
    if (!('task' in response)) throw new Error('expected a task response');
    expect(response.task.status).toEqual({
      state: 'TASK_STATE_COMPLETED',
      timestamp: '2025-07-31T12:00:00.000Z',
    });
    expect(response.task.artifacts?.[0]?.parts).toEqual([
      { text: '# Outline' },
      { file: { fileWithBytes: 'aGVsbG8=', mimeType: 'text/plain' } },
      { file: { fileWithUri: 'https://files.example.com/a.pdf', mimeType: 'application/pdf' } },
      { data: { data: { sections: 3, title: 'Tea' } } },
    ]);
    expect(response.task.history?.map((message) => message.role)).toEqual(['ROLE_USER', 'ROLE_AGENT']);
  });

  it('parses every SSE payload of message:stream and reads the omitted final as false', () => {
    const { sse } = exchange('POST', /\/v1\/message:stream$/).responseBody as { sse: unknown[] };
    const events = sse.map((event) => parseStable(StreamResponseSchema, event));
    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      'task',
      'statusUpdate',
      'artifactUpdate',
      'statusUpdate',
    ]);
    const working = events[1];
    if (working === undefined || !('statusUpdate' in working)) throw new Error('expected a status update');
    expect(working.statusUpdate.final).toBe(false);
    expect(working.statusUpdate.status.message?.content).toEqual([{ text: 'Working on it' }]);
    expect(events[3]).toMatchObject({
      statusUpdate: { final: true, status: { state: 'TASK_STATE_COMPLETED' } },
    });
  });

  it('parses the task returned by GET /v1/tasks/{id}', () => {
    const task = parseStable(TaskSchema, exchange('GET', /\/v1\/tasks\/[^/]+$/).responseBody);
    expect(task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('parses the push config create, get and list exchanges', () => {
    const create = exchange('POST', /\/pushNotificationConfigs$/);
    const body = parseStable(CreatePushConfigBodySchema, create.requestBody);
    expect(body.pushNotificationConfig).toEqual({
      id: 'cfg-1',
      url: 'https://client.example.com/hook',
      token: 'tok-1',
      authentication: { schemes: ['Bearer'], credentials: 'secret' },
    });
    const created = parseStable(TaskPushNotificationConfigSchema, create.responseBody);
    expect(created.name).toMatch(/^tasks\/[0-9a-f-]+\/pushNotificationConfigs\/cfg-1$/);
    expect(parseStable(TaskPushNotificationConfigSchema, exchange('GET', /\/cfg-1$/).responseBody)).toEqual(
      created,
    );
    const list = parseStable(
      ListTaskPushNotificationConfigResponseSchema,
      exchange('GET', /\/pushNotificationConfigs$/).responseBody,
    );
    expect(list).toEqual({ configs: [created] });
    expect(exchange('DELETE', /\/cfg-1$/)).toMatchObject({ status: 204, responseBody: null });
  });

  it('parses the proto-form card served at GET /v1/card', () => {
    const card = parseStable(AgentCardSchema, exchange('GET', /\/v1\/card$/).responseBody);
    expect(card.securitySchemes).toEqual({
      bearer: { httpAuthSecurityScheme: { description: 'JWT', scheme: 'Bearer', bearerFormat: 'JWT' } },
      key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
      oauth: {
        oauth2SecurityScheme: {
          flows: {
            clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read' } },
          },
        },
      },
      mtls: { mtlsSecurityScheme: {} },
    });
    expect(card.security).toEqual([
      { schemes: { bearer: { list: [] } } },
      { schemes: { oauth: { list: ['read'] }, key: { list: [] } } },
    ]);
    expect(card.supportsAuthenticatedExtendedCard).toBe(true);
  });
});
