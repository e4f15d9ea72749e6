import { describe, expect, it } from 'vitest';
import { type Envelope, loadFixture, parseStable } from '../../test/fixtures/v03/helpers.ts';
import { AgentCardSchema } from './agent-card.ts';
import { SendMessageResultSchema, StreamEventSchema } from './results.ts';
import { MessageSendParamsSchema } from './send-params.ts';

describe('spec 5.7 sample agent card', () => {
  it('parses, including a 0.2.9 protocolVersion and the openIdConnect scheme', () => {
    const card = parseStable(AgentCardSchema, loadFixture('spec-5.7-agent-card.json'));
    expect(card.protocolVersion).toBe('0.2.9');
    expect(card.preferredTransport).toBe('JSONRPC');
    expect(card.additionalInterfaces?.map((i) => i.transport)).toEqual(['JSONRPC', 'GRPC', 'HTTP+JSON']);
    expect(card.securitySchemes?.google).toEqual({
      type: 'openIdConnect',
      openIdConnectUrl: 'https://accounts.google.com/.well-known/openid-configuration',
    });
    expect(card.security).toEqual([{ google: ['openid', 'profile', 'email'] }]);
    expect(card.skills.map((s) => s.id)).toEqual(['route-optimizer-traffic', 'custom-map-generator']);
    expect(card.supportsAuthenticatedExtendedCard).toBe(true);
    expect(card.signatures?.[0]?.signature).toMatch(/^QFdkNLNszlGj3z3u0YQGt/);
  });
});

describe('spec 9.2 basic execution', () => {
  const example = loadFixture<Record<string, Envelope>>('spec-9.2-basic-execution.json');

  it('parses the message/send params and fills in kind on the message', () => {
    const params = parseStable(MessageSendParamsSchema, example.taskRequest?.params);
    expect(params.message).toEqual({
      kind: 'message',
      messageId: '9229e770-767c-417b-a0b0-f0741243c589',
      role: 'user',
      parts: [{ kind: 'text', text: 'tell me a joke' }],
    });
    expect(params.metadata).toEqual({});
  });

  it('parses the task result with its artifact and history', () => {
    const result = parseStable(SendMessageResultSchema, example.taskResponse?.result);
    expect(result.kind).toBe('task');
    if (result.kind !== 'task') return;
    expect(result.status).toEqual({ state: 'completed' });
    expect(result.artifacts?.[0]?.parts).toEqual([
      { kind: 'text', text: 'Why did the chicken cross the road? To get to the other side!' },
    ]);
    expect(result.history?.[0]?.kind).toBe('message');
    expect(result.history?.[0]?.taskId).toBe('363422be-b0f9-4692-a24d-278670e7c7f1');
  });

  it('parses the direct message result', () => {
    const result = parseStable(SendMessageResultSchema, example.messageResponse?.result);
    expect(result).toMatchObject({
      kind: 'message',
      role: 'agent',
      messageId: '363422be-b0f9-4692-a24d-278670e7c7f1',
    });
  });
});

describe('spec 9.3 streaming', () => {
  const example = loadFixture<{ request: Envelope; events: Envelope[] }>('spec-9.3-streaming.json');

  it('parses the message/stream params with a text and a file part', () => {
    const params = parseStable(MessageSendParamsSchema, example.request.params);
    expect(params.message.parts[1]).toEqual({
      kind: 'file',
      file: { mimeType: 'image/png', bytes: 'iVBORw0KGgo=' },
    });
  });

  it('parses every event and tells them apart by kind', () => {
    const events = example.events.map((event) => parseStable(StreamEventSchema, event.result));
    expect(events.map((event) => event.kind)).toEqual([
      'task',
      'artifact-update',
      'artifact-update',
      'artifact-update',
      'status-update',
    ]);
    expect(events[0]).toMatchObject({
      status: { state: 'submitted', timestamp: '2025-04-02T16:59:25.331844' },
    });
    expect(events[3]).toMatchObject({ append: true, lastChunk: true });
    expect(events[4]).toMatchObject({ final: true, status: { state: 'completed' } });
  });
});

