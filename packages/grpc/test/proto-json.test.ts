import { AgentCardSchema, type StreamResponse, StreamResponseSchema, TaskSchema } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { a2aProto } from '../src/a2a-proto.ts';
import { decodeJson, encodeJson, jsonToMessageObject } from '../src/proto-json.ts';

const roundTrip = (typeName: string, json: unknown) => {
  const type = a2aProto().type(typeName);
  return decodeJson(type, encodeJson(type, json));
};

const task = TaskSchema.parse({
  id: 'task-1',
  contextId: 'ctx-1',
  status: {
    state: 'TASK_STATE_COMPLETED',
    timestamp: '2026-11-21T10:00:00.123Z',
    message: { messageId: 'm2', role: 'ROLE_AGENT', parts: [{ text: 'done' }] },
  },
  artifacts: [
    {
      artifactId: 'a1',
      name: 'rows',
      parts: [
        { data: { index: 0, nested: { list: [1, 'two', null, true, { x: 0 }] } } },
        { raw: 'aGVsbG8=', mediaType: 'text/plain', filename: 'hello.txt' },
        { data: null },
        { data: 0 },
        { data: false },
        { data: [] },
      ],
      metadata: { source: 'bench' },
    },
  ],
  history: [
    {
      messageId: 'm1',
      role: 'ROLE_USER',
      parts: [{ url: 'https://files.example/report.pdf', mediaType: 'application/pdf' }],
      metadata: { k: 'v', n: 1.5 },
      referenceTaskIds: ['task-0'],
      extensions: ['https://ext.example/v1'],
    },
  ],
  metadata: { empty: {}, list: [] },
});

describe('ProtoJSON over protobuf bytes', () => {
  it('carries a task through the wire unchanged: parts of every kind, JSON data of every shape, timestamps', () => {
    expect(roundTrip('Task', task)).toEqual(task);
  });

  it('keeps an optional field set to its default, and leaves out what was not set', () => {
    expect(roundTrip('GetTaskRequest', { id: 't', historyLength: 0 })).toEqual({ id: 't', historyLength: 0 });
    expect(roundTrip('GetTaskRequest', { id: 't' })).toEqual({ id: 't' });
    expect(
      roundTrip('SendMessageRequest', {
        message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: '' }] },
        configuration: { returnImmediately: false, historyLength: 0 },
      }),
    ).toEqual({
      message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: '' }] },
      configuration: { historyLength: 0 },
    });
  });

  it('carries each stream event kind as its oneof member', () => {
    const events: StreamResponse[] = [
      { task },
      { message: { messageId: 'm3', role: 'ROLE_AGENT', parts: [{ text: 'hi' }], contextId: 'ctx-1' } },
      {
        statusUpdate: {
          taskId: 'task-1',
          contextId: 'ctx-1',
          status: { state: 'TASK_STATE_WORKING', timestamp: '2026-11-21T10:00:00.000Z' },
        },
      },
      {
        artifactUpdate: {
          taskId: 'task-1',
          contextId: 'ctx-1',
          artifact: { artifactId: 'a1', parts: [{ text: 'chunk' }] },
          append: true,
          lastChunk: true,
        },
      },
    ];
    for (const event of events)
      expect(StreamResponseSchema.parse(roundTrip('StreamResponse', event))).toEqual(event);
  });

  it('carries an agent card with security schemes, OAuth flows, maps and signatures', () => {
    const card = AgentCardSchema.parse({
      name: 'Card',
      description: 'Every part of a card',
      version: '1.0.0',
      supportedInterfaces: [
        { url: 'https://agent.example/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'agent.example:443', protocolBinding: 'GRPC', protocolVersion: '1.0', tenant: 'acme' },
      ],
      provider: { url: 'https://example.org', organization: 'Example' },
      capabilities: {
        streaming: true,
        pushNotifications: false,
        extendedAgentCard: true,
        extensions: [{ uri: 'https://ext.example/v1', required: true, params: { level: 2 } }],
      },
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: 'header', name: 'X-API-Key' } },
        oauth: {
          oauth2SecurityScheme: {
            flows: {
              clientCredentials: {
                tokenUrl: 'https://auth.example/token',
                scopes: { 'tasks:write': 'Write' },
              },
            },
          },
        },
      },
      securityRequirements: [{ schemes: { oauth: { list: ['tasks:write'] } } }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['application/json'],
      skills: [{ id: 's', name: 'Skill', description: 'Does it', tags: ['t'], examples: ['e'] }],
      signatures: [{ protected: 'eyJhbGciOiJFUzI1NiJ9', signature: 'c2ln', header: { kid: 'k1' } }],
      documentationUrl: 'https://docs.example',
    });
    expect(AgentCardSchema.parse(roundTrip('AgentCard', card))).toEqual(card);
  });

  it('encodes exactly the bytes protobufjs writes for the same object through fromObject', () => {
    // encodeJson skips fromObject (enums by number, bytes decoded, well-known types in message form): the wire
    // must not notice. Each case holds enums, bytes, Struct/Value/ListValue with nulls, maps and timestamps.
    const cases: [string, unknown][] = [
      ['Task', task],
      ['StreamResponse', { task }],
      ['SendMessageRequest', { message: task.history?.[0], configuration: { historyLength: 0 } }],
      ['TaskStatus', { state: 'TASK_STATE_UNSPECIFIED' }],
      ['Part', { raw: '+/8=', filename: 'three.bin' }],
    ];
    for (const [name, json] of cases) {
      const type = a2aProto().type(name);
      const throughFromObject = type.encode(type.fromObject(jsonToMessageObject(type, json))).finish();
      expect(Buffer.from(encodeJson(type, json)), name).toEqual(Buffer.from(throughFromObject));
    }
    // ProtoJSON also accepts URL-safe base64 for bytes (protobufjs's fromObject refused it).
    const part = a2aProto().type('Part');
    expect(decodeJson(part, encodeJson(part, { raw: '_-8' }))).toEqual({ raw: '/+8=' });
  });

  it('refuses bytes that are not the message', () => {
    const type = a2aProto().type('SendMessageRequest');
    expect(() => decodeJson(type, Uint8Array.from([0x12, 0xff, 0xff, 0xff, 0x0f]))).toThrow();
  });
});