describe('spec 9.4 multi-turn', () => {
  const example = loadFixture<Record<string, Envelope>>('spec-9.4-multi-turn.json');

  it('parses both requests', () => {
    expect(parseStable(MessageSendParamsSchema, example.firstRequest?.params).message.messageId).toBe(
      'c53ba666-3f97-433c-a87b-6084276babe2',
    );
    const followUp = parseStable(MessageSendParamsSchema, example.followUpRequest?.params);
    expect(followUp.configuration).toEqual({ blocking: true });
    expect(followUp.message.taskId).toBe('3f36680c-7f37-4a5f-945e-d78981fafd36');
  });

  it('parses the input-required task with its status message', () => {
    const task = parseStable(SendMessageResultSchema, example.inputRequiredResponse?.result);
    expect(task).toMatchObject({
      kind: 'task',
      status: {
        state: 'input-required',
        timestamp: '2024-03-15T10:10:00Z',
        message: { kind: 'message', role: 'agent' },
      },
    });
  });

  it('parses the completed task with a data part artifact', () => {
    const task = parseStable(SendMessageResultSchema, example.completedResponse?.result);
    if (task.kind !== 'task') throw new Error(`expected a task, got ${task.kind}`);
    expect(task.artifacts?.[0]?.parts[0]).toEqual({
      kind: 'data',
      data: {
        confirmationId: 'XYZ123',
        from: 'JFK',
        to: 'LHR',
        departure: '2024-10-10T18:00:00Z',
        arrival: '2024-10-11T06:00:00Z',
        returnDeparture: '...',
      },
    });
    expect(task.history?.map((m) => m.role)).toEqual(['user', 'agent', 'user']);
  });
});

describe('spec 9.5 push notifications', () => {
  const example = loadFixture<{ request: Envelope; acknowledgement: Envelope; webhookBody: unknown }>(
    'spec-9.5-push-notifications.json',
  );

  it('parses the inline push notification config', () => {
    const params = parseStable(MessageSendParamsSchema, example.request.params);
    expect(params.configuration?.pushNotificationConfig).toEqual({
      url: 'https://client.example.com/webhook/a2a-notifications',
      token: 'secure-client-token-for-task-aaa',
      authentication: { schemes: ['Bearer'] },
    });
  });

  it('recognises the acknowledgement without kind as a task', () => {
    const result = parseStable(SendMessageResultSchema, example.acknowledgement.result);
    expect(result).toEqual({
      kind: 'task',
      id: '43667960-d455-4453-b0cf-1bae4955270d',
      contextId: 'c295ea44-7543-4f78-b524-7a38915ad6e4',
      status: { state: 'submitted', timestamp: '2024-03-15T11:00:00Z' },
    });
  });

  it('parses the webhook body as a stream event', () => {
    expect(parseStable(StreamEventSchema, example.webhookBody)).toMatchObject({
      kind: 'task',
      status: { state: 'completed' },
    });
  });
});

describe('spec 9.6 and 9.7', () => {
  it('parses the file upload and the file URI reply', () => {
    const example = loadFixture<Record<string, Envelope>>('spec-9.6-file-exchange.json');
    const params = parseStable(MessageSendParamsSchema, example.uploadRequest?.params);
    expect(params.message.parts[1]).toEqual({
      kind: 'file',
      file: { name: 'input_image.png', mimeType: 'image/png', bytes: 'iVBORw0KGgoAAAANSUhEUgAAAAUA' },
    });
    const task = parseStable(SendMessageResultSchema, example.fileResponse?.result);
    if (task.kind !== 'task') throw new Error(`expected a task, got ${task.kind}`);
    expect(task.artifacts?.[0]?.parts[0]).toEqual({
      kind: 'file',
      file: {
        name: 'output.png',
        mimeType: 'image/png',
        uri: 'https://storage.example.com/processed/task-bbb/output.png?token=xyz',
      },
    });
  });

  it('keeps part metadata and parses the structured data reply', () => {
    const example = loadFixture<Record<string, Envelope>>('spec-9.7-structured-data.json');
    const params = parseStable(MessageSendParamsSchema, example.request?.params);
    expect(params.message.parts[0]?.metadata?.mimeType).toBe('application/json');
    const task = parseStable(SendMessageResultSchema, example.response?.result);
    expect(task).toMatchObject({ kind: 'task', status: { timestamp: '2025-04-17T17:47:09.680794' } });
  });
});
